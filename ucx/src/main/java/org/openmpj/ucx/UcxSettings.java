package org.openmpj.ucx;

import java.util.LinkedHashMap;
import java.util.Map;

import org.openmpj.device.DeviceContext;
import org.openmpj.device.DeviceSettings;
import org.openmpj.matching.PeerProtocol;

/**
 * The ucx device's tunables as one rank reads them, checked, and the UCX configuration entries set over the environment's.
 *
 * @param eagerLimitBytes the largest message sent with its envelope.
 * @param windowBytes     the eager credit each side lends the other.
 * @param pieceBytes      the size of a staging slot and of a piece that UCX's rendezvous moves.
 * @param eagerPieceBytes the size of a piece that UCX's eager copies move.
 * @param slots           staging slots per direction.
 * @param rendezvousBytes the payload size from which UCX's rendezvous moves the pieces, for every peer; {@link #AUTO} to
 *                        choose per peer by how UCX reaches it.
 * @param overrides       UCX configuration entries without the {@code UCX_} prefix.
 */
record UcxSettings(long eagerLimitBytes, long windowBytes, int pieceBytes, int eagerPieceBytes, int slots, long rendezvousBytes,
    Map<String, String> overrides)
{
    /** {@link #rendezvousBytes} chosen per peer. */
    static final long AUTO = -1;

    /**
     * How often UCX checks that peers reached with peer failure handling live, unless {@code UCX_KEEPALIVE_INTERVAL} says:
     * UCX's own default leaves a dead peer of another host unnoticed for longer than the 10 s in which every rank is to
     * hear of it, when no traffic runs to it.
     */
    static final String KEEPALIVE_INTERVAL = "3s";

    /** @return the settings {@code context} gives. */
    static UcxSettings of(final DeviceContext context)
    {
        final long eagerLimit = DeviceSettings.wholeNumber(context, UcxDeviceProvider.EAGER_LIMIT_PROP_NAME,
            UcxDeviceProvider.EAGER_LIMIT_DEFAULT);
        final long window = PeerProtocol.windowBytes(DeviceSettings.wholeNumber(context, UcxDeviceProvider.WINDOW_PROP_NAME,
            UcxDeviceProvider.WINDOW_DEFAULT), eagerLimit);
        final long pieceBytes = DeviceSettings.wholeNumber(context, UcxDeviceProvider.PIECE_BYTES_PROP_NAME,
            UcxDeviceProvider.PIECE_BYTES_DEFAULT);
        final long slots = DeviceSettings.wholeNumber(context, UcxDeviceProvider.SLOTS_PROP_NAME, UcxDeviceProvider.SLOTS_DEFAULT);
        if (pieceBytes % 64 != 0 || pieceBytes < eagerLimit || pieceBytes > 1L << 30)
        {
            throw new IllegalArgumentException(UcxDeviceProvider.PIECE_BYTES_PROP_NAME + "=" + pieceBytes
                + " is not a multiple of 64 between the eager limit (" + eagerLimit + ") and 1 GiB");
        }
        final long eagerPieceBytes = context.property(UcxDeviceProvider.EAGER_PIECE_BYTES_PROP_NAME, null) == null
            ? Math.min(UcxDeviceProvider.EAGER_PIECE_BYTES_DEFAULT, pieceBytes)
            : DeviceSettings.wholeNumber(context, UcxDeviceProvider.EAGER_PIECE_BYTES_PROP_NAME, UcxDeviceProvider.EAGER_PIECE_BYTES_DEFAULT);
        if (eagerPieceBytes % 64 != 0 || eagerPieceBytes < 64 || eagerPieceBytes > pieceBytes)
        {
            throw new IllegalArgumentException(UcxDeviceProvider.EAGER_PIECE_BYTES_PROP_NAME + "=" + eagerPieceBytes
                + " is not a multiple of 64 between 64 and the piece size (" + pieceBytes + ")");
        }
        if (slots < 1 || slots > 1024)
        {
            throw new IllegalArgumentException(UcxDeviceProvider.SLOTS_PROP_NAME + "=" + slots + " is out of range; expected 1 to 1024");
        }
        final long rendezvousBytes = rendezvousBytes(context);
        final Map<String, String> overrides = new LinkedHashMap<>();
        final String tls = context.property(UcxDeviceProvider.TLS_PROP_NAME, null);
        if (tls != null && !tls.isBlank())
        {
            overrides.put("TLS", tls.trim());
        }
        if (System.getenv("UCX_KEEPALIVE_INTERVAL") == null)
        {
            overrides.put("KEEPALIVE_INTERVAL", KEEPALIVE_INTERVAL);
        }
        return new UcxSettings(eagerLimit, window, (int)pieceBytes, (int)eagerPieceBytes, (int)slots, rendezvousBytes,
            Map.copyOf(overrides));
    }

    private static long rendezvousBytes(final DeviceContext context)
    {
        final String name = UcxDeviceProvider.RENDEZVOUS_BYTES_PROP_NAME;
        final String text = context.property(name, UcxDeviceProvider.RENDEZVOUS_BYTES_DEFAULT).trim();
        if (text.equals("auto"))
        {
            return AUTO;
        }
        try
        {
            return DeviceSettings.wholeNumber(context, name, 0);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new IllegalArgumentException(name + "=" + text + " is neither auto nor a whole number of bytes", ex);
        }
    }

    /**
     * @param sharedMemory whether UCX reaches the peer through shared memory (or does not say how it reaches it: false).
     * @return the payload size from which UCX's rendezvous moves the pieces sent to the peer; {@code Long.MAX_VALUE} for never.
     */
    long rendezvousBytesTowards(final boolean sharedMemory)
    {
        if (rendezvousBytes != AUTO)
        {
            return rendezvousBytes;
        }
        return sharedMemory ? Long.MAX_VALUE : UcxDeviceProvider.NETWORK_RENDEZVOUS_BYTES;
    }
}
