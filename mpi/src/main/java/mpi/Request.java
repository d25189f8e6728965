package mpi;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.engine.messages.Completion;
import org.openmpj.engine.messages.Operation;
import org.openmpj.engine.messages.Waits;

/**
 * A non-blocking operation: wait for it, test it, cancel it. Once a wait or a successful test has returned
 * its status, the request is the null request ({@link #Is_null()} is true) and waiting on it again returns
 * an empty status at once. A request freed with {@link #Free()} cannot be used again.
 *
 * <p>Thread-safety: one request is waited for by one thread at a time; different requests may be used by
 * different threads at once.
 */
public class Request
{
    /** The operation in flight, or null once completed and returned (or for the null request). */
    volatile Operation inner;
    final Comm comm;
    private volatile boolean freed;

    Request(final Comm comm, final Operation inner)
    {
        this.comm = comm;
        this.inner = inner;
    }

    /** Waits until the operation completes and returns its status. */
    public Status Wait()
    {
        checkUsable("Wait");
        final Operation operation = inner;
        if (operation == null)
        {
            return new Status();
        }
        if (!operation.isComplete())
        {
            MPI.checkActive("Wait");
            try
            {
                operation.await();
            }
            catch (final OpenMpjException ex)
            {
                throw comm.raise(ex);
            }
        }
        return finish(operation);
    }

    /** @return the status when the operation has completed, else null. */
    public Status Test()
    {
        checkUsable("Test");
        final Operation operation = inner;
        if (operation == null)
        {
            return new Status();
        }
        if (!operation.isComplete())
        {
            MPI.checkActive("Test");
            if (!operation.test())
            {
                comm.checkJobAlive();
                return null;
            }
        }
        return finish(operation);
    }

    /** Cancels the operation if it has not matched yet; a wait then returns a status with {@code Test_cancelled()} true. */
    public void Cancel()
    {
        checkUsable("Cancel");
        final Operation operation = inner;
        if (operation != null && !operation.isCancelled())
        {
            MPI.checkActive("Cancel");
            try
            {
                operation.cancel();
            }
            catch (final OpenMpjException ex)
            {
                throw comm.raise(ex);
            }
        }
    }

    /** Releases the request; an operation in flight still completes, unobserved. Freeing {@code MPI.REQUEST_NULL} does nothing. */
    public void Free()
    {
        checkUsable("Free");
        // The null request is one object shared by the whole rank: marking it freed would break every later use.
        if (this != MPI.REQUEST_NULL)
        {
            freed = true;
        }
    }

    /** @return whether this is the null request (completed and returned, or never started). */
    public boolean Is_null()
    {
        return inner == null;
    }

    // ---------------------------------------------------------------- arrays of requests

    /** Waits until one of the requests completes; its position is the status's {@code index}. */
    public static Status Waitany(final Request[] requests)
    {
        while (true)
        {
            final Request active = firstActive(requests, "Waitany");
            if (active == null)
            {
                return new Status();
            }
            final Status completed = finishFirstCompleted(requests);
            if (completed != null)
            {
                return completed;
            }
            awaitAny(requests, active, "Waitany");
        }
    }

    /** Waits until every request completes; a null entry gives an empty status. */
    public static Status[] Waitall(final Request[] requests)
    {
        checkArray(requests, "Waitall");
        final Status[] statuses = new Status[requests.length];
        MPIException first = null;
        for (int i = 0; i < requests.length; i++)
        {
            try
            {
                statuses[i] = requests[i] == null ? new Status() : requests[i].Wait();
                statuses[i].index = i;
            }
            catch (final MPIException ex)
            {
                if (first == null)
                {
                    first = ex;
                }
            }
        }
        if (first != null)
        {
            throw first;
        }
        return statuses;
    }

    /** Waits until at least one request completes and returns the statuses of all that have, each with its {@code index}. */
    public static Status[] Waitsome(final Request[] requests)
    {
        while (true)
        {
            final Request active = firstActive(requests, "Waitsome");
            if (active == null)
            {
                return new Status[0];
            }
            final Status[] done = collectCompleted(requests);
            if (done.length > 0)
            {
                return done;
            }
            awaitAny(requests, active, "Waitsome");
        }
    }

