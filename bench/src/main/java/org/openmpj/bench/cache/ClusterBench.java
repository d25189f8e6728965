package org.openmpj.bench.cache;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

import mpi.Intracomm;
import mpi.MPI;

import org.openmpj.cache.CacheClient;
import org.openmpj.cache.CacheConfig;
import org.openmpj.cache.CacheStats;
import org.openmpj.cache.MpjCache;
import org.openmpj.cache.SourceFile;

/**
 * MPJ-Cache against direct reads of a shared store, the published experiment's shape: N clients read the same file of
 * S bytes, from the store directly or through the cache (cold: a path the cache has not seen; warm: the same path
 * again), then N clients each read a file of their own, then many bursts of small reads for latency percentiles.
 * One node group of the whole job; the server is rank 0; clients take part spread evenly over the hosts other than
 * the server's. Prints {@code cell} lines, one per measurement, for {@link CacheReport}: started by
 * {@code bench/run-cache.sh}.
 *
 * <pre>
 *   ClusterBench STORE_HOST:PORT ROUNDS SIZES CLIENTS [key=value cache settings]
 * </pre>
 *
 * SIZES in bytes and CLIENTS comma-separated; the store holds {@code same-S} and {@code distinct-S-i}, and the run
 * script makes {@code same-S-rR-nN}, {@code spread-S-rR-nN} and {@code distinct-S-i-rR-nN} (hard links: paths the cache
 * has not seen) for every cell. The spread cells start each client at a random time within {@link CacheLines#SPREAD_MS} of the
 * others, and time it from the common start, so that a request arriving while the file streams shows what it costs.
 */
public final class ClusterBench
{
    private static final int LATENCY_BURSTS = 10;

    private final CacheClient cache;
    private final StoreSource store;
    private final Intracomm clients;
    private final int[] participantOrder;
    private final ByteBuffer buffer;

    private ClusterBench(final CacheClient cache, final StoreSource store, final Intracomm clients, final int[] participantOrder,
        final int maxBytes)
    {
        this.cache = cache;
        this.store = store;
        this.clients = clients;
        this.participantOrder = participantOrder;
        this.buffer = position() >= 0 ? ByteBuffer.allocate(maxBytes) : null;
    }

    public static void main(final String[] args) throws Exception
    {
        MPI.Init(args);
        final StoreSource store = new StoreSource(StoreSource.parse(args[0]));
        final int rounds = Integer.parseInt(args[1]);
        final int[] sizes = Arrays.stream(args[2].split(",")).mapToInt(Integer::parseInt).toArray();
        final int[] counts = Arrays.stream(args[3].split(",")).mapToInt(Integer::parseInt).toArray();
        final Properties settings = new Properties();
        settings.setProperty(CacheConfig.BACKING_DIR_PROP_NAME, "/nonexistent-unused");
        settings.setProperty(CacheConfig.GROUP_SIZE_PROP_NAME, Integer.toString(MPI.COMM_WORLD.Size()));
        for (int i = 4; i < args.length; i++)
        {
            settings.setProperty(args[i].substring(0, args[i].indexOf('=')), args[i].substring(args[i].indexOf('=') + 1));
        }
        try (MpjCache joined = MpjCache.join(MPI.COMM_WORLD, CacheConfig.of(settings), () -> store))
        {
            if (joined.isServer())
            {
                joined.serve();
            }
            else
            {
                final int[] order = participantOrder(joined.clients(), MPI.Get_processor_name());
                final ClusterBench bench = new ClusterBench(joined.client(), store, joined.clients(), order,
                    Arrays.stream(sizes).max().getAsInt());
                try
                {
                    bench.run(rounds, sizes, counts);
                }
                catch (final IOException | RuntimeException ex)
                {
                    // Closing the cache waits for every client's goodbye, and the other clients wait in this cell's
                    // collectives for this one: only ending the job turns the failure into an error instead of a hang.
                    System.err.println("rank " + MPI.COMM_WORLD.Rank() + " failed in the measurements: " + ex);
                    ex.printStackTrace();
                    MPI.COMM_WORLD.Abort(1);
                }
            }
        }
        MPI.Finalize();
    }

