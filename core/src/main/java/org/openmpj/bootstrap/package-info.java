/** Finding a rank's place in a job from the launcher that started it: the PMI-1 wire protocol of Hydra and Slurm. */
package org.openmpj.bootstrap;
