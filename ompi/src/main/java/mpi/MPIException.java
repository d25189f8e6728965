package mpi;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;

/**
 * The failure of an MPI call: a message that names the offending argument and its value, the MPI error class (one of
 * the {@code MPI.ERR_*} constants) and the error code, which in OpenMPJ is the error class. A checked exception, as in
 * Open MPI's API: every call declares it. Whether a failure is thrown to the program at all depends on the error handler
 * of the communicator it happened on ({@link Comm#setErrhandler}): under {@link MPI#ERRORS_RETURN} it is; under the
 * default, {@link MPI#ERRORS_ARE_FATAL}, the job is aborted first and the exception only unwinds the calling rank.
 */
public final class MPIException extends Exception
{
    private static final long serialVersionUID = 1L;

    private final int errorCode;
    private final int errorClass;

    /**
     * A failure of the given code and class.
     *
     * @param code    the error code.
     * @param clazz   the error class, one of the {@code MPI.ERR_*} constants.
     * @param message what failed.
     */
    protected MPIException(final int code, final int clazz, final String message)
    {
        super(message);
        this.errorCode = code;
        this.errorClass = clazz;
    }

    /**
     * A failure described by {@code message}, of class {@link MPI#ERR_OTHER}.
     *
     * @param message what failed.
     */
    public MPIException(final String message)
    {
        this(ErrorClass.ERR_OTHER.code(), ErrorClass.ERR_OTHER.code(), message);
    }

    /**
     * A failure caused by {@code cause}, of class {@link MPI#ERR_OTHER}, with its message.
     *
     * @param cause what went wrong.
     */
    public MPIException(final Throwable cause)
    {
        super(cause == null ? null : cause.getMessage(), cause);
        this.errorCode = ErrorClass.ERR_OTHER.code();
        this.errorClass = ErrorClass.ERR_OTHER.code();
    }

    private MPIException(final int clazz, final String message, final Throwable cause)
    {
        super(message, cause);
        this.errorCode = clazz;
        this.errorClass = clazz;
    }

    /** @return the MPI error code of the failure; OpenMPJ's codes are its error classes. */
    public int getErrorCode()
    {
        return errorCode;
    }

    /** @return the MPI error class of the failure, one of the {@code MPI.ERR_*} constants. */
    public int getErrorClass()
    {
        return errorClass;
    }

    /** @return a failure of {@code errorClass} with {@code message}. */
    static MPIException of(final ErrorClass errorClass, final String message)
    {
        return new MPIException(errorClass.code(), message, null);
    }

    /** @return a failure of the error class {@code clazz} (one the engine does not name, such as ERR_UNSUPPORTED_OPERATION). */
    static MPIException of(final int clazz, final String message)
    {
        return new MPIException(clazz, message, null);
    }

    /** @return the façade's form of an engine failure, with the same class and message. */
    static MPIException of(final OpenMpjException cause)
    {
        return new MPIException(cause.errorClass().code(), cause.getMessage(), cause);
    }
}
