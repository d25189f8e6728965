package org.openmpj.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import mpi.MPI;

import org.openmpj.executor.MpiExecutor;
import org.openmpj.executor.RemoteTaskException;
import org.openmpj.executor.Task;
import org.openmpj.executor.WorkerLostException;
import org.openmpj.testing.Check;

/**
 * How a task's outcome reaches the root whoever waits for it: a thread in {@code get()} that receives the pool's outcomes
 * itself, several such threads at once, and tasks whose futures nobody waits for (only stages attached to them), which the
 * pool's own thread must receive.
 */
final class ExecutorWaitingPrograms
{
    private ExecutorWaitingPrograms()
    {
    }

    /** @return the future of a task that sleeps 300 ms on its worker, then returns "slow". */
    private static CompletableFuture<String> submitSlow(final MpiExecutor pool)
    {
        return pool.submit((Task<String>)() ->
        {
            Thread.sleep(300);
            return "slow";
        });
    }

    /**
     * Futures nobody calls {@code get} on: first one task alone, then a hundred, each observed only through a stage that
     * counts down a latch. The pool's own thread has to find and receive their outcomes.
     */
    public static final class OutcomesNobodyWaitsFor
    {
        public static void main(final String[] args) throws Exception
        {
            MPI.Init(args);
            try (MpiExecutor pool = MpiExecutor.open(MPI.COMM_WORLD, 0))
            {
                if (pool.isRoot())
                {
                    for (final int tasks : new int[] {1, 100})
                    {
                        final CountDownLatch landed = new CountDownLatch(tasks);
                        final AtomicLong sum = new AtomicLong();
                        for (int i = 0; i < tasks; i++)
                        {
                            final int input = i;
                            pool.submit((Task<Integer>)() -> input * 3).thenAccept(value ->
                            {
                                sum.addAndGet(value);
                                landed.countDown();
                            });
                        }
                        Check.that(landed.await(30, TimeUnit.SECONDS), landed.getCount() + " of " + tasks
                            + " tasks nobody waited for never came back");
                        Check.equal(3L * tasks * (tasks - 1) / 2, sum.get(), "sum of the values of " + tasks + " tasks");
                    }
                }
            }
            MPI.Finalize();
        }
    }

    /**
     * A thread waits in {@code get()} for a slow task while the others' outcomes come back: it receives them for the pool,
     * and the stages attached to them run, though no thread waits for their futures.
     */
    public static final class AWaiterReceivesForOthers
    {
        public static void main(final String[] args) throws Exception
        {
            MPI.Init(args);
            try (MpiExecutor pool = MpiExecutor.open(MPI.COMM_WORLD, 0))
            {
                if (pool.isRoot())
                {
                    final CompletableFuture<String> slow = submitSlow(pool);
                    final AtomicReference<Object> slowSeen = new AtomicReference<>();
                    final Thread waiter = new Thread(() -> slowSeen.set(waitFor(slow)), "waiter");
                    waiter.start();
                    final CountDownLatch fastLanded = new CountDownLatch(20);
                    for (int i = 0; i < 20; i++)
                    {
                        pool.submit((Task<Integer>)() -> 1).thenRun(fastLanded::countDown);
                    }
                    Check.that(fastLanded.await(30, TimeUnit.SECONDS), fastLanded.getCount() + " of 20 fast tasks never came back");
                    waiter.join(30_000);
                    Check.equal("slow", slowSeen.get(), "what the thread waiting for the slow task got");
                }
            }
            MPI.Finalize();
        }

        private static Object waitFor(final CompletableFuture<String> future)
        {
            try
            {
                return future.get();
            }
            catch (final Exception ex)
            {
                return ex;
            }
        }
    }

