package org.openmpj.examples;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import mpi.MPI;
import org.openmpj.executor.LostWorkerTasks;
import org.openmpj.executor.MpiExecutor;
import org.openmpj.executor.WorkerLostException;

/** Task pools in jobs of rank JVMs, for the system tests. */
final class ExecutorSystemPrograms
{
    private ExecutorSystemPrograms()
    {
    }

    /**
     * Rank 2's JVM dies in its first task. The root prints, for every task that did not complete, what its future says:
     * the tasks on the dead worker, and those still in flight or queued when the job failed, name where they were.
     */
    public static final class WorkerDies
    {
        public static void main(final String[] args) throws InterruptedException
        {
            MPI.Init(args);
            try (MpiExecutor pool = MpiExecutor.open(MPI.COMM_WORLD, 0, 2))
            {
                if (pool.isRoot())
                {
                    final List<CompletableFuture<Integer>> futures = new ArrayList<>();
                    for (int i = 0; i < 40; i++)
                    {
                        futures.add(pool.submit(WorkerDies::sleepOrDie));
                    }
                    int lost = 0;
                    for (final CompletableFuture<Integer> future : futures)
                    {
                        try
                        {
                            future.get(30, TimeUnit.SECONDS);
                        }
                        catch (final ExecutionException failed)
                        {
                            if (failed.getCause() instanceof WorkerLostException worker)
                            {
                                lost++;
                                System.out.println("lost: rank " + worker.rank() + ": " + worker.getMessage());
                            }
                        }
                        catch (final java.util.concurrent.TimeoutException late)
                        {
                            System.out.println("a task's future was not completed within 30 s");
                        }
                    }
                    System.out.println("tasks lost: " + lost);
                    System.out.flush();
                }
            }
            MPI.Finalize();
        }

        static int sleepOrDie() throws InterruptedException
        {
            if (MPI.COMM_WORLD.Rank() == 2)
            {
                Runtime.getRuntime().halt(9);
            }
            Thread.sleep(50);
            return MPI.COMM_WORLD.Rank();
        }
    }

    /**
     * As {@link WorkerDies}, in a job that survives lost ranks: the pool goes on with the workers left, and the tasks on the
     * dead worker fail naming it ({@code FAIL}) or run on the others ({@code RESUBMIT}, the first argument). The root prints
     * how many tasks completed and how many were lost, then every rank left finalizes.
     */
    public static final class PoolOutlivesWorker
    {
        public static void main(final String[] args) throws InterruptedException
        {
            MPI.Init(args);
            final LostWorkerTasks policy = LostWorkerTasks.valueOf(args[0]);
            try (MpiExecutor pool = MpiExecutor.open(MPI.COMM_WORLD, 0, 2, policy))
            {
                if (pool.isRoot())
                {
                    final List<CompletableFuture<Integer>> futures = new ArrayList<>();
                    for (int i = 0; i < 40; i++)
                    {
                        futures.add(pool.submit(WorkerDies::sleepOrDie));
                    }
                    int completed = 0;
                    int lost = 0;
                    for (final CompletableFuture<Integer> future : futures)
                    {
                        try
                        {
                            final int rank = future.get(30, TimeUnit.SECONDS);
                            completed += rank == 1 || rank == 3 ? 1 : 0;
                        }
                        catch (final ExecutionException failed)
                        {
                            lost += failed.getCause() instanceof WorkerLostException worker && worker.rank() == 2 ? 1 : 0;
                            System.out.println("failed: " + failed.getCause());
                        }
                        catch (final java.util.concurrent.TimeoutException late)
                        {
                            System.out.println("a task's future was not completed within 30 s");
                        }
                    }
                    System.out.println("completed on ranks 1 and 3: " + completed + ", lost on rank 2: " + lost + ", lost ranks: "
                        + java.util.Arrays.toString(MPI.COMM_WORLD.Lost_ranks()));
                    System.out.flush();
                }
            }
            final int rank = MPI.COMM_WORLD.Rank();
            MPI.Finalize();
            System.out.println("rank " + rank + " finalized");
        }
    }
}
