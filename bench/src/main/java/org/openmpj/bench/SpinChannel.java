package org.openmpj.bench;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * What the two threads of the Java floor share: one message buffer per side and one hand-off counter per
 * direction. A side writes into the other side's buffer, then publishes the next value of its counter; the
 * other side spins until it sees that value or a later one: a side may publish twice in a row (its last
 * echo, then its allocation count) before the other looks. The command fields are plain: the counter's
 * release store publishes them and the acquire load that sees it makes them visible.
 */
final class SpinChannel
{
    /** 16 longs = 128 bytes: each counter on its own pair of cache lines, away from the array header too. */
    private static final int PAD = 16;
    private static final int TO_FOLLOWER = PAD;
    private static final int TO_LEADER = 2 * PAD;

    final byte[] leaderBuffer;
    final byte[] followerBuffer;
    int op;
    int bytes;
    int iterations;
    long followerAllocatedBytes;

    private final AtomicLongArray counters = new AtomicLongArray(3 * PAD);

    /** @param maxBytes the largest message. */
    SpinChannel(final int maxBytes)
    {
        leaderBuffer = new byte[maxBytes];
        followerBuffer = new byte[maxBytes];
    }

    void publishToFollower(final long sequence)
    {
        counters.setRelease(TO_FOLLOWER, sequence);
    }

    void publishToLeader(final long sequence)
    {
        counters.setRelease(TO_LEADER, sequence);
    }

    void awaitFromLeader(final long sequence)
    {
        while (counters.getAcquire(TO_FOLLOWER) < sequence)
        {
            Thread.onSpinWait();
        }
    }

    void awaitFromFollower(final long sequence)
    {
        while (counters.getAcquire(TO_LEADER) < sequence)
        {
            Thread.onSpinWait();
        }
    }
}
