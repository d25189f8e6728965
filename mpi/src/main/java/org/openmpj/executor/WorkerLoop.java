package org.openmpj.executor;

import java.util.concurrent.Callable;

import mpi.Intracomm;
import mpi.Status;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.Primitive;

/**
 * A worker's side of a pool: runs the tasks the root sends, in the order they came, and answers each in that order (the
 * root matches answers to tasks by that order alone), until told to stop.
 */
final class WorkerLoop
{
    private final Intracomm comm;
    private final int root;
    private final Object[] received;
    private final PoolStreams streams;

    /** @param tasksPerWorker the most tasks the root sends in one message. */
    WorkerLoop(final Intracomm comm, final int root, final int tasksPerWorker)
    {
        this.comm = comm;
        this.root = root;
        this.received = new Object[tasksPerWorker];
        this.streams = new PoolStreams(comm);
    }

    /** Serves the root until it stops the pool. */
    void serve()
    {
        while (true)
        {
            final Status status = streams.receive(root);
            if (status.tag == PoolMessages.TAG_STOP)
            {
                return;
            }
            final int tasks;
            try
            {
                tasks = streams.decode(status, received);
            }
            catch (final OpenMpjException unreadable)
            {
                if (unreadable.errorClass() != ErrorClass.ERR_OTHER && unreadable.errorClass() != ErrorClass.ERR_TYPE)
                {
                    throw unreadable;
                }
                // The assignment arrived but does not decode here: the root learns why, and which tasks, from their order.
                java.util.Arrays.fill(received, null);
                send(new TaskFailure(unreadable), PoolMessages.TAG_UNREADABLE);
                continue;
            }
            for (int i = 0; i < tasks; i++)
            {
                final Callable<?> task = (Callable<?>)received[i];
                received[i] = null;
                reply(run(task));
            }
        }
    }

    static PoolMessages.Outcome run(final Callable<?> task)
    {
        try
        {
            return new PoolMessages.Outcome(task.call(), null);
        }
        catch (final Exception | Error thrown)
        {
            return new PoolMessages.Outcome(null, thrown);
        }
    }

    /** Sends {@code outcome}; when it cannot travel (something in it is not serializable), sends that failure instead. */
    private void reply(final PoolMessages.Outcome outcome)
    {
        final Primitive kind = PrimitiveArrays.typedKind(outcome.value());
        if (kind != null)
        {
            final int length = kind.length(outcome.value());
            send(new PoolMessages.ArrayFollows(kind, length), PoolMessages.TAG_VALUE);
            comm.Send(outcome.value(), 0, length, PrimitiveArrays.datatype(kind), root, PoolMessages.TAG_ARRAY);
            return;
        }
        try
        {
            send(outcome.thrown() == null ? outcome.value() : outcome.thrown(),
                outcome.thrown() == null ? PoolMessages.TAG_VALUE : PoolMessages.TAG_THREW);
        }
        catch (final OpenMpjException unsendable)
        {
            // Nothing was sent: what it holds does not serialize.
            send(new TaskFailure(outcome.thrown() == null ? unsendable : outcome.thrown()), PoolMessages.TAG_THREW);
        }
    }

    private void send(final Object item, final int tag)
    {
        streams.send(item, root, tag);
    }
}
