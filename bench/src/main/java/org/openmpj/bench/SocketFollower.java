package org.openmpj.bench;

/** The echoing process of the socket floor: reads each message whole, then writes it back. */
final class SocketFollower extends FollowerTemplate
{
    private final BusyPollChannel channel;

    SocketFollower(final BusyPollChannel channel)
    {
        this.channel = channel;
    }

    @Override
    void awaitCommand()
    {
        channel.receiveCommand(command);
    }

    @Override
    void acknowledge()
    {
        channel.sendReply(0);
    }

    @Override
    void reportAllocation(final long bytes)
    {
        channel.sendReply(bytes);
    }

    @Override
    void echo(final int bytes, final int iterations)
    {
        for (int i = 0; i < iterations; i++)
        {
            channel.receiveData(bytes);
            channel.sendData(bytes);
        }
    }
}
