package org.openmpj.ucx;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.assembly.Link;
import org.openmpj.device.DeviceContext;
import org.openmpj.device.KeyValueStore;
import org.openmpj.matching.MatchingDevice;
import org.openmpj.matching.Transport;
import org.openmpj.transport.tcp.LivenessRing;

/**
 * One rank's end of the ucx transport, opened in two steps around the job's fence: {@link #open} makes the UCX worker
 * and the transport (whose handler is in place before any peer can send) and publishes the worker's address and the
 * process; after the fence, {@link #connect} reads the peers' and connects to each. Used by the ucx device for every
 * peer, and by the hybrid device for the ranks of other hosts.
 *
 * <p>Thread-safety: used by the one thread that opens the rank's device.
 */
final class UcxEndpoint implements Link
{
    private static final String ADDRESS_KEY = "openmpj-ucx-";
    private static final String PID_KEY = "openmpj-ucx-pid-";
    /** Hex digits of a worker address per key: PMI values stay under 1024 characters. */
    private static final int ADDRESS_DIGITS_PER_KEY = 960;

    private final DeviceContext context;
    private final int[] peers;
    private final UcxTransport transport;
    /** Beats between hosts, which UCX's keepalive does not give over TCP: a host whose link dies closes nothing. */
    private final LivenessRing ring;

    private UcxEndpoint(final DeviceContext context, final int[] peers, final UcxTransport transport, final LivenessRing ring)
    {
        this.context = context;
        this.peers = peers.clone();
        this.transport = transport;
        this.ring = ring;
        transport.closeWith(ring);
    }

    /** The first step, before the job's fence, with the tunables {@code context} gives ({@link UcxSettings#of}). */
    static UcxEndpoint open(final DeviceContext context, final MatchingDevice device, final int[] peers, final UcxSettings settings)
    {
        if (!Ucp.AVAILABLE)
        {
            throw new OpenMpjException(ErrorClass.ERR_OTHER, Ucp.unavailabilityCause());
        }
        final int rank = context.rank();
        final boolean mayBlock = context.idleStrategy().parksAt(Integer.MAX_VALUE);
        final UcxContext ucx = UcxContext.open(rank, settings.overrides(), mayBlock);
        final UcxTransport transport;
        try
        {
            transport = new UcxTransport(device, ucx, rank, context.size(), peers, context.job(), settings, mayBlock);
        }
        catch (final RuntimeException ex)
        {
            ucx.close();
            throw ex;
        }
        publish(context, ucx.workerAddress());
        context.keyValueStore().put(PID_KEY + rank, Long.toString(ProcessHandle.current().pid()));
        return new UcxEndpoint(context, peers, transport, LivenessRing.listen(context));
    }

    @Override
    public Transport connect()
    {
        final KeyValueStore store = context.keyValueStore();
        final byte[][] addresses = new byte[context.size()][];
        final long[] pids = new long[context.size()];
        for (final int peer : peers)
        {
            addresses[peer] = address(store, peer);
            final String pid = store.get(PID_KEY + peer);
            pids[peer] = pid == null ? 0 : Long.parseLong(pid);
        }
        transport.connect(addresses, context.sameHostRanks(), pids);
        return transport;
    }

    @Override
    public void start(final int watched)
    {
        // The transport watches the processes of this host's peers; UCX and the ring, those of other hosts. The ring also
        // carries the cause of a rank's failure to every rank, on this host as on others.
        if (watched != NO_WATCH)
        {
            ring.join(watched);
        }
    }

    @Override
    public void abandon()
    {
        transport.close();
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

    private static byte[] address(final KeyValueStore store, final int peer)
    {
        final String key = ADDRESS_KEY + peer;
        final String parts = store.get(key);
        if (parts == null)
        {
            throw new OpenMpjException(ErrorClass.ERR_OTHER, "ucx: the job's key-value store has no " + key
                + "; was every rank started with the same launcher and device?");
        }
        final StringBuilder hex = new StringBuilder();
        for (int part = 0; part < Integer.parseInt(parts); part++)
        {
            hex.append(store.get(key + "-" + part));
        }
        return java.util.HexFormat.of().parseHex(hex);
    }
}
