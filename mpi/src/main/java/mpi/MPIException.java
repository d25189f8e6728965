package mpi;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;

/**
 * The failure of an MPI call: a message naming the offending value and the MPI error class. Unchecked, so
 * code written for mpiJava 1.2, which declares or catches it, compiles unchanged; its superclass has the name MPJ
 * Express gave it, {@code mpjdev.MPJDevException}.
 */
public class MPIException extends mpjdev.MPJDevException
{
    private static final long serialVersionUID = 1L;

    private final int errorClass;

    public MPIException()
    {
        this(ErrorClass.ERR_OTHER.code(), null, null);
    }

    public MPIException(final String message)
    {
        this(ErrorClass.ERR_OTHER.code(), message, null);
    }

    public MPIException(final Throwable cause)
    {
        this(ErrorClass.ERR_OTHER.code(), cause == null ? null : cause.toString(), cause);
    }

    MPIException(final int errorClass, final String message, final Throwable cause)
    {
        super(message, cause);
        this.errorClass = errorClass;
    }

    static MPIException of(final ErrorClass errorClass, final String message)
    {
        return new MPIException(errorClass.code(), message, null);
    }

    static MPIException of(final OpenMpjException cause)
    {
        return new MPIException(cause.errorClass().code(), cause.getMessage(), cause);
    }

    /** @return the MPI error class, one of the {@code MPI.ERR_*} constants. */
    public int getErrorClass()
    {
        return errorClass;
    }

    /** @return the error code; OpenMPJ's codes are its error classes. */
    public int getErrorCode()
    {
        return errorClass;
    }
}
