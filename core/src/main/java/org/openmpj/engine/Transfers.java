package org.openmpj.engine;

import org.openmpj.OpenMpjException;
import org.openmpj.device.Primitive;
import org.openmpj.device.ReceiveRequest;
import org.openmpj.device.Request;
import org.openmpj.device.SendMode;

/**
 * The point-to-point steps collective algorithms are made of, on a communicator's collective context, and the
 * tag of each operation family. Every send a step starts has completed when the step returns, so no buffer of
 * a collective is read after the collective has returned.
 */
final class Transfers
{
    static final int TAG_BARRIER = 1;
    static final int TAG_BCAST = 2;
    static final int TAG_REDUCE = 3;
    static final int TAG_ALLREDUCE = 4;
    static final int TAG_GATHER = 5;
    static final int TAG_SCATTER = 6;
    static final int TAG_ALLGATHER = 7;
    static final int TAG_ALLTOALL = 8;
    static final int TAG_SCAN = 9;

    private Transfers()
    {
    }

    /** Sends and returns once the buffer may be reused. */
    static void send(
        final Communicator c, final Object buf, final Primitive kind, final int offset, final int count, final int dest, final int tag)
    {
        c.send(buf, kind, offset, count, dest, tag, SendMode.STANDARD);
    }

    /** Receives and waits; a failed receive (such as a truncated message) throws. */
    static void receive(
        final Communicator c, final Object buf, final Primitive kind, final int offset, final int count, final int source, final int tag)
    {
        final ReceiveRequest request = c.recv(buf, kind, offset, count, source, tag);
        final OpenMpjException error = request.error();
        if (error != null)
        {
            throw error;
        }
    }

    /** Sends one block and receives another at once, so that ranks exchanging in a cycle never deadlock. */
    static void exchange(
        final Communicator c, final Object sendBuf, final Primitive kind, final int sendOffset, final int sendCount, final int dest,
        final Object recvBuf, final int recvOffset, final int recvCount, final int source, final int tag)
    {
        final Request send = c.isend(sendBuf, kind, sendOffset, sendCount, dest, tag, SendMode.STANDARD);
        receive(c, recvBuf, kind, recvOffset, recvCount, source, tag);
        c.await(send);
    }

    /** Waits for every request of {@code requests} that is not null, then throws the first error any ended with. */
    static void awaitAll(final Communicator c, final Request[] requests)
    {
        OpenMpjException first = null;
        for (final Request request : requests)
        {
            if (request != null)
            {
                c.await(request);
                if (first == null)
                {
                    first = request.error();
                }
            }
        }
        if (first != null)
        {
            throw first;
        }
    }
}
