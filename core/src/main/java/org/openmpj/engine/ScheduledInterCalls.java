package org.openmpj.engine;

import org.openmpj.Primitive;

/**
 * One non-blocking collective operation of an intercommunicator as it is described: each call writes the steps of its
 * algorithm down instead of taking them, those that cross between the groups on the intercommunicator's context for
 * non-blocking collectives and the group's own steps on its local group's, all tagged with the operation's number, and
 * {@link #start} takes those it can at once and hands back the {@link Schedule} whoever tests or waits advances. The
 * algorithms are those of {@link InterCollectives}, taken step by step there and written down here.
 *
 * <p>Every rank of both groups must start the same collectives in the same order on an intercommunicator, blocking and
 * non-blocking alike; any number may be in flight. Buffers belong to the operation until it completes.
 * Thread-safety: confined to the thread that starts the operation; the schedule may then be advanced by any thread.
 */
public final class ScheduledInterCalls implements InterCalls, ScheduledOperation
{
    private final Intercommunicator comm;
    private final ScheduleRecorder recorder;
    /** The calls of the local group's own steps, written into the same schedule. */
    private final ScheduledCalls group;

    private ScheduledInterCalls(final Intercommunicator comm, final ScheduleRecorder recorder)
    {
        this.comm = comm;
        this.recorder = recorder;
        this.group = ScheduledCalls.forGroup(recorder, comm.local());
    }

    /**
     * Begins the next non-blocking collective operation of {@code comm}.
     *
     * @param name its name, for errors (e.g. {@code "Ibcast"}).
     */
    public static ScheduledInterCalls begin(final Intercommunicator comm, final String name)
    {
        return new ScheduledInterCalls(comm, ScheduleRecorder.begin(comm.remote(), name));
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
    public void enter(final Intercommunicator on)
    {
        across(on);
    }

    @Override
    public void barrier(final Intercommunicator comm)
    {
        InterCollectives.barrier(recorder, group, across(comm), comm);
    }

    @Override
    public void bcast(final Intercommunicator comm, final Object buf, final Primitive kind, final int offset, final int count,
        final int root)
    {
        InterCollectives.bcast(recorder, group, across(comm), comm, buf, kind, offset, count, root);
    }

    @Override
    public void reduce(final Intercommunicator comm, final Object sendBuf, final int sendOffset, final Object recvBuf,
        final int recvOffset, final Primitive kind, final int count, final int itemElements, final Reduction op, final int root)
    {
        InterCollectives.reduce(recorder, group, across(comm), comm, sendBuf, sendOffset, recvBuf, recvOffset, kind, count,
            itemElements, op, root);
    }

    @Override
    public void allreduce(final Intercommunicator comm, final Object sendBuf, final int sendOffset, final Object recvBuf,
        final int recvOffset, final Primitive kind, final int count, final int itemElements, final Reduction op)
    {
        InterCollectives.allreduce(recorder, group, across(comm), comm, sendBuf, sendOffset, recvBuf, recvOffset, kind, count,
            itemElements, op);
    }

    @Override
    public void reduceScatter(final Intercommunicator comm, final Object sendBuf, final int sendOffset, final Object recvBuf,
        final int recvOffset, final int[] recvCounts, final Primitive kind, final int itemElements, final Reduction op)
    {
        InterCollectives.reduceScatter(recorder, group, across(comm), comm, sendBuf, sendOffset, recvBuf, recvOffset, recvCounts,
            kind, itemElements, op);
    }

    @Override
    public void gatherv(final Intercommunicator comm, final Object sendBuf, final int sendOffset, final int sendCount,
        final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind,
        final int root)
    {
        InterCollectives.gatherv(recorder, across(comm), comm, sendBuf, sendOffset, sendCount, recvBuf, recvOffset, recvCounts,
            recvDispls, kind, root);
    }

    @Override
    public void scatterv(final Intercommunicator comm, final Object sendBuf, final int sendOffset, final int[] sendCounts,
        final int[] sendDispls, final Object recvBuf, final int recvOffset, final int recvCount, final Primitive kind,
        final int root)
    {
        InterCollectives.scatterv(recorder, across(comm), comm, sendBuf, sendOffset, sendCounts, sendDispls, recvBuf, recvOffset,
            recvCount, kind, root);
    }

    @Override
    public void allgatherv(final Intercommunicator comm, final Object sendBuf, final int sendOffset, final int sendCount,
        final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind)
    {
        InterCollectives.allgatherv(recorder, across(comm), comm, sendBuf, sendOffset, sendCount, recvBuf, recvOffset, recvCounts,
            recvDispls, kind);
    }

    @Override
    public void alltoallv(final Intercommunicator comm, final Object sendBuf, final int sendOffset, final int[] sendCounts,
        final int[] sendDispls, final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls,
        final Primitive kind)
    {
        InterCollectives.exchangeWithEveryone(recorder, across(comm), comm, sendBuf, sendOffset, sendCounts, sendDispls, recvBuf,
            recvOffset, recvCounts, recvDispls, kind, Transfers.TAG_ALLTOALL);
    }

    /** @return the side the crossing steps run on, after checking the call is on the intercommunicator the operation began on. */
    private Communicator across(final Intercommunicator on)
    {
        if (on != comm)
        {
            throw new IllegalArgumentException("one non-blocking operation spans one intercommunicator");
        }
        return recorder.communicator();
    }
}
