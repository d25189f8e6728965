package org.openmpj.bench;

/** The echoing JVM of a two-JVM floor: receives each message, then sends it back, over its {@link FloorChannel}. */
final class FloorFollower extends FollowerTemplate
{
    private final FloorChannel channel;

    FloorFollower(final FloorChannel channel)
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
