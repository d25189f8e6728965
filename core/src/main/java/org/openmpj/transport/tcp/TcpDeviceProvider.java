package org.openmpj.transport.tcp;

import java.util.List;

import org.openmpj.assembly.DeviceAssembler;
import org.openmpj.device.ConfigOption;
import org.openmpj.device.Device;
import org.openmpj.device.DeviceCapabilities;
import org.openmpj.device.DeviceContext;
import org.openmpj.device.DeviceProvider;
import org.openmpj.device.DeviceSettings;

/**
 * The {@code tcp} device (also {@code niodev}): ranks in separate processes, on one host or many, exchanging messages
 * over TCP with the one matcher and its eager and rendezvous protocols. Ranks publish their listening address and
 * the job key through the job's key-value store.
 */
public final class TcpDeviceProvider implements DeviceProvider
{
    /** Largest message sent with its envelope; larger ones wait until their receive is posted. */
    public static final String EAGER_LIMIT_PROP_NAME = "openmpj.tcp.eagerLimit";
    /** Default eager limit in bytes. */
    public static final long EAGER_LIMIT_DEFAULT = 64 * 1024;
    /** Bytes of eager messages one sender may have waiting at one receiver before its sends wait for receives. */
    public static final String WINDOW_PROP_NAME = "openmpj.tcp.eagerWindow";
    /** Default eager window in bytes. */
    public static final long WINDOW_DEFAULT = 4L * 1024 * 1024;
    /** Interface name or address to listen on; also read from the environment variable {@link #INTERFACE_ENV_NAME}. */
    public static final String INTERFACE_PROP_NAME = "openmpj.tcp.interface";
    /** Environment variable naming the interface when the property is unset. */
    public static final String INTERFACE_ENV_NAME = "OPENMPJ_TCP_INTERFACE";
    /**
     * How long connecting to a peer may take, in milliseconds, with its handshake: a refused or cut attempt is tried
     * again until then, and a listener waits as long for a connection to prove itself.
     */
    public static final String CONNECT_TIMEOUT_PROP_NAME = "openmpj.tcp.connectTimeoutMs";
    /** Default connect timeout in milliseconds. */
    public static final long CONNECT_TIMEOUT_DEFAULT = 10_000;

    /** Send and receive buffer size of each socket; 0 keeps the kernel's default and its autotuning. */
    public static final String SOCKET_BUFFER_PROP_NAME = "openmpj.tcp.socketBufferBytes";
    /** Default socket buffer size in bytes. */
    public static final long SOCKET_BUFFER_DEFAULT = 4L * 1024 * 1024;

    /** Whether large payloads go straight between Java arrays and sockets, where the platform allows it. */
    public static final String NATIVE_IO_PROP_NAME = "openmpj.tcp.nativeIo";

    /**
     * The kernel's congestion control under which a connection to a rank on the same host sends large payloads, set where
     * native I/O is on (eager messages go back to the kernel's default, see {@link CongestionSwitch}); empty keeps the
     * kernel's default throughout. Why: BBR, the default of many kernels, sizes its window from bandwidth times the smallest
     * round trip, a few microseconds within a host, so after its start-up phase a 1 MiB message no longer fits the window
     * and waits for acknowledgements. Measured on loopback, 2 ranks on 2 cores of an Intel Xeon: a 1 MiB ping-pong took
     * 300-315 µs one way under BBR once its start-up ended (118 µs before), 104-106 µs under reno; a C ping-pong showed the
     * same (113-118 µs, then 313-317; 90 µs under reno in one send).
     */
    public static final String SAME_HOST_CONGESTION_PROP_NAME = "openmpj.tcp.sameHostCongestion";
    /** Default congestion control for large payloads within a host: reno, which every Linux kernel has and allows every process. */
    public static final String SAME_HOST_CONGESTION_DEFAULT = "reno";

