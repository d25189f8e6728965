package org.openmpj.launcher;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.runtime.JobResult;
import org.openmpj.runtime.JobSpec;
import org.openmpj.runtime.JobState;
import org.openmpj.runtime.LaunchEnvironment;
import org.openmpj.runtime.RankBlocks;
import org.openmpj.runtime.Settings;

/**
 * Runs a job whose ranks are JVMs of their own, on this host or, through a remote shell, on several: runs the
 * key-value service they bootstrap from ({@link PmiServer}), starts them ({@link RankCommands}), forwards their output
 * ({@link OutputPump}) and waits for them. Inside a Slurm allocation it hands the job to {@code srun} instead
 * ({@link SrunJob}).
 *
 * <p>The job succeeds when every rank exits with 0 after {@code MPI.Finalize}. Otherwise its first failure decides how
 * it ends: a rank that reported an abort gives the abort's exit code; a rank that exited non-zero, its exit code; a rank
 * that exited with 0 without finalizing, 1; the timeout, 124. A rank that aborted because a peer failed
 * ({@code MPI.ERR_PROC_FAILED}) yields to a rank that ended by itself with another failure, which is the cause. A job
 * that survives lost ranks ({@link Settings#SURVIVE_RANK_LOSS_PROP_NAME}) goes on when a rank dies or exits: it succeeds
 * when the ranks left finalize, listing the lost ones in its result. After the first failure the other ranks get a short grace
 * to end by themselves (their devices tell them of the failure), then they are stopped: TERM, and KILL 2 s later.
 *
 * <p>Thread-safety: one job, run by one thread.
 */
final class ProcessJob
{
    /** How long the other ranks get to end by themselves after the first failure, before they are stopped. */
    static final long FAILURE_GRACE_MS = 3000;
    /** How long a rank gets between TERM and KILL. */
    static final long KILL_AFTER_MS = 2000;
    /** Exit code of a job that ran out of time, as {@code timeout(1)} has it. */
    static final int TIMEOUT_EXIT_CODE = 124;
    /** How long a rank's first PMI line may take once it has connected. */
    private static final int ADMIT_TIMEOUT_MS = 60_000;
    /** How long output may still flow once every rank has ended. */
    private static final long OUTPUT_DRAIN_MS = 2000;
    private static final long POLL_MS = 100;
    /** Exit code of a rank that aborted because a call failed on a dead peer, under {@code MPI.ERRORS_ARE_FATAL}. */
    private static final int PEER_FAILED_EXIT_CODE = ErrorClass.ERR_PROC_FAILED.code();

    private final JobSpec spec;
    private final ProcessLaunch launch;
    private final PrintStream out;
    private final PrintStream err;
    private final JobState job = new JobState();
    /** In a job that survives lost ranks, the ranks that ended by themselves with a failure while it went on. */
    private final List<JobState.Failure> lost = new ArrayList<>();
    private boolean survivesRankLoss;
    private final List<Thread> pumps = new ArrayList<>();
    private final Object events = new Object();

    private ProcessJob(final JobSpec spec, final ProcessLaunch launch, final PrintStream out, final PrintStream err)
    {
        this.spec = spec;
        this.launch = launch;
        this.out = out;
        this.err = err;
    }

    /**
     * Runs {@code spec} to its end.
     *
     * @param spec   the job; its device is the canonical name the ranks get as {@link LaunchEnvironment#DEVICE_ENV_NAME}.
     * @param launch how to start the ranks.
     * @param out    where the ranks' standard output goes.
     * @param err    where the ranks' standard error goes.
     * @throws IllegalArgumentException naming the value when the hosts cannot take the job or the launcher has no
     *                                  address the ranks can reach.
     * @throws OpenMpjException         when the key-value service or {@code srun} cannot be started.
     */
    static JobResult run(final JobSpec spec, final ProcessLaunch launch, final PrintStream out, final PrintStream err)
    {
        if (launch.insideSlurm())
        {
            return SrunJob.run(spec, launch, out, err);
        }
        return runOnThisHost(spec, launch, out, err);
    }

    /** Runs {@code spec} as {@link #run} does, on this host even inside a Slurm allocation. */
    static JobResult runOnThisHost(final JobSpec spec, final ProcessLaunch launch, final PrintStream out, final PrintStream err)
    {
        return new ProcessJob(spec, launch, out, err).run();
    }