    /**
     * @return for each client rank, its place in the order clients join the measurements (-1: never, on the server's
     *         host): round-robin over the other hosts, so N participants are spread evenly.
     */
    static int[] participantOrder(final Intracomm clients, final String host)
    {
        final byte[] mine = Arrays.copyOf(host.getBytes(StandardCharsets.UTF_8), 64);
        final byte[] all = new byte[64 * clients.Size()];
        clients.Allgather(mine, 0, 64, MPI.BYTE, all, 0, 64, MPI.BYTE);
        final String serverHost = hostOf(all, 0);
        final Map<String, List<Integer>> byHost = new TreeMap<>();
        for (int rank = 0; rank < clients.Size(); rank++)
        {
            final String name = hostOf(all, rank);
            if (!name.equals(serverHost))
            {
                byHost.computeIfAbsent(name, key -> new ArrayList<>()).add(rank);
            }
        }
        if (byHost.isEmpty())
        {
            // One host only: every client takes part.
            byHost.put(serverHost, new ArrayList<>());
            for (int rank = 0; rank < clients.Size(); rank++)
            {
                byHost.get(serverHost).add(rank);
            }
        }
        final int[] order = new int[clients.Size()];
        Arrays.fill(order, -1);
        int next = 0;
        for (int index = 0; next < clients.Size(); index++)
        {
            boolean any = false;
            for (final List<Integer> ranks : byHost.values())
            {
                if (index < ranks.size())
                {
                    order[ranks.get(index)] = next++;
                    any = true;
                }
            }
            if (!any)
            {
                break;
            }
        }
        return order;
    }

    private static String hostOf(final byte[] all, final int rank)
    {
        int end = rank * 64;
        while (end < (rank + 1) * 64 && all[end] != 0)
        {
            end++;
        }
        return new String(all, rank * 64, end - rank * 64, StandardCharsets.UTF_8);
    }

    private int position()
    {
        return participantOrder[clients.Rank()];
    }

    private void run(final int rounds, final int[] sizes, final int[] counts) throws IOException
    {
        warmUp();
        for (int round = 1; round <= rounds; round++)
        {
            for (final int size : sizes)
            {
                for (final int count : counts)
                {
                    cell(round, "direct", "same-" + size, size, count, true);
                    cell(round, "cache-cold", "same-" + size + "-r" + round + "-n" + count, size, count, false);
                    cell(round, "cache-warm", "same-" + size + "-r" + round + "-n" + count, size, count, false);
                    spreadCell(round, "cache-spread-cold", "spread-" + size + "-r" + round + "-n" + count, size, count);
                    spreadCell(round, "cache-spread-warm", "spread-" + size + "-r" + round + "-n" + count, size, count);
                }
            }
            final int distinctSize = sizes.length > 1 ? sizes[sizes.length - 2] : sizes[0];
            for (final int count : CacheLines.distinctCounts(counts))
            {
                distinctCell(round, "distinct-direct", distinctSize, count, true);
                distinctCell(round, "distinct-cache-cold", distinctSize, count, false);
                distinctCell(round, "distinct-cache-warm", distinctSize, count, false);
            }
            if (position() == 0)
            {
                fetch("same-" + sizes[0], false);
            }
            clients.Barrier();
            for (final int count : new int[] {1, counts[counts.length - 1]})
            {
                for (int burst = 0; burst < LATENCY_BURSTS; burst++)
                {
                    cell(round, "latency-warm", "same-" + sizes[0], sizes[0], count, false);
                }
            }
        }
    }

    private void warmUp() throws IOException
    {
        final long deadline = System.nanoTime() + 5_000_000_000L;
        int loops = 0;
        while (true)
        {
            // Every client votes, so none runs ahead of the others' reads (a broadcast would let the root race on).
            final long[] mine = {System.nanoTime() < deadline ? 1 : 0};
            final long[] go = new long[1];
            clients.Allreduce(mine, 0, go, 0, 1, MPI.LONG, MPI.MIN);
            if (go[0] == 0)
            {
                break;
            }
            if (position() >= 0 && position() < 16)
            {
                fetch("warmup.bin", false);
                fetch("warmup.bin", true);
            }
            loops++;
        }
        if (clients.Rank() == 0)
        {
            System.out.println("warm-up: " + loops + " loops of cached and direct reads of warmup.bin");
        }
    }

    /** The first {@code count} participants read {@code path} at once; the first client prints the cell's line. */
    private void cell(final int round, final String mode, final String path, final int size, final int count, final boolean direct)
        throws IOException
    {
        measure(round, mode, size, count, direct, path);
    }

    /**
     * The first {@code count} participants read {@code path}, each starting at its own random time within
     * {@link CacheLines#SPREAD_MS}; their times count from the common start.
     */
    private void spreadCell(final int round, final String mode, final String path, final int size, final int count) throws IOException
    {
        final long delayMs = new java.util.Random(31L * round + 7919L * count + position()).nextInt(CacheLines.SPREAD_MS);
        measure(round, mode, size, count, false, path, delayMs);
    }

