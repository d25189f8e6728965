package org.openmpj.executor;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;
import mpi.Status;

/**
 * The root's side of a pool: a thread that hands queued tasks to workers with room (at most {@code tasksPerWorker} in flight
 * on each, round robin, several in one message) and completes each task's future when its outcome comes back. While
 * there is nothing to hand out it waits in a receive for outcomes; a submission or a shutdown ends that wait with a message
 * the submitting thread sends to this rank, only when the dispatcher waits.
 *
 * <p>Thread-safety: {@link #submit}, {@link #shutdown} and {@link #cancelQueued} may be called from any thread; the rest
 * runs on the dispatcher's own thread.
 */
final class Dispatcher implements Runnable
{
    private static final int AWAKE = 0;
    private static final int WAITING = 1;
    private static final int ENDED = 2;

    private final Intracomm comm;
    private final int root;
    private final int size;
    private final int tasksPerWorker;
    private final int[] load;
    private final ConcurrentLinkedQueue<Submitted<?>> queue = new ConcurrentLinkedQueue<>();
    private final Map<Long, Submitted<?>> inFlight = new HashMap<>();
    private final List<List<Submitted<?>>> batches = new ArrayList<>();
    private final AtomicLong numbers = new AtomicLong();
    private final AtomicInteger state = new AtomicInteger(AWAKE);
    private final AtomicLong wakesSent = new AtomicLong();
    private final CountDownLatch terminated = new CountDownLatch(1);
    private final Object[] received = new Object[1];
    private final List<Request> sending = new ArrayList<>();
    private final long openedNs = System.nanoTime();
    private final AtomicLongArray donePerRank;
    private final AtomicLong done = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final List<Reporting> listeners = new CopyOnWriteArrayList<>();
    private long wakesReceived;
    private int nextWorker;
    private volatile boolean shutdown;
    private volatile Throwable failure;

    Dispatcher(final Intracomm comm, final int root, final int tasksPerWorker)
    {
        this.comm = comm;
        this.root = root;
        this.size = comm.Size();
        this.tasksPerWorker = tasksPerWorker;
        this.load = new int[size];
        this.donePerRank = new AtomicLongArray(size);
        for (int rank = 0; rank < size; rank++)
        {
            batches.add(new ArrayList<>());
        }
        nextWorker = (root + 1) % size;
    }

    /** Queues {@code task}; @return what its submitter holds. */
    <T> Submitted<T> submit(final Callable<T> task)
    {
        final Submitted<T> submitted = new Submitted<>(numbers.getAndIncrement(), task);
        if (shutdown)
        {
            throw rejection();
        }
        queue.add(submitted);
        wake();
        // The dispatcher may have ended between the test above and the queueing: then nobody else takes the task out.
        if (state.get() == ENDED && queue.remove(submitted))
        {
            submitted.fail(rejection());
        }
        return submitted;
    }

    /** Stops taking tasks; those queued and in flight still run. */
    void shutdown()
    {
        shutdown = true;
        wake();
    }

    /** Cancels every task not yet handed to a worker; @return them. */
    List<Runnable> cancelQueued()
    {
        final List<Runnable> cancelled = new ArrayList<>();
        for (Submitted<?> submitted = queue.poll(); submitted != null; submitted = queue.poll())
        {
            if (submitted.future.cancel(false))
            {
                cancelled.add(submitted::runHere);
            }
        }
        wake();
        return cancelled;
    }

    /** Has {@code listener} told the pool's progress at most every {@code intervalNs}, and when the pool ends. */
    void addProgressListener(final ProgressListener listener, final long intervalNs)
    {
        listeners.add(new Reporting(listener, intervalNs));
    }

    /** @return how far the pool has come; may be called from any thread. */
    PoolProgress progress()
    {
        final long[] perRank = new long[size];
        for (int rank = 0; rank < size; rank++)
        {
            perRank[rank] = donePerRank.get(rank);
        }
        final long doneNow = done.get();
        final double seconds = Math.max(1e-9, (System.nanoTime() - openedNs) / 1e9);
        return new PoolProgress(numbers.get(), doneNow, failed.get(), doneNow / seconds, perRank);
    }

    int tasksPerWorker()
    {
        return tasksPerWorker;
    }

    boolean isShutdown()
    {
        return shutdown;
    }

