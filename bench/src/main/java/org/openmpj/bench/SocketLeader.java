package org.openmpj.bench;

/** The leading process of the socket floor: each message written whole, then its echo read whole. */
final class SocketLeader extends LeaderTemplate
{
    private final BusyPollChannel channel;

    SocketLeader(final BusyPollChannel channel)
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
            channel.sendData(bytes);
            channel.receiveData(bytes);
        }
    }
}
