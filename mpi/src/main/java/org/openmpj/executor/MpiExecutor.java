package org.openmpj.executor;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

import java.time.Duration;

import mpi.Intracomm;
import mpi.MPI;
import org.openmpj.runtime.Settings;

/**
 * The ranks of a communicator as a pool of workers: on one rank, the root, an {@link ExecutorService} whose tasks run on the
 * other ranks. Opening a pool is collective: every rank of the communicator calls {@link #open}; the root gets the executor
 * at once, while each worker serves tasks inside the call until the root shuts the pool down, and then gets an executor
 * that has ended. No process is spawned: the workers are the job's own ranks, on any device and under any launcher.
 *
 * <pre>
 * try (MpiExecutor pool = MpiExecutor.open(MPI.COMM_WORLD, 0))
 * {
 *     if (pool.isRoot())
 *     {
 *         CompletableFuture&lt;Double&gt; energy = pool.submit(() -&gt; simulate(42));
 *         System.out.println(energy.join());
 *     }
 * }
 * </pre>
 *
 * <p>Tasks and their results are serialized as {@code MPI.OBJECT} data is, so both must be serializable: a lambda passed where
 * a {@link Task} or {@link Job} is expected is. Each way between the root and a worker they travel on an ordered stream, on
 * which a class is named once: a small task or value takes a few bytes. A task that throws completes its future with a {@link RemoteTaskException}
 * naming the worker's rank, whose cause is what the task threw, with the worker's stack trace; a worker that dies, or a job
 * that fails, completes every task in flight or queued with a {@link WorkerLostException}. Each worker holds at most
 * {@code tasksPerWorker} tasks at once (run one after another, the rest waiting at the worker), so a worker starts its next
 * task without waiting for the root; more tasks than that wait at the root, in the order they were submitted.
 *
 * <p>A thread that waits for a task's future with {@code get()} or {@code join()} receives the pool's outcomes itself while no
 * other thread does, so a small task comes back without waking a sleeping thread; otherwise the pool's dispatching thread
 * receives them. Futures are completed on whichever of these threads received the outcome, and so are the dependent stages a
 * program attaches without {@code Async}: they must not block, or the whole pool waits with them. Cancelling a future that a worker has already been
 * given does not stop the worker; its result is dropped. A pool that a program never shuts down is shut down, after its
 * tasks have run, by {@code MPI.Finalize} on the root.
 *
 * <p>Thread-safety: the root's executor may be used from any number of threads.
 */
public final class MpiExecutor implements ExecutorService
{
    /** Tasks in flight on one worker at most, when {@link #open(Intracomm, int)} is not told otherwise. */
    public static final int TASKS_PER_WORKER_DEFAULT = 4;

    private final Intracomm comm;
    private final int rank;
    private final int size;
    private final int root;
    private final Dispatcher dispatcher;

    private MpiExecutor(final Intracomm comm, final int root, final Dispatcher dispatcher)
    {
        this.comm = comm;
        this.rank = comm.Rank();
        this.size = comm.Size();
        this.root = root;
        this.dispatcher = dispatcher;
    }

    /**
     * Opens a pool of the ranks of {@code comm}, with {@value #TASKS_PER_WORKER_DEFAULT} tasks at most in flight on each
     * worker. Collective over {@code comm}.
     *
     * @see #open(Intracomm, int, int)
     */
    public static MpiExecutor open(final Intracomm comm, final int root)
    {
        return open(comm, root, TASKS_PER_WORKER_DEFAULT);
    }