    CountDownLatch terminated()
    {
        return terminated;
    }

    @Override
    public void run()
    {
        try
        {
            while (true)
            {
                assign();
                if (shutdown && queue.isEmpty() && inFlight.isEmpty())
                {
                    break;
                }
                awaitOutcome();
            }
            end();
        }
        catch (final RuntimeException | Error ex)
        {
            fail(ex);
        }
        finally
        {
            report(true);
            terminated.countDown();
        }
    }

    /** Hands queued tasks to workers with room, one at a time round robin, and sends each worker its share in one message. */
    private void assign()
    {
        if (size == 1)
        {
            runQueuedHere();
            return;
        }
        boolean room = true;
        while (room && !queue.isEmpty())
        {
            room = false;
            for (int step = 0; step < size && !queue.isEmpty(); step++)
            {
                final int rank = nextWorker;
                nextWorker = (nextWorker + 1) % size;
                if (rank == root || load[rank] + batches.get(rank).size() >= tasksPerWorker)
                {
                    continue;
                }
                final Submitted<?> next = queue.poll();
                if (next != null && !next.future.isDone())
                {
                    batches.get(rank).add(next);
                }
                room = true;
            }
        }
        for (int rank = 0; rank < size; rank++)
        {
            final List<Submitted<?>> batch = batches.get(rank);
            if (!batch.isEmpty())
            {
                send(rank, batch);
                batch.clear();
            }
        }
    }

    /** A pool without workers runs its tasks on the dispatcher's thread, so that a one-rank job works as a larger one. */
    private void runQueuedHere()
    {
        for (Submitted<?> submitted = queue.poll(); submitted != null; submitted = queue.poll())
        {
            if (!submitted.future.isDone())
            {
                final PoolMessages.Outcome outcome = WorkerLoop.run(submitted.number, submitted.task);
                complete(submitted, root, outcome);
            }
        }
    }

    private void send(final int rank, final List<Submitted<?>> batch)
    {
        final long[] taskNumbers = new long[batch.size()];
        final Callable<?>[] tasks = new Callable<?>[batch.size()];
        for (int i = 0; i < tasks.length; i++)
        {
            final Submitted<?> submitted = batch.get(i);
            taskNumbers[i] = submitted.number;
            tasks[i] = submitted.task;
            submitted.rank = rank;
            inFlight.put(submitted.number, submitted);
        }
        load[rank] += tasks.length;
        // Not a blocking send: a large assignment waits for its worker to receive it, and that worker may itself be
        // waiting to hand a large result to this thread, which must be free to receive it.
        sending.add(comm.Isend(new Object[] {new PoolMessages.Assignment(taskNumbers, tasks)}, 0, 1, MPI.OBJECT, rank,
            PoolMessages.TAG_TASKS));
    }

    /** Lets go of the assignments' sends that have completed. */
    private void reapSends()
    {
        sending.removeIf(request -> request.Test() != null);
    }

    /** Waits for the next outcome, or for a submitting thread's wake-up, unless there is work to do at once. */
    private void awaitOutcome()
    {
        state.set(WAITING);
        if ((!queue.isEmpty() && hasRoom()) || shutdown && queue.isEmpty() && inFlight.isEmpty())
        {
            state.set(AWAKE);
            return;
        }
        final Status status = comm.Recv(received, 0, 1, MPI.OBJECT, MPI.ANY_SOURCE, MPI.ANY_TAG);
        state.set(AWAKE);
        reapSends();
        if (status.tag == PoolMessages.TAG_WAKE)
        {
            wakesReceived++;
            return;
        }
        PoolMessages.Outcome outcome = (PoolMessages.Outcome)received[0];
        received[0] = null;
        if (outcome.value() instanceof PoolMessages.ArrayFollows follows)
        {
            // Messages from one rank on one communicator arrive in order: the array is the next from this worker.
            final Object array = follows.kind().newArray(follows.length());
            comm.Recv(array, 0, follows.length(), PrimitiveArrays.datatype(follows.kind()), status.source, PoolMessages.TAG_ARRAY);
            outcome = new PoolMessages.Outcome(outcome.number(), array, null);
        }
        final Submitted<?> submitted = inFlight.remove(outcome.number());
        load[status.source]--;
        if (submitted == null)
        {
            throw new IllegalStateException("rank " + status.source + " sent the outcome of task " + outcome.number()
                + ", which is in flight on no worker");
        }
        complete(submitted, status.source, outcome);
    }

