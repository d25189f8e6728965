/**
 * The Java API of Open MPI 5.0 ({@code mpi.MPI.COMM_WORLD.send(buf, count, MPI.INT, dest, tag)}, non-blocking calls on
 * direct buffers, {@code Request.waitFor()}), as a façade over the OpenMPJ engine: argument checks and mapping only.
 */
package mpi;
