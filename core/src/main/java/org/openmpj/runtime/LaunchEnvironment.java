package org.openmpj.runtime;

import org.openmpj.bootstrap.PmiClient;
import org.openmpj.transport.tcp.TcpDeviceProvider;

/**
 * Every name through which a launcher hands a rank process its part of a job: the environment variables and system
 * properties that {@code mpjrun} sets for the rank processes it starts, and the rank runtime reads back, and the
 * variables of the launcher's own environment that reach the ranks. The launcher and the ranks both use these
 * constants, so that each name is spelled once.
 *
 * <p>A name that a lower layer owns is spelled there and named here: the PMI-1 variables, which Hydra and Slurm set
 * too, by {@link PmiClient}; the network interface by the tcp device, whose tunable it is.
 */
public final class LaunchEnvironment
{
    /** Environment variable naming the device of a rank process; every launcher of OpenMPJ's sets it. */
    public static final String DEVICE_ENV_NAME = "OPENMPJ_DEVICE";
    /** System property naming the device of a rank process; wins over {@link #DEVICE_ENV_NAME}. */
    public static final String DEVICE_PROP_NAME = "openmpj.device";

    /** System property: how many ranks each process of a job holds as threads, on a device that allows it (hybrid); 1 by default. */
    public static final String THREADS_PROP_NAME = "openmpj.threads";
    /** Environment variable giving {@link #THREADS_PROP_NAME} when the property is unset, for launchers other than mpjrun. */
    public static final String THREADS_ENV_NAME = "OPENMPJ_THREADS";
    /**
     * System property: the ranks of a job whose processes hold {@link #THREADS_PROP_NAME} ranks each but the last, which
     * holds the rest; unset, every process holds that many.
     */
    public static final String RANKS_PROP_NAME = "openmpj.ranks";

    /** Environment variable through which {@code mpjrun} gives the rank processes it starts on its own host its process id. */
    public static final String LAUNCHER_PID_ENV_NAME = "OPENMPJ_LAUNCHER_PID";

    /** Environment variable with options for the launcher's JVM and every rank's JVM, split at white space. */
    public static final String JVM_OPTIONS_ENV_NAME = "OPENMPJ_JVM_OPTS";

    /** System property naming the network interface of the tcp device, through which remote ranks also reach the launcher. */
    public static final String TCP_INTERFACE_PROP_NAME = TcpDeviceProvider.INTERFACE_PROP_NAME;
    /** Environment variable with the meaning of {@link #TCP_INTERFACE_PROP_NAME}; the launcher passes its own on to remote ranks. */
    public static final String TCP_INTERFACE_ENV_NAME = TcpDeviceProvider.INTERFACE_ENV_NAME;

    /** Environment variable with the launcher's key-value service, {@code host:port}. */
    public static final String PMI_PORT_ENV_NAME = PmiClient.PORT_ENV_NAME;
    /** Environment variable with a rank's secret, which admits it to the key-value service; never on a command line. */
    public static final String PMI_ID_ENV_NAME = PmiClient.ID_ENV_NAME;
    /** Environment variable with the rank of a rank process among the job's processes. */
    public static final String PMI_RANK_ENV_NAME = PmiClient.RANK_ENV_NAME;
    /** Environment variable with the number of the job's processes. */
    public static final String PMI_SIZE_ENV_NAME = PmiClient.SIZE_ENV_NAME;
    /** What every PMI variable's name starts with; a launcher drops those it inherited before it sets its ranks' own. */
    public static final String PMI_ENV_NAME_PREFIX = PmiClient.ENV_NAME_PREFIX;

    private LaunchEnvironment()
    {
    }
}
