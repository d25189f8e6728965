package org.openmpj.bench;

/** The leading thread of the Java floor: one {@code System.arraycopy} and one counter hand-off per message. */
final class SpinLeader implements PingPongLink
{
    private final SpinChannel channel;
    private long sent;
    private long received;

    SpinLeader(final SpinChannel channel)
    {
        this.channel = channel;
    }

    @Override
    public long roundTrips(final int bytes, final int iterations)
    {
        command(Command.ROUND_TRIPS, bytes, iterations);
        final long start = System.nanoTime();
        exchange(bytes, iterations);
        return System.nanoTime() - start;
    }

    @Override
    public long allocatedBytes(final int bytes, final int iterations)
    {
        command(Command.ALLOCATION, bytes, iterations);
        final long before = ThreadAllocation.currentThreadBytes();
        exchange(bytes, iterations);
        final long allocated = ThreadAllocation.currentThreadBytes() - before;
        channel.awaitFromFollower(++received);
        return allocated + channel.followerAllocatedBytes;
    }

    @Override
    public void stop()
    {
        channel.op = Command.STOP;
        channel.publishToFollower(++sent);
    }

    private void command(final int op, final int bytes, final int iterations)
    {
        channel.op = op;
        channel.bytes = bytes;
        channel.iterations = iterations;
        channel.publishToFollower(++sent);
        channel.awaitFromFollower(++received);
    }

    private void exchange(final int bytes, final int iterations)
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
