package org.openmpj.cache;

/**
 * The time source of code that waits: a monotonic clock and a way to sleep on it. Injected so that tests run on a fake
 * clock, advanced by the sleeps themselves, without waiting in real time. Implementations are thread-safe.
 */
public interface NanoClock
{
    /** The JVM's clock: {@link System#nanoTime()} and {@link Thread#sleep(long, int)}. */
    NanoClock SYSTEM = new NanoClock()
    {
        @Override
        public long nanoTime()
        {
            return System.nanoTime();
        }

        @Override
        public void sleepNs(final long durationNs) throws InterruptedException
        {
            Thread.sleep(durationNs / 1_000_000L, (int) (durationNs % 1_000_000L));
        }
    };

    /** @return the current time in nanoseconds from an arbitrary origin; only differences are meaningful. */
    long nanoTime();

    /**
     * Blocks the calling thread for about {@code durationNs} nanoseconds (at least, on the system clock).
     *
     * @throws InterruptedException when the thread is interrupted while sleeping.
     */
    void sleepNs(long durationNs) throws InterruptedException;
}
