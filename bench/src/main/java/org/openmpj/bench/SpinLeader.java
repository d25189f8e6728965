package org.openmpj.bench;

/** The leading thread of the Java floor: one {@code System.arraycopy} and one counter hand-off per message. */
final class SpinLeader extends LeaderTemplate
{
    private final SpinChannel channel;
    private long sent;
    private long received;

    SpinLeader(final SpinChannel channel)
    {
        this.channel = channel;
    }

    @Override
    long followerAllocatedBytes()
    {
        channel.awaitFromFollower(++received);
        return channel.followerAllocatedBytes;
    }

    @Override
    public void stop()
    {
        channel.op = Command.STOP;
        channel.publishToFollower(++sent);
    }

    @Override
    void command(final int op, final int bytes, final int iterations)
    {
        channel.op = op;
        channel.bytes = bytes;
        channel.iterations = iterations;
        channel.publishToFollower(++sent);
        channel.awaitFromFollower(++received);
    }

    @Override
    void exchange(final int bytes, final int iterations)
    {
        final byte[] from = channel.leaderBuffer;
        final byte[] to = channel.followerBuffer;
        for (int i = 0; i < iterations; i++)
        {
            System.arraycopy(from, 0, to, 0, bytes);
            channel.publishToFollower(++sent);
            channel.awaitFromFollower(++received);
        }
    }
}
