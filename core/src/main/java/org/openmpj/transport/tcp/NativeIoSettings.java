package org.openmpj.transport.tcp;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/**
 * What a tcp connection does with its socket's descriptor beyond what NIO offers (see {@link NativeSocket}).
 *
 * @param enabled            whether the descriptor is used at all; false leaves every socket to NIO alone.
 * @param sendPieceBytes     the most one native send moves.
 * @param sameHostCongestion the kernel's congestion control for connections to ranks on the same host; empty keeps the
 *                           kernel's default.
 */
record NativeIoSettings(boolean enabled, int sendPieceBytes, String sameHostCongestion)
{
    private static final Pattern CONGESTION_NAME = Pattern.compile("[a-z0-9_]{1,15}");
    private static final Path AVAILABLE = Path.of("/proc/sys/net/ipv4/tcp_available_congestion_control");
    private static final Path DEFAULT = Path.of("/proc/sys/net/ipv4/tcp_congestion_control");

    /**
     * @throws IllegalArgumentException naming the value when {@code sameHostCongestion} is not a congestion control this
     *                                  kernel has.
     */
    NativeIoSettings
    {
        if (!sameHostCongestion.isEmpty())
        {
            final List<String> available = kernelList(AVAILABLE);
            if (!CONGESTION_NAME.matcher(sameHostCongestion).matches()
                || (available != null && !available.contains(sameHostCongestion)))
            {
                throw new IllegalArgumentException(TcpDeviceProvider.SAME_HOST_CONGESTION_PROP_NAME + "=" + sameHostCongestion
                    + " is not a congestion control of this kernel; expected one of " + (available != null ? available : "its names")
                    + ", or empty for the kernel's default");
            }
        }
    }

    /** @return one line for {@code mpjrun -v}: the congestion control connections within a host use. */
    String describeCongestion()
    {
        final String kernelDefault = kernelDefaultCongestion();
        final String system = kernelDefault.isEmpty() ? "the kernel's default" : kernelDefault;
        if (sameHostCongestion.isEmpty() || !enabled || sameHostCongestion.equals(kernelDefault))
        {
            return "tcp: connections within a host keep " + system + " congestion control";
        }
        return "tcp: connections within a host send large payloads under " + sameHostCongestion + " congestion control, "
            + "eager messages under " + system;
    }

    /**
     * @return the kernel's default congestion control ({@code net.ipv4.tcp_congestion_control}); empty where unknown. Read
     *         once per process: each connection asks on its first large payload, under its write lock.
     */
    static String kernelDefaultCongestion()
    {
        return KernelDefault.NAME;
    }

    /** Holds the kernel's default congestion control, read when first asked for. */
    private static final class KernelDefault
    {
        static final String NAME = read();

        private KernelDefault()
        {
        }

        private static String read()
        {
            final List<String> names = kernelList(DEFAULT);
            return names == null || names.isEmpty() ? "" : names.get(0);
        }
    }

    /** @return the names a kernel file lists, or null where it cannot be read (not Linux). */
    private static List<String> kernelList(final Path file)
    {
        try
        {
            return List.of(Files.readString(file).trim().split("\\s+"));
        }
        catch (final IOException | SecurityException ex)
        {
            return null;
        }
    }
}
