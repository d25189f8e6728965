package org.openmpj.conformance;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

import mpi.MPI;

import org.openmpj.executor.MpiExecutor;
import org.openmpj.executor.RemoteTaskException;
import org.openmpj.executor.Task;
import org.openmpj.executor.TaskFailure;
import org.openmpj.testing.Check;

/**
 * Task pools ({@link MpiExecutor}): tasks run on the workers, results and failures come back to the root, the pool ends
 * collectively. Any number of ranks; at one rank the root runs the tasks itself.
 */
final class ExecutorPrograms
{
    /** Tasks this rank ran as a worker; each rank has its own copy of this class, as its own process would. */
    private static int tasksRunHere;

    private ExecutorPrograms()
    {
    }

    private static int countRun()
    {
        tasksRunHere++;
        return MPI.COMM_WORLD.Rank();
    }

    /** @return the tasks each rank ran, gathered at rank 0 (collective). */
    private static int[] tasksRunPerRank()
    {
        final int[] counts = new int[MPI.COMM_WORLD.Size()];
        MPI.COMM_WORLD.Gather(new int[] {tasksRunHere}, 0, 1, MPI.INT, counts, 0, 1, MPI.INT, 0);
        return counts;
    }

    /** A thousand tasks: each comes back with its own result, and every worker ran some; none ran on the root. */
    public static final class ResultsComeBackFromEveryWorker
    {
        public static void main(final String[] args) throws Exception
        {
            MPI.Init(args);
            final int size = MPI.COMM_WORLD.Size();
            try (MpiExecutor pool = MpiExecutor.open(MPI.COMM_WORLD, 0))
            {
                Check.equal(MPI.COMM_WORLD.Rank() == 0, pool.isRoot(), "isRoot on rank " + MPI.COMM_WORLD.Rank());
                Check.equal(size - 1, pool.workers(), "workers");
                if (pool.isRoot())
                {
                    final List<CompletableFuture<long[]>> futures = new ArrayList<>();
                    for (int i = 0; i < 1000; i++)
                    {
                        final int input = i;
                        futures.add(pool.submit(() -> new long[] {input * (long)input, countRun()}));
                    }
                    final boolean[] ranUpon = new boolean[size];
                    for (int i = 0; i < futures.size(); i++)
                    {
                        final long[] result = futures.get(i).get(30, TimeUnit.SECONDS);
                        Check.equal((long)i * i, result[0], "result of task " + i);
                        ranUpon[(int)result[1]] = true;
                    }
                    for (int rank = 0; rank < size; rank++)
                    {
                        Check.equal(size == 1 || rank != 0, ranUpon[rank], "whether some task ran on rank " + rank);
                    }
                    final CompletableFuture<Void> job = pool.submit(() -> { countRun(); });
                    Check.that(job.get(30, TimeUnit.SECONDS) == null, "a Job's future completes with null");
                }
            }
            final int[] counts = tasksRunPerRank();
            if (MPI.COMM_WORLD.Rank() == 0)
            {
                Check.equal(1001L, Arrays.stream(counts).sum(), "tasks run over all ranks " + Arrays.toString(counts));
            }
            MPI.Finalize();
        }
    }

    /** invokeAll keeps the tasks' order; invokeAny gives a success when others fail; futures of the Callable kind work too. */
    public static final class InvokeAllAndInvokeAny
    {
        public static void main(final String[] args) throws Exception
        {
            MPI.Init(args);
            try (MpiExecutor pool = MpiExecutor.open(MPI.COMM_WORLD, MPI.COMM_WORLD.Size() - 1, 1))
            {
                if (pool.isRoot())
                {
                    final List<Callable<String>> tasks = new ArrayList<>();
                    for (int i = 0; i < 50; i++)
                    {
                        final int input = i;
                        tasks.add((Task<String>)() -> "task " + input);
                    }
                    final List<Future<String>> done = pool.invokeAll(tasks);
                    for (int i = 0; i < done.size(); i++)
                    {
                        Check.that(done.get(i).isDone(), "invokeAll returned with task " + i + " not done");
                        Check.equal("task " + i, done.get(i).get(), "invokeAll's result " + i);
                    }
                    final List<Callable<Integer>> mostlyFailing = List.of(
                        (Task<Integer>)() -> { throw new IllegalStateException("first"); },
                        (Task<Integer>)() -> 7,
                        (Task<Integer>)() -> { throw new IllegalStateException("third"); });
                    Check.equal(7, (long)pool.invokeAny(mostlyFailing), "invokeAny");
                    final List<Callable<Integer>> allFailing = List.of(
                        (Task<Integer>)() -> { throw new IllegalStateException("only failure"); });
                    try
                    {
                        pool.invokeAny(allFailing);
                        throw new AssertionError("invokeAny of failing tasks returned");
                    }
                    catch (final ExecutionException expected)
                    {
                        Check.that(expected.getCause() instanceof RemoteTaskException, "invokeAny's failure: " + expected.getCause());
                    }
                }
            }
            MPI.Finalize();
        }
    }