    /** The most payload bytes one native send moves; a larger payload goes in several sends. */
    public static final String SEND_PIECE_PROP_NAME = "openmpj.tcp.sendPieceBytes";
    /**
     * Default native send piece in bytes: a payload of up to 4 MiB goes in one call. Measured on loopback, 2 ranks on 2
     * cores of an Intel Xeon, alternating, twice each: one-way 1 MiB took 174-185 µs in one call against 342-357 in
     * 128 KiB pieces and 289-300 in 16 KiB pieces, 4 MiB 636-664 against 1,485-1,575; a 1 MiB Sendrecv 383-393 against
     * 442-447. On an AMD EPYC the 128 KiB pieces had won (1 MiB Sendrecv 206-254 µs against 306-365 in one call; one-way
     * 143-147 against 164-202), so where the CPU is such a one they are worth setting. Those runs had the kernel's BBR
     * (see {@link #SAME_HOST_CONGESTION_PROP_NAME}); under reno one call still won on the Xeon: 1 MiB one-way 104-106 µs
     * against 120-126 in 128 KiB pieces.
     */
    public static final long SEND_PIECE_DEFAULT = 4L * 1024 * 1024;
    /** The smallest native send piece accepted. */
    public static final long SEND_PIECE_MIN = 4 * 1024;

    @Override
    public String name()
    {
        return "tcp";
    }

    @Override
    public List<String> aliases()
    {
        return List.of("niodev");
    }

    @Override
    public DeviceCapabilities capabilities()
    {
        return DeviceCapabilities.processes(false);
    }

    @Override
    public List<ConfigOption> configOptions()
    {
        return List.of(
            new ConfigOption(EAGER_LIMIT_PROP_NAME, Long.toString(EAGER_LIMIT_DEFAULT),
                "bytes: larger messages wait for their receive and then go straight into its buffer"),
            new ConfigOption(WINDOW_PROP_NAME, Long.toString(WINDOW_DEFAULT),
                "bytes of eager messages one sender may leave waiting at one receiver; beyond it sends wait"),
            new ConfigOption(INTERFACE_PROP_NAME, "",
                "interface name or address to listen on (or $" + INTERFACE_ENV_NAME + "); default the first up non-loopback"),
            new ConfigOption(SOCKET_BUFFER_PROP_NAME, Long.toString(SOCKET_BUFFER_DEFAULT),
                "bytes of send and receive buffer per socket (capped by net.core.[rw]mem_max); 0 keeps the kernel's autotuning"),
            new ConfigOption(CONNECT_TIMEOUT_PROP_NAME, Long.toString(CONNECT_TIMEOUT_DEFAULT),
                "milliseconds a connection to a peer may take, retries of a cut handshake included, before the job fails"),
            new ConfigOption(DeviceSettings.LIVENESS_TIMEOUT_PROP_NAME, Long.toString(DeviceSettings.LIVENESS_TIMEOUT_DEFAULT),
                "milliseconds a peer's runtime may send nothing (its beats come every quarter of this, whatever its threads do)"
                    + " before the job fails naming it: a host that lost power or network; 0 waits for a closed connection"),
            new ConfigOption(NATIVE_IO_PROP_NAME, "true",
                "large payloads go straight between arrays and sockets (Linux, JVM run with --enable-native-access); false stages them"),
            new ConfigOption(SEND_PIECE_PROP_NAME, Long.toString(SEND_PIECE_DEFAULT),
                "bytes: the most one native send moves (" + SEND_PIECE_MIN + " to " + SEND_PIECE_DEFAULT + "); larger payloads go in several"),
            new ConfigOption(SAME_HOST_CONGESTION_PROP_NAME, SAME_HOST_CONGESTION_DEFAULT,
                "the kernel's congestion control for large payloads between ranks of one host, where native I/O is on (eager"
                    + " messages go under the kernel's default); empty keeps the kernel's default throughout"));
    }

    @Override
    public Device open(final DeviceContext context)
    {
        // A job on one host sees one set of cores, so its ranks choose alike where that depends on whether they share cores.
        final DeviceCapabilities capabilities = context.sameHostRanks().length == context.size() ? capabilities().onOneHost() : capabilities();
        return DeviceAssembler.assemble(name(), capabilities, context, List.of(new TcpTransportKind()));
    }
}