    /**
     * A task that is a serializable lambda but holds something that is not cannot be encoded: it fails alone, with a
     * rejection naming what it holds, also when it would have travelled in one message with others; the others run.
     */
    public static final class ATaskThatCannotTravelFailsAlone
    {
        public static void main(final String[] args) throws Exception
        {
            MPI.Init(args);
            try (MpiExecutor pool = MpiExecutor.open(MPI.COMM_WORLD, 0))
            {
                if (pool.isRoot())
                {
                    final Object held = new Object();
                    final List<CompletableFuture<Integer>> futures = new ArrayList<>();
                    for (int i = 0; i < 12; i++)
                    {
                        final int input = i;
                        futures.add(i % 4 == 1 ? pool.submit((Task<Integer>)() -> held.hashCode()) : pool.submit((Task<Integer>)() -> input));
                    }
                    for (int i = 0; i < futures.size(); i++)
                    {
                        if (i % 4 != 1)
                        {
                            Check.equal((long)i, (long)futures.get(i).get(30, TimeUnit.SECONDS), "value of task " + i);
                        }
                        else if (MPI.COMM_WORLD.Size() > 1)
                        {
                            final String why = rejection(futures.get(i));
                            Check.that(why.contains("cannot travel to a worker") && why.contains("java.lang.Object"), why);
                        }
                    }
                    Check.equal(7L, (long)pool.submit((Task<Integer>)() -> 7).get(30, TimeUnit.SECONDS), "a task after them");
                }
            }
            MPI.Finalize();
        }

        private static String rejection(final CompletableFuture<Integer> future) throws Exception
        {
            try
            {
                future.get(30, TimeUnit.SECONDS);
            }
            catch (final java.util.concurrent.ExecutionException ex)
            {
                Check.that(ex.getCause() instanceof java.util.concurrent.RejectedExecutionException, "cause " + ex.getCause());
                return ex.getCause().getMessage();
            }
            throw new AssertionError("a task holding an Object came back with a value; expected it to fail");
        }
    }

    /**
     * An answer the root cannot decode (its class refuses in {@code readObject}) cannot be told from the others: the pool
     * fails, its task with a {@link WorkerLostException} that says why, and the workers are told to stop, so that every
     * rank returns from the pool and the job ends.
     */
    public static final class AnAnswerTheRootCannotDecodeEndsThePool
    {
        public static void main(final String[] args) throws Exception
        {
            MPI.Init(args);
            try (MpiExecutor pool = MpiExecutor.open(MPI.COMM_WORLD, 0))
            {
                if (pool.isRoot())
                {
                    final CompletableFuture<RefusesToArrive> answer = pool.submit((Task<RefusesToArrive>)RefusesToArrive::new);
                    if (MPI.COMM_WORLD.Size() == 1)
                    {
                        Check.that(answer.get(30, TimeUnit.SECONDS) != null, "at one rank the value is not copied");
                    }
                    else
                    {
                        try
                        {
                            answer.get(30, TimeUnit.SECONDS);
                            throw new AssertionError("an answer the root cannot decode arrived");
                        }
                        catch (final java.util.concurrent.ExecutionException expected)
                        {
                            Check.that(expected.getCause() instanceof WorkerLostException, "cause " + expected.getCause());
                            Check.that(expected.getCause().getMessage().contains("refuses to arrive"), expected.getCause().getMessage());
                        }
                    }
                }
            }
            MPI.COMM_WORLD.Barrier();
            MPI.Finalize();
        }
    }

    /** A value that encodes, but refuses to be decoded. */
    private static final class RefusesToArrive implements java.io.Serializable
    {
        private static final long serialVersionUID = 1L;

        private void readObject(final java.io.ObjectInputStream in) throws java.io.IOException
        {
            throw new java.io.InvalidObjectException("refuses to arrive");
        }
    }

    /**
     * A task the workers cannot decode (its {@code readObject} throws there) fails alone, with a {@link RemoteTaskException}
     * whose cause says why, also when it travelled in one message with others: those go again one by one and run.
     */
    public static final class ATaskTheWorkerCannotDecodeFailsAlone
    {
        public static void main(final String[] args) throws Exception
        {
            MPI.Init(args);
            try (MpiExecutor pool = MpiExecutor.open(MPI.COMM_WORLD, 0))
            {
                if (pool.isRoot())
                {
                    final List<CompletableFuture<Integer>> futures = new ArrayList<>();
                    for (int i = 0; i < 12; i++)
                    {
                        final int input = i;
                        futures.add(i % 4 == 1 ? pool.submit(new RefusesToRunHere()) : pool.submit((Task<Integer>)() -> input));
                    }
                    for (int i = 0; i < futures.size(); i++)
                    {
                        if (i % 4 != 1)
                        {
                            Check.equal((long)i, (long)futures.get(i).get(30, TimeUnit.SECONDS), "value of task " + i);
                        }
                        else if (MPI.COMM_WORLD.Size() > 1)
                        {
                            try
                            {
                                futures.get(i).get(30, TimeUnit.SECONDS);
                                throw new AssertionError("a task its worker cannot decode came back with a value");
                            }
                            catch (final java.util.concurrent.ExecutionException expected)
                            {
                                Check.that(expected.getCause() instanceof RemoteTaskException, "cause " + expected.getCause());
                                Check.that(expected.getCause().getCause().getMessage().contains("refuses to run here"),
                                    String.valueOf(expected.getCause().getCause()));
                            }
                        }
                    }
                    Check.equal(7L, (long)pool.submit((Task<Integer>)() -> 7).get(30, TimeUnit.SECONDS), "a task after them");
                }
            }
            MPI.Finalize();
        }
    }

