package org.openmpj.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * UCX's own ping-pong as the native floor of the ucx device: {@code ucx_perftest -t tag_lat} (Debian package
 * {@code ucx-utils}), two processes of UCX's C test program ping-ponging tagged messages over whatever UCX chooses
 * ({@code UCX_TLS} narrows it), the server pinned to {@code --peer-cpu}, the client inheriting this process's CPUs. It
 * stands where raw JUCX cannot run: JUCX 1.12.1 over UCX 1.13.1's TCP fails here in most runs ({@code sendmsg} inside
 * UCX gets {@code EFAULT}, then "Endpoint timeout"). No Java, no JNI: a stricter floor than JUCX.
 *
 * <p>For each size a short run measures the one-way time, which sets the iterations of the timed runs to about
 * {@code --batch-ms} each; each of the {@code --repetitions} timed runs reports the 50th percentile of its one-way times,
 * and the result line gives their median and their lowest.
 *
 * <pre>
 * UCX_TLS=tcp,self taskset -c 0 java -cp bench/target/openmpj-bench.jar org.openmpj.bench.UcxPerftestFloor --peer-cpu 1 \
 *     [--max-bytes N] [--repetitions N] [--batch-ms N]
 * </pre>
 */
public final class UcxPerftestFloor
{
    /** The name on the result lines. */
    public static final String IMPL = "ucx-perftest";
    /** UCX's test program, found on the path. */
    static final String PROGRAM = "ucx_perftest";

    private static final int CALIBRATION_ITERATIONS = 200;
    private static final long MIN_ITERATIONS = 100;
    private static final long MAX_ITERATIONS = 1_000_000;
    private static final long MAX_WARM_UP_ITERATIONS = 1000;
    private static final int CONNECT_ATTEMPTS = 50;
    private static final long CONNECT_RETRY_MILLIS = 100;
    private static final long RUN_TIMEOUT_SECONDS = 120;
    private static final double MICROS_PER_MILLI = 1000;

    private final int peerCpu;

    private UcxPerftestFloor(final int peerCpu)
    {
        this.peerCpu = peerCpu;
    }

    public static void main(final String[] args) throws IOException, InterruptedException
    {
        final SocketFloorOptions options = SocketFloorOptions.parseFor(UcxPerftestFloor.class, args);
        final BenchOptions bench = options.bench();
        final UcxPerftestFloor floor = new UcxPerftestFloor(options.peerCpu());
        System.out.println("# " + IMPL + " ping-pong: " + bench.repetitions() + " timed runs of about " + bench.batchMillis() + " ms per size");
        for (final int bytes : MessageSizes.upTo(bench.maxBytes()))
        {
            final double estimateUs = floor.onewayUs(bytes, CALIBRATION_ITERATIONS);
            final long iterations = Math.clamp((long)(bench.batchMillis() * MICROS_PER_MILLI / (2 * estimateUs)), MIN_ITERATIONS, MAX_ITERATIONS);
            final double[] medians = new double[bench.repetitions()];
            for (int run = 0; run < medians.length; run++)
            {
                medians[run] = floor.onewayUs(bytes, iterations);
            }
            System.out.println(ResultLines.format(
                new SizeResult(IMPL, bytes, iterations, medians.length, Samples.median(medians), Samples.min(medians))));
        }
    }

    /** @return the 50th percentile of the one-way times of a ping-pong of {@code iterations} round trips of {@code bytes}. */
    private double onewayUs(final int bytes, final long iterations) throws IOException, InterruptedException
    {
        final int port = freePort();
        // ucx_perftest warms up for 10,000 round trips unless told: seconds per run at megabytes.
        final List<String> test = List.of("-t", "tag_lat", "-s", Integer.toString(bytes), "-n", Long.toString(iterations),
            "-w", Long.toString(Math.min(iterations, MAX_WARM_UP_ITERATIONS)), "-p", Integer.toString(port));
        final List<String> server = new ArrayList<>();
        if (peerCpu >= 0)
        {
            server.addAll(List.of("taskset", "-c", Integer.toString(peerCpu)));
        }
        server.add(PROGRAM);
        server.addAll(test);
        final Process listening = new ProcessBuilder(server).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
        try
        {
            final List<String> client = new ArrayList<>(List.of(PROGRAM, InetAddress.getLoopbackAddress().getHostAddress()));
            client.addAll(test);
            String output = "";
            for (int attempt = 0; attempt < CONNECT_ATTEMPTS && listening.isAlive(); attempt++)
            {
                // The server takes a moment to listen; a client that came too early fails at once and is started again.
                Thread.sleep(CONNECT_RETRY_MILLIS);
                final Path log = Files.createTempFile(PROGRAM, ".log");
                try
                {
                    final Process connecting = new ProcessBuilder(client).redirectErrorStream(true).redirectOutput(log.toFile()).start();
                    if (!connecting.waitFor(RUN_TIMEOUT_SECONDS, TimeUnit.SECONDS))
                    {
                        connecting.destroyForcibly();
                        throw new IOException(String.join(" ", client) + " did not finish within " + RUN_TIMEOUT_SECONDS + " s");
                    }
                    output = Files.readString(log, StandardCharsets.UTF_8);
                    if (connecting.exitValue() == 0)
                    {
                        return finalMedianUs(output, String.join(" ", client));
                    }
                }
                finally
                {
                    Files.delete(log);
                }
            }
            throw new IOException(String.join(" ", client) + " did not complete against " + String.join(" ", server) + "; it printed:\n"
                + output);
        }
        finally
        {
            listening.destroy();
            if (!listening.waitFor(RUN_TIMEOUT_SECONDS, TimeUnit.SECONDS))
            {
                listening.destroyForcibly();
            }
        }
    }

    /**
     * @return the 50th percentile latency of the {@code Final:} line of {@code ucx_perftest}'s report, whose columns are
     *         the iterations, then the 50th percentile, average and overall latency in microseconds, and more.
     */
    static double finalMedianUs(final String output, final String command)
    {
        for (final String line : output.split("\n"))
        {
            final String[] fields = line.trim().split("\\s+");
            if (fields.length >= 3 && fields[0].equals("Final:"))
            {
                try
                {
                    return Double.parseDouble(fields[2]);
                }
                catch (final NumberFormatException ex)
                {
                    throw new IllegalArgumentException(command + " printed a Final: line without a latency: " + line, ex);
                }
            }
        }
        throw new IllegalArgumentException(command + " printed no Final: line; it printed:\n" + output);
    }

    private static int freePort()
    {
        try (ServerSocket probe = new ServerSocket(0))
        {
            return probe.getLocalPort();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot find a free port for " + PROGRAM, ex);
        }
    }
}
