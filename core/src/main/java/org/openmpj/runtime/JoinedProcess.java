package org.openmpj.runtime;

import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.bootstrap.PmiClient;
import org.openmpj.concurrent.IdleStrategy;
import org.openmpj.device.DeviceContext;
import org.openmpj.device.DeviceProvider;
import org.openmpj.device.Devices;
import org.openmpj.device.HostName;
import org.openmpj.os.SchedulingGroup;

/**
 * The ranks of a process that a process manager started: the process's place comes from the PMI-1 conversation named
 * by the environment ({@code PMI_PORT} from mpjrun or {@code mpiexec -pmi-port}, {@code PMI_FD} from Hydra or Slurm),
 * the device from {@link LaunchEnvironment#DEVICE_ENV_NAME} or {@link LaunchEnvironment#DEVICE_PROP_NAME} ({@code tcp} by
 * default). A process holds one rank, or {@link LaunchEnvironment#THREADS_PROP_NAME} ranks as threads on a device that
 * allows it: process {@code p} of {@code P} then holds world ranks {@code p*T} to {@code p*T+T-1} of {@code P*T}.
 * Processes publish their host name, so that each rank knows which peers share its process and host, and how many
 * waiting threads its cores must carry.
 *
 * <p>Thread-safety: a process joins its job once, from one thread; the resulting ranks are then independent.
 */
final class JoinedProcess
{
    /** How long the process manager may take to answer, including a barrier that waits for the slowest rank to start. */
    static final String TIMEOUT_PROP_NAME = "openmpj.bootstrap.timeoutMs";
    private static final int TIMEOUT_DEFAULT_MS = 300_000;
    private static final String HOST_KEY = "openmpj-process-host-";

    private final PmiClient client;
    private final DeviceProvider provider;
    private final RankBlocks blocks;
    /** The ranks this process holds. */
    private final int threads;
    private final RankLayout layout;
    private final JobState job = new JobState(Settings.survivesRankLoss());
    private final IdleStrategy idle;
    private final ConcurrentHashMap<String, Object> jobShared = new ConcurrentHashMap<>();
    private final ProcessManager manager;

    private JoinedProcess(final PmiClient client, final DeviceProvider provider, final RankBlocks blocks, final RankLayout layout)
    {
        this.client = client;
        this.provider = provider;
        this.blocks = blocks;
        this.threads = blocks.count(client.rank());
        this.layout = layout;
        this.idle = Settings.processIdleStrategy(layout.hostRanks(firstRank()).length, threads);
        this.manager = new ProcessManager(client, threads, job);
    }

    /**
     * @return the rank of this process when a process manager started it, or empty when none did (a singleton).
     * @throws OpenMpjException when the process was to hold several ranks as threads: only {@link ProcessRank} can start them.
     */
    static Optional<RankContext> fromEnvironment(final ClassLoader apiLoader)
    {
        final Optional<JoinedProcess> joined = join();
        if (joined.isEmpty())
        {
            return Optional.empty();
        }
        final JoinedProcess process = joined.get();
        if (process.threads > 1)
        {
            throw new OpenMpjException(ErrorClass.ERR_OTHER, LaunchEnvironment.THREADS_PROP_NAME + "=" + process.threads
                + ": a process holds ranks as threads only when org.openmpj.runtime.ProcessRank starts it, as mpjrun does;"
                + " start the JVM as 'java ... org.openmpj.runtime.ProcessRank MainClass [arguments]'");
        }
        return Optional.of(process.rank(0, apiLoader, JoinedProcess::exitOnAbort));
    }