    private JobResult run()
    {
        final int size = spec.processes();
        final String[] hostOf = launch.hosts() == null ? null : launch.hosts().place(size, launch.oversubscribe());
        final InetAddress bindAddress = hostOf == null ? InetAddress.getLoopbackAddress() : LauncherAddress.forRemoteRanks(launch.tcpInterface());
        final RankBlocks blocks = launch.rankBlocks(size);
        survivesRankLoss = launch.survivesRankLoss();
        try (PmiServer server = new PmiServer(size, ADMIT_TIMEOUT_MS, bindAddress, blocks::describe, launch.livenessTimeoutMs());
            JobProcesses processes = new JobProcesses(KILL_AFTER_MS))
        {
            if (survivesRankLoss)
            {
                server.surviveRankLoss();
            }
            startRanks(server, processes, hostOf, blocks);
            supervise(server, processes);
            processes.stopAll();
            drainOutput();
            return result(processes.all(), server);
        }
        catch (final IOException ex)
        {
            throw new OpenMpjException(ErrorClass.ERR_OTHER, "cannot start the key-value service for the ranks on " + bindAddress.getHostAddress()
                + ": " + ex.getMessage());
        }
    }

    private void startRanks(final PmiServer server, final JobProcesses processes, final String[] hostOf, final RankBlocks blocks)
    {
        final List<String> java = RankCommands.java(spec, launch);
        for (int rank = 0; rank < spec.processes(); rank++)
        {
            final Map<String, String> rankEnvironment = RankCommands.environment(spec.device(), server.address(), server.idOf(rank), rank,
                spec.processes());
            final String host = hostOf == null ? null : hostOf[rank];
            final ProcessBuilder builder = new ProcessBuilder(host == null ? java : RankCommands.remote(launch, host, rankEnvironment, java));
            final Map<String, String> environment = builder.environment();
            environment.clear();
            environment.putAll(launch.environment());
            // A launcher that itself runs under a process manager must not hand its own PMI connection to the ranks.
            environment.keySet().removeIf(name -> name.startsWith(LaunchEnvironment.PMI_ENV_NAME_PREFIX));
            environment.remove(LaunchEnvironment.LAUNCHER_PID_ENV_NAME);
            if (host == null)
            {
                environment.putAll(rankEnvironment);
                environment.put(LaunchEnvironment.LAUNCHER_PID_ENV_NAME, Long.toString(ProcessHandle.current().pid()));
            }
            final LaunchedProcess process;
            try
            {
                process = processes.start(rank, blocks, host, builder,
                    host == null ? null : RankCommands.remoteInput(rankEnvironment));
            }
            catch (final IOException ex)
            {
                job.fail(new JobState.Failure(rank, "rank " + rank + " could not be started: " + ex.getMessage(), null, 1));
                return;
            }
            process.process().onExit().thenRun(this::signal);
            final String prefix = launch.prefixOutput() ? OutputPump.processPrefix(blocks, rank) : "";
            pumps.add(OutputPump.start(process.process().getInputStream(), out, prefix, "rank-" + rank + "-stdout"));
            pumps.add(OutputPump.start(process.process().getErrorStream(), err, prefix, "rank-" + rank + "-stderr"));
        }
    }

    /** Waits until every rank has ended, or stops them after the first failure's grace or at the timeout. */
    private void supervise(final PmiServer server, final JobProcesses processes)
    {
        final List<LaunchedProcess> ranks = processes.all();
        final boolean[] ended = new boolean[ranks.size()];
        final long startNs = System.nanoTime();
        final long timeoutNs = spec.timeout() == null ? Long.MAX_VALUE : spec.timeout().toNanos();
        long failedAtNs = 0;
        while (true)
        {
            final PmiServer.Failure reported = server.failure();
            if (reported != null)
            {
                job.fail(new JobState.Failure(reported.rank(), reported.message(), null, reported.exitCode()));
            }
            boolean allEnded = true;
            for (int i = 0; i < ranks.size(); i++)
            {
                if (ranks.get(i).process().isAlive())
                {
                    allEnded = false;
                }
                else if (!ended[i])
                {
                    ended[i] = true;
                    onExit(ranks.get(i), server);
                }
            }
            if (allEnded)
            {
                return;
            }
            final long nowNs = System.nanoTime();
            if (nowNs - startNs > timeoutNs)
            {
                job.fail(new JobState.Failure(-1, "the job did not finish within its timeout of " + spec.timeout().toSeconds()
                    + " s; ranks still running: " + running(ranks), null, TIMEOUT_EXIT_CODE));
                return;
            }
            if (job.failure() != null)
            {
                if (failedAtNs == 0)
                {
                    failedAtNs = nowNs;
                }
                else if (nowNs - failedAtNs > TimeUnit.MILLISECONDS.toNanos(FAILURE_GRACE_MS))
                {
                    return;
                }
            }
            try
            {
                synchronized (events)
                {
                    events.wait(POLL_MS);
                }
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                job.fail(new JobState.Failure(-1, "the launcher was interrupted", ex, 1));
                return;
            }
        }
    }

