/** The mpjrun launcher: starts rank processes here, by remote shell or through srun, serves their key-value service, ends the job. */
package org.openmpj.launcher;
