package org.openmpj.bench;

/** The echoing process of the raw JUCX floor: receives each message, then sends it back. */
final class JucxFollower extends FollowerTemplate
{
    private final JucxChannel channel;

    JucxFollower(final JucxChannel channel)
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
            channel.echo(bytes);
        }
    }
}
