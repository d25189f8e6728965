package org.openmpj.executor;

import java.util.concurrent.Callable;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Status;
import org.openmpj.Primitive;

/** A worker's side of a pool: runs the tasks the root sends, in order, and sends each outcome back, until told to stop. */
final class WorkerLoop
{
    private final Intracomm comm;
    private final int root;
    private final Object[] received = new Object[1];
    private final Object[] sent = new Object[1];

    WorkerLoop(final Intracomm comm, final int root)
    {
        this.comm = comm;
        this.root = root;
    }

    /** Serves the root until it stops the pool. */
    void serve()
    {
        while (true)
        {
            final Status status = comm.Recv(received, 0, 1, MPI.OBJECT, root, MPI.ANY_TAG);
            if (status.tag == PoolMessages.TAG_STOP)
            {
                return;
            }
            final PoolMessages.Assignment assignment = (PoolMessages.Assignment)received[0];
            received[0] = null;
            for (int i = 0; i < assignment.tasks().length; i++)
            {
                reply(run(assignment.numbers()[i], assignment.tasks()[i]));
                assignment.tasks()[i] = null;
            }
        }
    }

    static PoolMessages.Outcome run(final long number, final Callable<?> task)
    {
        try
        {
            return new PoolMessages.Outcome(number, task.call(), null);
        }
        catch (final Exception | Error thrown)
        {
            return new PoolMessages.Outcome(number, null, thrown);
        }
    }

    /** Sends {@code outcome}; when it cannot travel (something in it is not serializable), sends that failure instead. */
    private void reply(final PoolMessages.Outcome outcome)
    {
        final Primitive kind = PrimitiveArrays.typedKind(outcome.value());
        if (kind != null)
        {
            final int length = kind.length(outcome.value());
            sent[0] = new PoolMessages.Outcome(outcome.number(), new PoolMessages.ArrayFollows(kind, length), null);
            comm.Send(sent, 0, 1, MPI.OBJECT, root, PoolMessages.TAG_OUTCOME);
            sent[0] = null;
            comm.Send(outcome.value(), 0, length, PrimitiveArrays.datatype(kind), root, PoolMessages.TAG_ARRAY);
            return;
        }
        sent[0] = outcome;
        try
        {
            comm.Send(sent, 0, 1, MPI.OBJECT, root, PoolMessages.TAG_OUTCOME);
        }
        catch (final MPIException unsendable)
        {
            if (unsendable.getErrorClass() == MPI.ERR_PROC_FAILED)
            {
                throw unsendable;
            }
            final Throwable failure = new TaskFailure(outcome.thrown() == null ? unsendable : outcome.thrown());
            sent[0] = new PoolMessages.Outcome(outcome.number(), null, failure);
            comm.Send(sent, 0, 1, MPI.OBJECT, root, PoolMessages.TAG_OUTCOME);
        }
        finally
        {
            sent[0] = null;
        }
    }
}
