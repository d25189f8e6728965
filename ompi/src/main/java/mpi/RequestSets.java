package mpi;

import java.util.Arrays;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.engine.messages.Operation;
import org.openmpj.engine.messages.Waits;

/**
 * Waits and tests over arrays of requests, behind {@link Request}'s static methods. The engine waits ({@link Waits}): the
 * calling thread drives progress until one of the operations completes; this class maps the arrays and statuses.
 */
final class RequestSets
{
    private RequestSets()
    {
    }

    /** @return the status of the first active request to complete, at its position; an empty one at UNDEFINED when none is active. */
    static Status waitAny(final String call, final Request[] requests) throws MPIException
    {
        check(call, requests);
        while (true)
        {
            final Request active = firstActive(requests);
            if (active == null)
            {
                return new Status();
            }
            final Status done = finishFirstCompleted(requests);
            if (done != null)
            {
                return done;
            }
            try
            {
                Waits.awaitAny(operations(requests));
            }
            catch (final OpenMpjException ex)
            {
                throw active.comm().raise(ex);
            }
        }
    }

    /** @return the status of a completed request, at its position; null when none has completed; empty when none is active. */
    static Status testAny(final String call, final Request[] requests) throws MPIException
    {
        check(call, requests);
        final Request active = firstActive(requests);
        if (active == null)
        {
            return new Status();
        }
        active.operation().progress();
        final Status done = finishFirstCompleted(requests);
        if (done == null)
        {
            active.comm().checkJobAlive();
        }
        return done;
    }

    /** @return every request's status, once all have completed; the first failure is thrown after every wait. */
    static Status[] waitAll(final String call, final Request[] requests) throws MPIException
    {
        check(call, requests);
        final Status[] statuses = new Status[requests.length];
        MPIException first = null;
        for (int i = 0; i < requests.length; i++)
        {
            try
            {
                statuses[i] = (requests[i] == null ? new Status() : requests[i].waitStatus()).at(i);
            }
            catch (final MPIException ex)
            {
                statuses[i] = new Status().withError(ex.getErrorClass()).at(i);
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

    /** @return every request's status when all have completed, else null. */
    static Status[] testAll(final String call, final Request[] requests) throws MPIException
    {
        check(call, requests);
        final Request active = firstActive(requests);
        if (active != null)
        {
            active.operation().progress();
        }
        for (final Request request : requests)
        {
            final Operation operation = request == null ? null : request.operation();
            if (operation != null && !operation.isComplete())
            {
                request.comm().checkJobAlive();
                return null;
            }
        }
        return waitAll(call, requests);
    }

    /**
     * @param wait whether to wait until at least one has completed.
     * @return the statuses of the requests that have completed, each at its position; null when none is active.
     */
    static Status[] some(final String call, final Request[] requests, final boolean wait) throws MPIException
    {
        check(call, requests);
        while (true)
        {
            final Request active = firstActive(requests);
            if (active == null)
            {
                return null;
            }
            active.operation().progress();
            final Status[] done = collectCompleted(requests);
            if (done.length > 0 || !wait)
            {
                if (done.length == 0)
                {
                    active.comm().checkJobAlive();
                }
                return done;
            }
            try
            {
                Waits.awaitAny(operations(requests));
            }
            catch (final OpenMpjException ex)
            {
                throw active.comm().raise(ex);
            }
        }
    }

    /** @return the positions of {@code statuses}, or null for null. */
    static int[] indexes(final Status[] statuses)
    {
        if (statuses == null)
        {
            return null;
        }
        final int[] positions = new int[statuses.length];
        for (int i = 0; i < statuses.length; i++)
        {
            positions[i] = statuses[i].getIndex();
        }
        return positions;
    }

    private static void check(final String call, final Request[] requests) throws MPIException
    {
        MPI.check(call);
        if (requests == null)
        {
            throw MPI.raiseOnWorld(MPIException.of(ErrorClass.ERR_REQUEST, call + ": requests is null"));
        }
    }

    private static Request firstActive(final Request[] requests)
    {
        for (final Request request : requests)
        {
            if (request != null && request.operation() != null)
            {
                return request;
            }
        }
        return null;
    }

    private static Operation[] operations(final Request[] requests)
    {
        final Operation[] operations = new Operation[requests.length];
        for (int i = 0; i < requests.length; i++)
        {
            operations[i] = requests[i] == null ? null : requests[i].operation();
        }
        return operations;
    }

    private static Status finishFirstCompleted(final Request[] requests) throws MPIException
    {
        for (int i = 0; i < requests.length; i++)
        {
            final Request request = requests[i];
            final Operation operation = request == null ? null : request.operation();
            if (operation != null && operation.isComplete())
            {
                return request.finish(operation).at(i);
            }
        }
        return null;
    }

    /**
     * Finishes every completed request. A failure is thrown only when no status was collected before it, so that those
     * requests' statuses are not lost with the exception; the failed request then reports it on the next call.
     */
    private static Status[] collectCompleted(final Request[] requests) throws MPIException
    {
        final Status[] found = new Status[requests.length];
        int completed = 0;
        for (int i = 0; i < requests.length; i++)
        {
            final Request request = requests[i];
            final Operation operation = request == null ? null : request.operation();
            if (operation != null && operation.isComplete())
            {
                try
                {
                    found[completed] = request.finish(operation).at(i);
                    completed++;
                }
                catch (final MPIException failure)
                {
                    if (completed == 0)
                    {
                        throw failure;
                    }
                    // Finishing again fails again (see Operation.finish): the next call reports it.
                    request.restore(operation);
                    break;
                }
            }
        }
        return Arrays.copyOf(found, completed);
    }
}