    /** The first {@code count} participants each read a file of their own at once. */
    private void distinctCell(final int round, final String mode, final int size, final int count, final boolean direct) throws IOException
    {
        measure(round, mode, size, count, direct, null);
    }

    /** Reads {@code path}, or each participant's own file when it is null, and reports the cell. */
    private void measure(final int round, final String mode, final int size, final int count, final boolean direct, final String path)
        throws IOException
    {
        measure(round, mode, size, count, direct, path, 0);
    }

    /** {@link #measure}, each participant starting {@code delayMs} after the common start and timed from it. */
    private void measure(final int round, final String mode, final int size, final int count, final boolean direct, final String path,
        final long delayMs) throws IOException
    {
        if (direct && clients.Rank() == 0)
        {
            dropPageCache();
        }
        final CacheStats before = clients.Rank() == 0 ? cache.stats() : null;
        clients.Barrier();
        final double[] elapsed = {-1};
        if (position() >= 0 && position() < count)
        {
            final String file = path != null ? path
                : "distinct-" + size + "-" + position() + (mode.contains("cache") ? "-r" + round + "-n" + count : "");
            final long start = System.nanoTime();
            if (delayMs > 0)
            {
                try
                {
                    Thread.sleep(delayMs);
                }
                catch (final InterruptedException ex)
                {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted before a spread cell's fetch", ex);
                }
            }
            fetch(file, direct);
            elapsed[0] = (System.nanoTime() - start) / 1e6;
        }
        report(round, mode, size, count, elapsed, direct, path, before);
    }

    /**
     * Prints the cell's line on the first client: the clients' times, and, for the cache, what the server read from the
     * store and what it sent ({@code path}'s streams, the clients that joined one in flight, and the bytes; or every file's
     * for a cell of distinct files), from its statistics {@code before} the cell and now.
     */
    private void report(final int round, final String mode, final int size, final int count, final double[] elapsed, final boolean direct,
        final String path, final CacheStats before)
    {
        final double[] all = new double[clients.Size()];
        clients.Gather(elapsed, 0, 1, MPI.DOUBLE, all, 0, 1, MPI.DOUBLE, 0);
        if (clients.Rank() == 0)
        {
            final double[] times = Arrays.stream(all).filter(time -> time >= 0).sorted().toArray();
            final CacheStats after = cache.stats();
            final long backingRead = direct ? 0 : after.tier("backing").bytesServed() - before.tier("backing").bytesServed();
            final CacheStats.FileStreams sentBefore = direct ? null : path == null ? before.allFiles() : before.streamsOf(path);
            final CacheStats.FileStreams sentAfter = direct ? null : path == null ? after.allFiles() : after.streamsOf(path);
            final long streams = (sentAfter == null ? 0 : sentAfter.streams()) - (sentBefore == null ? 0 : sentBefore.streams());
            final long bytes = (sentAfter == null ? 0 : sentAfter.bytesSent()) - (sentBefore == null ? 0 : sentBefore.bytesSent());
            final long joiners = (sentAfter == null ? 0 : sentAfter.joiners()) - (sentBefore == null ? 0 : sentBefore.joiners());
            System.out.printf(Locale.ROOT, "cell round=%d mode=%s size=%d clients=%d max_ms=%.3f p50_ms=%.3f p99_ms=%.3f backing_bytes=%d"
                + " server_streams=%d server_joiners=%d server_bytes=%d times_ms=%s%n", round, mode, size, count, times[times.length - 1],
                percentile(times, 0.5), percentile(times, 0.99), backingRead, streams, joiners, bytes, Arrays.stream(times)
                    .mapToObj(time -> String.format(Locale.ROOT, "%.2f", time)).reduce((a, b) -> a + "," + b).orElse(""));
        }
    }

    private static double percentile(final double[] sorted, final double fraction)
    {
        return sorted[Math.max(0, (int) Math.ceil(fraction * sorted.length) - 1)];
    }

    private void fetch(final String path, final boolean direct) throws IOException
    {
        buffer.clear();
        if (direct)
        {
            try (SourceFile file = store.open(path))
            {
                buffer.limit((int) file.size());
                file.read(0, buffer);
            }
        }
        else
        {
            cache.fetch(path, buffer);
        }
    }

    /** Drops the page cache, so direct reads come from the store's disk as cold cache misses do. */
    private static void dropPageCache()
    {
        try
        {
            Files.writeString(Path.of("/proc/sys/vm/drop_caches"), "3");
        }
        catch (final IOException ex)
        {
            System.out.println("note: cannot drop the page cache (" + ex.getMessage() + "); direct reads may come from memory");
        }
    }
}
