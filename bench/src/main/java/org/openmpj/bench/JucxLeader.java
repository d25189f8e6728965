package org.openmpj.bench;

/** The leading process of the raw JUCX floor: each message sent, then its echo received, the receive posted first. */
final class JucxLeader extends LeaderTemplate
{
    private final JucxChannel channel;

    JucxLeader(final JucxChannel channel)
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
