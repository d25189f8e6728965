package mpi;

/** An MPI object that can be released explicitly. */
public interface Freeable
{
    /** Releases the object. */
    void free();
}
