package org.openmpj.ucx;

import java.util.List;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.device.ConfigOption;
import org.openmpj.device.Device;
import org.openmpj.device.DeviceCapabilities;
import org.openmpj.device.DeviceContext;
import org.openmpj.device.DeviceProvider;
import org.openmpj.matching.LoopbackTransport;
import org.openmpj.matching.MatchingDevice;
import org.openmpj.matching.Transport;

/**
 * The {@code ucx} device (also {@code ibvdev}): ranks are processes, on one host or many, exchanging messages through UCX,
 * over whatever fabric UCX finds (InfiniBand and RoCE verbs, shared memory, TCP), under the one matcher. Ranks publish
 * their UCX worker addresses through the job's key-value store. UCX comes from the system ({@code libucp.so.0}, UCX 1.13
 * or a later 1.x), bound through the foreign-function API; UCX's own {@code UCX_*} environment variables apply.
 */
public final class UcxDeviceProvider implements DeviceProvider
{
    /** Largest message sent with its envelope; larger ones wait until their receive is posted. */
    public static final String EAGER_LIMIT_PROP_NAME = "openmpj.ucx.eagerLimit";
    /** Default eager limit in bytes. */
    public static final long EAGER_LIMIT_DEFAULT = 16 * 1024;
    /** Bytes of eager messages one sender may have waiting at one receiver before its sends wait for receives. */
    public static final String WINDOW_PROP_NAME = "openmpj.ucx.eagerWindow";
    /** Default eager window in bytes. */
    public static final long WINDOW_DEFAULT = 4L * 1024 * 1024;
    /** Bytes of a piece of a large payload: the size of each registered staging slot, and the unit of the pipeline. */
    public static final String PIECE_BYTES_PROP_NAME = "openmpj.ucx.pieceBytes";
    /** Default piece size in bytes. */
    public static final long PIECE_BYTES_DEFAULT = 128 * 1024;
    /** Registered staging slots for each direction: how many pieces may be moving at once. */
    public static final String SLOTS_PROP_NAME = "openmpj.ucx.slots";
    /** Default number of staging slots. */
    public static final long SLOTS_DEFAULT = 8;
    /** How the pieces of a rendezvous payload move: {@code eager} (UCX copies them) or {@code rendezvous} (UCX's zero-copy). */
    public static final String DATA_PROTOCOL_PROP_NAME = "openmpj.ucx.dataProtocol";
    /**
     * Default data protocol. Measured here over UCX's shared memory and its TCP on 2 cores, in the slow state of the VM, in
     * alternating runs (shared memory: rendezvous twice, eager once; TCP: twice each). Over shared memory eager took 10.2
     * against 17.7 µs one-way at 32 KiB, 32.6 against 51.3 at 128 KiB and 218 against 247 at 1 MiB; over TCP 38 against 94 µs
     * at 32 KiB and 539 against 685 at 1 MiB: a piece that UCX moves by its rendezvous waits for another round trip. On
     * InfiniBand, where the rendezvous lets the NIC read the slot, try both.
     */
    public static final String DATA_PROTOCOL_DEFAULT = "eager";
    /** UCX transports to use, as {@code UCX_TLS} takes them (e.g. {@code sm,self} or {@code tcp,self}); overrides the variable. */
    public static final String TLS_PROP_NAME = "openmpj.ucx.tls";

    /** The UCX library to load: a file name found on the library path, or a full path (UCX installed elsewhere). */
    public static final String LIBRARY_PROP_NAME = "openmpj.ucx.library";


    @Override
    public String name()
    {
        return "ucx";
    }

    @Override
    public List<String> aliases()
    {
        return List.of("ibvdev");
    }

    @Override
    public boolean isAvailable()
    {
        return Ucp.AVAILABLE;
    }

    @Override
    public String unavailabilityCause()
    {
        return Ucp.unavailabilityCause();
    }

    @Override
    public DeviceCapabilities capabilities()
    {
        return DeviceCapabilities.processes(true);
    }

    @Override
    public List<ConfigOption> configOptions()
    {
        return List.of(
            new ConfigOption(EAGER_LIMIT_PROP_NAME, Long.toString(EAGER_LIMIT_DEFAULT),
                "bytes: larger messages wait for their receive, then move by UCX's rendezvous in pieces"),
            new ConfigOption(WINDOW_PROP_NAME, Long.toString(WINDOW_DEFAULT),
                "bytes of eager messages one sender may leave waiting at one receiver; beyond it sends wait"),
            new ConfigOption(PIECE_BYTES_PROP_NAME, Long.toString(PIECE_BYTES_DEFAULT),
                "bytes of each registered staging slot and pipeline piece (a multiple of 64, >= the eager limit)"),
            new ConfigOption(SLOTS_PROP_NAME, Long.toString(SLOTS_DEFAULT), "registered staging slots per direction"),
            new ConfigOption(DATA_PROTOCOL_PROP_NAME, DATA_PROTOCOL_DEFAULT,
                "how large payloads' pieces move: eager (UCX copies them) or rendezvous (UCX's zero-copy, RDMA on InfiniBand)"),
            new ConfigOption(LIBRARY_PROP_NAME, Ucp.LIBRARY, "the UCX library: a name on the library path, or a full path"),
            new ConfigOption(TLS_PROP_NAME, "", "UCX transports, as UCX_TLS takes them (e.g. sm,self or tcp,self); default UCX's choice"));
    }

    @Override
    public Device open(final DeviceContext context)
    {
        if (!Ucp.AVAILABLE)
        {
            throw new OpenMpjException(ErrorClass.ERR_OTHER, Ucp.unavailabilityCause());
        }
        final int rank = context.rank();
        final int size = context.size();
        final UcxSettings settings = UcxSettings.of(context);
        final MatchingDevice device = new MatchingDevice(name(), capabilities(), rank, size, context.idleStrategy(), context.job(),
            settings.windowBytes());
        final Transport loopback = new LoopbackTransport(device, settings.eagerLimitBytes());
        final Transport[] routes = new Transport[size];
        java.util.Arrays.fill(routes, loopback);
        if (size > 1)
        {
            final int[] peers = new int[size - 1];
            for (int peer = 0, next = 0; peer < size; peer++)
            {
                if (peer != rank)
                {
                    peers[next++] = peer;
                }
            }
            final UcxEndpoint endpoint = UcxEndpoint.open(context, device, peers, settings);
            try
            {
                context.keyValueStore().fence();
            }
            catch (final RuntimeException ex)
            {
                endpoint.abandon();
                throw ex;
            }
            final Transport transport = endpoint.connect();
            for (final int peer : peers)
            {
                routes[peer] = transport;
            }
        }
        device.connect(routes);
        return device;
    }
}
