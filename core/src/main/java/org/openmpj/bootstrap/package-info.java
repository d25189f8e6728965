/** Finding a rank's place in a job from the launcher that started it: the rank's side of the PMI-1 wire protocol of mpjrun, Hydra and Slurm. */
package org.openmpj.bootstrap;
