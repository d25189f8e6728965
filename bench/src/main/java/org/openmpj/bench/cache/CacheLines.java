package org.openmpj.bench.cache;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The lines the cache benchmarks print ({@code cell}, {@code warm}, {@code policy}), read back as records. */
final class CacheLines
{
    /** The window the clients of a spread cell start in. */
    static final int SPREAD_MS = 2000;

    private CacheLines()
    {
    }

    /**
     * @return the client counts of the distinct-file cells: the smallest of at least 16 (else the smallest above one),
     *         and the largest.
     */
    static int[] distinctCounts(final int[] counts)
    {
        final int most = counts[counts.length - 1];
        int few = counts[0] == 1 && counts.length > 1 ? counts[1] : counts[0];
        for (final int count : counts)
        {
            if (count >= 16 && count < most)
            {
                few = count;
                break;
            }
        }
        return few == most ? new int[] {most} : new int[] {few, most};
    }

    /**
     * One {@link ClusterBench} measurement: {@code clients} clients read a file of {@code size} bytes in {@code mode}.
     *
     * @param serverStreams the streams the cache's server started for the cell (0 for direct reads, and in logs from before
     *                      the server counted them).
     * @param serverJoiners the clients that joined a stream in flight instead of starting one.
     * @param serverBytes   the bytes the cache's server sent for the cell, streamed or inline.
     */
    record Cell(int round, String mode, long size, int clients, double maxMs, double p50Ms, double p99Ms, long backingBytes,
        long serverStreams, long serverJoiners, long serverBytes, double[] timesMs)
    {
        /** @return how many copies of the cell's data the server sent: its bytes over the bytes the clients asked for once. */
        double serverCopies()
        {
            return (double) serverBytes / (size * (mode.startsWith("distinct") ? clients : 1));
        }
    }

    /** One round of {@link WarmFetch}. */
    record Warm(String transport, int round, long bytes, double pingPongMBps, double fetchMBps, double ratio)
    {
    }

    /** One trace of {@link PolicyBench}. */
    record Policy(String name, String trace, double hitRatio, double missRatio)
    {
    }

    static List<Cell> cells(final Path log) throws IOException
    {
        final List<Cell> cells = new ArrayList<>();
        for (final Map<String, String> fields : lines(log, "cell"))
        {
            final String times = fields.getOrDefault("times_ms", "");
            cells.add(new Cell(Integer.parseInt(fields.get("round")), fields.get("mode"), Long.parseLong(fields.get("size")),
                Integer.parseInt(fields.get("clients")), Double.parseDouble(fields.get("max_ms")), Double.parseDouble(fields.get("p50_ms")),
                Double.parseDouble(fields.get("p99_ms")), Long.parseLong(fields.get("backing_bytes")),
                Long.parseLong(fields.getOrDefault("server_streams", "0")), Long.parseLong(fields.getOrDefault("server_joiners", "0")),
                Long.parseLong(fields.getOrDefault("server_bytes", "0")),
                times.isEmpty() ? new double[0] : Arrays.stream(times.split(",")).mapToDouble(Double::parseDouble).toArray()));
        }
        return cells;
    }

    static List<Warm> warms(final Path log) throws IOException
    {
        final List<Warm> warms = new ArrayList<>();
        for (final Map<String, String> fields : lines(log, "warm"))
        {
            warms.add(new Warm(fields.get("transport"), Integer.parseInt(fields.get("round")), Long.parseLong(fields.get("bytes")),
                Double.parseDouble(fields.get("pingpong_MBps")), Double.parseDouble(fields.get("fetch_MBps")),
                Double.parseDouble(fields.get("ratio"))));
        }
        return warms;
    }

    static List<Policy> policies(final Path log) throws IOException
    {
        final List<Policy> policies = new ArrayList<>();
        for (final Map<String, String> fields : lines(log, "policy"))
        {
            policies.add(new Policy(fields.get("name"), fields.get("trace"), Double.parseDouble(fields.get("hit_ratio")),
                Double.parseDouble(fields.get("miss_ratio"))));
        }
        return policies;
    }

    /** @return the {@code key=value} settings of {@code setup.txt}, in order. */
    static Map<String, String> setup(final Path file) throws IOException
    {
        final Map<String, String> setup = new LinkedHashMap<>();
        if (Files.exists(file))
        {
            for (final String line : Files.readAllLines(file))
            {
                final int equals = line.indexOf('=');
                if (equals > 0)
                {
                    setup.put(line.substring(0, equals), line.substring(equals + 1));
                }
            }
        }
        return setup;
    }

    /** @return the {@code key=value} fields of every line of {@code log} that starts with {@code kind}. */
    private static List<Map<String, String>> lines(final Path log, final String kind) throws IOException
    {
        final List<Map<String, String>> found = new ArrayList<>();
        if (!Files.exists(log))
        {
            return found;
        }
        for (final String line : Files.readAllLines(log))
        {
            if (!line.startsWith(kind + " "))
            {
                continue;
            }
            final Map<String, String> fields = new LinkedHashMap<>();
            for (final String field : line.substring(kind.length() + 1).trim().split("\\s+"))
            {
                final int equals = field.indexOf('=');
                if (equals > 0)
                {
                    fields.put(field.substring(0, equals), field.substring(equals + 1));
                }
            }
            found.add(fields);
        }
        return found;
    }
}
