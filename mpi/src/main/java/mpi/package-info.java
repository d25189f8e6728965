/** The mpiJava 1.2 API: MPI for Java programs written for mpiJava, MPJ Express and FastMPJ, unchanged. */
package mpi;
