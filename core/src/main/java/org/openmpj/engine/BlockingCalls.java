package org.openmpj.engine;

import org.openmpj.Primitive;

/** {@link CollectiveCalls#BLOCKING}: each call runs through {@link Collectives} and has completed when it returns. */
final class BlockingCalls implements CollectiveCalls
{
    @Override
    public void then(final Runnable finish)
    {
        finish.run();
    }

    @Override
    public void barrier(final Communicator comm)
    {
        Collectives.barrier(comm);
    }

    @Override
    public void bcast(final Communicator comm, final Object buf, final Primitive kind, final int offset, final int count, final int root)
    {
        Collectives.bcast(comm, buf, kind, offset, count, root);
    }

    @Override
    public void reduce(final Communicator comm, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count, final int itemElements, final Reduction op, final int root)
    {
        Collectives.reduce(comm, sendBuf, sendOffset, recvBuf, recvOffset, kind, count, itemElements, op, root);
    }

    @Override
    public void allreduce(final Communicator comm, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count, final int itemElements, final Reduction op)
    {
        Collectives.allreduce(comm, sendBuf, sendOffset, recvBuf, recvOffset, kind, count, itemElements, op);
    }

    @Override
    public void scan(final Communicator comm, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count, final int itemElements, final Reduction op)
    {
        Collectives.scan(comm, sendBuf, sendOffset, recvBuf, recvOffset, kind, count, itemElements, op);
    }

    @Override
    public void exscan(final Communicator comm, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final Primitive kind, final int count, final int itemElements, final Reduction op)
    {
        Collectives.exscan(comm, sendBuf, sendOffset, recvBuf, recvOffset, kind, count, itemElements, op);
    }

    @Override
    public void gather(final Communicator comm, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final int count, final Primitive kind, final int root)
    {
        Collectives.gather(comm, sendBuf, sendOffset, recvBuf, recvOffset, count, kind, root);
    }

    @Override
    public void gatherv(final Communicator comm, final Object sendBuf, final int sendOffset, final int sendCount, final Object recvBuf,
        final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind, final int root)
    {
        Collectives.gatherv(comm, sendBuf, sendOffset, sendCount, recvBuf, recvOffset, recvCounts, recvDispls, kind, root);
    }

    @Override
    public void scatter(final Communicator comm, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset,
        final int count, final Primitive kind, final int root)
    {
        Collectives.scatter(comm, sendBuf, sendOffset, recvBuf, recvOffset, count, kind, root);
    }

    @Override
    public void scatterv(final Communicator comm, final Object sendBuf, final int sendOffset, final int[] sendCounts, final int[] sendDispls,
        final Object recvBuf, final int recvOffset, final int recvCount, final Primitive kind, final int root)
    {
        Collectives.scatterv(comm, sendBuf, sendOffset, sendCounts, sendDispls, recvBuf, recvOffset, recvCount, kind, root);
    }

    @Override
    public void allgatherv(final Communicator comm, final Object sendBuf, final int sendOffset, final int sendCount, final Object recvBuf,
        final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind)
    {
        Collectives.allgatherv(comm, sendBuf, sendOffset, sendCount, recvBuf, recvOffset, recvCounts, recvDispls, kind);
    }

    @Override
    public void alltoall(final Communicator comm, final Object sendBuf, final int sendOffset, final int[] sendCounts, final int[] sendDispls,
        final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind)
    {
        Collectives.alltoall(comm, sendBuf, sendOffset, sendCounts, sendDispls, recvBuf, recvOffset, recvCounts, recvDispls, kind);
    }

    @Override
    public void alltoallv(final Communicator comm, final Object sendBuf, final int sendOffset, final int[] sendCounts, final int[] sendDispls,
        final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls, final Primitive kind)
    {
        Collectives.alltoallv(comm, sendBuf, sendOffset, sendCounts, sendDispls, recvBuf, recvOffset, recvCounts, recvDispls, kind);
    }

    @Override
    public void neighborAlltoallv(final Communicator comm, final Neighborhood hood, final Object sendBuf, final int sendOffset,
        final int[] sendCounts, final int[] sendDispls, final Object recvBuf, final int recvOffset, final int[] recvCounts, final int[] recvDispls,
        final Primitive kind)
    {
        Collectives.neighborAlltoallv(comm, hood, sendBuf, sendOffset, sendCounts, sendDispls, recvBuf, recvOffset, recvCounts, recvDispls,
            kind);
    }
}
