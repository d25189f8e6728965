package org.openmpj.engine.messages;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.Schedule;
import org.openmpj.objects.ObjectCodec;

/**
 * A non-blocking collective operation, as a façade's request holds it: its schedule, advanced by every test and wait.
 * Its status is empty, as MPI defines the status of a collective: any source, any tag, no data.
 */
final class CollectiveOperation extends Operation
{
    private static final Completion EMPTY = new Completion(Communicator.ANY_SOURCE, Communicator.ANY_TAG, 0, false, -1, -1);

    private final Schedule schedule;

    CollectiveOperation(final Schedule schedule)
    {
        this.schedule = schedule;
    }

    @Override
    public boolean isComplete()
    {
        return schedule.advance();
    }

    @Override
    public boolean isCancelled()
    {
        return false;
    }

    @Override
    public void await()
    {
        schedule.await();
    }

    @Override
    public boolean test()
    {
        if (schedule.isComplete())
        {
            return true;
        }
        schedule.communicator().device().progress();
        return schedule.advance();
    }

    @Override
    public void progress()
    {
        schedule.communicator().device().progress();
    }

    @Override
    public void cancel()
    {
        throw new OpenMpjException(ErrorClass.ERR_REQUEST, "a non-blocking collective operation cannot be cancelled; wait for it or test"
            + " it until it completes");
    }

    @Override
    public Completion finish(final ObjectCodec codec)
    {
        final OpenMpjException failure = schedule.failure();
        if (failure != null)
        {
            throw failure;
        }
        return EMPTY;
    }

    @Override
    Communicator communicator()
    {
        return schedule.communicator();
    }
}
