package org.openmpj.bench;

/** The echoing thread of the Java floor: copies each message back into the leader's buffer. */
final class SpinFollower extends FollowerTemplate
{
    private final SpinChannel channel;
    private long sent;
    private long received;

    SpinFollower(final SpinChannel channel)
    {
        this.channel = channel;
    }

    @Override
    void awaitCommand()
    {
        channel.awaitFromLeader(++received);
        command[0] = channel.op;
        command[1] = channel.bytes;
        command[2] = channel.iterations;
    }

    @Override
    void acknowledge()
    {
        channel.publishToLeader(++sent);
    }

    @Override
    void reportAllocation(final long bytes)
    {
        channel.followerAllocatedBytes = bytes;
        channel.publishToLeader(++sent);
    }

    @Override
    void echo(final int bytes, final int iterations)
    {
        final byte[] from = channel.followerBuffer;
        final byte[] to = channel.leaderBuffer;
        for (int i = 0; i < iterations; i++)
        {
            channel.awaitFromLeader(++received);
            System.arraycopy(from, 0, to, 0, bytes);
            channel.publishToLeader(++sent);
        }
    }
}