    /** A task that encodes, but refuses to be decoded. */
    private static final class RefusesToRunHere implements Task<Integer>
    {
        private static final long serialVersionUID = 1L;

        @Override
        public Integer call()
        {
            return -1;
        }

        private void readObject(final java.io.ObjectInputStream in) throws java.io.IOException
        {
            throw new java.io.InvalidObjectException("refuses to run here");
        }
    }

    /** A thread interrupted before it waits gets InterruptedException from get() at once; the task still comes back. */
    public static final class AnInterruptedWaiterDoesNotWait
    {
        public static void main(final String[] args) throws Exception
        {
            MPI.Init(args);
            try (MpiExecutor pool = MpiExecutor.open(MPI.COMM_WORLD, 0))
            {
                if (pool.isRoot())
                {
                    final CompletableFuture<String> slow = submitSlow(pool);
                    Thread.currentThread().interrupt();
                    try
                    {
                        slow.get();
                        throw new AssertionError("get() of an interrupted thread returned " + slow.getNow(null));
                    }
                    catch (final InterruptedException expected)
                    {
                        // Had get() waited for the task (300 ms), its future would be done by now.
                        Check.that(!slow.isDone(), "an interrupted get() threw only once the task was done");
                    }
                    Check.that(!Thread.currentThread().isInterrupted(), "InterruptedException clears the interrupt");
                    Check.equal("slow", slow.get(30, TimeUnit.SECONDS), "the task's value, waited for again");
                }
            }
            MPI.Finalize();
        }
    }

    /** Four threads submit tasks and wait for each in turn, at once: each gets its own task's value, every time. */
    public static final class ThreadsSubmitAndWaitAtOnce
    {
        public static void main(final String[] args) throws Exception
        {
            MPI.Init(args);
            try (MpiExecutor pool = MpiExecutor.open(MPI.COMM_WORLD, 0, 2))
            {
                if (pool.isRoot())
                {
                    final List<Thread> threads = new ArrayList<>();
                    final AtomicReference<String> wrong = new AtomicReference<>();
                    final AtomicLong got = new AtomicLong();
                    for (int t = 0; t < 4; t++)
                    {
                        final int thread = t;
                        threads.add(new Thread(() -> submitAndWait(pool, thread, wrong, got), "submitter-" + t));
                    }
                    threads.forEach(Thread::start);
                    for (final Thread thread : threads)
                    {
                        thread.join(60_000);
                        Check.that(!thread.isAlive(), thread.getName() + " still waits after 60 s");
                    }
                    Check.equal(null, wrong.get(), "a value a submitting thread got");
                    Check.equal(4L * 300, got.get(), "values the submitting threads got");
                }
            }
            MPI.Finalize();
        }

        private static void submitAndWait(final MpiExecutor pool, final int thread, final AtomicReference<String> wrong,
            final AtomicLong got)
        {
            try
            {
                for (int i = 0; i < 300; i++)
                {
                    final long expected = thread * 1_000_000L + i;
                    final long value = i % 2 == 0 ? pool.submit((Task<Long>)() -> expected).get()
                        : pool.submit((Task<Long>)() -> expected).join();
                    if (value != expected)
                    {
                        wrong.compareAndSet(null, "thread " + thread + " got " + value + " for task " + expected);
                    }
                    got.incrementAndGet();
                }
            }
            catch (final Exception ex)
            {
                wrong.compareAndSet(null, "thread " + thread + " failed: " + ex);
            }
        }
    }
}