    /**
     * Opens a pool of the ranks of {@code comm} whose root is {@code root}. Collective over {@code comm}: on the root it
     * returns the running executor; on every other rank it serves tasks until the root shuts the pool down, then returns an
     * executor that has ended ({@link #isRoot()} false). A communicator of one rank gives a pool without workers, which runs
     * its tasks on its own thread, one after another, so that a program runs at one rank as at many (there tasks, results
     * and exceptions are not copied).
     *
     * @param tasksPerWorker how many tasks one worker holds at most, from 1 (a worker waits for the root after each task)
     *     up; the root's value counts.
     * @throws mpi.MPIException when {@code root} is not a rank of {@code comm}.
     * @throws IllegalArgumentException when {@code tasksPerWorker} is below 1 on the root.
     */
    public static MpiExecutor open(final Intracomm comm, final int root, final int tasksPerWorker)
    {
        return open(comm, root, tasksPerWorker, LostWorkerTasks.FAIL);
    }

    /**
     * Opens a pool as {@link #open(Intracomm, int, int)} does, saying what becomes of the tasks a worker held when the job
     * loses its rank. That happens only in a job that survives lost ranks ({@code -Dopenmpj.job.surviveRankLoss=true},
     * with mpjrun): there the pool goes on with the workers left, and fails only when none is left. In any other job a
     * lost rank ends the job. Collective over {@code comm}; the root's {@code onLostWorker} counts.
     */
    public static MpiExecutor open(final Intracomm comm, final int root, final int tasksPerWorker, final LostWorkerTasks onLostWorker)
    {
        java.util.Objects.requireNonNull(onLostWorker, "onLostWorker");
        final boolean isRoot = comm.Rank() == root;
        // The root's refusal is said to every rank, so that no worker waits for a pool that never starts.
        RuntimeException refusal = null;
        long progressSeconds = 0;
        if (isRoot && tasksPerWorker < 1)
        {
            refusal = new IllegalArgumentException("tasksPerWorker=" + tasksPerWorker + " is not a number of tasks; expected 1 or more");
        }
        else if (isRoot)
        {
            try
            {
                progressSeconds = Settings.poolProgressSeconds();
            }
            catch (final IllegalArgumentException bad)
            {
                refusal = bad;
            }
        }
        final int[] agreed = {tasksPerWorker, refusal == null ? 0 : 1};
        comm.Bcast(agreed, 0, 2, MPI.INT, root);
        if (refusal != null)
        {
            throw refusal;
        }
        if (agreed[1] != 0)
        {
            throw new IllegalArgumentException("the root, rank " + root + ", refused to open the pool" + (agreed[0] < 1
                ? ": tasksPerWorker=" + agreed[0] + " is not a number of tasks" : "; its error says why"));
        }
        final Intracomm poolComm = comm.Dup();
        if (poolComm.Survives_rank_loss())
        {
            // A lost worker's failed operations are the pool's to handle, not a reason to end the job.
            poolComm.Errhandler_set(MPI.ERRORS_RETURN);
        }
        if (!isRoot)
        {
            final MpiExecutor ended = new MpiExecutor(poolComm, root, null);
            try
            {
                new WorkerLoop(poolComm, root, agreed[0]).serve();
            }
            finally
            {
                poolComm.Free();
            }
            return ended;
        }
        final Dispatcher dispatcher = new Dispatcher(poolComm, root, agreed[0], onLostWorker);
        if (progressSeconds > 0)
        {
            dispatcher.addProgressListener(new ConsoleProgress(root), progressSeconds * 1_000_000_000L);
        }
        dispatcher.start("openmpj-pool-root-" + comm.Rank());
        final MpiExecutor pool = new MpiExecutor(poolComm, root, dispatcher);
        OpenPools.opened(pool);
        return pool;
    }

    /** @return whether this rank is the pool's root, the one rank whose executor takes tasks. */
    public boolean isRoot()
    {
        return dispatcher != null;
    }

    /** @return how many workers the pool has: the ranks of its communicator other than the root. */
    public int workers()
    {
        return size - 1;
    }

    /** Submits a task whose result comes back; @return its future. */
    public <T> CompletableFuture<T> submit(final Task<T> task)
    {
        return root().submit(requireNonNull(task)).future;
    }

    /** Submits a task without result; @return a future completed with null when it has run. */
    public CompletableFuture<Void> submit(final Job job)
    {
        return root().submit(new PoolMessages.JobTask<Void>(requireNonNull(job), null)).future;
    }

