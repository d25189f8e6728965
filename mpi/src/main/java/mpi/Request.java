package mpi;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.device.Device;
import org.openmpj.device.ReceiveRequest;
import org.openmpj.engine.datatype.Staging;

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
    volatile org.openmpj.device.Request inner;
    final Comm comm;
    private final Object[] objectBuffer;
    private final int objectOffset;
    private final int objectCount;
    /** For a receive of a type of no data, the count of its items, which its status reports; -1 otherwise. */
    int itemsOfNoData = -1;
    /** The packed copy of a non-contiguous message in flight, set before {@link #inner} is. */
    Staging staging;
    private volatile boolean freed;

    Request(final Comm comm, final org.openmpj.device.Request inner, final Object[] objectBuffer,
        final int objectOffset, final int objectCount)
    {
        this.comm = comm;
        this.inner = inner;
        this.objectBuffer = objectBuffer;
        this.objectOffset = objectOffset;
        this.objectCount = objectCount;
    }

    /** Waits until the operation completes and returns its status. */
    public Status Wait()
    {
        checkUsable("Wait");
        final org.openmpj.device.Request operation = inner;
        if (operation == null)
        {
            return new Status();
        }
        if (!operation.isComplete())
        {
            try
            {
                comm.device("Wait").await(operation);
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
        final org.openmpj.device.Request operation = inner;
        if (operation == null)
        {
            return new Status();
        }
        if (!operation.isComplete())
        {
            comm.device("Test").progress();
            if (!operation.isComplete())
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
        final org.openmpj.device.Request operation = inner;
        if (operation != null && !operation.isCancelled())
        {
            try
            {
                comm.device("Cancel").cancel(operation);
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
        final Waiting waiting = new Waiting();
        try
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
                waiting.step(active);
            }
        }
        finally
        {
            waiting.end();
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
        final Waiting waiting = new Waiting();
        try
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
                waiting.step(active);
            }
        }
        finally
        {
            waiting.end();
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
        active.comm.device("Testany").progress();
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
            active.comm.device("Testall").progress();
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
        active.comm.device("Testsome").progress();
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

    final Status finish(final org.openmpj.device.Request operation)
    {
        deactivate();
        final Staging staged = staging;
        staging = null;
        OpenMpjException error = operation.error();
        int objects = -1;
        if (error == null && (objectBuffer != null || staged != null && staged.isReceive()) && !operation.isCancelled())
        {
            try
            {
                if (objectBuffer != null)
                {
                    final byte[] payload = ((ReceiveRequest)operation).payload();
                    objects = payload == null ? 0 : comm.objectCodec().deserialize(payload, operation.source(), objectBuffer, objectOffset,
                        objectCount);
                }
                else
                {
                    objects = staged.unpack(operation, comm.objectCodec());
                }
            }
            catch (final OpenMpjException ex)
            {
                error = ex;
            }
        }
        if (staged != null)
        {
            staged.release();
        }
        if (error != null)
        {
            throw comm.raise(error);
        }
        final Status status = new Status(operation.source(), operation.tag(), operation.byteCount(), operation.isCancelled(), objects);
        status.itemsOfNoData = itemsOfNoData;
        return status;
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
            final org.openmpj.device.Request operation = request == null ? null : request.inner;
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

    /** A wait on several requests, driven step by step through the device of one of them. */
    private static final class Waiting
    {
        private Device device;
        private int round;

        void step(final Request active)
        {
            if (device == null)
            {
                device = active.comm.device("wait");
            }
            try
            {
                round = device.awaitStep(round);
            }
            catch (final OpenMpjException ex)
            {
                throw active.comm.raise(ex);
            }
        }

        void end()
        {
            if (device != null)
            {
                device.endWait(round);
            }
        }
    }
}
