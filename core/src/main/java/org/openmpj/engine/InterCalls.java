package org.openmpj.engine;

import org.openmpj.Primitive;

/**
 * The collective operations of an intercommunicator on primitive-array slices, as the datatype layer reaches them,
 * whether they are to run at once ({@link #BLOCKING}, through {@link InterCollectives}) or to be started as one
 * non-blocking operation ({@link ScheduledInterCalls}); what must follow the data's arrival goes to {@link #then}. The
 * arguments and their meaning are those of the {@link InterCollectives} method of the same name.
 */
public interface InterCalls
{
    /** Runs every call at once: the blocking collectives. Stateless. */
    InterCalls BLOCKING = new BlockingInterCalls();

    /** Runs {@code finish} once the calls made so far have completed: at once here, or at the end of the schedule. */
    void then(Runnable finish);

    /**
     * Marks the start of a collective call on {@code comm}, before its arguments are checked: counts a blocking one
     * ({@link InterCollectives#count}); a non-blocking one was counted when it began.
     */
    void enter(Intercommunicator comm);

    /** See {@link InterCollectives#barrier}. */
    void barrier(Intercommunicator comm);

    /** See {@link InterCollectives#bcast}. */
    void bcast(Intercommunicator comm, Object buf, Primitive kind, int offset, int count, int root);

    /** See {@link InterCollectives#reduce}. */
    void reduce(Intercommunicator comm, Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, Primitive kind, int count,
        int itemElements, Reduction op, int root);

    /** See {@link InterCollectives#allreduce}. */
    void allreduce(Intercommunicator comm, Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, Primitive kind, int count,
        int itemElements, Reduction op);

    /** See {@link InterCollectives#reduceScatter}. */
    void reduceScatter(Intercommunicator comm, Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, int[] recvCounts, Primitive kind,
        int itemElements, Reduction op);

    /** See {@link InterCollectives#gatherv}. */
    void gatherv(Intercommunicator comm, Object sendBuf, int sendOffset, int sendCount, Object recvBuf, int recvOffset, int[] recvCounts,
        int[] recvDispls, Primitive kind, int root);

    /** See {@link InterCollectives#scatterv}. */
    void scatterv(Intercommunicator comm, Object sendBuf, int sendOffset, int[] sendCounts, int[] sendDispls, Object recvBuf, int recvOffset,
        int recvCount, Primitive kind, int root);

    /** See {@link InterCollectives#allgatherv}. */
    void allgatherv(Intercommunicator comm, Object sendBuf, int sendOffset, int sendCount, Object recvBuf, int recvOffset, int[] recvCounts,
        int[] recvDispls, Primitive kind);

    /** See {@link InterCollectives#alltoallv}. */
    void alltoallv(Intercommunicator comm, Object sendBuf, int sendOffset, int[] sendCounts, int[] sendDispls, Object recvBuf, int recvOffset,
        int[] recvCounts, int[] recvDispls, Primitive kind);
}
