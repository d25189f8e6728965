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

    /** The usage text. */
    public static final String USAGE = """
        Usage: SocketFloor [--peer-cpu N] [--socket-buffer-bytes N] [--max-bytes N] [--repetitions N] [--batch-ms N]
          --peer-cpu             pin the echoing process to this CPU (taskset -c); default unpinned.
          --socket-buffer-bytes  send and receive buffer of each socket, 0 for the kernel's; default %d.
          --max-bytes, --repetitions, --batch-ms: as every ping-pong program.
        """.formatted(DEFAULT_SOCKET_BUFFER_BYTES);

    /**
     * @param args pairs of option name and value, in any order; absent options keep their defaults.
     * @return the options.
     * @throws IllegalArgumentException naming the option when one is unknown, has no value or is out of range.
     */
    public static SocketFloorOptions parse(final String[] args)
    {
        int peerCpu = -1;
        int connectPort = 0;
        int socketBufferBytes = DEFAULT_SOCKET_BUFFER_BYTES;
        final List<String> benchArgs = new ArrayList<>();
        for (final OptionPairs.Option option : OptionPairs.of(args))
        {
            switch (option.name())
            {
                case "--peer-cpu" -> peerCpu = option.wholeInt(0, MAX_CPU);
                case "--connect" -> connectPort = option.wholeInt(1, MAX_PORT);
                case "--socket-buffer-bytes" -> socketBufferBytes = option.wholeInt(0, MAX_SOCKET_BUFFER_BYTES);
                default ->
                {
                    benchArgs.add(option.name());
                    benchArgs.add(option.value());
                }
            }
        }
        return new SocketFloorOptions(peerCpu, connectPort, socketBufferBytes, BenchOptions.parse(benchArgs.toArray(String[]::new)));
    }

    /**
     * Parses a floor program's arguments, printing the usage under {@code program}'s name to standard error when they are
     * wrong.
     *
     * @throws IllegalArgumentException as {@link #parse} does.
     */
    public static SocketFloorOptions parseFor(final Class<?> program, final String[] args)
    {
        try
        {
            return parse(args);
        }
        catch (final IllegalArgumentException ex)
        {
            System.err.print(USAGE.replace("SocketFloor", program.getSimpleName()));
            throw ex;
        }
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
