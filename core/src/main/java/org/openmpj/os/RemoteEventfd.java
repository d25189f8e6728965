package org.openmpj.os;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * This process's duplicate of an eventfd that another process made, taken once with
 * {@code pidfd_getfd(pidfd_open(pid), fd, 0)} (Linux 5.6), so that writing it wakes that process from a
 * {@link PinnedExposure#expose}.
 *
 * <p>Thread-safety: {@link #signal()} may be called from any thread; {@link #close()} once, when no signal is under way.
 */
// Calling the C library is the point of this class.
@SuppressWarnings("restricted")
public final class RemoteEventfd implements AutoCloseable
{
    private static final long SYS_PIDFD_GETFD = 438;
    private static final MethodHandle PIDFD_GETFD;
    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    static
    {
        PIDFD_GETFD = Libc.AVAILABLE ? Libc.downcall("syscall", FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG,
            ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG), Linker.Option.firstVariadicArg(1), Libc.CAPTURE_ERRNO) : null;
    }

    private final int fd;
    private boolean closed;

    private RemoteEventfd(final int fd)
    {
        this.fd = fd;
    }

    /**
     * Duplicates descriptor {@code fdInProcess} of process {@code pid} into this process.
     *
     * @throws CallFailedException when {@code pidfd_open} or {@code pidfd_getfd} fails: {@link Libc#ENOSYS} on kernels
     *                             without them, {@link Libc#EPERM} when this process may not trace that one,
     *                             {@link Libc#ESRCH} when it is gone.
     */
    public static RemoteEventfd open(final long pid, final int fdInProcess) throws CallFailedException
    {
        final int pidfd = PidfdPoll.open(pid);
        if (pidfd < 0)
        {
            throw new CallFailedException("pidfd_open(" + pid + ")", -pidfd);
        }
        try (Arena call = Arena.ofConfined())
        {
            final MemorySegment state = call.allocate(Libc.CALL_STATE_LAYOUT);
            final long fd = (long)PIDFD_GETFD.invokeExact(state, SYS_PIDFD_GETFD, (long)pidfd, (long)fdInProcess, 0L);
            if (fd < 0)
            {
                throw new CallFailedException("pidfd_getfd(" + pid + ", " + fdInProcess + ")", Libc.errno(state));
            }
            return new RemoteEventfd((int)fd);
        }
        catch (final CallFailedException ex)
        {
            throw ex;
        }
        catch (final Throwable ex)
        {
            throw new IllegalStateException("pidfd_getfd failed: " + ex, ex);
        }
        finally
        {
            FileCalls.close(pidfd);
        }
    }

    /** Adds 1 to the eventfd's count, waking its process if it polls it. A full count (never reached here) is left as is. */
    public void signal()
    {
        final Scratch scratch = SCRATCH.get();
        FileCalls.write(fd, scratch.one, Long.BYTES, scratch.callState);
    }

    /** Closes the duplicate. Idempotent. */
    @Override
    public void close()
    {
        if (!closed)
        {
            closed = true;
            FileCalls.close(fd);
        }
    }

    /** A thread's own native words for {@link #signal()}, kept for the thread's life. */
    private static final class Scratch
    {
        final MemorySegment one;
        final MemorySegment callState;

        Scratch()
        {
            final Arena arena = Arena.ofAuto();
            one = arena.allocate(ValueLayout.JAVA_LONG);
            one.set(ValueLayout.JAVA_LONG, 0, 1L);
            callState = arena.allocate(Libc.CALL_STATE_LAYOUT);
        }
    }
}
