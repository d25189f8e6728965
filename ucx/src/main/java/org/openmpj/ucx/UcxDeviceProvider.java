package org.openmpj.ucx;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.openmpj.device.ConfigOption;
import org.openmpj.device.Device;
import org.openmpj.device.DeviceCapabilities;
import org.openmpj.device.DeviceContext;
import org.openmpj.device.DeviceProvider;
import org.openmpj.device.DeviceSettings;
import org.openmpj.matching.LoopbackTransport;
import org.openmpj.matching.MatchingDevice;
import org.openmpj.matching.PeerProtocol;
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
    /** UCX transports to use, as {@code UCX_TLS} takes them (e.g. {@code sm,self} or {@code tcp,self}); overrides the variable. */
    public static final String TLS_PROP_NAME = "openmpj.ucx.tls";

    /** The UCX library to load: a file name found on the library path, or a full path (UCX installed elsewhere). */
    public static final String LIBRARY_PROP_NAME = "openmpj.ucx.library";

    private static final String ADDRESS_KEY = "openmpj-ucx-";
    private static final String PID_KEY = "openmpj-ucx-pid-";
    /** Hex digits of a worker address per key: PMI values stay under 1024 characters. */
    private static final int ADDRESS_DIGITS_PER_KEY = 960;

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
            new ConfigOption(LIBRARY_PROP_NAME, Ucp.LIBRARY, "the UCX library: a name on the library path, or a full path"),
            new ConfigOption(TLS_PROP_NAME, "", "UCX transports, as UCX_TLS takes them (e.g. sm,self or tcp,self); default UCX's choice"));
    }

    @Override
    public Device open(final DeviceContext context)
    {
        if (!Ucp.AVAILABLE)
        {
            throw new org.openmpj.OpenMpjException(org.openmpj.ErrorClass.ERR_OTHER, Ucp.unavailabilityCause());
        }
        final int rank = context.rank();
        final int size = context.size();
        final long eagerLimit = DeviceSettings.wholeNumber(context, EAGER_LIMIT_PROP_NAME, EAGER_LIMIT_DEFAULT);
        final long window = PeerProtocol.windowBytes(DeviceSettings.wholeNumber(context, WINDOW_PROP_NAME, WINDOW_DEFAULT), eagerLimit);
        final long pieceBytes = DeviceSettings.wholeNumber(context, PIECE_BYTES_PROP_NAME, PIECE_BYTES_DEFAULT);
        final long slots = DeviceSettings.wholeNumber(context, SLOTS_PROP_NAME, SLOTS_DEFAULT);
        if (pieceBytes % 64 != 0 || pieceBytes < eagerLimit || pieceBytes > 1L << 30)
        {
            throw new IllegalArgumentException(PIECE_BYTES_PROP_NAME + "=" + pieceBytes + " is not a multiple of 64 between the eager limit ("
                + eagerLimit + ") and 1 GiB");
        }
        if (slots < 1 || slots > 1024)
        {
            throw new IllegalArgumentException(SLOTS_PROP_NAME + "=" + slots + " is out of range; expected 1 to 1024");
        }
        final MatchingDevice device = new MatchingDevice(name(), capabilities(), rank, size, context.idleStrategy(), context.job(), window);
        final Transport loopback = new LoopbackTransport(device, eagerLimit);
        final Transport[] routes = new Transport[size];
        if (size == 1)
        {
            routes[0] = loopback;
            device.connect(routes);
            return device;
        }
        final Map<String, String> overrides = new LinkedHashMap<>();
        final String tls = context.property(TLS_PROP_NAME, null);
        if (tls != null && !tls.isBlank())
        {
            overrides.put("TLS", tls.trim());
        }
        final boolean mayBlock = context.idleStrategy().parksAt(Integer.MAX_VALUE);
        final UcxContext ucx = UcxContext.open(rank, overrides, mayBlock);
        final UcxTransport transport;
        try
        {
            transport = new UcxTransport(device, ucx, rank, size, context.job(), eagerLimit, window, (int)slots, (int)pieceBytes, mayBlock);
        }
        catch (final RuntimeException ex)
        {
            ucx.close();
            throw ex;
        }
        publish(context, ucx.workerAddress());
        context.keyValueStore().put(PID_KEY + rank, Long.toString(ProcessHandle.current().pid()));
        context.keyValueStore().fence();
        final long[] pids = new long[size];
        for (int peer = 0; peer < size; peer++)
        {
            final String pid = context.keyValueStore().get(PID_KEY + peer);
            pids[peer] = pid == null ? 0 : Long.parseLong(pid);
        }
        transport.connect(addresses(context), context.sameHostRanks(), pids);
        for (int peer = 0; peer < size; peer++)
        {
            routes[peer] = peer == rank ? loopback : transport;
        }
        device.connect(routes);
        return device;
    }

    private static void publish(final DeviceContext context, final byte[] address)
    {
        final String hex = java.util.HexFormat.of().formatHex(address);
        final int parts = (hex.length() + ADDRESS_DIGITS_PER_KEY - 1) / ADDRESS_DIGITS_PER_KEY;
        final String key = ADDRESS_KEY + context.rank();
        context.keyValueStore().put(key, Integer.toString(parts));
        for (int part = 0; part < parts; part++)
        {
            context.keyValueStore().put(key + "-" + part,
                hex.substring(part * ADDRESS_DIGITS_PER_KEY, Math.min(hex.length(), (part + 1) * ADDRESS_DIGITS_PER_KEY)));
        }
    }

    private static byte[][] addresses(final DeviceContext context)
    {
        final byte[][] addresses = new byte[context.size()][];
        for (int peer = 0; peer < addresses.length; peer++)
        {
            if (peer == context.rank())
            {
                continue;
            }
            final String key = ADDRESS_KEY + peer;
            final String parts = context.keyValueStore().get(key);
            if (parts == null)
            {
                throw new org.openmpj.OpenMpjException(org.openmpj.ErrorClass.ERR_OTHER, "ucx: the job's key-value store has no " + key
                    + "; was every rank started with the same launcher and device?");
            }
            final StringBuilder hex = new StringBuilder();
            for (int part = 0; part < Integer.parseInt(parts); part++)
            {
                hex.append(context.keyValueStore().get(key + "-" + part));
            }
            addresses[peer] = java.util.HexFormat.of().parseHex(hex);
        }
        return addresses;
    }
}
