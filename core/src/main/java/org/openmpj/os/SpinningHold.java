package org.openmpj.os;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Holds a Java array still for a reader in another process while spinning, instead of sleeping in the kernel: a critical
 * downcall into 58 bytes of x86-64 code that publish the array's address and then a state word, both in shared memory, and
 * spin until the reader has moved the state on, or a budget of spins runs out and the code withdraws the array itself.
 * While the call lasts the calling thread stays "in Java", so the JVM reaches no safepoint and the array cannot move; the
 * reader finds its address in shared memory instead of in the thread's system-call line, and nothing has to wake the holder.
 * For ranks that have a core each: waking a thread that sleeps in the kernel cost about 25 µs a message on this VM.
 *
 * <p>The state word's protocol, with {@code HELD} the word passed in: the code stores {@code HELD}, then waits while the word
 * is {@code HELD} or {@code HELD + 1} (the reader claimed the array and copies). The reader ends it by storing any other
 * value, conventionally {@code HELD - 2} (pulled). When the budget runs out, the code sets {@code HELD - 1} (withdrawn) by
 * compare-and-set from {@code HELD} or {@code HELD + 1}, unless the reader ended it first. A reader whose claim was withdrawn
 * mid-copy finds its final compare-and-set fail and must treat what it copied as void.
 *
 * <p>Thread-safety: stateless once initialized; each state word has one holder at a time.
 */
public final class SpinningHold
{
    /**
     * {@code long hold(long *address, void *array, long *state, long held, long spins)}: address in rdi, array in rsi, state
     * in rdx, held in rcx, spins in r8; the state word it ended with in rax.
     */
    private static final byte[] CODE = {
        0x48, (byte)0x89, 0x37,                         // mov  [rdi], rsi          publish the array's address
        0x48, (byte)0x89, 0x0A,                         // mov  [rdx], rcx          then the state HELD
        0x4C, (byte)0x8D, 0x49, 0x01,                   // lea  r9, [rcx+1]         COPYING
        // spin:
        (byte)0xF3, (byte)0x90,                         // pause
        0x48, (byte)0x8B, 0x02,                         // mov  rax, [rdx]
        0x48, 0x39, (byte)0xC8,                         // cmp  rax, rcx
        0x74, 0x05,                                     // je   still
        0x4C, 0x39, (byte)0xC8,                         // cmp  rax, r9
        0x75, 0x20,                                     // jne  done                the reader ended it
        // still:
        0x49, (byte)0xFF, (byte)0xC8,                   // dec  r8
        0x75, (byte)0xEC,                               // jnz  spin
        0x4C, (byte)0x8D, 0x51, (byte)0xFF,             // lea  r10, [rcx-1]        WITHDRAWN
        // retry:
        0x48, (byte)0x8B, 0x02,                         // mov  rax, [rdx]
        0x48, 0x39, (byte)0xC8,                         // cmp  rax, rcx
        0x74, 0x05,                                     // je   cas
        0x4C, 0x39, (byte)0xC8,                         // cmp  rax, r9
        0x75, 0x0A,                                     // jne  done                ended by the reader meanwhile
        // cas:
        (byte)0xF0, 0x4C, 0x0F, (byte)0xB1, 0x12,       // lock cmpxchg [rdx], r10  withdraw unless it changed
        0x75, (byte)0xEC,                               // jne  retry
        0x4C, (byte)0x89, (byte)0xD0,                   // mov  rax, r10
        // done:
        (byte)0xC3,                                     // ret
    };

    private static final X86Code.Function FUNCTION = X86Code.bind("the spinning hold", CODE,
        FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG,
            ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG), Linker.Option.critical(true));
    private static final MethodHandle HOLD = FUNCTION.handle();
    /** True when {@link #hold} may be called. */
    public static final boolean AVAILABLE = HOLD != null;
    /** Nanoseconds one spin of the code takes here, measured once. */
    private static final double NS_PER_SPIN = AVAILABLE ? measureSpin() : 1;

    private SpinningHold()
    {
    }

    /** @return null when {@link #AVAILABLE}; otherwise why not. */
    public static String unavailabilityCause()
    {
        return FUNCTION.unavailabilityCause();
    }

    /** @return the spins that last about {@code nanos}, at least one. */
    public static long spinsFor(final long nanos)
    {
        return Math.max(1, (long)(nanos / NS_PER_SPIN));
    }

    /**
     * Publishes {@code array}'s address at {@code addressWord} and {@code held} at {@code stateWord}, both native addresses of
     * shared memory, and spins until the state is neither {@code held} nor {@code held + 1}, or for {@code spins} spins,
     * after which it withdraws ({@code held - 1}) unless the state moved on first.
     *
     * @return the state it ended with: {@code held - 1} when it withdrew, otherwise what the reader set.
     */
    public static long hold(final long addressWord, final MemorySegment array, final long stateWord, final long held, final long spins)
    {
        try
        {
            return (long)HOLD.invokeExact(addressWord, array, stateWord, held, spins);
        }
        catch (final Throwable ex)
        {
            throw new IllegalStateException("spinning hold failed: " + ex, ex);
        }
    }

    /** @return the nanoseconds a spin takes: a hold of 200,000 spins that no reader ends, timed. */
    private static double measureSpin()
    {
        final long spins = 200_000;
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment words = arena.allocate(16, 8);
            final byte[] array = new byte[8];
            hold(words.address(), MemorySegment.ofArray(array), words.address() + 8, 4, 1000);
            final long start = System.nanoTime();
            hold(words.address(), MemorySegment.ofArray(array), words.address() + 8, 4, spins);
            return Math.max(0.5, (System.nanoTime() - start) / (double)spins);
        }
    }
}
