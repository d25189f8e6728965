package org.openmpj;

/**
 * The MPI error classes, with the numeric codes of the MPI standard's reference list.
 * Every {@link OpenMpjException} carries one, so a program can tell a truncation from a bad rank.
 */
public enum ErrorClass
{
    SUCCESS(0),
    ERR_BUFFER(1),
    ERR_COUNT(2),
    ERR_TYPE(3),
    ERR_TAG(4),
    ERR_COMM(5),
    ERR_RANK(6),
    ERR_REQUEST(7),
    ERR_ROOT(8),
    ERR_GROUP(9),
    ERR_OP(10),
    ERR_TOPOLOGY(11),
    ERR_DIMS(12),
    ERR_ARG(13),
    ERR_UNKNOWN(14),
    ERR_TRUNCATE(15),
    ERR_OTHER(16),
    ERR_INTERN(17),
    ERR_IN_STATUS(18),
    ERR_PENDING(19),
    /** A peer process or rank failed, or the job was aborted. */
    ERR_PROC_FAILED(75);

    private final int code;

    ErrorClass(final int code)
    {
        this.code = code;
    }

    /** @return the class whose numeric value is {@code code}; {@link #ERR_UNKNOWN} for a value no class has. */
    public static ErrorClass of(final int code)
    {
        for (final ErrorClass candidate : values())
        {
            if (candidate.code == code)
            {
                return candidate;
            }
        }
        return ERR_UNKNOWN;
    }

    /** @return the MPI standard's numeric value of this class. */
    public int code()
    {
        return code;
    }
}
