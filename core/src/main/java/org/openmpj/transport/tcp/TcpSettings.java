package org.openmpj.transport.tcp;

import java.net.InetAddress;

import org.openmpj.assembly.Link;
import org.openmpj.device.DeviceContext;
import org.openmpj.device.DeviceSettings;
import org.openmpj.matching.MatchingDevice;
import org.openmpj.matching.PeerProtocol;

/**
 * The tcp transport's settings as one rank read them, checked ({@code openmpj.tcp.*}, see {@link TcpDeviceProvider}).
 *
 * @param context           the rank's context, which opening the endpoint needs.
 * @param bindAddress       the address to listen on.
 * @param eagerLimitBytes   the largest message sent with its envelope.
 * @param windowBytes       the eager credit each sender has at each receiver.
 * @param connectTimeoutMs  how long connecting to a peer may take.
 * @param livenessTimeoutMs how long a peer may send nothing before the job fails; 0 waits for a closed connection.
 * @param socketBufferBytes each socket's buffers; 0 keeps the kernel's.
 * @param nativeIo          how large payloads move between arrays and sockets.
 */
record TcpSettings(DeviceContext context, InetAddress bindAddress, long eagerLimitBytes, long windowBytes, long connectTimeoutMs,
    long livenessTimeoutMs, int socketBufferBytes, NativeIoSettings nativeIo)
{
    /**
     * @return the settings {@code context} gives.
     * @throws IllegalArgumentException naming a setting and its value when one is out of range.
     */
    static TcpSettings of(final DeviceContext context)
    {
        final long eagerLimit = DeviceSettings.wholeNumber(context, TcpDeviceProvider.EAGER_LIMIT_PROP_NAME, TcpDeviceProvider.EAGER_LIMIT_DEFAULT);
        final long window = PeerProtocol.windowBytes(
            DeviceSettings.wholeNumber(context, TcpDeviceProvider.WINDOW_PROP_NAME, TcpDeviceProvider.WINDOW_DEFAULT), eagerLimit);
        final NativeIoSettings nativeIo = new NativeIoSettings(DeviceSettings.flag(context, TcpDeviceProvider.NATIVE_IO_PROP_NAME, true),
            sendPieceBytes(context),
            context.property(TcpDeviceProvider.SAME_HOST_CONGESTION_PROP_NAME, TcpDeviceProvider.SAME_HOST_CONGESTION_DEFAULT).trim());
        return new TcpSettings(context, TcpInterfaces.chosen(context), eagerLimit, window,
            DeviceSettings.wholeNumber(context, TcpDeviceProvider.CONNECT_TIMEOUT_PROP_NAME, TcpDeviceProvider.CONNECT_TIMEOUT_DEFAULT),
            DeviceSettings.wholeNumber(context, DeviceSettings.LIVENESS_TIMEOUT_PROP_NAME, DeviceSettings.LIVENESS_TIMEOUT_DEFAULT),
            (int)Math.min(Integer.MAX_VALUE,
                DeviceSettings.wholeNumber(context, TcpDeviceProvider.SOCKET_BUFFER_PROP_NAME, TcpDeviceProvider.SOCKET_BUFFER_DEFAULT)),
            nativeIo);
    }

    /**
     * @return the native send piece {@code context} sets.
     * @throws IllegalArgumentException naming the value when it is outside {@link TcpDeviceProvider#SEND_PIECE_MIN} to
     *                                  {@link TcpDeviceProvider#SEND_PIECE_DEFAULT}.
     */
    static int sendPieceBytes(final DeviceContext context)
    {
        final long bytes = DeviceSettings.wholeNumber(context, TcpDeviceProvider.SEND_PIECE_PROP_NAME, TcpDeviceProvider.SEND_PIECE_DEFAULT);
        if (bytes < TcpDeviceProvider.SEND_PIECE_MIN || bytes > TcpDeviceProvider.SEND_PIECE_DEFAULT)
        {
            throw new IllegalArgumentException(TcpDeviceProvider.SEND_PIECE_PROP_NAME + "=" + bytes + " is out of range; expected "
                + TcpDeviceProvider.SEND_PIECE_MIN + " to " + TcpDeviceProvider.SEND_PIECE_DEFAULT + " bytes");
        }
        return (int)bytes;
    }

    Link open(final MatchingDevice device, final int[] peers)
    {
        return TcpEndpoint.listen(this, device);
    }
}
