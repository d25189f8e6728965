/** Ping-pong benchmarks of OpenMPJ, the raw Java floor they are measured against, and the report that compares them with native MPI. */
package org.openmpj.bench;
