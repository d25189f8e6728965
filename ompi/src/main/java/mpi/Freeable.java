package mpi;

/** An MPI object that holds resources until the program frees it explicitly, as Open MPI's API asks of its objects. */
public interface Freeable
{
    /**
     * Frees the object; it is null afterwards and cannot be used again.
     *
     * @throws MPIException when it cannot be freed.
     */
    void free() throws MPIException;
}
