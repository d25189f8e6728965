package org.openmpj.executor;

import java.util.ArrayList;
import java.util.List;

import mpi.Request;

/**
 * The sends of a pool's assignment messages that may still be on their way, kept so that the pool can wait for them before
 * its workers are told to stop. Those that have left are let go of now and then, a few dozen at a time: testing each right
 * after it started costs more.
 *
 * <p>Thread-safety: none of its own; the dispatcher's lock guards every call.
 */
final class AssignmentSends
{
    /** How many sends are kept before those completed are let go of. */
    private static final int KEPT = 32;

    private final List<Request> sends = new ArrayList<>();

    /** Keeps {@code send}, letting go first of those kept that have completed, once there are enough to be worth a look. */
    void add(final Request send)
    {
        if (sends.size() >= KEPT)
        {
            sends.removeIf(request -> request.Test() != null);
        }
        sends.add(send);
    }

    /**
     * Waits for every send kept, and forgets them.
     *
     * @throws mpi.MPIException the error of the first send that failed; those after it are not waited for.
     */
    void awaitAll()
    {
        try
        {
            for (final Request request : sends)
            {
                request.Wait();
            }
        }
        finally
        {
            sends.clear();
        }
    }
}
