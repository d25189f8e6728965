package org.openmpj.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import org.openmpj.bootstrap.PmiClient;
import org.openmpj.device.DeviceProvider;
import org.openmpj.device.Devices;
import org.openmpj.device.HostName;

/**
 * Makes the rank of a process that a process manager started: rank and size come from the PMI-1 conversation
 * named by the environment ({@code PMI_PORT} from mpjrun or {@code mpiexec -pmi-port}, {@code PMI_FD} from Hydra or
 * Slurm), the device from {@code OPENMPJ_DEVICE} or {@code -Dopenmpj.device} ({@code tcp} by default). Ranks also
 * publish their host name, so that each knows which peers share its host and how many waiting threads its cores
 * must carry.
 */
final class ProcessRanks
{
    /** System property naming the device of a process job. */
    static final String DEVICE_PROP_NAME = "openmpj.device";
    /** Environment variable naming the device of a process job, as launchers set it. */
    static final String DEVICE_ENV_NAME = "OPENMPJ_DEVICE";
    /** How long the process manager may take to answer, including a barrier that waits for the slowest rank to start. */
    static final String TIMEOUT_PROP_NAME = "openmpj.bootstrap.timeoutMs";
    private static final int TIMEOUT_DEFAULT_MS = 300_000;
    private static final String HOST_KEY = "openmpj-rank-host-";

    private ProcessRanks()
    {
    }

    /** @return the rank of this process, or empty when no process manager started it (a singleton). */
    static Optional<RankContext> fromEnvironment(final ClassLoader apiLoader)
    {
        final int timeoutMs = Integer.getInteger(TIMEOUT_PROP_NAME, TIMEOUT_DEFAULT_MS);
        final Optional<PmiClient> found = PmiClient.fromEnvironment(System.getenv(), timeoutMs);
        if (found.isEmpty())
        {
            return Optional.empty();
        }
        final PmiClient client = found.get();
        final String deviceName = System.getProperty(DEVICE_PROP_NAME, System.getenv().getOrDefault(DEVICE_ENV_NAME, "tcp"));
        final DeviceProvider provider = Devices.find(deviceName, ProcessRanks.class.getClassLoader());
        if (provider.capabilities().inProcess())
        {
            throw new org.openmpj.OpenMpjException(org.openmpj.ErrorClass.ERR_OTHER, "device '" + deviceName + "' runs every rank as a thread of one"
                + " JVM, but a process manager started this process as rank " + client.rank() + " of " + client.size()
                + "; choose a device whose ranks are processes (" + DEVICE_ENV_NAME + " or -D" + DEVICE_PROP_NAME + ")");
        }
        final int rank = client.rank();
        final int size = client.size();
        client.put(HOST_KEY + rank, HostName.local());
        client.barrier();
        final List<Integer> sameHost = new ArrayList<>();
        for (int peer = 0; peer < size; peer++)
        {
            if (HostName.local().equals(client.get(HOST_KEY + peer)))
            {
                sameHost.add(peer);
            }
        }
        final RankContext context = new RankContext(rank, size, provider, new JobState(), Settings.processIdleStrategy(sameHost.size()),
            new ConcurrentHashMap<>(), apiLoader, ProcessRanks::exitOnAbort, true, new ProcessManager(client));
        context.setSameHostRanks(sameHost.stream().mapToInt(Integer::intValue).toArray());
        return Optional.of(context);
    }

    /** MPI.Abort in a process rank: MPI ends the processes with the error code; the peers learn it as this process ends. */
    private static void exitOnAbort(final int exitCode)
    {
        System.err.flush();
        System.out.flush();
        Runtime.getRuntime().halt(exitCode);
    }
}
