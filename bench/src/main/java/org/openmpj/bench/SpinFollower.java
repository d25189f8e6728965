package org.openmpj.bench;

/** The echoing thread of the Java floor: copies each message back into the leader's buffer. */
final class SpinFollower implements Runnable
{
    private final SpinChannel channel;
    private long sent;
    private long received;

    SpinFollower(final SpinChannel channel)
    {
        this.channel = channel;
    }

    @Override
    public void run()
    {
        while (true)
        {
            channel.awaitFromLeader(++received);
            final int op = channel.op;
            if (op == Command.STOP)
            {
                return;
            }
            final int bytes = channel.bytes;
            final int iterations = channel.iterations;
            channel.publishToLeader(++sent);
            if (op == Command.ALLOCATION)
            {
                final long before = ThreadAllocation.currentThreadBytes();
                echo(bytes, iterations);
                channel.followerAllocatedBytes = ThreadAllocation.currentThreadBytes() - before;
                channel.publishToLeader(++sent);
            }
            else
            {
                echo(bytes, iterations);
            }
        }
    }

    private void echo(final int bytes, final int iterations)
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