    /**
     * @return the status of one completed request, with its {@code index}; an empty status with index
     *         {@code MPI.UNDEFINED} when no request is active; null when none has completed.
     */
    public static Status Testany(final Request[] requests)
    {
        final Request active = firstActive(requests, "Testany");
        if (active == null)
        {
            return new Status();
        }
        progress(active, "Testany");
        final Status completed = finishFirstCompleted(requests);
        if (completed == null)
        {
            active.comm.checkJobAlive();
        }
        return completed;
    }

    /** @return the statuses of all requests when every one has completed, else null. */
    public static Status[] Testall(final Request[] requests)
    {
        final Request active = firstActive(requests, "Testall");
        if (active != null)
        {
            progress(active, "Testall");
        }
        for (final Request request : requests)
        {
            if (request != null && request.inner != null && !request.inner.isComplete())
            {
                request.comm.checkJobAlive();
                return null;
            }
        }
        return Waitall(requests);
    }

    /** @return the statuses of the requests that have completed (possibly none), each with its {@code index}. */
    public static Status[] Testsome(final Request[] requests)
    {
        final Request active = firstActive(requests, "Testsome");
        if (active == null)
        {
            return new Status[0];
        }
        progress(active, "Testsome");
        final Status[] completed = collectCompleted(requests);
        if (completed.length == 0)
        {
            active.comm.checkJobAlive();
        }
        return completed;
    }

    // ---------------------------------------------------------------- internals

    /** Marks the operation returned; a persistent request becomes inactive instead of null. */
    void deactivate()
    {
        inner = null;
    }

    final void checkUsable(final String call)
    {
        if (freed)
        {
            throw MPIException.of(ErrorClass.ERR_REQUEST, call + ": the request was freed by Request.Free() and cannot be used");
        }
    }

    final Status finish(final Operation operation)
    {
        deactivate();
        final Completion done;
        try
        {
            done = operation.finish(comm.objectCodec());
        }
        catch (final OpenMpjException ex)
        {
            throw comm.raise(ex);
        }
        return Status.of(done);
    }

    private static Request firstActive(final Request[] requests, final String call)
    {
        checkArray(requests, call);
        Request active = null;
        for (final Request request : requests)
        {
            if (request != null)
            {
                request.checkUsable(call);
                if (active == null && request.inner != null)
                {
                    active = request;
                }
            }
        }
        return active;
    }

    private static void checkArray(final Request[] requests, final String call)
    {
        if (requests == null)
        {
            throw MPIException.of(ErrorClass.ERR_REQUEST, call + ": the request array is null");
        }
    }

    /** @return the status of the first completed active request, with its {@code index}, or null when none has completed. */
    private static Status finishFirstCompleted(final Request[] requests)
    {
        for (int i = 0; i < requests.length; i++)
        {
            final Request request = requests[i];
            if (request != null && request.inner != null && request.inner.isComplete())
            {
                final Status status = request.finish(request.inner);
                status.index = i;
                return status;
            }
        }
        return null;
    }

    /**
     * Finishes every completed request and returns their statuses. A request that completed with an error is
     * thrown for only when no status was collected before it: otherwise those statuses, whose requests are
     * finished already, would be lost with the exception. It is left complete for the next call to report.
     */
    private static Status[] collectCompleted(final Request[] requests)
    {
        int completed = 0;
        final Status[] found = new Status[requests.length];
        for (int i = 0; i < requests.length; i++)
        {
            final Request request = requests[i];
            final Operation operation = request == null ? null : request.inner;
            if (operation != null && operation.isComplete())
            {
                final Status status;
                try
                {
                    status = request.finish(operation);
                }
                catch (final MPIException failed)
                {
                    if (completed == 0)
                    {
                        throw failed;
                    }
                    request.inner = operation;
                    break;
                }
                status.index = i;
                found[completed++] = status;
            }
        }
        return java.util.Arrays.copyOf(found, completed);
    }

    /** Waits until one of the active requests completes, {@code active} among them. */
    private static void awaitAny(final Request[] requests, final Request active, final String call)
    {
        MPI.checkActive(call);
        final Operation[] operations = new Operation[requests.length];
        for (int i = 0; i < requests.length; i++)
        {
            operations[i] = requests[i] == null ? null : requests[i].inner;
        }
        try
        {
            Waits.awaitAny(operations);
        }
        catch (final OpenMpjException ex)
        {
            throw active.comm.raise(ex);
        }
    }

    private static void progress(final Request active, final String call)
    {
        MPI.checkActive(call);
        active.inner.progress();
    }
}
