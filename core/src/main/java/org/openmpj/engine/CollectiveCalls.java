package org.openmpj.engine;

import org.openmpj.Primitive;

/**
 * The collective operations of an intracommunicator on primitive-array slices, as a layer above reaches them — the
 * datatype layer, which packs and unpacks derived types around them — whether they are to run at once or to be started:
 * {@link #BLOCKING} runs each call through {@link Collectives} and returns when it is done; a {@link ScheduledCalls}
 * writes the calls of one non-blocking operation down as a schedule and starts it. So a typed collective is written
 * once for both forms, and what it must do after the data has moved (unpack a staged receive, hand scratch back) goes to
 * {@link #then}. The arguments and their meaning are those of the {@link Collectives} method of the same name.
 */
public interface CollectiveCalls
{
    /** Runs every call at once: the blocking collectives. Stateless. */
    CollectiveCalls BLOCKING = new BlockingCalls();

    /** Runs {@code finish} once the calls made so far have completed: at once here, or at the end of the schedule. */
    void then(Runnable finish);

    /** See {@link Collectives#barrier}. */
    void barrier(Communicator comm);

    /** See {@link Collectives#bcast}. */
    void bcast(Communicator comm, Object buf, Primitive kind, int offset, int count, int root);

    /** See {@link Collectives#reduce}. */
    void reduce(Communicator comm, Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, Primitive kind, int count, int itemElements,
        Reduction op, int root);

    /** See {@link Collectives#allreduce}. */
    void allreduce(Communicator comm, Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, Primitive kind, int count,
        int itemElements, Reduction op);

    /** See {@link Collectives#scan}. */
    void scan(Communicator comm, Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, Primitive kind, int count, int itemElements,
        Reduction op);

    /** See {@link Collectives#exscan}. */
    void exscan(Communicator comm, Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, Primitive kind, int count,
        int itemElements, Reduction op);

    /** See {@link Collectives#gather}. */
    void gather(Communicator comm, Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, int count, Primitive kind, int root);

    /** See {@link Collectives#gatherv}. */
    void gatherv(Communicator comm, Object sendBuf, int sendOffset, int sendCount, Object recvBuf, int recvOffset, int[] recvCounts,
        int[] recvDispls, Primitive kind, int root);

    /** See {@link Collectives#scatter}. */
    void scatter(Communicator comm, Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, int count, Primitive kind, int root);

    /** See {@link Collectives#scatterv}. */
    void scatterv(Communicator comm, Object sendBuf, int sendOffset, int[] sendCounts, int[] sendDispls, Object recvBuf, int recvOffset,
        int recvCount, Primitive kind, int root);

    /** See {@link Collectives#allgatherv}. */
    void allgatherv(Communicator comm, Object sendBuf, int sendOffset, int sendCount, Object recvBuf, int recvOffset, int[] recvCounts,
        int[] recvDispls, Primitive kind);

    /** See {@link Collectives#alltoall}. */
    void alltoall(Communicator comm, Object sendBuf, int sendOffset, int[] sendCounts, int[] sendDispls, Object recvBuf, int recvOffset,
        int[] recvCounts, int[] recvDispls, Primitive kind);

    /** See {@link Collectives#alltoallv}. */
    void alltoallv(Communicator comm, Object sendBuf, int sendOffset, int[] sendCounts, int[] sendDispls, Object recvBuf, int recvOffset,
        int[] recvCounts, int[] recvDispls, Primitive kind);

    /** See {@link Collectives#neighborAlltoallv}. */
    void neighborAlltoallv(Communicator comm, Neighborhood hood, Object sendBuf, int sendOffset, int[] sendCounts, int[] sendDispls,
        Object recvBuf, int recvOffset, int[] recvCounts, int[] recvDispls, Primitive kind);
}
