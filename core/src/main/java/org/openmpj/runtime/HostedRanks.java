package org.openmpj.runtime;

import java.net.URL;
import java.util.List;

/**
 * Runs the ranks a process of a hybrid job holds as threads, each loading the API and the program through its own class
 * loader (as thread ranks do), so that static fields are per rank. The first failure of any of them (an exception out of
 * {@code main}, returning without {@code MPI.Finalize}, or a peer's failure seen here) ends the process through
 * {@link ProcessRank}'s failure path, which tells the process manager, so that the whole job ends; the process's other
 * ranks first get a short grace to unwind.
 */
final class HostedRanks
{
    /**
     * How long the other ranks of this process get to unwind after the first failure (each fails at its next wait and
     * runs its own handlers, as it would in a process of its own) before the process ends without them.
     */
    private static final long UNWIND_GRACE_NS = 1_000_000_000L;

    private HostedRanks()
    {
    }

    /**
     * Runs {@code mainClass} in every rank of this process and returns once all have finished cleanly; on a failure it
     * does not return.
     */
    static void run(final String mainClass, final String[] args)
    {
        final JoinedProcess process = JoinedProcess.join().orElseThrow(() -> new IllegalStateException(LaunchEnvironment.THREADS_PROP_NAME + "="
            + Settings.threadsPerProcess() + " needs a process manager to place this process in its job: start it with mpjrun -dev hybrid,"
            + " mpiexec or srun"));
        final URL[] urls = ThreadJob.toUrls(JobSpec.paths(System.getProperty("java.class.path", "")), List.of());
        final JobState job = process.job();
        final Thread[] threads = new Thread[process.threads()];
        for (int local = 0; local < threads.length; local++)
        {
            final int rank = process.firstRank() + local;
            final RankClassLoader loader = new RankClassLoader(rank, urls, HostedRanks.class.getClassLoader());
            final RankContext context = process.rank(local, loader, JoinedProcess::exitOnAbort);
            RankRegistry.register(loader, context);
            threads[local] = new Thread(() -> ThreadJob.runRank(context, loader, mainClass, List.of(args), job), "rank-" + rank);
            threads[local].setContextClassLoader(loader);
        }
        for (final Thread thread : threads)
        {
            thread.start();
        }
        ThreadJob.awaitRanks(threads, job, null, UNWIND_GRACE_NS);
        // Also once all have ended: a rank may fail as it returns, without MPI.Finalize.
        final JobState.Failure failure = job.failure();
        if (failure != null)
        {
            ProcessRank.fail(failure.exitCode(), failure.message(), failure.cause(), process.manager());
        }
    }
}
