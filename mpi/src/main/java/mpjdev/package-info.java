/** The name of MPJ Express's device layer that user programs touch: the superclass of {@code mpi.MPIException}. */
package mpjdev;
