package org.openmpj.os;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Futex waits and wakes on a word of a file mapped shared, within this process and with another one. The bounds on
 * elapsed time are loose on purpose: they tell a wait that slept from one that did not, and a wake from a timeout.
 */
@Timeout(60)
class FutexTest
{
    private static final long OFFSET = FutexChild.FUTEX_OFFSET;
    private static final long LONG_WAIT_NS = TimeUnit.SECONDS.toNanos(10);
    private static final long WELL_BEFORE_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(5);
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();

    private SharedFile file;
    private MemorySegment word;

    @BeforeEach
    void mapFile() throws IOException
    {
        file = SharedFile.create();
        word = file.segment();
    }

    @AfterEach
    void deleteFile() throws IOException
    {
        file.delete();
    }

    @Test
    void isNativeWithNativeAccessOnLinux()
    {
        assumeTrue(Libc.AVAILABLE, Libc::unavailabilityCause);
        assertTrue(Futex.isNative());
        assertEquals(null, Libc.unavailabilityCause());
    }

    @Test
    void waitOnAnotherValueReturnsAtOnce()
    {
        INT.setRelease(word, OFFSET, 5);
        final long startNs = System.nanoTime();
        assertTrue(Futex.waitWhile(word, OFFSET, 4, LONG_WAIT_NS));
        assertTrue(System.nanoTime() - startNs < WELL_BEFORE_TIMEOUT_NS);
    }

    @Test
    void waitOnTheValueSleepsUntilTheTimeout()
    {
        assumeTrue(Futex.isNative(), Libc::unavailabilityCause);
        final long timeoutNs = TimeUnit.MILLISECONDS.toNanos(50);
        final long startNs = System.nanoTime();
        final boolean woken = Futex.waitWhile(word, OFFSET, 0, timeoutNs);
        final long elapsedNs = System.nanoTime() - startNs;
        assertFalse(woken);
        assertTrue(elapsedNs >= TimeUnit.MILLISECONDS.toNanos(20), "returned after " + elapsedNs + " ns");
        assertTrue(elapsedNs < WELL_BEFORE_TIMEOUT_NS, "returned after " + elapsedNs + " ns");
    }

    @Test
    void wakeWithNobodyWaitingWakesNone()
    {
        assertEquals(0, Futex.wake(word, OFFSET, Futex.WAKE_ALL));
    }

