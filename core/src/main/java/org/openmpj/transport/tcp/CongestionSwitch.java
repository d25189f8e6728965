package org.openmpj.transport.tcp;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicBoolean;

import org.openmpj.matching.FrameDescriptor;

/**
 * Which congestion control one connection within a host sends under: the bulk one
 * ({@link NativeIoSettings#sameHostCongestion()}, reno by default) from a large payload on, and the kernel's default again
 * once {@link #EAGER_MESSAGES_BEFORE_DEFAULT} eager messages followed with no large one. Frames that carry no message of
 * their own (request and clear to send, credit, cancel) do not count, so a rendezvous costs no switch of its own.
 *
 * <p>Why both: BBR, the default of many kernels, holds a 1 MiB payload to a window sized from microsecond round trips
 * (see {@link TcpDeviceProvider#SAME_HOST_CONGESTION_PROP_NAME}), while loss-based control slows streams of small messages
 * between ranks that share cores. Measured on an AMD EPYC, 8 ranks on 2 cores, a loop of 8 B Reduce: 17-22 µs a call
 * on connections left under reno after a large message, 5-8 µs under BBR; Open MPI's own program over TCP took 13-19 µs
 * with the kernel's default set to reno and 6-8 µs with BBR.
 *
 * <p>Thread-safety: used under the connection's write lock only.
 */
final class CongestionSwitch
{
    /** The switch of a connection that never changes its congestion control. */
    static final CongestionSwitch NONE = new CongestionSwitch(null, null, null);

    /**
     * Eager messages sent under the bulk control before the default comes back: a program's occasional small message
     * between large ones (a barrier, a sum of a few numbers) does not cost two switches, a stream of small ones soon leaves.
     */
    static final int EAGER_MESSAGES_BEFORE_DEFAULT = 64;

    /** Whether this process said already that the kernel refused the bulk congestion control. */
    private static final AtomicBoolean REFUSAL_REPORTED = new AtomicBoolean();

    private final NativeSocket socket;
    private final MemorySegment bulk;
    /** The kernel's default, taken back for eager messages; null where it is unknown, and then the bulk one stays. */
    private final MemorySegment between;
    private boolean inBulk;
    /** Eager messages sent since the last large payload while under the bulk control. */
    private int eagerInBulk;
    private boolean refused;

    private CongestionSwitch(final NativeSocket socket, final MemorySegment bulk, final MemorySegment between)
    {
        this.socket = socket;
        this.bulk = bulk;
        this.between = between;
    }

    /**
     * @param socket     the connection's descriptor.
     * @param settings   the bulk congestion control (empty for none).
     * @param withinHost whether the peer is on this host.
     * @return the switch for the connection: {@link #NONE} where the peer is elsewhere, the setting is empty, or the
     *         kernel's default is the bulk control already.
     */
    static CongestionSwitch of(final NativeSocket socket, final NativeIoSettings settings, final boolean withinHost)
    {
        final String bulk = settings.sameHostCongestion();
        final String kernelDefault = NativeIoSettings.kernelDefaultCongestion();
        if (!withinHost || bulk.isEmpty() || bulk.equals(kernelDefault))
        {
            return NONE;
        }
        try
        {
            return new CongestionSwitch(socket, NativeSocket.congestionName(bulk),
                kernelDefault.isEmpty() ? null : NativeSocket.congestionName(kernelDefault));
        }
        catch (final IOException ex)
        {
            reportRefusal(ex);
            return NONE;
        }
    }

    /**
     * Switches, where needed, before a frame goes.
     *
     * @param type         the frame's type ({@link FrameDescriptor}).
     * @param largePayload whether its payload goes natively.
     */
    void beforeFrame(final byte type, final boolean largePayload)
    {
        if (socket == null || refused)
        {
            return;
        }
        if (largePayload)
        {
            eagerInBulk = 0;
            if (!inBulk)
            {
                inBulk = use(bulk);
            }
        }
        else if (inBulk && type == FrameDescriptor.EAGER && between != null && ++eagerInBulk >= EAGER_MESSAGES_BEFORE_DEFAULT)
        {
            inBulk = !use(between);
        }
    }

    /** @return whether the socket now uses {@code name}; a refusal is said once per process and ends the switching. */
    private boolean use(final MemorySegment name)
    {
        try
        {
            socket.useCongestionControl(name);
            return true;
        }
        catch (final IOException ex)
        {
            refused = true;
            reportRefusal(ex);
            return false;
        }
    }

    private static void reportRefusal(final IOException ex)
    {
        if (REFUSAL_REPORTED.compareAndSet(false, true))
        {
            System.err.println("openmpj: tcp: connections within a host keep the kernel's congestion control: " + ex.getMessage());
        }
    }
}
