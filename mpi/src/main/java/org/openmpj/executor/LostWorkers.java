package org.openmpj.executor;

import java.util.ArrayList;
import java.util.List;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;

/**
 * The root's knowledge of the workers its job has lost, in a job that survives lost ranks: which ones, how the receive of
 * outcomes from any worker learns of a new loss instead of waiting for a worker that is gone, which errors a lost worker
 * explains, and how the workers left are told to stop. In any other job it knows of no loss, and a receive is a plain one.
 *
 * <p>Thread-safety: {@link #receiveAny} and {@link #newlyLost} are called by the holder of the dispatcher's receiving role
 * only; {@link #isLost} and {@link #markLost} under the dispatcher's lock; the stops by the thread that ends the pool.
 */
final class LostWorkers
{
    private final Intracomm comm;
    private final int root;
    private final boolean survives;
    private final LostWorkerTasks policy;
    /** Workers no task goes to any more. */
    private final boolean[] lost;
    /** Workers whose tasks were taken off them, which {@link #newlyLost} names once. */
    private final boolean[] takenOut;
    private int live;
    /** The job's loss count the last look at the lost ranks saw. */
    private int lossesSeen;

    LostWorkers(final Intracomm comm, final int root, final LostWorkerTasks policy)
    {
        this.comm = comm;
        this.root = root;
        this.survives = comm.Survives_rank_loss();
        this.policy = policy;
        this.lost = new boolean[comm.Size()];
        this.takenOut = new boolean[comm.Size()];
        this.live = comm.Size() - 1;
    }

    /**
     * Receives one message from any worker into the buffer of {@code streams}, or learns of a loss instead.
     *
     * @return the message's status, or null when ranks were lost since the last look: the caller then asks {@link #newlyLost}.
     */
    Status receiveAny(final PoolStreams streams)
    {
        if (!survives)
        {
            return streams.receive(MPI.ANY_SOURCE);
        }
        final int losses = comm.Lost_count();
        if (losses != lossesSeen)
        {
            return null;
        }
        final Request request = streams.startReceive(MPI.ANY_SOURCE);
        try
        {
            // A loss between the look above and the posting: the receive does not count it, so it is withdrawn here.
            if (comm.Lost_count() != losses)
            {
                request.Cancel();
            }
            final Status status = request.Wait();
            return status.Test_cancelled() ? null : status;
        }
        catch (final MPIException ex)
        {
            streams.inboxSpoilt();
            // The device withdrew the receive, unmatched, because a rank was lost while it waited.
            if (explainedByLoss(ex) && comm.Lost_count() != losses)
            {
                return null;
            }
            throw ex;
        }
    }

    /** @return the workers the job lost whose tasks are still to be taken off them, each once; no task goes to them now. */
    List<Integer> newlyLost()
    {
        lossesSeen = comm.Lost_count();
        final List<Integer> found = new ArrayList<>();
        for (final int rank : comm.Lost_ranks())
        {
            if (rank != root && !takenOut[rank])
            {
                takenOut[rank] = true;
                markLost(rank);
                found.add(rank);
            }
        }
        return found;
    }

    /** Gives worker {@code rank} no more tasks: a send to it failed on its loss, which {@link #newlyLost} names later. */
    void markLost(final int rank)
    {
        if (!lost[rank])
        {
            lost[rank] = true;
            live--;
        }
    }

    boolean isLost(final int rank)
    {
        return lost[rank];
    }

    /** @return how many workers are not lost. */
    int live()
    {
        return live;
    }

    /** Tells each worker not lost to stop, once its assignments have left; a worker lost meanwhile is passed over. */
    void stopTheOthers()
    {
        for (int rank = 0; rank < lost.length; rank++)
        {
            if (rank != root && !lost[rank])
            {
                try
                {
                    comm.Send(new byte[0], 0, 0, MPI.BYTE, rank, PoolMessages.TAG_STOP);
                }
                catch (final MPIException ex)
                {
                    if (!explainedByLoss(ex))
                    {
                        throw ex;
                    }
                }
            }
        }
    }

    /** Tells every worker to stop without waiting: a dead one refuses, or never takes the message, and is passed over. */
    void stopWhoeverHears()
    {
        for (int rank = 0; rank < lost.length; rank++)
        {
            try
            {
                if (rank != root)
                {
                    comm.Isend(new byte[0], 0, 0, MPI.BYTE, rank, PoolMessages.TAG_STOP);
                }
            }
            catch (final RuntimeException unreachable)
            {
                // That worker is gone with the job; the others still hear.
            }
        }
    }

    /** @return whether a lost worker's tasks go to other workers rather than fail. */
    boolean resubmits()
    {
        return policy == LostWorkerTasks.RESUBMIT;
    }

    /** @return whether {@code ex} is an operation failing on a lost rank, which a job that survives lost ranks goes on after. */
    boolean explainedByLoss(final MPIException ex)
    {
        return survives && ex.getErrorClass() == MPI.ERR_PROC_FAILED;
    }
}
