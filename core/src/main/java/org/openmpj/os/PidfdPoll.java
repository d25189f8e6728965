package org.openmpj.os;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Process descriptors ({@code pidfd_open}, Linux 5.3 on) and a {@code poll} over a set of them, which ends when one
 * of the processes exits: the native half of {@link ProcessWatch}.
 *
 * <p>Thread-safety: {@link #open} and {@link #close(int)} may be called from any thread; an instance, with its native
 * {@code pollfd} array, belongs to the one thread that made it.
 */
// Calling the C library is the point of this class.
@SuppressWarnings("restricted")
final class PidfdPoll implements AutoCloseable
{
    /** True when the calls may be made, which needs the C library. */
    static final boolean AVAILABLE = Libc.AVAILABLE;

    private static final long SYS_PIDFD_OPEN = 434;
    private static final short POLLIN = 0x1;
    private static final int POLL_FD_BYTES = 8;
    private static final int EVENTS_OFFSET = 4;
    private static final int REVENTS_OFFSET = 6;
    private static final int INITIAL_CAPACITY = 16;
    private static final MethodHandle PIDFD_OPEN;
    private static final MethodHandle POLL;
    private static final MethodHandle CLOSE;

    static
    {
        MethodHandle pidfdOpen = null;
        MethodHandle poll = null;
        MethodHandle close = null;
        if (AVAILABLE)
        {
            // long syscall(long number, ...): the same number on x86-64 and arm64, whose tables had met by then.
            pidfdOpen = Libc.downcall("syscall", FunctionDescriptor.of(ValueLayout.JAVA_LONG,
                ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG),
                Linker.Option.firstVariadicArg(1), Libc.CAPTURE_ERRNO);
            poll = Libc.downcall("poll", FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT), Libc.CAPTURE_ERRNO);
            close = Libc.downcall("close", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
        }
        PIDFD_OPEN = pidfdOpen;
        POLL = poll;
        CLOSE = close;
    }

    private final Arena arena = Arena.ofConfined();
    private final MemorySegment callState = arena.allocate(Libc.CALL_STATE_LAYOUT);
    private MemorySegment pollFds = arena.allocate((long)POLL_FD_BYTES * INITIAL_CAPACITY, Integer.BYTES);
    private int count;

    /**
     * Opens a descriptor for a process. Needs {@link #AVAILABLE}.
     *
     * @param pid the process.
     * @return the descriptor; or minus {@code errno}: {@link Libc#ESRCH} when there is no such process (any more),
     *         {@link Libc#ENOSYS} when the kernel has no {@code pidfd_open}.
     */
    static int open(final long pid)
    {
        try (Arena call = Arena.ofConfined())
        {
            final MemorySegment state = call.allocate(Libc.CALL_STATE_LAYOUT);
            final long fd = (long)PIDFD_OPEN.invokeExact(state, SYS_PIDFD_OPEN, pid, 0L);
            return fd >= 0 ? (int)fd : -Libc.errno(state);
        }
        catch (final Throwable ex)
        {
            throw new IllegalStateException("pidfd_open(" + pid + ") failed: " + ex, ex);
        }
    }

    /**
     * Closes a descriptor from {@link #open}.
     *
     * @param fd the descriptor.
     */
    static void close(final int fd)
    {
        try
        {
            // Nothing to do about a failure: the descriptor is released either way.
            final int ignored = (int)CLOSE.invokeExact(fd);
        }
        catch (final Throwable ex)
        {
            throw new IllegalStateException("close(" + fd + ") failed: " + ex, ex);
        }
    }

    /** Empties the set polled. */
    void clear()
    {
        count = 0;
    }

    /**
     * Adds a descriptor to the set polled; its index is the number added since {@link #clear()}.
     *
     * @param fd a descriptor from {@link #open}.
     */
    void add(final int fd)
    {
        if (pollFds.byteSize() < (long)POLL_FD_BYTES * (count + 1))
        {
            final MemorySegment larger = arena.allocate(pollFds.byteSize() * 2, Integer.BYTES);
            larger.copyFrom(pollFds);
            pollFds = larger;
        }
        final long at = (long)POLL_FD_BYTES * count++;
        pollFds.set(ValueLayout.JAVA_INT, at, fd);
        pollFds.set(ValueLayout.JAVA_SHORT, at + EVENTS_OFFSET, POLLIN);
    }

    /**
     * Sleeps until a process of the set ends or {@code timeoutMs} passes.
     *
     * @param timeoutMs the longest time to sleep.
     * @return how many of the set ended, 0 after the timeout or a signal, or -1 when {@code poll} failed otherwise.
     */
    int await(final int timeoutMs)
    {
        for (int i = 0; i < count; i++)
        {
            pollFds.set(ValueLayout.JAVA_SHORT, (long)POLL_FD_BYTES * i + REVENTS_OFFSET, (short)0);
        }
        final int ready;
        try
        {
            ready = (int)POLL.invokeExact(callState, pollFds, (long)count, timeoutMs);
        }
        catch (final Throwable ex)
        {
            throw new IllegalStateException("poll failed: " + ex, ex);
        }
        if (ready < 0)
        {
            return Libc.errno(callState) == Libc.EINTR ? 0 : -1;
        }
        return ready;
    }

    /**
     * @param index the descriptor's index in the set.
     * @return whether the last {@link #await} saw its process end.
     */
    boolean ended(final int index)
    {
        // Any event on a pidfd, POLLIN or an error, means the process is gone.
        return pollFds.get(ValueLayout.JAVA_SHORT, (long)POLL_FD_BYTES * index + REVENTS_OFFSET) != 0;
    }

    /** Frees the native set. The descriptors stay open: they are the caller's. */
    @Override
    public void close()
    {
        arena.close();
    }
}
