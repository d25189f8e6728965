package org.openmpj.ucx;

import java.util.List;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.assembly.DeviceAssembler;
import org.openmpj.device.ConfigOption;
import org.openmpj.device.Device;
import org.openmpj.device.DeviceCapabilities;
import org.openmpj.device.DeviceContext;
import org.openmpj.device.DeviceProvider;

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
    /**
     * Bytes of each registered staging slot, and of the pieces in which UCX's rendezvous moves a large payload: the unit of
     * the pipeline towards peers reached over a network.
     */
    public static final String PIECE_BYTES_PROP_NAME = "openmpj.ucx.pieceBytes";
    /**
     * Default piece size in bytes. Measured over UCX's TCP (ping-pong, 2 JVMs on 2 cores): a 1 MiB payload took 281 µs
     * one-way in pieces of 1 MiB, 292 in pieces of 512 KiB and 346 in pieces of 256 KiB; each piece UCX moves by its
     * rendezvous costs a handshake of its own.
     */
    public static final long PIECE_BYTES_DEFAULT = 1024 * 1024;
    /** Bytes of the pieces in which UCX's eager copies move a large payload; at most the piece size. */
    public static final String EAGER_PIECE_BYTES_PROP_NAME = "openmpj.ucx.eagerPieceBytes";
    /**
     * Default eager piece size in bytes (or the piece size, if smaller). Measured over UCX's shared memory: 1 MiB one-way
     * in 78 µs in pieces of 128 KiB, 105 in pieces of 512 KiB, 115 in pieces of 1 MiB; the copy of one piece into a slot
     * overlaps the transfer of the one before only when pieces are small.
     */
    public static final long EAGER_PIECE_BYTES_DEFAULT = 128 * 1024;
    /** Registered staging slots for each direction: how many pieces may be moving at once. */
    public static final String SLOTS_PROP_NAME = "openmpj.ucx.slots";
    /** Default number of staging slots. */
    public static final long SLOTS_DEFAULT = 8;
    /**
     * The payload size from which UCX's rendezvous (zero-copy; RDMA on InfiniBand) moves a large payload's pieces instead of
     * its eager copies: {@code auto}, or a byte count for every peer ({@code 0}: always).
     */
    public static final String RENDEZVOUS_BYTES_PROP_NAME = "openmpj.ucx.rendezvousBytes";
    /**
     * Default: {@code auto}, which asks UCX how it reaches each peer. Over shared memory, never: eager copies took 78 µs
     * one-way at 1 MiB, UCX's rendezvous 149-179 µs, since every piece waits for a handshake that memory does not need.
     * Over a network, from {@link #NETWORK_RENDEZVOUS_BYTES}.
     */
    public static final String RENDEZVOUS_BYTES_DEFAULT = "auto";
    /**
     * Where {@code auto} switches to rendezvous towards a peer reached over a network. Measured over UCX's TCP: eager copies
     * against rendezvous took 26 against 70 µs one-way at 32 KiB, 116 against 116 at 256 KiB and 337 against 243 at 1 MiB:
     * below about 256 KiB the rendezvous handshake costs more than the copies it saves.
     */
    public static final long NETWORK_RENDEZVOUS_BYTES = 256 * 1024;
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
                "bytes of each registered staging slot and rendezvous piece (a multiple of 64, >= the eager limit)"),
            new ConfigOption(EAGER_PIECE_BYTES_PROP_NAME, Long.toString(EAGER_PIECE_BYTES_DEFAULT),
                "bytes of the pieces UCX's eager copies move (a multiple of 64, <= the piece size; default capped by it)"),
            new ConfigOption(SLOTS_PROP_NAME, Long.toString(SLOTS_DEFAULT), "registered staging slots per direction"),
            new ConfigOption(RENDEZVOUS_BYTES_PROP_NAME, RENDEZVOUS_BYTES_DEFAULT,
                "payload bytes from which UCX's rendezvous moves the pieces; auto: never over shared memory, "
                    + NETWORK_RENDEZVOUS_BYTES + " over a network"),
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
        return DeviceAssembler.assemble(name(), capabilities(), context, List.of(new UcxTransportKind()));
    }
}
