package mpjdev;

/**
 * The superclass of {@code mpi.MPIException}, under the name MPJ Express gave it, so that programs that import
 * {@code mpjdev.*} or catch {@code MPJDevException} compile and behave unchanged. Unchecked, as {@code MPIException} is.
 */
public class MPJDevException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    public MPJDevException()
    {
        super();
    }

    public MPJDevException(final String message)
    {
        super(message);
    }

    public MPJDevException(final Throwable cause)
    {
        super(cause);
    }

    public MPJDevException(final String message, final Throwable cause)
    {
        super(message, cause);
    }
}
