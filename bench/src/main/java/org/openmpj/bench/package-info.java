/** Ping-pong and collectives benchmarks of OpenMPJ, the raw Java floor, and the reports that compare them with native MPI. */
package org.openmpj.bench;
