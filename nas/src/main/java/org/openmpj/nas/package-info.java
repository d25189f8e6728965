/**
 * The NAS Parallel Benchmarks kernels EP, IS, CG, MG and FT, after the NPB 3.4 specification and its MPI reference
 * decomposition, on the mpiJava 1.2 API; each prints NPB's report and checks NPB's verification values.
 */
package org.openmpj.nas;
