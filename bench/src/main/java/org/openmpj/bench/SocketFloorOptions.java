package org.openmpj.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * The options of {@link SocketFloor}: its own, then the ones every ping-pong program shares ({@link BenchOptions}).
 *
 * @param peerCpu           the CPU the echoing process is pinned to with {@code taskset}; -1 leaves it unpinned.
 * @param connectPort       0 for the leading process; for the echoing one, the leader's loopback port to connect to.
 * @param socketBufferBytes each socket's send and receive buffer; 0 keeps the kernel's default and its autotuning.
 * @param bench             sizes, repetitions and batch length.
 */
public record SocketFloorOptions(int peerCpu, int connectPort, int socketBufferBytes, BenchOptions bench)
{
    /**
     * 4 MiB, the tcp device's default, so that the floor and OpenMPJ have the same TCP window; written out because
     * the floor runs without OpenMPJ's jars (a test keeps the two equal).
     */
    public static final int DEFAULT_SOCKET_BUFFER_BYTES = 4 * 1024 * 1024;

    private static final int MAX_CPU = 4095;
    private static final int MAX_PORT = 65_535;
    private static final int MAX_SOCKET_BUFFER_BYTES = 1 << 30;

    /** The CPU of the echoing process. */
    static final OptionParser.Option<Integer> PEER_CPU = OptionParser.whole("--peer-cpu",
        "pin the echoing process to this CPU (taskset -c); -1, the default, leaves it unpinned", -1, 0, MAX_CPU);
    /** Given to the echoing process only: the leader's port. */
    static final OptionParser.Option<Integer> CONNECT = OptionParser.whole("--connect",
        "(the echoing process) the leader's loopback port to connect to; 0, the default, leads", 0, 1, MAX_PORT);
    /** Each socket's buffers. */
    static final OptionParser.Option<Integer> SOCKET_BUFFER_BYTES = OptionParser.whole("--socket-buffer-bytes",
        "send and receive buffer of each socket, 0 for the kernel's", DEFAULT_SOCKET_BUFFER_BYTES, 0, MAX_SOCKET_BUFFER_BYTES);

    /**
     * @param args pairs of option name and value, in any order; absent options keep their defaults.
     * @return the options.
     * @throws IllegalArgumentException naming the option when one is unknown, has no value or is out of range.
     */
    public static SocketFloorOptions parse(final String[] args)
    {
        return parseFor(SocketFloor.class, args);
    }

    /**
     * Parses a floor program's arguments.
     *
     * @param program the floor, named in the messages and the usage.
     * @throws IllegalArgumentException as {@link #parse} does.
     */
    public static SocketFloorOptions parseFor(final Class<?> program, final String[] args)
    {
        final List<OptionParser.Option<?>> options = new ArrayList<>(List.of(PEER_CPU, CONNECT, SOCKET_BUFFER_BYTES));
        options.addAll(BenchOptions.OPTIONS);
        final OptionParser.Values values = new OptionParser(program.getSimpleName(),
            "A ping-pong floor of two JVMs: the leading process starts the echoing one, leads and prints.", options).parse(args);
        return new SocketFloorOptions(values.get(PEER_CPU), values.get(CONNECT), values.get(SOCKET_BUFFER_BYTES), BenchOptions.of(values));
    }

    /** @return whether these are the leading process's options (it listens, starts the follower and prints). */
    public boolean leads()
    {
        return connectPort == 0;
    }

    /** @return the arguments of the echoing process that connects to {@code port}. */
    public List<String> followerArgs(final int port)
    {
        final List<String> args = new ArrayList<>(List.of(
            "--connect", Integer.toString(port), "--socket-buffer-bytes", Integer.toString(socketBufferBytes)));
        args.addAll(List.of(bench.toArgs()));
        return args;
    }
}
