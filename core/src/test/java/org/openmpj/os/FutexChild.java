package org.openmpj.os;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The other process of {@link FutexTest}; it exits 0 when it saw what it should, and fails with a message otherwise.
 * With {@code wait PATH} it maps the file, sets the ready word, and sleeps on the futex word until that holds 1. With
 * {@code fallback} (started without native access) it checks that the bindings say why they are unavailable and that
 * the calls fall back.
 */
public final class FutexChild
{
    static final long FUTEX_OFFSET = 0;
    static final long READY_OFFSET = 64;
    private static final long DEADLINE_NS = TimeUnit.SECONDS.toNanos(30);
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();

    private FutexChild()
    {
    }

    /**
     * Runs one of the modes.
     *
     * @param args {@code wait PATH} or {@code fallback}.
     * @throws Exception when the file cannot be mapped.
     */
    public static void main(final String[] args) throws Exception
    {
        if (args[0].equals("fallback"))
        {
            fallback();
            return;
        }
        try (SharedFile file = SharedFile.map(Path.of(args[1])))
        {
            final MemorySegment word = file.segment();
            // Bind the calls before saying ready, so the parent's wakes do not wait for it.
            Futex.wake(word, FUTEX_OFFSET, 0);
            INT.setRelease(word, READY_OFFSET, 1);
            final long deadlineNs = System.nanoTime() + DEADLINE_NS;
            long leftNs = DEADLINE_NS;
            while ((int)INT.getAcquire(word, FUTEX_OFFSET) == 0 && leftNs > 0)
            {
                Futex.waitWhile(word, FUTEX_OFFSET, 0, leftNs);
                leftNs = deadlineNs - System.nanoTime();
            }
            if ((int)INT.getAcquire(word, FUTEX_OFFSET) != 1)
            {
                throw new AssertionError("the futex word did not become 1 within " + DEADLINE_NS + " ns");
            }
        }
    }

    private static void fallback()
    {
        check(!Libc.AVAILABLE && !Futex.isNative(), "the C library was available without native access");
        final String cause = Libc.unavailabilityCause();
        check(cause != null && cause.contains("--enable-native-access"), "unhelpful cause: " + cause);
        final MemorySegment word = MemorySegment.ofArray(new int[1]);
        final long startNs = System.nanoTime();
        final boolean changed = Futex.waitWhile(word, 0, 0, TimeUnit.SECONDS.toNanos(10));
        final long waitedNs = System.nanoTime() - startNs;
        check(!changed, "a fallback wait on an unchanged word said it changed");
        check(waitedNs < TimeUnit.SECONDS.toNanos(5), "a fallback wait took " + waitedNs + " ns");
        check(Futex.wake(word, 0, 1) == 0, "a fallback wake woke someone");
    }

    private static void check(final boolean condition, final String failure)
    {
        if (!condition)
        {
            throw new AssertionError(failure);
        }
    }
}