    /**
     * A task that throws fails its future with the worker's rank and what it threw, stack trace included; one whose
     * exception or result cannot travel fails with a description; the pool goes on; unserializable tasks are refused.
     */
    public static final class FailuresComeBackAndThePoolGoesOn
    {
        public static void main(final String[] args) throws Exception
        {
            MPI.Init(args);
            try (MpiExecutor pool = MpiExecutor.open(MPI.COMM_WORLD, 0))
            {
                if (pool.isRoot())
                {
                    final RemoteTaskException thrown = failure(pool.submit(ExecutorPrograms::throwDeepInside));
                    Check.that(thrown.getCause() instanceof IllegalStateException, "cause " + thrown.getCause());
                    Check.equal("boom on rank " + thrown.rank(), thrown.getCause().getMessage(), "cause's message");
                    Check.that(MPI.COMM_WORLD.Size() == 1 || thrown.rank() != 0, "rank " + thrown.rank() + " ran the task");
                    Check.that(thrown.getMessage().contains("on rank " + thrown.rank()), "message " + thrown.getMessage());
                    Check.equal("throwDeepInside", thrown.getCause().getStackTrace()[0].getMethodName(), "top of the worker's trace");

                    final RemoteTaskException unsendable = failure(pool.submit(() -> { throw new HoldsAThread(); }));
                    if (MPI.COMM_WORLD.Size() == 1)
                    {
                        // The root runs the tasks itself: nothing travels, so the exception comes back as thrown.
                        Check.that(unsendable.getCause() instanceof HoldsAThread, "cause " + unsendable.getCause());
                    }
                    else
                    {
                        Check.that(unsendable.getCause() instanceof TaskFailure, "cause " + unsendable.getCause());
                        Check.equal(HoldsAThread.class.getName(), ((TaskFailure)unsendable.getCause()).thrownClass(), "thrown class");
                        final RemoteTaskException badResult = failure(pool.submit(() -> new Object()));
                        Check.that(badResult.getCause() instanceof TaskFailure, "cause " + badResult.getCause());
                        Check.that(badResult.getCause().getMessage().contains("java.lang.Object"), "names the result's class: "
                            + badResult.getCause().getMessage());
                    }
                    Check.equal(42, (long)pool.submit(() -> 42).get(30, TimeUnit.SECONDS), "a task after the failures");

                    final Callable<Integer> plain = new NotSerializableTask();
                    try
                    {
                        pool.submit(plain);
                        throw new AssertionError("a task that is not serializable was accepted");
                    }
                    catch (final RejectedExecutionException expected)
                    {
                        Check.that(expected.getMessage().contains(NotSerializableTask.class.getName()), expected.getMessage());
                    }
                }
            }
            MPI.Finalize();
        }

        private static RemoteTaskException failure(final Future<?> future) throws InterruptedException
        {
            try
            {
                future.get(30, TimeUnit.SECONDS);
            }
            catch (final ExecutionException ex)
            {
                if (ex.getCause() instanceof RemoteTaskException remote)
                {
                    return remote;
                }
                throw new AssertionError("expected a RemoteTaskException", ex);
            }
            catch (final java.util.concurrent.TimeoutException ex)
            {
                throw new AssertionError("the task did not end in 30 s", ex);
            }
            throw new AssertionError("the task succeeded; expected it to fail");
        }
    }

    private static int sleepThenCount() throws InterruptedException
    {
        Thread.sleep(20);
        return countRun();
    }