    private void complete(final Submitted<?> submitted, final int rank, final PoolMessages.Outcome outcome)
    {
        donePerRank.incrementAndGet(rank);
        done.incrementAndGet();
        if (outcome.thrown() == null)
        {
            submitted.succeed(outcome.value());
        }
        else
        {
            failed.incrementAndGet();
            submitted.fail(new RemoteTaskException(rank, outcome.number(), outcome.thrown()));
        }
        report(false);
    }

    /** Tells the listeners whose interval has passed, or all of them when the pool has ended. */
    private void report(final boolean ended)
    {
        if (listeners.isEmpty())
        {
            return;
        }
        final long now = System.nanoTime();
        PoolProgress progress = null;
        for (final Reporting reporting : listeners)
        {
            if (ended || now - reporting.lastNs >= reporting.intervalNs)
            {
                reporting.lastNs = now;
                progress = progress == null ? progress() : progress;
                try
                {
                    reporting.listener.onProgress(progress);
                }
                catch (final RuntimeException thrown)
                {
                    // A listener's failure must not fail the tasks: it is said once, and the listener is no longer told.
                    listeners.remove(reporting);
                    System.err.println("openmpj: the pool's progress listener " + reporting.listener + " threw " + thrown
                        + "; it is no longer called");
                }
            }
        }
    }

    /** A listener, how often it wants to be told, and when it last was (read and written by the dispatcher only). */
    private static final class Reporting
    {
        final ProgressListener listener;
        final long intervalNs;
        long lastNs = System.nanoTime();

        Reporting(final ProgressListener listener, final long intervalNs)
        {
            this.listener = listener;
            this.intervalNs = intervalNs;
        }
    }

    private boolean hasRoom()
    {
        for (int rank = 0; rank < size; rank++)
        {
            if (rank != root && load[rank] < tasksPerWorker)
            {
                return true;
            }
        }
        return false;
    }

    /** Wakes the dispatcher if it waits for outcomes. */
    private void wake()
    {
        if (state.compareAndSet(WAITING, AWAKE))
        {
            wakesSent.incrementAndGet();
            comm.Send(new Object[0], 0, 0, MPI.OBJECT, root, PoolMessages.TAG_WAKE);
        }
    }

    /** Tells every worker to stop, and takes in the wake-ups still on their way to this rank. */
    private void end()
    {
        final int before = state.getAndSet(ENDED);
        assert before == AWAKE;
        for (final Request request : sending)
        {
            request.Wait();
        }
        sending.clear();
        for (int rank = 0; rank < size; rank++)
        {
            if (rank != root)
            {
                comm.Send(new Object[0], 0, 0, MPI.OBJECT, rank, PoolMessages.TAG_STOP);
            }
        }
        while (wakesReceived < wakesSent.get())
        {
            comm.Recv(received, 0, 1, MPI.OBJECT, root, PoolMessages.TAG_WAKE);
            wakesReceived++;
        }
        rejectQueued();
    }

    /** The pool can no longer reach its workers: every task in flight or queued fails, naming where it was. */
    private void fail(final Throwable cause)
    {
        failure = cause;
        shutdown = true;
        state.set(ENDED);
        for (final Submitted<?> submitted : inFlight.values())
        {
            submitted.fail(new WorkerLostException(submitted.rank, submitted.number, cause));
            failed.incrementAndGet();
            done.incrementAndGet();
        }
        inFlight.clear();
        for (Submitted<?> submitted = queue.poll(); submitted != null; submitted = queue.poll())
        {
            submitted.fail(new WorkerLostException(-1, submitted.number, cause));
            failed.incrementAndGet();
            done.incrementAndGet();
        }
    }

    /** Tasks that slipped into the queue as the pool ended are refused. */
    private void rejectQueued()
    {
        for (Submitted<?> submitted = queue.poll(); submitted != null; submitted = queue.poll())
        {
            submitted.fail(rejection());
        }
    }

    private RejectedExecutionException rejection()
    {
        final Throwable failed = failure;
        return failed == null ? new RejectedExecutionException("the pool has been shut down")
            : new RejectedExecutionException("the pool failed: " + failed.getMessage(), failed);
    }
}