    private void onExit(final LaunchedProcess rank, final PmiServer server)
    {
        final int exitCode = rank.process().exitValue();
        if (exitCode != 0)
        {
            rankFailed(new JobState.Failure(rank.rank(), exited(rank, exitCode), null, exitCode));
        }
        else if (!server.hasConnected(rank.rank()))
        {
            // A program that never called MPI.Init ran as plain Java, which is no failure, unless other ranks wait for it.
            if (server.anyConnected())
            {
                rankFailed(new JobState.Failure(rank.rank(), rank.describe() + " exited with code 0 without calling MPI.Init, while other"
                    + " ranks did and wait for it", null, 1));
            }
        }
        else if (!server.hasFinalized(rank.rank()))
        {
            rankFailed(new JobState.Failure(rank.rank(), rank.describe() + " exited with code 0 without calling MPI.Finalize", null, 1));
        }
    }

    /** A rank ended by itself with {@code failure}: the job's failure, unless the job survives lost ranks and still stands. */
    private void rankFailed(final JobState.Failure failure)
    {
        if (survivesRankLoss && job.failure() == null)
        {
            lost.add(failure);
            return;
        }
        job.rankFailed(failure);
    }

    /**
     * @return how the job ended, with every rank that ended by itself with a failure while the job ran (the ranks stopped at
     *         its end are not among them). A rank whose PMI connection ended early (exit code not yet known when it was
     *         recorded) is reported as its process ended: with its exit code, or 1.
     */
    private JobResult result(final List<LaunchedProcess> ranks, final PmiServer server)
    {
        JobState.Failure failure = job.failure();
        if (failure == null)
        {
            return withoutLost(ranks, server);
        }
        if (failure.exitCode() == PmiServer.Failure.UNKNOWN_EXIT_CODE)
        {
            failure = new JobState.Failure(failure.rank(), failure.message(), null, 1);
            for (final LaunchedProcess rank : ranks)
            {
                if (rank.rank() == failure.rank() && !rank.stoppedByLauncher() && !rank.process().isAlive())
                {
                    final int exitCode = rank.process().exitValue();
                    failure = exitCode != 0 ? new JobState.Failure(rank.rank(), exited(rank, exitCode), null, exitCode)
                        : new JobState.Failure(rank.rank(), rank.describe() + " exited with code 0 without calling MPI.Finalize", null, 1);
                }
            }
        }
        if (failure.exitCode() == PEER_FAILED_EXIT_CODE)
        {
            failure = causeOf(failure);
        }
        return new JobResult(failure.exitCode(), failure, job.rankFailures());
    }

    /**
     * @return how a job that did not fail ended: cleanly, or, when it went on without lost ranks, cleanly too as long as
     *         a rank finalized (the lost ones listed), else as its first lost rank ended.
     */
    private JobResult withoutLost(final List<LaunchedProcess> ranks, final PmiServer server)
    {
        if (lost.isEmpty())
        {
            return new JobResult(0, null);
        }
        for (final LaunchedProcess rank : ranks)
        {
            if (server.hasFinalized(rank.rank()))
            {
                return new JobResult(0, null, lost);
            }
        }
        return new JobResult(lost.get(0).exitCode(), lost.get(0), lost);
    }

    /**
     * @return the failure of a rank that ended by itself for a reason of its own, when {@code consequence} is a rank
     *         aborting because a peer failed (its report can reach the launcher before the peer's exit is seen);
     *         else {@code consequence}.
     */
    private JobState.Failure causeOf(final JobState.Failure consequence)
    {
        for (final JobState.Failure candidate : job.rankFailures())
        {
            if (candidate.rank() != consequence.rank() && candidate.exitCode() != PEER_FAILED_EXIT_CODE)
            {
                return candidate;
            }
        }
        return consequence;
    }

    private void drainOutput()
    {
        final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(OUTPUT_DRAIN_MS);
        for (final Thread pump : pumps)
        {
            final long leftMs = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (leftMs <= 0)
            {
                return;
            }
            try
            {
                pump.join(leftMs);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private void signal()
    {
        synchronized (events)
        {
            events.notifyAll();
        }
    }

    /** @return {@code rank R exited with code C}, naming the signal when the code says the process was killed by one. */
    static String exited(final LaunchedProcess rank, final int exitCode)
    {
        final String signal = switch (exitCode)
        {
            case 128 + 9 -> " (killed by SIGKILL)";
            case 128 + 15 -> " (killed by SIGTERM)";
            case 128 + 6 -> " (SIGABRT: the JVM crashed)";
            case 128 + 11 -> " (SIGSEGV: the JVM crashed)";
            default -> exitCode > 128 && exitCode < 128 + 65 ? " (killed by signal " + (exitCode - 128) + ")" : "";
        };
        return rank.describe() + " exited with code " + exitCode + signal;
    }

    private static String running(final List<LaunchedProcess> ranks)
    {
        final List<String> alive = new ArrayList<>();
        for (final LaunchedProcess rank : ranks)
        {
            if (rank.process().isAlive())
            {
                alive.add(Integer.toString(rank.rank()));
            }
        }
        return String.join(", ", alive);
    }
}