    /** @return this process's share of its job, or empty when no process manager started it. */
    static Optional<JoinedProcess> join()
    {
        final int timeoutMs = Integer.getInteger(TIMEOUT_PROP_NAME, TIMEOUT_DEFAULT_MS);
        final Optional<PmiClient> found = PmiClient.fromEnvironment(System.getenv(), timeoutMs);
        if (found.isEmpty())
        {
            return Optional.empty();
        }
        final PmiClient client = found.get();
        final String deviceName = System.getProperty(LaunchEnvironment.DEVICE_PROP_NAME,
            System.getenv().getOrDefault(LaunchEnvironment.DEVICE_ENV_NAME, "tcp"));
        final DeviceProvider provider = Devices.find(deviceName, JoinedProcess.class.getClassLoader());
        if (provider.capabilities().inProcess())
        {
            throw new OpenMpjException(ErrorClass.ERR_OTHER, "device '" + deviceName + "' runs every rank as a thread of one"
                + " JVM, but a process manager started this process as rank " + client.rank() + " of " + client.size()
                + "; choose a device whose ranks are processes (" + LaunchEnvironment.DEVICE_ENV_NAME + " or -D"
                + LaunchEnvironment.DEVICE_PROP_NAME + ")");
        }
        final RankBlocks blocks = RankBlocks.of(client.size(), Settings.threadsPerProcess(), Settings.ranks());
        final int first = blocks.first(client.rank());
        final int threads = blocks.count(client.rank());
        LauncherWatch.startIfNamed(System.getenv(), threads == 1 ? "rank " + first : "ranks " + first + " to " + (first + threads - 1));
        if (blocks.perProcess() > 1 && !provider.capabilities().threadRanks())
        {
            throw new OpenMpjException(ErrorClass.ERR_OTHER, LaunchEnvironment.THREADS_PROP_NAME + "=" + blocks.perProcess()
                + " asks for several ranks per process, which device '" + provider.name() + "' cannot hold; use the hybrid device,"
                + " or 1 rank per process");
        }
        client.put(HOST_KEY + client.rank(), HostName.local());
        client.barrier();
        final JoinedProcess process = new JoinedProcess(client, provider, blocks, layout(client, blocks));
        process.reportSchedulingGroup();
        return Optional.of(process);
    }

    /**
     * Says, when the job is verbose and from the first process of each host, that waiting ranks cannot pass their cores to
     * each other: more ranks than cores, and each process alone in a scheduling group ({@link SchedulingGroup}).
     */
    private void reportSchedulingGroup()
    {
        final int[] hostRanks = layout.hostRanks(firstRank());
        final boolean verbose = Boolean.parseBoolean(System.getProperty(DeviceContext.VERBOSE_PROP_NAME, "false").trim());
        if (verbose && !idle.spins() && hostRanks[0] == firstRank() && SchedulingGroup.alone())
        {
            System.err.println("openmpj: " + hostRanks.length + " ranks share " + Settings.hostCores() + " cores of " + HostName.local()
                + ", and the launcher started this process in a session of its own, which this kernel schedules as a group of"
                + " its own (kernel.sched_autogroup_enabled=1): a waiting rank's yield cannot pass its core to another rank, and"
                + " collectives slow down; start the ranks with bin/mpjrun, whose ranks share its session, or set"
                + " kernel.sched_autogroup_enabled=0");
        }
    }

    /** Ranks in {@code blocks}, one per process; processes on one host when their host names match. */
    private static RankLayout layout(final PmiClient client, final RankBlocks blocks)
    {
        final int processes = client.size();
        final int threads = blocks.perProcess();
        final String[] hostOfProcess = new String[processes];
        for (int process = 0; process < processes; process++)
        {
            hostOfProcess[process] = process == client.rank() ? HostName.local() : client.get(HOST_KEY + process);
        }
        final int[] processOf = new int[blocks.ranks()];
        final int[] hostOf = new int[blocks.ranks()];
        for (int rank = 0; rank < processOf.length; rank++)
        {
            processOf[rank] = rank / threads;
            hostOf[rank] = firstWithHost(hostOfProcess, hostOfProcess[processOf[rank]]);
        }
        return RankLayout.of(processOf, hostOf);
    }

    private static int firstWithHost(final String[] hostOfProcess, final String host)
    {
        for (int process = 0; process < hostOfProcess.length; process++)
        {
            if (host.equals(hostOfProcess[process]))
            {
                return process;
            }
        }
        throw new IllegalStateException("no process on " + host);
    }

    /** @return the number of ranks this process holds. */
    int threads()
    {
        return threads;
    }

    /** @return the world rank of this process's first rank. */
    int firstRank()
    {
        return blocks.first(client.rank());
    }

    /** @return the job's state in this process, shared by its ranks. */
    JobState job()
    {
        return job;
    }

    /** @return the process manager, as this process's ranks share it. */
    ProcessManager manager()
    {
        return manager;
    }

    /**
     * @param local       which of this process's ranks, from 0.
     * @param apiLoader   the class loader of that rank's API and program classes.
     * @param exitOnAbort what ends the process when the rank calls {@code MPI.Abort}.
     * @return the rank, not yet initialized.
     */
    RankContext rank(final int local, final ClassLoader apiLoader, final java.util.function.IntConsumer exitOnAbort)
    {
        final RankContext context = new RankContext(firstRank() + local, layout.size(), provider, job, idle, jobShared, apiLoader,
            exitOnAbort, true, manager);
        context.setLayout(layout);
        return context;
    }

    /** MPI.Abort in a process rank: MPI ends the processes with the error code; the peers learn it as this process ends. */
    static void exitOnAbort(final int exitCode)
    {
        System.err.flush();
        System.out.flush();
        Runtime.getRuntime().halt(exitCode);
    }
}