    /**
     * Submits {@code task}, which must be serializable (a {@link Task} is).
     *
     * @throws RejectedExecutionException when it is not serializable, or the pool has been shut down.
     */
    @Override
    public <T> CompletableFuture<T> submit(final Callable<T> task)
    {
        return root().submit(serializable(task)).future;
    }

    /**
     * Submits {@code task}, which must be serializable (a {@link Job} is); its future completes with null.
     *
     * @throws RejectedExecutionException when it is not serializable, or the pool has been shut down.
     */
    @Override
    public CompletableFuture<?> submit(final Runnable task)
    {
        return root().submit(new PoolMessages.JobTask<Void>(serializable(task), null)).future;
    }

    /** Submits {@code task}, which must be serializable, as is {@code result}; its future completes with {@code result}. */
    @Override
    public <T> CompletableFuture<T> submit(final Runnable task, final T result)
    {
        return root().submit(new PoolMessages.JobTask<>(serializable(task), result)).future;
    }

    /** Runs {@code command} on a worker; what it throws is dropped, as no one holds its future. */
    @Override
    public void execute(final Runnable command)
    {
        submit(command);
    }

    @Override
    public <T> List<Future<T>> invokeAll(final Collection<? extends Callable<T>> tasks) throws InterruptedException
    {
        final List<Future<T>> futures = submitAll(tasks);
        for (final Future<T> future : futures)
        {
            awaitQuietly(future);
        }
        return futures;
    }

    @Override
    public <T> List<Future<T>> invokeAll(final Collection<? extends Callable<T>> tasks, final long timeout, final TimeUnit unit)
        throws InterruptedException
    {
        final long deadline = System.nanoTime() + unit.toNanos(timeout);
        final List<Future<T>> futures = submitAll(tasks);
        for (final Future<T> future : futures)
        {
            try
            {
                future.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            }
            catch (final ExecutionException | CancellationException done)
            {
                // Done, with an outcome its future holds.
            }
            catch (final TimeoutException late)
            {
                break;
            }
        }
        for (final Future<T> future : futures)
        {
            future.cancel(false);
        }
        return futures;
    }

    @Override
    public <T> T invokeAny(final Collection<? extends Callable<T>> tasks) throws InterruptedException, ExecutionException
    {
        try
        {
            return invokeAny(tasks, Long.MAX_VALUE, TimeUnit.NANOSECONDS);
        }
        catch (final TimeoutException never)
        {
            throw new IllegalStateException("invokeAny without a time limit timed out", never);
        }
    }

    @Override
    public <T> T invokeAny(final Collection<? extends Callable<T>> tasks, final long timeout, final TimeUnit unit)
        throws InterruptedException, ExecutionException, TimeoutException
    {
        if (tasks.isEmpty())
        {
            throw new IllegalArgumentException("invokeAny needs at least one task; it was given none");
        }
        final List<Future<T>> futures = submitAll(tasks);
        try
        {
            return FirstSuccess.of(futures).get(timeout, unit);
        }
        finally
        {
            for (final Future<T> future : futures)
            {
                future.cancel(false);
            }
        }
    }

    /**
     * Applies {@code function} to every input on the workers; @return the results in the inputs' order. Inputs are taken
     * as results are consumed, so that at most twice {@code tasksPerWorker} tasks per worker are submitted and not yet
     * consumed: an endless or huge stream of inputs is mapped in bounded memory. A task that throws makes the results'
     * stream throw its {@link RemoteTaskException} where that result would have come; closing the stream cancels the
     * tasks still queued at the root.
     */
    public <I, O> Stream<O> map(final Stream<I> inputs, final TaskFunction<I, O> function)
    {
        root();
        return Mapping.stream(this, inputs, requireNonNull(function), mapWindow(), true);
    }

