package org.openmpj.cache;

/**
 * A cache operation that could not be done. Unchecked, as {@code mpi.MPIException} is; {@link #reason()} says what kind
 * of failure it was and the message names the file, group or setting concerned.
 */
public final class CacheException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /** The kinds of failure a caller may want to tell apart. */
    public enum Reason
    {
        /** The file is not in the backing store. */
        NOT_FOUND,
        /** The path leaves the configured root ({@code ..}, an absolute path, or a symbolic link out of it). */
        OUTSIDE_ROOT,
        /** The file exists but cannot be read (permissions, a directory, an I/O error). */
        UNREADABLE,
        /** The backing store did not answer in time. */
        SOURCE_TIMEOUT,
        /** The backing store is absent or failing as a whole. */
        SOURCE_UNAVAILABLE,
        /** The cache server of the group failed or stopped answering. */
        SERVER_FAILED,
        /** Data failed its checksum and could not be healed. */
        CORRUPT,
        /** The file does not fit what the caller asked for (e.g. over 2 GiB into a {@code byte[]}). */
        TOO_LARGE,
        /** A configuration value is missing or wrong. */
        CONFIG,
        /** Writing to the caller's local file or directory failed. */
        LOCAL_IO
    }

    private final Reason reason;

    /** @param message names what failed: the path, the group, the setting. */
    public CacheException(final Reason reason, final String message)
    {
        super(message);
        this.reason = reason;
    }

    /** @param message names what failed: the path, the group, the setting. */
    public CacheException(final Reason reason, final String message, final Throwable cause)
    {
        super(message, cause);
        this.reason = reason;
    }

    /** @return what kind of failure this is. */
    public Reason reason()
    {
        return reason;
    }
}
