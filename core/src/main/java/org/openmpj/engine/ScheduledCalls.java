package org.openmpj.engine;

import org.openmpj.Primitive;

/**
 * One non-blocking collective operation (MPI-3's {@code MPI_Ibarrier}, {@code MPI_Iallreduce}, …) as it is described:
 * each call writes the steps of its algorithm down, in order, instead of taking them, and {@link #start} takes those it
 * can at once and hands back the {@link Schedule} whoever tests or waits advances. The algorithms, and the choice among
 * them by message size and process count, are those of {@link Collectives}: one code, taken step by step there and
 * written down here ({@link Steps}). Only the world board's shortcuts, which need every rank inside the call at once,
 * are left out. Several calls may make up one operation (a reduction then a scatter, for a reduce-scatter).
 *
 * <p>Every rank must start the same collectives in the same order on a communicator, blocking and non-blocking alike,
 * as MPI requires; any number may be in flight at once. Buffers belong to the operation until it completes.
 * Thread-safety: confined to the thread that starts the operation; the schedule may then be advanced by any thread.
 */
public final class ScheduledCalls implements CollectiveCalls, ScheduledOperation
{
    private final ScheduleRecorder recorder;
    private final Communicator comm;
    /** The side of {@link #comm} the steps run on: its context for non-blocking collectives. */
    private final Communicator side;

    private ScheduledCalls(final ScheduleRecorder recorder, final Communicator comm, final Communicator side)
    {
        this.recorder = recorder;
        this.comm = comm;
        this.side = side;
    }

    /**
     * Begins the next non-blocking collective operation of {@code comm}.
     *
     * @param name its name, for errors (e.g. {@code "Iallreduce"}).
     */
    public static ScheduledCalls begin(final Communicator comm, final String name)
    {
        final ScheduleRecorder recorder = ScheduleRecorder.begin(comm, name);
        return new ScheduledCalls(recorder, comm, recorder.communicator());
    }

    /**
     * @return the calls of a group's own steps inside the operation {@code recorder} writes down, on {@code group}'s
     *         context for non-blocking collectives (an intercommunicator's local group, whose context is its own).
     */
    static ScheduledCalls forGroup(final ScheduleRecorder recorder, final Communicator group)
    {
        final Communicator groupSide = group.nonBlocking();
        recorder.addSide(groupSide);
        return new ScheduledCalls(recorder, group, groupSide);
    }

    @Override
    public void abandon()
    {
        recorder.abandon();
    }

    @Override
    public Schedule start()
    {
        return recorder.start();
    }

    @Override
    public void then(final Runnable finish)
    {
        recorder.then(finish);
    }

    @Override
    public void barrier(final Communicator on)
    {
        Barrier.dissemination(recorder, side(on));
    }

    @Override
    public void bcast(final Communicator on, final Object buf, final Primitive kind, final int offset, final int count, final int root)
    {
        Broadcast.bcast(recorder, side(on), buf, kind, offset, count, root);
    }

    @Override
    public void reduce(final Communicator on, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count, final int itemElements, final Reduction op, final int root)
    {
        Reduce.reduce(recorder, side(on), sendBuf, sendOffset, recvBuf, recvOffset, kind, count, itemElements, op, root, recorder.scratch());
    }

    @Override
    public void allreduce(final Communicator on, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count, final int itemElements, final Reduction op)
    {
        Allreduce.allreduce(recorder, side(on), sendBuf, sendOffset, recvBuf, recvOffset, kind, count, itemElements, op, recorder.scratch());
    }

    @Override
    public void scan(final Communicator on, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count, final int itemElements, final Reduction op)
    {
        Scan.chain(recorder, side(on), sendBuf, sendOffset, recvBuf, recvOffset, kind, count, itemElements, op, recorder.scratch());
    }

    @Override
    public void exscan(final Communicator on, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count, final int itemElements, final Reduction op)
    {
        Scan.exclusiveChain(recorder, side(on), sendBuf, sendOffset, recvBuf, recvOffset, kind, count, itemElements, op, recorder.scratch());
    }

    @Override
    public void gather(final Communicator on, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final int count, final Primitive kind, final int root)
    {
        Gathering.gather(recorder, side(on), sendBuf, sendOffset, recvBuf, recvOffset, count, kind, root, recorder.scratch());
    }

    @Override
    public void gatherv(final Communicator on, final Object sendBuf, final int sendOffset, final int sendCount, final Object recvBuf,
        final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind, final int root)
    {
        Gathering.gatherv(recorder, side(on), sendBuf, sendOffset, sendCount, recvBuf, recvOffset, recvCounts, recvDispls, kind, root);
    }

    @Override
    public void scatter(final Communicator on, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final int count, final Primitive kind, final int root)
    {
        Gathering.scatter(recorder, side(on), sendBuf, sendOffset, recvBuf, recvOffset, count, kind, root, recorder.scratch());
    }

    @Override
    public void scatterv(final Communicator on, final Object sendBuf, final int sendOffset, final int[] sendCounts, final int[] sendDispls,
        final Object recvBuf, final int recvOffset, final int recvCount, final Primitive kind, final int root)
    {
        Gathering.scatterv(recorder, side(on), sendBuf, sendOffset, sendCounts, sendDispls, recvBuf, recvOffset, recvCount, kind, root);
    }

    @Override
    public void allgatherv(final Communicator on, final Object sendBuf, final int sendOffset, final int sendCount, final Object recvBuf,
        final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind)
    {
        Allgather.allgatherv(recorder, side(on), sendBuf, sendOffset, sendCount, recvBuf, recvOffset, recvCounts, recvDispls, kind,
            recorder.scratch());
    }

    @Override
    public void alltoall(final Communicator on, final Object sendBuf, final int sendOffset, final int[] sendCounts, final int[] sendDispls,
        final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind)
    {
        alltoallv(on, sendBuf, sendOffset, sendCounts, sendDispls, recvBuf, recvOffset, recvCounts, recvDispls, kind);
    }

    @Override
    public void alltoallv(final Communicator on, final Object sendBuf, final int sendOffset, final int[] sendCounts, final int[] sendDispls,
        final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind)
    {
        AllToAll.alltoallv(recorder, side(on), sendBuf, sendOffset, sendCounts, sendDispls, recvBuf, recvOffset, recvCounts, recvDispls, kind);
    }

    @Override
    public void neighborAlltoallv(final Communicator on, final Neighborhood hood, final Object sendBuf, final int sendOffset,
        final int[] sendCounts, final int[] sendDispls, final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls,
        final Primitive kind)
    {
        Neighbors.alltoallv(recorder, side(on), hood, sendBuf, sendOffset, sendCounts, sendDispls, recvBuf, recvOffset, recvCounts, recvDispls,
            kind);
    }

    /** @return the side the recorded steps run on, after checking the call is on the communicator the operation began on. */
    private Communicator side(final Communicator on)
    {
        if (on != comm)
        {
            throw new IllegalArgumentException("these calls of a non-blocking operation run on context " + comm.context() + ", not "
                + on.context());
        }
        return side;
    }
}
