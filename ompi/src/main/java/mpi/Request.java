package mpi;

import org.openmpj.OpenMpjException;
import org.openmpj.engine.messages.Operation;

/**
 * A non-blocking operation in flight: wait for it, test it, cancel it. Once a wait or a successful test has returned, the
 * request is inactive: a plain request is then the null request ({@link #isNull()}), a persistent one ({@link Prequest})
 * can be started again. The static methods wait for or test arrays of requests; {@code null} entries count as inactive.
 * A request keeps the buffers of its operation reachable until it completes.
 *
 * <p>Thread-safety: one thread at a time waits for or tests a request; different requests may be used by different
 * threads at once.
 */
public class Request implements Freeable
{
    private final CommBinding comm;
    private volatile Operation operation;
    /** The buffers of the operation, kept reachable while it is in flight. */
    private volatile Object buffers;
    /** The status of an operation {@link #getStatus()} finished while the request stayed active. */
    private Status finished;
    private volatile boolean freed;

    Request(final CommBinding comm, final Operation operation, final Object... buffers)
    {
        this.comm = comm;
        this.operation = operation;
        this.buffers = buffers;
    }

    /**
     * Frees the request: it is the null request afterwards. An operation in flight still completes, unobserved.
     *
     * @throws MPIException when MPI is not active.
     */
    @Override
    public void free() throws MPIException
    {
        if (!isNull())
        {
            MPI.check("Request.free");
            freed = true;
            operation = null;
        }
    }

    /**
     * Cancels the operation if it has not matched yet; a wait then reports it cancelled ({@link Status#isCancelled()}).
     * Collective operations cannot be cancelled.
     *
     * @throws MPIException {@code ERR_REQUEST} when the operation cannot be cancelled.
     */
    public final void cancel() throws MPIException
    {
        MPI.check("Request.cancel");
        final Operation current = operation;
        if (current != null && !current.isCancelled())
        {
            try
            {
                current.cancel();
            }
            catch (final OpenMpjException ex)
            {
                throw comm.raise(ex);
            }
        }
    }

    /** @return whether this is the null request: {@link MPI#REQUEST_NULL}, a freed request, or a plain one that completed. */
    public final boolean isNull()
    {
        return freed || operation == null && !isPersistent();
    }

    /**
     * Waits until the operation completes; the request is inactive afterwards.
     *
     * @return its status; an empty one for an inactive request.
     * @throws MPIException when the operation failed.
     */
    public final Status waitStatus() throws MPIException
    {
        return await("waitStatus");
    }

    /**
     * Waits until the operation completes; the request is inactive afterwards.
     *
     * @throws MPIException when the operation failed.
     */
    public final void waitFor() throws MPIException
    {
        await("waitFor");
    }

    /**
     * Tests whether the operation has completed, giving it a turn of progress; if so the request is inactive afterwards.
     *
     * @return its status once complete, else null; an empty status for an inactive request.
     * @throws MPIException when the operation failed.
     */
    public final Status testStatus() throws MPIException
    {
        return poll("testStatus");
    }

    /**
     * Tests whether the operation has completed, as {@link #testStatus()}, but leaves the request active.
     *
     * @return its status once complete, else null; an empty status for an inactive request.
     * @throws MPIException when the operation failed.
     */
    public final Status getStatus() throws MPIException
    {
        MPI.check("getStatus");
        final Operation current = operation;
        if (current == null)
        {
            return new Status();
        }
        if (!current.isComplete() && !current.test())
        {
            comm.checkJobAlive();
            return null;
        }
        if (finished == null)
        {
            finished = finishOperation(current);
        }
        return finished;
    }

    /**
     * Tests whether the operation has completed, giving it a turn of progress; if so the request is inactive afterwards.
     *
     * @return whether it has completed; true for an inactive request.
     * @throws MPIException when the operation failed.
     */
    public final boolean test() throws MPIException
    {
        return poll("test") != null;
    }

    /**
     * Waits until one of the active requests completes; it is inactive afterwards.
     *
     * @return its status, whose {@link Status#getIndex()} is its position; with {@link MPI#UNDEFINED} when none is active.
     * @throws MPIException when that operation failed.
     */
    public static Status waitAnyStatus(final Request[] requests) throws MPIException
    {
        return RequestSets.waitAny("waitAnyStatus", requests);
    }

    /**
     * Waits until one of the active requests completes; it is inactive afterwards.
     *
     * @return its position, or {@link MPI#UNDEFINED} when none is active.
     * @throws MPIException when that operation failed.
     */
    public static int waitAny(final Request[] requests) throws MPIException
    {
        return RequestSets.waitAny("waitAny", requests).getIndex();
    }

    /**
     * Tests the active requests, giving them a turn of progress, for one that has completed; it is inactive afterwards.
     *
     * @return its status, with its position as index; null when none has completed; with {@link MPI#UNDEFINED} as index
     *         when none is active.
     * @throws MPIException when that operation failed.
     */
    public static Status testAnyStatus(final Request[] requests) throws MPIException
    {
        return RequestSets.testAny("testAnyStatus", requests);
    }

