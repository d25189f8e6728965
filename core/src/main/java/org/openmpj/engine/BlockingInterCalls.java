package org.openmpj.engine;

import org.openmpj.Primitive;

/** {@link InterCalls#BLOCKING}: each call runs at once, through {@link InterCollectives}. */
final class BlockingInterCalls implements InterCalls
{
    @Override
    public void then(final Runnable finish)
    {
        finish.run();
    }

    @Override
    public void enter(final Intercommunicator comm)
    {
        InterCollectives.count(comm);
    }

    @Override
    public void barrier(final Intercommunicator comm)
    {
        InterCollectives.barrier(comm);
    }

    @Override
    public void bcast(final Intercommunicator comm, final Object buf, final Primitive kind, final int offset, final int count,
        final int root)
    {
        InterCollectives.bcast(comm, buf, kind, offset, count, root);
    }

    @Override
    public void reduce(final Intercommunicator comm, final Object sendBuf, final int sendOffset, final Object recvBuf,
        final int recvOffset, final Primitive kind, final int count, final int itemElements, final Reduction op, final int root)
    {
        InterCollectives.reduce(comm, sendBuf, sendOffset, recvBuf, recvOffset, kind, count, itemElements, op, root);
    }

    @Override
    public void allreduce(final Intercommunicator comm, final Object sendBuf, final int sendOffset, final Object recvBuf,
        final int recvOffset, final Primitive kind, final int count, final int itemElements, final Reduction op)
    {
        InterCollectives.allreduce(comm, sendBuf, sendOffset, recvBuf, recvOffset, kind, count, itemElements, op);
    }

    @Override
    public void reduceScatter(final Intercommunicator comm, final Object sendBuf, final int sendOffset, final Object recvBuf,
        final int recvOffset, final int[] recvCounts, final Primitive kind, final int itemElements, final Reduction op)
    {
        InterCollectives.reduceScatter(comm, sendBuf, sendOffset, recvBuf, recvOffset, recvCounts, kind, itemElements, op);
    }

    @Override
    public void gatherv(final Intercommunicator comm, final Object sendBuf, final int sendOffset, final int sendCount,
        final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind,
        final int root)
    {
        InterCollectives.gatherv(comm, sendBuf, sendOffset, sendCount, recvBuf, recvOffset, recvCounts, recvDispls, kind, root);
    }

    @Override
    public void scatterv(final Intercommunicator comm, final Object sendBuf, final int sendOffset, final int[] sendCounts,
        final int[] sendDispls, final Object recvBuf, final int recvOffset, final int recvCount, final Primitive kind,
        final int root)
    {
        InterCollectives.scatterv(comm, sendBuf, sendOffset, sendCounts, sendDispls, recvBuf, recvOffset, recvCount, kind, root);
    }

    @Override
    public void allgatherv(final Intercommunicator comm, final Object sendBuf, final int sendOffset, final int sendCount,
        final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind)
    {
        InterCollectives.allgatherv(comm, sendBuf, sendOffset, sendCount, recvBuf, recvOffset, recvCounts, recvDispls, kind);
    }

    @Override
    public void alltoallv(final Intercommunicator comm, final Object sendBuf, final int sendOffset, final int[] sendCounts,
        final int[] sendDispls, final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls,
        final Primitive kind)
    {
        InterCollectives.alltoallv(comm, sendBuf, sendOffset, sendCounts, sendDispls, recvBuf, recvOffset, recvCounts, recvDispls,
            kind);
    }
}
