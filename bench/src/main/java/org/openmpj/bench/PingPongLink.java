package org.openmpj.bench;

/**
 * The leading side of a ping-pong pair. Each call first tells the echoing peer the size and the count and
 * waits for it to acknowledge, so the measured round trips start with the peer already waiting.
 */
public interface PingPongLink
{
    /**
     * Sends {@code bytes} to the peer and receives them back, {@code iterations} times.
     *
     * @return the nanoseconds the round trips took.
     */
    long roundTrips(int bytes, int iterations);

    /**
     * Runs {@code iterations} round trips as {@link #roundTrips} does, with no clock.
     *
     * @return the heap bytes this thread and the peer's thread allocated during them.
     */
    long allocatedBytes(int bytes, int iterations);

    /** Tells the peer that no more round trips follow. */
    void stop();
}
