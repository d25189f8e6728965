package org.openmpj.launcher;

import java.io.IOException;
import java.net.Socket;
import java.net.StandardSocketOptions;

import jdk.net.ExtendedSocketOptions;

/**
 * Has the kernel probe an idle connection, so that one whose peer host lost power or network, which closes nothing,
 * ends with an error within a silence limit instead of staying open for ever. The peer's kernel answers the probes,
 * so a peer busy computing, or stopped in a long pause, is not taken for silent.
 *
 * <p>Probes go every {@code limit / 4} (in whole seconds, at least 1) once the connection has been idle that long, and
 * the connection ends when enough of them in a row go unanswered to fill the limit: a host that falls silent is found
 * within the limit, or 2 s for limits below that.
 */
final class KeepAlive
{
    private static final long PROBES_PER_LIMIT = 4;

    private KeepAlive()
    {
    }

    /**
     * @param socket  a connected socket.
     * @param limitMs how long the peer's host may answer nothing before the connection ends; at least 1.
     */
    static void apply(final Socket socket, final long limitMs) throws IOException
    {
        final int intervalS = (int)Math.max(1, limitMs / PROBES_PER_LIMIT / 1000);
        final int unansweredProbes = (int)Math.max(1, (limitMs / 1000 - intervalS) / intervalS);
        socket.setOption(StandardSocketOptions.SO_KEEPALIVE, true);
        socket.setOption(ExtendedSocketOptions.TCP_KEEPIDLE, intervalS);
        socket.setOption(ExtendedSocketOptions.TCP_KEEPINTERVAL, intervalS);
        socket.setOption(ExtendedSocketOptions.TCP_KEEPCOUNT, unansweredProbes);
    }

    /** @return whether {@code failure}, thrown by a read, is the kernel giving up on unanswered probes. */
    static boolean isSilence(final IOException failure)
    {
        return failure.getMessage() != null && failure.getMessage().contains("Connection timed out");
    }
}
