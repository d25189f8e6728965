package org.openmpj.os;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * Sleeping until a 32-bit word in shared memory changes, and waking the sleepers: the Linux {@code futex} call, so
 * that a process can block on a word of a file mapped by several processes (e.g. one in {@code /dev/shm} mapped
 * with {@code FileChannel.map}) until another process changes it.
 *
 * <p>The protocol is the caller's: a waiter reads the word, decides to sleep, and calls {@link #waitWhile} with the
 * value it read; the kernel sleeps only if the word still holds that value, so a change made in between is never
 * missed. A waker changes the word with a release store and then calls {@link #wake}. Either call may return
 * without a reason (a signal, a wake meant for another change), so callers always read the word again.
 *
 * <p>The operations are the shared ones ({@code FUTEX_WAIT}, {@code FUTEX_WAKE}, not the {@code _PRIVATE}
 * variants), which the kernel matches by file and offset, so they work across processes.
 *
 * <p>Without the C library (see {@link Libc#unavailabilityCause()}) or on an architecture whose call number is not
 * known here, {@link #isNative()} is false and both calls fall back so that callers still work, only more slowly:
 * {@link #waitWhile} parks the thread for at most {@link #FALLBACK_PARK_NS} and {@link #wake} does nothing.
 *
 * <p>Thread-safety: any thread may call either method at any time. Each thread keeps a small native scratch
 * segment (the timeout and {@code errno}) for its whole life, so neither call allocates after a thread's first.
 * A wait is not ended by {@link Thread#interrupt()}; it ends at its timeout at the latest.
 */
// Calling the C library is the point of this class: Java has no way to sleep on a word shared between processes.
@SuppressWarnings("restricted")
public final class Futex
{
    /** A count for {@link #wake} that wakes every waiter. */
    public static final int WAKE_ALL = Integer.MAX_VALUE;
    /** The longest a fallback {@link #waitWhile} parks: short, since no {@link #wake} will cut it shorter. */
    public static final long FALLBACK_PARK_NS = 50_000L;

    private static final long SYS_FUTEX = Libc.syscallNumber(202, 98);
    private static final long FUTEX_WAIT = 0;
    private static final long FUTEX_WAKE = 1;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final StructLayout TIMESPEC = MemoryLayout.structLayout(
        ValueLayout.JAVA_LONG.withName("tv_sec"), ValueLayout.JAVA_LONG.withName("tv_nsec"));
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();
    private static final boolean NATIVE = Libc.AVAILABLE && SYS_FUTEX > 0;
    private static final MethodHandle WAIT;
    private static final MethodHandle WAKE;
    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    static
    {
        MethodHandle wait = null;
        MethodHandle wake = null;
        if (NATIVE)
        {
            // long syscall(long number, ...): the arguments after the number are variadic, and are passed as
            // longs because that is how the C library's syscall reads them back.
            final FunctionDescriptor syscall = FunctionDescriptor.of(ValueLayout.JAVA_LONG,
                ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG,
                ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG);
            final Linker.Option variadic = Linker.Option.firstVariadicArg(1);
            // The wait blocks, so it must be an ordinary call that lets the JVM reach a safepoint meanwhile.
            wait = Libc.downcall("syscall", syscall, variadic, Libc.CAPTURE_ERRNO);
            // The wake never blocks: spare it the thread-state change.
            wake = Libc.downcall("syscall", syscall, variadic, Libc.CAPTURE_ERRNO, Linker.Option.critical(false));
        }
        WAIT = wait;
        WAKE = wake;
    }

    private Futex()
    {
    }

    /**
     * Tells whether the calls are native. The first use of this class binds them, which took about 300 ms on a
     * 2-core machine (the JVM makes the call stubs); calling this while a transport starts spares its first wait that.
     *
     * @return true when waits sleep in the kernel until woken; false when they fall back to parking briefly.
     */
    public static boolean isNative()
    {
        return NATIVE;
    }

    /**
     * Sleeps while the 32-bit word at {@code offset} of {@code word} holds {@code expected}, for at most
     * {@code timeoutNs}. Returns at once when the word holds another value or {@code timeoutNs} is not positive.
     *
     * <p>In the fallback (not {@link #isNative()}) the thread parks for at most {@link #FALLBACK_PARK_NS}, whatever
     * {@code timeoutNs} is, and the result is false unless the word changed.
     *
     * @param word      native memory, shared between processes or not; it must stay mapped during the call.
     * @param offset    the word's byte offset in {@code word}; a multiple of 4.
     * @param expected  the value read before deciding to sleep.
     * @param timeoutNs the longest time to sleep.
     * @return true when the word did not hold {@code expected} or a {@link #wake} ended the sleep; false when
     *         nothing known happened (the time ran out, a signal, the fallback's short park). Either way the caller
     *         reads the word again and, if it still needs to, waits again with the time it has left.
     * @throws IndexOutOfBoundsException when the word does not lie within {@code word}.
     * @throws IllegalArgumentException  when the word is not 4-byte aligned in native memory.
     */
    public static boolean waitWhile(final MemorySegment word, final long offset, final int expected, final long timeoutNs)
    {
        // The acquire read also checks bounds and alignment, before the kernel is handed a raw address.
        if ((int)INT.getAcquire(word, offset) != expected)
        {
            return true;
        }
        if (timeoutNs <= 0)
        {
            return false;
        }
        if (!NATIVE)
        {
            LockSupport.parkNanos(Math.min(timeoutNs, FALLBACK_PARK_NS));
            return (int)INT.getAcquire(word, offset) != expected;
        }
        final Scratch scratch = SCRATCH.get();
        scratch.timeout.set(ValueLayout.JAVA_LONG, 0, timeoutNs / NANOS_PER_SECOND);
        scratch.timeout.set(ValueLayout.JAVA_LONG, 8, timeoutNs % NANOS_PER_SECOND);
        final long result;
        try
        {
            result = (long)WAIT.invokeExact(scratch.callState, SYS_FUTEX, addressOf(word, offset), FUTEX_WAIT,
                (long)expected, scratch.timeout, 0L, 0L);
        }
        catch (final Throwable ex)
        {
            throw new IllegalStateException("futex wait failed: " + ex, ex);
        }
        if (result == 0)
        {
            return true;
        }
        final int errno = Libc.errno(scratch.callState);
        return switch (errno)
        {
            case Libc.EAGAIN -> true;
            case Libc.ETIMEDOUT, Libc.EINTR -> false;
            default -> throw new IllegalStateException("futex wait failed with errno " + errno);
        };
    }

    /**
     * Wakes up to {@code count} threads, of this process or another, sleeping in {@link #waitWhile} on the word at
     * {@code offset} of {@code word}. Change the word with a release store first.
     *
     * <p>In the fallback (not {@link #isNative()}) this does nothing and returns 0: waiters there notice the change
     * after their short park.
     *
     * @param word   native memory, as for {@link #waitWhile}.
     * @param offset the word's byte offset in {@code word}; a multiple of 4.
     * @param count  how many to wake at most; {@link #WAKE_ALL} for all.
     * @return how many were woken.
     * @throws IndexOutOfBoundsException when the word does not lie within {@code word}.
     * @throws IllegalArgumentException  when the word is not 4-byte aligned in native memory.
     */
    public static int wake(final MemorySegment word, final long offset, final int count)
    {
        if (!NATIVE)
        {
            return 0;
        }
        final long address = addressOf(word, offset);
        final Scratch scratch = SCRATCH.get();
        final long result;
        try
        {
            result = (long)WAKE.invokeExact(scratch.callState, SYS_FUTEX, address, FUTEX_WAKE, (long)count,
                MemorySegment.NULL, 0L, 0L);
        }
        catch (final Throwable ex)
        {
            throw new IllegalStateException("futex wake failed: " + ex, ex);
        }
        if (result < 0)
        {
            throw new IllegalStateException("futex wake failed with errno " + Libc.errno(scratch.callState));
        }
        return (int)result;
    }

    /**
     * The word's address for the kernel. A raw address rather than the segment, so that a wait in progress does not
     * stop the segment's arena from closing (a shared arena refuses to close while a call holds one of its segments);
     * the kernel keeps such a sleeper queued on the file until a wake or its timeout.
     */
    private static long addressOf(final MemorySegment word, final long offset)
    {
        if (offset < 0 || offset > word.byteSize() - Integer.BYTES)
        {
            throw new IndexOutOfBoundsException("offset=" + offset + " leaves no int within " + word.byteSize() + " bytes");
        }
        final long address = word.address() + offset;
        if (!word.isNative() || address % Integer.BYTES != 0)
        {
            throw new IllegalArgumentException("offset=" + offset + " is not a 4-byte aligned int in native memory");
        }
        return address;
    }

    /** A thread's own timeout and {@code errno} segments, kept for the thread's life. */
    private static final class Scratch
    {
        final MemorySegment timeout;
        final MemorySegment callState;

        Scratch()
        {
            final Arena arena = Arena.ofAuto();
            timeout = arena.allocate(TIMESPEC);
            callState = arena.allocate(Libc.CALL_STATE_LAYOUT);
        }
    }
}