    @Test
    void aWordOutsideTheSegmentOrMisalignedIsRefused()
    {
        assertThrows(IndexOutOfBoundsException.class, () -> Futex.waitWhile(word, SharedFile.BYTES - 2, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> Futex.waitWhile(word, 2, 0, 1));
        assumeTrue(Futex.isNative(), Libc::unavailabilityCause);
        assertThrows(IndexOutOfBoundsException.class, () -> Futex.wake(word, SharedFile.BYTES, 1));
        assertThrows(IllegalArgumentException.class, () -> Futex.wake(word, 2, 1));
        assertThrows(IllegalArgumentException.class, () -> Futex.wake(MemorySegment.ofArray(new int[1]), 0, 1));
    }

    @Test
    void wakeEndsTheWaitOfABlockedThread() throws InterruptedException
    {
        assumeTrue(Futex.isNative(), Libc::unavailabilityCause);
        final AtomicBoolean result = new AtomicBoolean();
        final AtomicLong elapsedNs = new AtomicLong();
        final Thread waiter = new Thread(() ->
        {
            final long startNs = System.nanoTime();
            result.set(Futex.waitWhile(word, OFFSET, 0, LONG_WAIT_NS));
            elapsedNs.set(System.nanoTime() - startNs);
        });
        waiter.start();
        // The word does not change: only a wake that reached the sleeping thread can count 1 and end its wait.
        final int woken = wakeUntilOneOrEnded(waiter);
        waiter.join(TimeUnit.NANOSECONDS.toMillis(2 * LONG_WAIT_NS));
        assertEquals(1, woken);
        assertTrue(result.get());
        assertTrue(elapsedNs.get() < WELL_BEFORE_TIMEOUT_NS, "woken after " + elapsedNs.get() + " ns");
    }

    @Test
    void changeThenWakeEndsTheWaitOfAThread() throws InterruptedException
    {
        assumeTrue(Futex.isNative(), Libc::unavailabilityCause);
        final CountDownLatch started = new CountDownLatch(1);
        final AtomicLong elapsedNs = new AtomicLong(-1);
        final Thread waiter = new Thread(() ->
        {
            final long startNs = System.nanoTime();
            started.countDown();
            while ((int)INT.getAcquire(word, OFFSET) == 0 && System.nanoTime() - startNs < LONG_WAIT_NS)
            {
                Futex.waitWhile(word, OFFSET, 0, LONG_WAIT_NS);
            }
            elapsedNs.set(System.nanoTime() - startNs);
        });
        waiter.start();
        started.await();
        Thread.sleep(20);
        final long changedNs = System.nanoTime();
        INT.setRelease(word, OFFSET, 1);
        final int woken = wakeUntilOneOrEnded(waiter);
        waiter.join(TimeUnit.NANOSECONDS.toMillis(2 * LONG_WAIT_NS));
        final long tookNs = System.nanoTime() - changedNs;
        assertFalse(waiter.isAlive());
        assertTrue(woken <= 1);
        assertTrue(elapsedNs.get() >= 0 && tookNs < WELL_BEFORE_TIMEOUT_NS, "the waiter took " + tookNs + " ns to see the change");
    }

    @Test
    void wakeReachesAWaiterInAnotherProcess() throws Exception
    {
        assumeTrue(Futex.isNative(), Libc::unavailabilityCause);
        final Process child = startChild(true, "wait", file.path().toString());
        try
        {
            final long deadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while ((int)INT.getAcquire(word, FutexChild.READY_OFFSET) == 0 && child.isAlive() && System.nanoTime() < deadlineNs)
            {
                Thread.sleep(5);
            }
            assertEquals(1, (int)INT.getAcquire(word, FutexChild.READY_OFFSET), "the child did not map the file");
            // A wake that counts 1 reached the child asleep on the same file; it sleeps again, the word being unchanged.
            assertEquals(1, wakeUntilOneOrEnded(child.toHandle()::isAlive), () -> "no wake reached the child: " + errorOf(child));
            INT.setRelease(word, OFFSET, 1);
            wakeUntilOneOrEnded(child.toHandle()::isAlive);
            assertTrue(child.waitFor(20, TimeUnit.SECONDS), "the child was not woken");
            assertEquals(0, child.exitValue(), () -> "the child failed: " + errorOf(child));
        }
        finally
        {
            child.destroyForcibly();
        }
    }

    @Test
    void withoutNativeAccessTheCallsFallBack() throws Exception
    {
        final Process child = startChild(false, "fallback");
        try
        {
            assertTrue(child.waitFor(30, TimeUnit.SECONDS), "the child did not end");
            assertEquals(0, child.exitValue(), () -> "the child failed: " + errorOf(child));
        }
        finally
        {
            child.destroyForcibly();
        }
    }

    /** @return what the last wake returned: 1 once one reached a sleeping waiter, else 0 when the waiter ended first. */
    private int wakeUntilOneOrEnded(final Thread waiter)
    {
        return wakeUntilOneOrEnded(waiter::isAlive);
    }

    private int wakeUntilOneOrEnded(final BooleanSupplier waiting)
    {
        final long deadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        int woken = 0;
        while (waiting.getAsBoolean() && System.nanoTime() < deadlineNs)
        {
            woken = Futex.wake(word, OFFSET, 1);
            if (woken == 1)
            {
                break;
            }
            sleepMs(1);
        }
        return woken;
    }

    private static Process startChild(final boolean nativeAccess, final String... args) throws IOException
    {
        final List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElseThrow());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        if (nativeAccess)
        {
            command.add("--enable-native-access=ALL-UNNAMED");
        }
        command.add(FutexChild.class.getName());
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    }

    private static String errorOf(final Process child)
    {
        try
        {
            return new String(child.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        }
        catch (final IOException ex)
        {
            return ex.toString();
        }
    }

    private static void sleepMs(final long ms)
    {
        try
        {
            Thread.sleep(ms);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }
}
