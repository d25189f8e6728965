package org.openmpj.os;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Holds a slice of a Java array still, at an address another process can learn, while that process copies it out with
 * {@link ProcessMemory}: the sending half of a one-copy transfer between JVMs.
 *
 * <p>Java arrays move whenever the garbage collector compacts the heap, and the collector moves objects only once every
 * thread of the JVM is at a safepoint (or, for the concurrent collectors, once each thread's references are fixed up at
 * one). A downcall linked with {@code Linker.Option.critical(true)} may take a slice of a Java array as a pointer
 * argument, and while such a call runs the calling thread stays "in Java": the JVM cannot reach a safepoint, so the array
 * stays where the call was given it. {@link #expose} is one such call, and it blocks: the C library's variadic
 * {@code syscall} runs {@code ppoll(fds, 2, timeout, NULL, generation, slice)}: {@code ppoll} takes five arguments and
 * ignores a sixth, and with a NULL signal mask it ignores the fifth (the mask's size), so the exposure's generation and
 * the array slice ride along unused; but the kernel shows all six in {@code /proc/PID/task/TID/syscall} as long as the
 * thread is blocked. A reader finds the slice's address there ({@link #pinnedAddress}), and knows that the slice stayed
 * put while it read if the line still shows the same call, generation and address afterwards ({@link #isExposure}):
 * every exposure uses a new generation, so the same generation means the same call, never left.
 *
 * <p>The call ends when this process's eventfd is written (the reader is done: it holds a duplicate, see
 * {@link RemoteEventfd}), when the reader's process ends (its pidfd becomes readable), on a signal, or at the timeout.
 * Meanwhile every other thread of this JVM that comes to a safepoint waits for it, which is why it must not last long and
 * why the caller picks its peers so that no two exposures wait on each other.
 *
 * <p>Needs Linux on x86-64 or aarch64 (the call numbers), kernel 5.3 (pidfds); see {@link #isSupported()}.
 *
 * <p>Thread-safety: one exposure at a time per instance; the accessors may be called from any thread.
 */
// Calling the C library is the point of this class.
@SuppressWarnings("restricted")
public final class PinnedExposure implements AutoCloseable
{
    /** How an {@link #expose} ended. */
    public enum Outcome
    {
        /** The eventfd was written: the reader says it is done. The caller confirms through its own shared state. */
        WOKEN,
        /** The reader's process ended. */
        PEER_ENDED,
        /** A signal ended the call. */
        INTERRUPTED,
        /** The timeout passed. */
        TIMED_OUT
    }

    private static final long SYS_PPOLL = Libc.syscallNumber(271, 73);
    private static final long SYS_GETTID = Libc.syscallNumber(186, 178);
    private static final int PR_SET_PTRACER = 0x59616d61;
    private static final long PR_SET_PTRACER_ANY = -1L;
    private static final int EFD_NONBLOCK = 0x800;
    private static final int EFD_CLOEXEC = 0x80000;
    private static final short POLLIN = 0x1;
    private static final int POLL_FD_BYTES = 8;
    private static final int EVENTS_OFFSET = 4;
    private static final int REVENTS_OFFSET = 6;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final boolean SUPPORTED = Libc.AVAILABLE && SYS_PPOLL > 0 && SYS_GETTID > 0;
    private static final MethodHandle EXPOSE;
    private static final MethodHandle GETTID;
    private static final MethodHandle PRCTL;
    private static final MethodHandle EVENTFD;

    static
    {
        MethodHandle expose = null;
        MethodHandle gettid = null;
        MethodHandle prctl = null;
        MethodHandle eventfd = null;
        if (SUPPORTED)
        {
            // long syscall(long number, ...): ppoll's four arguments, the generation and the pinned slice, variadic.
            expose = Libc.downcall("syscall", FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG,
                ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG,
                ValueLayout.ADDRESS), Linker.Option.firstVariadicArg(1), Libc.CAPTURE_ERRNO, Linker.Option.critical(true));
            gettid = Libc.downcall("syscall", FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG),
                Linker.Option.firstVariadicArg(1), Linker.Option.critical(false));
            // int prctl(int option, ...)
            prctl = Libc.downcall("prctl", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG),
                Linker.Option.firstVariadicArg(1), Libc.CAPTURE_ERRNO);
            eventfd = Libc.downcall("eventfd", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT),
                Libc.CAPTURE_ERRNO);
        }
        EXPOSE = expose;
        GETTID = gettid;
        PRCTL = prctl;
        EVENTFD = eventfd;
    }

    private final Arena arena = Arena.ofShared();
    private final MemorySegment callState = arena.allocate(Libc.CALL_STATE_LAYOUT);
    private final MemorySegment pollFds = arena.allocate(2L * POLL_FD_BYTES, Long.BYTES);
    private final MemorySegment timeout = arena.allocate(2L * Long.BYTES, Long.BYTES);
    private final MemorySegment counter = arena.allocate(ValueLayout.JAVA_LONG);
    private final MemorySegment probeWord = arena.allocate(ValueLayout.JAVA_LONG);
    private final int eventfd;
    private long[] peerPids = new long[0];
    private int[] peerPidfds = new int[0];
    private boolean closed;

    private PinnedExposure(final int eventfd)
    {
        this.eventfd = eventfd;
        probeWord.set(ValueLayout.JAVA_LONG, 0, ProcessHandle.current().pid());
        pollFds.set(ValueLayout.JAVA_INT, 0, eventfd);
        pollFds.set(ValueLayout.JAVA_SHORT, EVENTS_OFFSET, POLLIN);
        pollFds.set(ValueLayout.JAVA_SHORT, POLL_FD_BYTES + EVENTS_OFFSET, POLLIN);
    }

    /** @return whether exposures can be made here: Linux on x86-64 or aarch64, with native access. */
    public static boolean isSupported()
    {
        return SUPPORTED;
    }

    /** @return null when {@link #isSupported()}; otherwise why not. */
    public static String unsupportedCause()
    {
        if (!Libc.AVAILABLE)
        {
            return Libc.unavailabilityCause();
        }
        return SUPPORTED ? null : "the system call numbers are known for x86-64 and aarch64 only, and this is "
            + System.getProperty("os.arch");
    }

    /**
     * Makes an exposure's eventfd and native words.
     *
     * @throws CallFailedException when {@code eventfd} fails.
     * @throws IllegalStateException when not {@link #isSupported()}.
     */
    public static PinnedExposure create() throws CallFailedException
    {
        if (!SUPPORTED)
        {
            throw new IllegalStateException(unsupportedCause());
        }
        try (Arena call = Arena.ofConfined())
        {
            final MemorySegment state = call.allocate(Libc.CALL_STATE_LAYOUT);
            final int fd = (int)EVENTFD.invokeExact(state, 0, EFD_NONBLOCK | EFD_CLOEXEC);
            if (fd < 0)
            {
                throw new CallFailedException("eventfd", Libc.errno(state));
            }
            return new PinnedExposure(fd);
        }
        catch (final CallFailedException ex)
        {
            throw ex;
        }
        catch (final Throwable ex)
        {
            throw new IllegalStateException("eventfd failed: " + ex, ex);
        }
    }

    /**
     * Lets any process of this user read this process's memory and threads' state, where Yama's {@code ptrace_scope} 1
     * would let only its ancestors: {@code prctl(PR_SET_PTRACER, PR_SET_PTRACER_ANY)}, what native MPIs do for
     * cross-memory attach. Without Yama there is nothing to widen and the call fails harmlessly.
     *
     * @return 0, or the {@code errno} of the failed call (such as {@code EINVAL} where there is no Yama).
     */
    public static int allowReadsByAnyProcess()
    {
        if (!SUPPORTED)
        {
            return Libc.ENOSYS;
        }
        try (Arena call = Arena.ofConfined())
        {
            final MemorySegment state = call.allocate(Libc.CALL_STATE_LAYOUT);
            final int result = (int)PRCTL.invokeExact(state, PR_SET_PTRACER, PR_SET_PTRACER_ANY);
            return result == 0 ? 0 : Libc.errno(state);
        }
        catch (final Throwable ex)
        {
            throw new IllegalStateException("prctl failed: " + ex, ex);
        }
    }

    /** @return the calling thread's id, as {@code /proc/PID/task/TID} names it. */
    public static long currentThreadId()
    {
        try
        {
            return (long)GETTID.invokeExact(SYS_GETTID);
        }
        catch (final Throwable ex)
        {
            throw new IllegalStateException("gettid failed: " + ex, ex);
        }
    }

    /** @return the descriptor number, in this process, of the eventfd that ends an exposure; a reader duplicates it. */
    public int eventfd()
    {
        return eventfd;
    }

    /** @return the address of the {@code pollfd} array every exposure passes as {@code ppoll}'s first argument. */
    public long pollFdsAddress()
    {
        return pollFds.address();
    }

    /** @return the address of a native word holding this process's pid, which a reader reads to see that it can. */
    public long probeWordAddress()
    {
        return probeWord.address();
    }

    /**
     * Opens a pidfd of a process that will read exposures, so that an exposure to it ends should it die; once per process.
     *
     * @throws CallFailedException when {@code pidfd_open} fails: {@link Libc#ENOSYS} before Linux 5.3, {@link Libc#ESRCH}
     *                             when the process is gone.
     */
    public void addReader(final long pid) throws CallFailedException
    {
        for (final long added : peerPids)
        {
            if (added == pid)
            {
                return;
            }
        }
        final int fd = PidfdPoll.open(pid);
        if (fd < 0)
        {
            throw new CallFailedException("pidfd_open(" + pid + ")", -fd);
        }
        peerPids = java.util.Arrays.copyOf(peerPids, peerPids.length + 1);
        peerPidfds = java.util.Arrays.copyOf(peerPidfds, peerPidfds.length + 1);
        peerPids[peerPids.length - 1] = pid;
        peerPidfds[peerPidfds.length - 1] = fd;
    }

    /**
     * Blocks in one critical call, holding {@code pinned} at a fixed address, until the reader writes the eventfd, the
     * reader's process ends, a signal comes, or {@code timeoutNs} passes. The eventfd is reset before this returns.
     *
     * @param generation this exposure's generation: never used for another call, so that a reader tells calls apart.
     * @param readerPid  the reading process, added with {@link #addReader}.
     * @param pinned     a slice of a Java array (or native memory) to hold still.
     * @param timeoutNs  the longest the call lasts.
     * @return how the call ended; the caller decides through its shared state whether the reader finished.
     */
    public Outcome expose(final long generation, final long readerPid, final MemorySegment pinned, final long timeoutNs)
    {
        pollFds.set(ValueLayout.JAVA_INT, POLL_FD_BYTES, pidfdOf(readerPid));
        pollFds.set(ValueLayout.JAVA_SHORT, REVENTS_OFFSET, (short)0);
        pollFds.set(ValueLayout.JAVA_SHORT, POLL_FD_BYTES + REVENTS_OFFSET, (short)0);
        final long waitNs = Math.max(0, timeoutNs);
        timeout.set(ValueLayout.JAVA_LONG, 0, waitNs / NANOS_PER_SECOND);
        timeout.set(ValueLayout.JAVA_LONG, Long.BYTES, waitNs % NANOS_PER_SECOND);
        final long ready;
        try
        {
            ready = (long)EXPOSE.invokeExact(callState, SYS_PPOLL, pollFds, 2L, timeout, MemorySegment.NULL, generation, pinned);
        }
        catch (final Throwable ex)
        {
            throw new IllegalStateException("ppoll failed: " + ex, ex);
        }
        if (ready < 0)
        {
            final int errno = Libc.errno(callState);
            if (errno == Libc.EINTR)
            {
                return Outcome.INTERRUPTED;
            }
            throw new IllegalStateException("ppoll failed with " + Libc.describeErrno(errno));
        }
        if (ready == 0)
        {
            return Outcome.TIMED_OUT;
        }
        if (pollFds.get(ValueLayout.JAVA_SHORT, REVENTS_OFFSET) != 0)
        {
            // Non-blocking: reads the count back to zero, so that the next exposure blocks.
            FileCalls.read(eventfd, counter, Long.BYTES, callState);
        }
        return pollFds.get(ValueLayout.JAVA_SHORT, POLL_FD_BYTES + REVENTS_OFFSET) != 0 ? Outcome.PEER_ENDED : Outcome.WOKEN;
    }

    /**
     * @param syscall        a thread's state as {@link ProcessMemory#readSyscall} gives it.
     * @param pollFdsAddress the exposing process's {@link #pollFdsAddress()}.
     * @param generation     the exposure's generation.
     * @return whether the thread is blocked in that exposure.
     */
    public static boolean isExposure(final long[] syscall, final long pollFdsAddress, final long generation)
    {
        return syscall[0] == SYS_PPOLL && syscall[1] == pollFdsAddress && syscall[2] == 2 && syscall[4] == 0 && syscall[5] == generation;
    }

    /** @return the address of the slice held still by the exposure that {@code syscall} shows (see {@link #isExposure}). */
    public static long pinnedAddress(final long[] syscall)
    {
        return syscall[6];
    }

    private int pidfdOf(final long pid)
    {
        for (int i = 0; i < peerPids.length; i++)
        {
            if (peerPids[i] == pid)
            {
                return peerPidfds[i];
            }
        }
        throw new IllegalArgumentException("process " + pid + " was not added as a reader");
    }

    /** Closes the eventfd and the readers' pidfds, and frees the native words. Idempotent; not during an exposure. */
    @Override
    public void close()
    {
        if (closed)
        {
            return;
        }
        closed = true;
        for (final int fd : peerPidfds)
        {
            FileCalls.close(fd);
        }
        FileCalls.close(eventfd);
        arena.close();
    }
}
