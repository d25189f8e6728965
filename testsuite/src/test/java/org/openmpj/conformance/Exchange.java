package org.openmpj.conformance;

import mpi.Datatype;
import mpi.MPI;
import mpi.Request;
import mpi.Status;

import org.openmpj.testing.Check;

/**
 * What the programs share: ring neighbours in {@code COMM_WORLD}, and exchanges around the ring that take a
 * known path through matching. Every rank sends to {@link #next()} and receives from {@link #prev()}; with one
 * rank both are the rank itself, and only non-blocking sends are used towards them so no rank relies on a
 * standard send completing before its receive is posted.
 *
 * <p>Loaded by each rank's own class loader, like the programs.
 */
final class Exchange
{
    /** Messages longer than the thread device's default eager limit of 4 KiB travel by rendezvous. */
    static final int RENDEZVOUS_INTS = 20_000;
    /** Tag of the "my message is on its way" signal of {@link #viaUnexpected}; programs use smaller tags. */
    static final int SENT_TAG = 1_000_001;
    /** Tag of the "my receive is posted" signal of {@link #viaPosted}. */
    static final int POSTED_TAG = 1_000_002;
    /** Tag of {@link #checkRing}'s messages. */
    static final int RING_TAG = 1_000_003;
    /** Tag of {@link #releaseFromRankZero}'s messages. */
    static final int RELEASE_TAG = 1_000_004;

    private static final int[] NOTHING = new int[0];

    private Exchange()
    {
    }

    static int rank()
    {
        return MPI.COMM_WORLD.Rank();
    }

    static int size()
    {
        return MPI.COMM_WORLD.Size();
    }

    /** @return the rank this one sends to. */
    static int next()
    {
        return (rank() + 1) % size();
    }

    /** @return the rank this one receives from. */
    static int prev()
    {
        return (rank() + size() - 1) % size();
    }

    /**
     * Sends {@code send} to the next rank and receives from the previous one, the message being queued as
     * unexpected before the receive is posted: the receiver waits for a signal sent after the data.
     *
     * @return the status of the receive.
     */
    static Status viaUnexpected(
        final Datatype type, final Object send, final int sendOffset, final int sendCount,
        final Object recv, final int recvOffset, final int recvCount, final int tag)
    {
        final Request data = MPI.COMM_WORLD.Isend(send, sendOffset, sendCount, type, next(), tag);
        final Request sent = MPI.COMM_WORLD.Isend(NOTHING, 0, 0, MPI.INT, next(), SENT_TAG);
        MPI.COMM_WORLD.Recv(NOTHING, 0, 0, MPI.INT, prev(), SENT_TAG);
        final Status status = MPI.COMM_WORLD.Recv(recv, recvOffset, recvCount, type, prev(), tag);
        data.Wait();
        sent.Wait();
        return status;
    }

    /**
     * Sends {@code send} to the next rank and receives from the previous one, the receive being posted before
     * the message is sent: the sender waits for a signal sent after the receive is posted.
     *
     * @return the status of the receive.
     */
    static Status viaPosted(
        final Datatype type, final Object send, final int sendOffset, final int sendCount,
        final Object recv, final int recvOffset, final int recvCount, final int tag)
    {
        final Request receive = MPI.COMM_WORLD.Irecv(recv, recvOffset, recvCount, type, prev(), tag);
        final Request posted = MPI.COMM_WORLD.Isend(NOTHING, 0, 0, MPI.INT, prev(), POSTED_TAG);
        MPI.COMM_WORLD.Recv(NOTHING, 0, 0, MPI.INT, next(), POSTED_TAG);
        final Request data = MPI.COMM_WORLD.Isend(send, sendOffset, sendCount, type, next(), tag);
        final Status status = receive.Wait();
        data.Wait();
        posted.Wait();
        return status;
    }

    /**
     * Holds every rank but 0 until rank 0 gets here, so that nothing more is sent to rank 0 while it receives
     * with wildcards before this point.
     */
    static void releaseFromRankZero()
    {
        if (rank() == 0)
        {
            final Request[] releases = new Request[size() - 1];
            for (int dest = 1; dest < size(); dest++)
            {
                releases[dest - 1] = signal(dest, RELEASE_TAG);
            }
            Request.Waitall(releases);
        }
        else
        {
            awaitSignal(0, RELEASE_TAG);
        }
    }

    /** Sends an empty message with {@code tag} to {@code dest} and returns its request. */
    static Request signal(final int dest, final int tag)
    {
        return MPI.COMM_WORLD.Isend(NOTHING, 0, 0, MPI.INT, dest, tag);
    }

    /** Waits for an empty message with {@code tag} from {@code source}. */
    static void awaitSignal(final int source, final int tag)
    {
        MPI.COMM_WORLD.Recv(NOTHING, 0, 0, MPI.INT, source, tag);
    }

    /**
     * Passes one value to the next rank and checks the one from the previous rank: proves the job still
     * communicates, e.g. after a call that failed.
     *
     * @param salt makes the values of successive checks differ, so a stray message would be noticed.
     */
    static void checkRing(final int salt, final String after)
    {
        final int[] out = {rank() * 1_000 + salt};
        final int[] in = {-1};
        final Request send = MPI.COMM_WORLD.Isend(out, 0, 1, MPI.INT, next(), RING_TAG);
        final Status status = MPI.COMM_WORLD.Recv(in, 0, 1, MPI.INT, prev(), RING_TAG);
        send.Wait();
        Check.equal(prev() * 1_000 + salt, in[0], "ring value after " + after);
        Check.equal(prev(), status.source, "ring source after " + after);
        Check.equal(RING_TAG, status.tag, "ring tag after " + after);
    }

    /**
     * Waits for {@code request} by testing it, failing a check rather than hanging when it does not complete
     * within 10 s: for requests whose completion is the point, such as cancelled ones.
     */
    static Status completeWithin(final Request request, final String what)
    {
        final long deadline = System.nanoTime() + 10_000_000_000L;
        Status status = request.Test();
        while (status == null)
        {
            Check.that(System.nanoTime() < deadline, what + " did not complete within 10 s");
            Thread.yield();
            status = request.Test();
        }
        return status;
    }

    /** Sleeps; for programs that give a peer time to do what it must not do. */
    static void pause(final long millis)
    {
        try
        {
            Thread.sleep(millis);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", ex);
        }
    }
}
