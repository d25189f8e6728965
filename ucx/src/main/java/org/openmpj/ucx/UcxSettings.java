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
 * @param pieceBytes      the size of a staging slot and of a piece of a large payload.
 * @param slots           staging slots per direction.
 * @param eagerData       whether rendezvous data moves by UCX's eager copies rather than by UCX's own rendezvous.
 * @param overrides       UCX configuration entries without the {@code UCX_} prefix.
 */
record UcxSettings(long eagerLimitBytes, long windowBytes, int pieceBytes, int slots, boolean eagerData, Map<String, String> overrides)
{
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
        if (slots < 1 || slots > 1024)
        {
            throw new IllegalArgumentException(UcxDeviceProvider.SLOTS_PROP_NAME + "=" + slots + " is out of range; expected 1 to 1024");
        }
        final String protocol = context.property(UcxDeviceProvider.DATA_PROTOCOL_PROP_NAME, UcxDeviceProvider.DATA_PROTOCOL_DEFAULT).trim();
        if (!protocol.equals("eager") && !protocol.equals("rendezvous"))
        {
            throw new IllegalArgumentException(UcxDeviceProvider.DATA_PROTOCOL_PROP_NAME + "=" + protocol + " is neither eager nor rendezvous");
        }
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
        return new UcxSettings(eagerLimit, window, (int)pieceBytes, (int)slots, protocol.equals("eager"), Map.copyOf(overrides));
    }
}