    private static int throwDeepInside()
    {
        throw new IllegalStateException("boom on rank " + MPI.COMM_WORLD.Rank());
    }

    /** An exception that cannot travel: it holds a thread. */
    private static final class HoldsAThread extends RuntimeException
    {
        private static final long serialVersionUID = 1L;
        @SuppressWarnings({"unused", "serial"})
        private final Thread thread = Thread.currentThread();

        HoldsAThread()
        {
            super("holds a thread");
        }
    }

    /** A task of a class that is not serializable. */
    private static final class NotSerializableTask implements Callable<Integer>
    {
        @Override
        public Integer call()
        {
            return 1;
        }
    }

    /**
     * Shutdown: queued tasks still run, later ones are refused, the pool terminates, workers return from open with an
     * ended executor that refuses tasks; cancelled tasks that were still queued never run.
     */
    public static final class ShutdownAndCancellation
    {
        public static void main(final String[] args) throws Exception
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            final MpiExecutor pool = MpiExecutor.open(MPI.COMM_WORLD, 0, 1);
            int cancelledOnRoot = 0;
            if (pool.isRoot())
            {
                final List<CompletableFuture<Integer>> slow = new ArrayList<>();
                for (int i = 0; i < 4 * size; i++)
                {
                    slow.add(pool.submit(ExecutorPrograms::sleepThenCount));
                }
                // One task is in flight per worker; the last ones are still queued at the root, and cancel there.
                final int last = slow.size() - 1;
                Check.that(slow.get(last).cancel(false), "cancelling a queued task");
                cancelledOnRoot = 1;
                pool.shutdown();
                Check.that(pool.isShutdown(), "isShutdown after shutdown");
                try
                {
                    pool.submit(() -> 1);
                    throw new AssertionError("a task submitted after shutdown was accepted");
                }
                catch (final RejectedExecutionException expected)
                {
                    Check.that(expected.getMessage().contains("shut down"), expected.getMessage());
                }
                Check.that(pool.awaitTermination(30, TimeUnit.SECONDS), "terminated within 30 s");
                Check.that(pool.isTerminated(), "isTerminated");
                for (int i = 0; i < last; i++)
                {
                    Check.that(slow.get(i).isDone() && !slow.get(i).isCompletedExceptionally(), "task " + i + " ran");
                }
                pool.close();
            }
            else
            {
                Check.that(pool.isShutdown() && pool.isTerminated(), "a worker's pool has ended when open returns");
                try
                {
                    pool.submit(() -> 1);
                    throw new AssertionError("a worker's executor accepted a task");
                }
                catch (final RejectedExecutionException expected)
                {
                    Check.that(expected.getMessage().contains("root, rank 0"), expected.getMessage());
                }
            }
            final int[] counts = tasksRunPerRank();
            if (rank == 0)
            {
                Check.equal(4L * size - cancelledOnRoot, Arrays.stream(counts).sum(), "tasks run " + Arrays.toString(counts));
            }
            MPI.Finalize();
        }
    }

    /** A pool the program never shuts down: MPI.Finalize on the root waits for its tasks and releases the workers. */
    public static final class NeverShutDown
    {
        public static void main(final String[] args) throws Exception
        {
            MPI.Init(args);
            final MpiExecutor pool = MpiExecutor.open(MPI.COMM_WORLD, 0);
            if (pool.isRoot())
            {
                for (int i = 0; i < 20; i++)
                {
                    pool.submit(ExecutorPrograms::countRun);
                }
            }
            MPI.Finalize();
        }
    }

    /** Bad arguments: a root out of range, and a number of tasks per worker below 1, are refused on every rank. */
    public static final class BadArguments
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int size = MPI.COMM_WORLD.Size();
            Check.fails(MPI.ERR_ROOT, () -> MpiExecutor.open(MPI.COMM_WORLD, size), "root");
            try
            {
                MpiExecutor.open(MPI.COMM_WORLD, 0, 0);
                throw new AssertionError("tasksPerWorker=0 was accepted");
            }
            catch (final IllegalArgumentException expected)
            {
                Check.that(expected.getMessage().contains("tasksPerWorker=0"), expected.getMessage());
            }
            MPI.Finalize();
        }
    }
}
