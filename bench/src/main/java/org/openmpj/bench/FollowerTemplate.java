package org.openmpj.bench;

/**
 * The schedule every echoing side follows, the counterpart of {@link LeaderTemplate}: wait for the leader's
 * command, acknowledge it, echo the batch (counting this thread's heap allocation when asked), until told to stop.
 * Subclasses supply how commands and messages travel.
 */
abstract class FollowerTemplate implements Runnable
{
    /** A command is {op, bytes, iterations}. */
    static final int COMMAND_LENGTH = 3;

    /** The last command received: {@link #awaitCommand} fills it. */
    final long[] command = new long[COMMAND_LENGTH];

    @Override
    public final void run()
    {
        while (true)
        {
            awaitCommand();
            final int op = (int)command[0];
            if (op == Command.STOP)
            {
                return;
            }
            final int bytes = (int)command[1];
            final int iterations = (int)command[2];
            acknowledge();
            if (op == Command.ALLOCATION)
            {
                final long before = ThreadAllocation.currentThreadBytes();
                echo(bytes, iterations);
                reportAllocation(ThreadAllocation.currentThreadBytes() - before);
            }
            else
            {
                echo(bytes, iterations);
            }
        }
    }

    /** Waits for the leader's next command and stores it in {@link #command}, getting ready for its size. */
    abstract void awaitCommand();

    /** Tells the leader the command arrived: the peer is now waiting for the batch's first message. */
    abstract void acknowledge();

    /** Receives each of {@code iterations} messages of {@code bytes} and sends it back. */
    abstract void echo(int bytes, int iterations);

    /** Sends the leader the heap bytes this thread allocated during the batch just echoed. */
    abstract void reportAllocation(long bytes);
}
