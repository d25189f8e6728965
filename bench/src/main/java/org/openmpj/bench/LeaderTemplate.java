package org.openmpj.bench;

/**
 * The schedule every leading side follows: tell the peer what comes, then time or count the round trips.
 * Subclasses supply how commands and messages travel.
 */
abstract class LeaderTemplate implements PingPongLink
{
    @Override
    public final long roundTrips(final int bytes, final int iterations)
    {
        command(Command.ROUND_TRIPS, bytes, iterations);
        final long start = System.nanoTime();
        exchange(bytes, iterations);
        return System.nanoTime() - start;
    }

    @Override
    public final long allocatedBytes(final int bytes, final int iterations)
    {
        command(Command.ALLOCATION, bytes, iterations);
        final long before = ThreadAllocation.currentThreadBytes();
        exchange(bytes, iterations);
        final long allocated = ThreadAllocation.currentThreadBytes() - before;
        return allocated + followerAllocatedBytes();
    }

    /** Tells the peer the operation, size and count of the next batch and waits for its acknowledgement. */
    abstract void command(int op, int bytes, int iterations);

    /** Runs {@code iterations} round trips of {@code bytes}. */
    abstract void exchange(int bytes, int iterations);

    /** @return the bytes the peer's thread allocated during the last {@link Command#ALLOCATION} batch, once it reports them. */
    abstract long followerAllocatedBytes();
}