    /**
     * Tests the active requests for one that has completed; it is inactive afterwards.
     *
     * @return its position, or {@link MPI#UNDEFINED} when none has completed or none is active.
     * @throws MPIException when that operation failed.
     */
    public static int testAny(final Request[] requests) throws MPIException
    {
        final Status status = RequestSets.testAny("testAny", requests);
        return status == null ? MPI.UNDEFINED : status.getIndex();
    }

    /**
     * Waits until every request has completed; they are inactive afterwards.
     *
     * @return each one's status, an empty one for an inactive request.
     * @throws MPIException the first failure, once every operation has ended.
     */
    public static Status[] waitAllStatus(final Request[] requests) throws MPIException
    {
        return RequestSets.waitAll("waitAllStatus", requests);
    }

    /**
     * Waits until every request has completed; they are inactive afterwards.
     *
     * @throws MPIException the first failure, once every operation has ended.
     */
    public static void waitAll(final Request[] requests) throws MPIException
    {
        RequestSets.waitAll("waitAll", requests);
    }

    /**
     * Tests whether every request has completed, giving them a turn of progress; if so, they are inactive afterwards.
     *
     * @return each one's status when all have completed, else null.
     * @throws MPIException when an operation failed.
     */
    public static Status[] testAllStatus(final Request[] requests) throws MPIException
    {
        return RequestSets.testAll("testAllStatus", requests);
    }

    /**
     * Tests whether every request has completed; if so, they are inactive afterwards.
     *
     * @return whether all have completed.
     * @throws MPIException when an operation failed.
     */
    public static boolean testAll(final Request[] requests) throws MPIException
    {
        return RequestSets.testAll("testAll", requests) != null;
    }

    /**
     * Waits until at least one active request completes; every completed one is inactive afterwards.
     *
     * @return the statuses of those that completed, each with its position as index; null when none is active.
     * @throws MPIException when an operation failed and no other status was collected before it.
     */
    public static Status[] waitSomeStatus(final Request[] requests) throws MPIException
    {
        return RequestSets.some("waitSomeStatus", requests, true);
    }

    /**
     * Waits until at least one active request completes; every completed one is inactive afterwards.
     *
     * @return the positions of those that completed; null when none is active.
     * @throws MPIException when an operation failed and no other status was collected before it.
     */
    public static int[] waitSome(final Request[] requests) throws MPIException
    {
        return RequestSets.indexes(RequestSets.some("waitSome", requests, true));
    }

    /**
     * Tests the active requests, giving them a turn of progress; every completed one is inactive afterwards.
     *
     * @return the statuses of those that completed, possibly none; null when none is active.
     * @throws MPIException when an operation failed and no other status was collected before it.
     */
    public static Status[] testSomeStatus(final Request[] requests) throws MPIException
    {
        return RequestSets.some("testSomeStatus", requests, false);
    }

    /**
     * Tests the active requests; every completed one is inactive afterwards.
     *
     * @return the positions of those that completed, possibly none; null when none is active.
     * @throws MPIException when an operation failed and no other status was collected before it.
     */
    public static int[] testSome(final Request[] requests) throws MPIException
    {
        return RequestSets.indexes(RequestSets.some("testSome", requests, false));
    }

    // ---------------------------------------------------------------- internals

    /** @return the operation in flight, or null when the request is inactive. */
    final Operation operation()
    {
        return freed ? null : operation;
    }

    /** Makes the request active with a newly started operation, whose buffers it keeps. */
    final void activate(final Operation started, final Object keep)
    {
        finished = null;
        buffers = keep;
        operation = started;
    }

    /** Makes the request active again with an operation whose finishing failed, for a later call to report it. */
    final void restore(final Operation failed)
    {
        operation = failed;
    }

    /** @return the communicator whose error handler the request's failures go to. */
    final CommBinding comm()
    {
        return comm;
    }

    /**
     * Finishes the completed operation: the request is inactive afterwards.
     *
     * @return its status.
     */
    final Status finish(final Operation completed) throws MPIException
    {
        final Status status = finished != null ? finished : finishOperation(completed);
        finished = null;
        operation = null;
        if (!isPersistent())
        {
            buffers = null;
        }
        return status;
    }

    /** @return whether the request is persistent: inactive rather than null once complete, keeping its buffers to start again. */
    boolean isPersistent()
    {
        return false;
    }

    /** @return whether the request was freed. */
    final boolean isFreed()
    {
        return freed;
    }

    private Status finishOperation(final Operation completed) throws MPIException
    {
        try
        {
            return Status.of(completed.finish(null));
        }
        catch (final OpenMpjException ex)
        {
            operation = null;
            throw comm.raise(ex);
        }
    }

    private Status await(final String call) throws MPIException
    {
        MPI.check(call);
        final Operation current = operation();
        if (current == null)
        {
            return new Status();
        }
        if (!current.isComplete())
        {
            try
            {
                current.await();
            }
            catch (final OpenMpjException ex)
            {
                throw comm.raise(ex);
            }
        }
        return finish(current);
    }

    private Status poll(final String call) throws MPIException
    {
        MPI.check(call);
        final Operation current = operation();
        if (current == null)
        {
            return new Status();
        }
        if (!current.isComplete() && !current.test())
        {
            comm.checkJobAlive();
            return null;
        }
        return finish(current);
    }
}
