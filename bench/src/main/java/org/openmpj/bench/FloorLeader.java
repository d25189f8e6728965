package org.openmpj.bench;

/** The leading JVM of a two-JVM floor: each message sent, then its echo received, over its {@link FloorChannel}. */
final class FloorLeader extends LeaderTemplate
{
    private final FloorChannel channel;

    FloorLeader(final FloorChannel channel)
    {
        this.channel = channel;
    }

    @Override
    long followerAllocatedBytes()
    {
        return channel.receiveReply();
    }

    @Override
    public void stop()
    {
        channel.sendCommand(Command.STOP, 0, 0);
    }

    @Override
    void command(final int op, final int bytes, final int iterations)
    {
        channel.sendCommand(op, bytes, iterations);
        channel.receiveReply();
    }

    @Override
    void exchange(final int bytes, final int iterations)
    {
        for (int i = 0; i < iterations; i++)
        {
            channel.roundTrip(bytes);
        }
    }
}
