package org.openmpj.bench;

/** What the leader of a ping-pong pair asks its echoing peer to do next. */
final class Command
{
    /** Echo a batch of messages. */
    static final int ROUND_TRIPS = 1;
    /** Echo a batch of messages and report the heap this thread allocated meanwhile. */
    static final int ALLOCATION = 2;
    /** Return: no more batches follow. */
    static final int STOP = 3;

    private Command()
    {
    }
}
