package org.openmpj.os;

/**
 * A call into the operating system failed with an {@code errno} that the caller may act on, e.g. fall back to another way
 * when a kernel lacks a call ({@link Libc#ENOSYS}) or refuses access ({@link Libc#EACCES}, {@link Libc#EPERM}). The
 * message names the call and the error.
 */
public final class CallFailedException extends Exception
{
    private static final long serialVersionUID = 1L;

    private final String call;
    private final int errno;

    /**
     * @param call  what was called, with its telling arguments, e.g. {@code open(/proc/123/mem)}.
     * @param errno the {@code errno} it left.
     */
    public CallFailedException(final String call, final int errno)
    {
        super(call + " failed: " + Libc.describeErrno(errno));
        this.call = call;
        this.errno = errno;
    }

    /** @return what was called, as the message names it. */
    public String call()
    {
        return call;
    }

    /** @return the {@code errno} the call left. */
    public int errno()
    {
        return errno;
    }
}