    /** As {@link #map}, but @return the results in the order they complete. */
    public <I, O> Stream<O> mapUnordered(final Stream<I> inputs, final TaskFunction<I, O> function)
    {
        root();
        return Mapping.stream(this, inputs, requireNonNull(function), mapWindow(), false);
    }

    /** @return how far the pool has come; on a worker, whose pool has ended, nothing done. */
    public PoolProgress progress()
    {
        return dispatcher == null ? new PoolProgress(0, 0, 0, 0, new long[size]) : dispatcher.progress();
    }

    /**
     * Has {@code listener} told the pool's progress at most once per {@code interval} while tasks come back, and once when
     * the pool ends. On the root only.
     */
    public void onProgress(final ProgressListener listener, final Duration interval)
    {
        if (interval.isNegative())
        {
            throw new IllegalArgumentException("interval=" + interval + " is negative; expected a duration of 0 or more");
        }
        root().addProgressListener(requireNonNull(listener), interval.toNanos());
    }

    /** Takes no more tasks; those submitted still run. On a worker, whose pool has ended, does nothing. */
    @Override
    public void shutdown()
    {
        if (dispatcher != null)
        {
            dispatcher.shutdown();
        }
    }

    /**
     * Takes no more tasks, and cancels those not yet given to a worker; those on workers run to their end.
     *
     * @return the tasks cancelled, each of which runs its task in the calling thread when run.
     */
    @Override
    public List<Runnable> shutdownNow()
    {
        if (dispatcher == null)
        {
            return List.of();
        }
        dispatcher.shutdown();
        return dispatcher.cancelQueued();
    }

    @Override
    public boolean isShutdown()
    {
        return dispatcher == null || dispatcher.isShutdown();
    }

    @Override
    public boolean isTerminated()
    {
        return dispatcher == null || dispatcher.terminated().getCount() == 0;
    }

    @Override
    public boolean awaitTermination(final long timeout, final TimeUnit unit) throws InterruptedException
    {
        return dispatcher == null || dispatcher.terminated().await(timeout, unit);
    }

    /** Shuts the pool down and waits until its tasks have run and its workers have stopped. */
    @Override
    public void close()
    {
        if (dispatcher != null)
        {
            ExecutorService.super.close();
            OpenPools.closed(this);
            comm.Free();
        }
    }

    @Override
    public String toString()
    {
        return "MpiExecutor[root=" + root + ", workers=" + workers() + (isRoot() ? "" : ", this rank a worker")
            + (isTerminated() ? ", ended]" : isShutdown() ? ", shutting down]" : "]");
    }

    private int mapWindow()
    {
        return 2 * dispatcher.tasksPerWorker() * Math.max(1, workers());
    }

    private Dispatcher root()
    {
        if (dispatcher == null)
        {
            throw new RejectedExecutionException("rank " + rank + " is a worker of this pool, which has ended; tasks are"
                + " submitted on its root, rank " + root);
        }
        return dispatcher;
    }

    private <T> List<Future<T>> submitAll(final Collection<? extends Callable<T>> tasks)
    {
        final List<Future<T>> futures = new ArrayList<>(tasks.size());
        for (final Callable<T> task : tasks)
        {
            futures.add(submit(task));
        }
        return futures;
    }

    private static void awaitQuietly(final Future<?> future) throws InterruptedException
    {
        try
        {
            future.get();
        }
        catch (final ExecutionException | CancellationException done)
        {
            // Done, with an outcome its future holds.
        }
    }

    private static <T> T requireNonNull(final T task)
    {
        if (task == null)
        {
            throw new NullPointerException("task is null; expected a task to run");
        }
        return task;
    }

    private static <T> T serializable(final T task)
    {
        if (!(requireNonNull(task) instanceof java.io.Serializable))
        {
            throw new RejectedExecutionException("a task of " + task.getClass().getName() + " cannot travel to a worker: it is not"
                + " Serializable (pass a lambda where a MpiExecutor Task or Job is expected, or make the class Serializable)");
        }
        return task;
    }
}
