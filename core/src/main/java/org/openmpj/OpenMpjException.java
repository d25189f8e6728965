package org.openmpj;

/**
 * The failure of an MPI operation: what went wrong, in words that name the offending value, and the
 * {@link ErrorClass} of the MPI standard. Unchecked, so that every layer can raise it; the {@code mpi}
 * façade turns it into {@code mpi.MPIException}.
 */
public class OpenMpjException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    private final ErrorClass errorClass;

    public OpenMpjException(final ErrorClass errorClass, final String message)
    {
        super(message);
        this.errorClass = errorClass;
    }

    public OpenMpjException(final ErrorClass errorClass, final String message, final Throwable cause)
    {
        super(message, cause);
        this.errorClass = errorClass;
    }

    /** @return the MPI error class of this failure. */
    public ErrorClass errorClass()
    {
        return errorClass;
    }
}
