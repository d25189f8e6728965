package org.openmpj.cache.jobs;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

import mpi.MPI;

import org.openmpj.cache.CacheClient;
import org.openmpj.cache.CacheConfig;
import org.openmpj.cache.CacheException;
import org.openmpj.cache.CacheStats;
import org.openmpj.cache.DirectorySource;
import org.openmpj.cache.MpjCache;
import org.openmpj.cache.RateLimitedSource;
import org.openmpj.cache.Source;

/**
 * MPJ-Cache jobs for the tests: {@code scenario backingDir resultDir [key=value settings...]}. Every rank writes what
 * it saw to {@code resultDir/rank-N.txt}; a server writes how often it opened each backing file. A client that sees
 * something wrong throws, which fails the job.
 */
public final class CacheScenarios
{
    private CacheScenarios()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        MPI.Init(args);
        final String scenario = args[0];
        final Path backing = Path.of(args[1]);
        final Path results = Path.of(args[2]);
        final Properties settings = new Properties();
        settings.setProperty(CacheConfig.BACKING_DIR_PROP_NAME, backing.toString());
        for (final String setting : Arrays.copyOfRange(args, 3, args.length))
        {
            final int equals = setting.indexOf('=');
            settings.setProperty(setting.substring(0, equals), setting.substring(equals + 1));
        }
        final int rank = MPI.COMM_WORLD.Rank();
        final List<String> lines = new ArrayList<>();
        final long stallMs = testSetting(settings, "test.stallMs");
        final long stallFromByte = testSetting(settings, "test.stallFromByte");
        final long bytesPerSecond = testSetting(settings, "test.bytesPerSecond");
        Source store = new DirectorySource(backing);
        if (bytesPerSecond > 0)
        {
            store = new RateLimitedSource(store, bytesPerSecond);
        }
        if (stallMs > 0)
        {
            store = new StallingSource(store, stallMs, stallFromByte);
        }
        final CountingSource source = new CountingSource(store);
        try (MpjCache cache = MpjCache.join(MPI.COMM_WORLD, CacheConfig.of(settings), () -> source))
        {
            if (cache.isServer())
            {
                if (scenario.equals("kill"))
                {
                    // Dies once every client is past the barrier and, a moment later, waiting in its fetch.
                    MPI.COMM_WORLD.Barrier();
                    Thread.sleep(200);
                    throw new IllegalStateException("server of group " + cache.group() + " killed by the test");
                }
                cache.serve();
                source.opens().forEach((path, count) -> lines.add("opened " + path + " " + count));
            }
            else
            {
                if (scenario.equals("kill"))
                {
                    MPI.COMM_WORLD.Barrier();
                }
                final long startNs = System.nanoTime();
                try
                {
                    run(scenario, cache, backing, results, settings, lines);
                }
                catch (final CacheException ex)
                {
                    lines.add("failed " + ex.reason() + " after " + (System.nanoTime() - startNs) / 1_000_000 + " ms: " + ex.getMessage());
                    Files.write(results.resolve("rank-" + rank + ".txt"), lines);
                    throw ex;
                }
            }
        }
        Files.write(results.resolve("rank-" + rank + ".txt"), lines);
        MPI.Finalize();
    }

    /** @return the test's own setting {@code key}, taken out of the cache's settings, or 0. */
    private static long testSetting(final Properties settings, final String key)
    {
        final Object value = settings.remove(key);
        return value == null ? 0 : Long.parseLong((String) value);
    }

    private static void run(final String scenario, final MpjCache cache, final Path backing, final Path results, final Properties settings,
        final List<String> lines) throws Exception
    {
        final CacheClient client = cache.client();
        switch (scenario)
        {
            case "same" -> fetchTheSame(cache, client, backing, results, lines);
            case "errors" -> errors(client, lines);
            case "push" -> push(cache, client, backing, settings, lines);
            case "kill" -> client.fetch("any.bin");
            case "large" -> large(client, backing, results, lines);
            case "slow" -> slow(client, lines);
            case "join" -> join(cache, client, backing, results, lines, false);
            case "join-declined" -> join(cache, client, backing, results, lines, true);
            case "push-while-fetching" -> pushWhileFetching(cache, client, backing, lines);
            default -> throw new IllegalArgumentException("unknown scenario " + scenario);
        }
    }

    /** Every client fetches every file at once, in each of the three ways. */
    private static void fetchTheSame(final MpjCache cache, final CacheClient client, final Path backing, final Path results,
        final List<String> lines) throws Exception
    {
        final List<String> names;
        try (var files = Files.list(backing))
        {
            names = files.filter(Files::isRegularFile).map(file -> file.getFileName().toString()).sorted().toList();
        }
        final int rank = MPI.COMM_WORLD.Rank();
        for (final String name : names)
        {
            final byte[] expected = Files.readAllBytes(backing.resolve(name));
            cache.clients().Barrier();
            check(name + " as byte[]", expected, client.fetch(name));
            final ByteBuffer buffer = ByteBuffer.allocateDirect(expected.length + 10).position(5);
            if (client.fetch(name, buffer) != expected.length || buffer.position() != 5)
            {
                throw new AssertionError(name + " into a ByteBuffer: wrong size or position moved");
            }
            final byte[] fromBuffer = new byte[expected.length];
            buffer.get(5, fromBuffer);
            check(name + " into a ByteBuffer", expected, fromBuffer);
            final Path local = results.resolve("rank-" + rank + "-" + name);
            if (client.fetchTo(name, local) != expected.length)
            {
                throw new AssertionError(name + " to a Path: wrong size");
            }
            check(name + " to a Path", expected, Files.readAllBytes(local));
            Files.delete(local);
            if (client.size(name) != expected.length || !client.exists(name))
            {
                throw new AssertionError(name + ": size " + client.size(name) + ", expected " + expected.length);
            }
            lines.add("fetched " + name + " " + expected.length);
        }
        // Every client's fetches are done, so the server's counts are whole.
        cache.clients().Barrier();
        final CacheStats stats = client.stats();
        for (final String name : names)
        {
            final CacheStats.FileStreams sent = stats.streamsOf(name);
            lines.add("sent " + name + " streams " + sent.streams() + " clients " + sent.clients() + " joiners " + sent.joiners() + " bytes "
                + sent.bytesSent());
        }
        lines.add("memory hits " + stats.tier("memory").hits() + " misses " + stats.tier("memory").misses());
        lines.add("coalesced " + stats.coalescedMisses());
        lines.add("latency requests " + stats.latency().requests());
    }

    /**
     * The first client fetches a file the backing store gives slowly; the others ask one after another while it streams,
     * each into another kind of destination, and record what they got or how they failed. With {@code firstKeepsNoCopy}
     * the first client's buffer is too small for the file, so it relays the stream without keeping it.
     */
    private static void join(final MpjCache cache, final CacheClient client, final Path backing, final Path results,
        final List<String> lines, final boolean firstKeepsNoCopy) throws Exception
    {
        final String name = "joined.bin";
        final byte[] expected = Files.readAllBytes(backing.resolve(name));
        final int index = cache.clients().Rank();
        cache.clients().Barrier();
        if (index > 0)
        {
            // After a first client that keeps no copy, the others wait longer: it says at once that it adopts nobody, but
            // a request that reached the server before it did would be adopted by it, declined, and served on its own.
            Thread.sleep((firstKeepsNoCopy ? 400L : 150L) + 60L * index);
        }
        try
        {
            if (index == 0 && firstKeepsNoCopy)
            {
                client.fetch(name, ByteBuffer.allocateDirect(expected.length / 2));
                throw new AssertionError("a buffer of half the file's size took it");
            }
            switch (index % 3)
            {
                case 0 -> check(name + " as byte[]", expected, client.fetch(name));
                case 1 ->
                {
                    final ByteBuffer buffer = ByteBuffer.allocateDirect(expected.length);
                    client.fetch(name, buffer);
                    final byte[] copy = new byte[expected.length];
                    buffer.get(0, copy);
                    check(name + " into a direct ByteBuffer", expected, copy);
                }
                default ->
                {
                    final Path local = results.resolve("rank-" + MPI.COMM_WORLD.Rank() + "-" + name);
                    client.fetchTo(name, local);
                    check(name + " to a Path", expected, Files.readAllBytes(local));
                    Files.delete(local);
                }
            }
            lines.add("fetched " + name + " " + expected.length);
        }
        catch (final CacheException ex)
        {
            lines.add("failed " + name + " " + ex.reason() + " " + ex.getMessage());
        }
        cache.clients().Barrier();
        final CacheStats stats = client.stats();
        final CacheStats.FileStreams sent = stats.streamsOf(name);
        lines.add("sent " + name + " streams " + sent.streams() + " clients " + sent.clients() + " joiners " + sent.joiners() + " bytes "
            + sent.bytesSent());
        lines.add("corrupt chunks " + stats.tier("memory").corruptChunks());
        lines.add("timed fetches " + sent.timedFetches() + " slowest ms " + Math.round(sent.slowestFetchMs()));
    }

    /** The first client pushes a file the store gives slowly to its group; the others ask for it while it is pushed. */
    private static void pushWhileFetching(final MpjCache cache, final CacheClient client, final Path backing, final List<String> lines)
        throws Exception
    {
        final String name = "joined.bin";
        final byte[] expected = Files.readAllBytes(backing.resolve(name));
        final int index = cache.clients().Rank();
        cache.clients().Barrier();
        if (index == 0)
        {
            client.push(List.of(name), CacheClient.PushScope.GROUP);
        }
        else
        {
            Thread.sleep(150L + 60L * index);
            check(name + " while it was pushed", expected, client.fetch(name));
        }
        lines.add("fetched " + name + " " + expected.length);
        cache.clients().Barrier();
        final CacheStats.FileStreams sent = client.stats().streamsOf(name);
        lines.add("sent " + name + " streams " + sent.streams() + " clients " + sent.clients() + " joiners " + sent.joiners() + " bytes "
            + sent.bytesSent());
    }

    private static void errors(final CacheClient client, final List<String> lines)
    {
        for (final String path : List.of("missing.bin", "../outside.bin", "/etc/passwd", "link-out/secret.bin", "a-directory", "dir/../x"))
        {
            try
            {
                client.fetch(path);
                throw new AssertionError("fetching '" + path + "' did not fail");
            }
            catch (final CacheException ex)
            {
                lines.add("error " + path + " " + ex.reason() + " " + ex.getMessage().replace('\n', ' '));
            }
        }
        lines.add("exists missing.bin " + client.exists("missing.bin"));
        lines.add("size small.bin " + client.size("small.bin"));
    }

    /** The first client pushes every file to its group; then every client reads them without asking the server. */
    private static void push(final MpjCache cache, final CacheClient client, final Path backing, final Properties settings,
        final List<String> lines) throws Exception
    {
        final List<String> names = List.of("small.bin", "big.bin");
        if (cache.clients().Rank() == 0)
        {
            client.push(names, CacheClient.PushScope.ALL_GROUPS);
        }
        cache.clients().Barrier();
        final CacheStats before = client.stats();
        for (final String name : names)
        {
            check(name + " pushed", Files.readAllBytes(backing.resolve(name)), client.fetch(name));
        }
        final CacheStats after = client.stats();
        lines.add("kept " + String.join(" ", names.stream().filter(name -> Files.exists(keptIn(settings, name))).toList()));
        final long lookups = after.tier("memory").hits() + after.tier("memory").misses() - before.tier("memory").hits()
            - before.tier("memory").misses();
        lines.add("server lookups while reading pushed files " + lookups);
        lines.add("pushed files " + after.pushedFiles());
    }

    /** A backing store slower than the timeout: the fetch fails saying so. */
    private static void slow(final CacheClient client, final List<String> lines)
    {
        for (final String name : List.of("small.bin", "big.bin"))
        {
            try
            {
                client.fetch(name);
                lines.add("fetched " + name);
            }
            catch (final CacheException ex)
            {
                lines.add("slow " + ex.reason() + " " + ex.getMessage());
            }
        }
    }

    /** A file over 2 GiB: to a Path it comes whole; as a byte[] it is a clear error. */
    private static void large(final CacheClient client, final Path backing, final Path results, final List<String> lines) throws Exception
    {
        final Path local = results.resolve("large-copy.bin");
        final long size = client.fetchTo("large.bin", local);
        lines.add("fetched to path " + size + " bytes, crc " + (crcOf(local) == crcOf(backing.resolve("large.bin")) ? "equal" : "differs"));
        Files.delete(local);
        try
        {
            client.fetch("large.bin");
            lines.add("fetched large.bin as byte[]");
        }
        catch (final CacheException ex)
        {
            lines.add("as byte[] " + ex.reason());
        }
    }

    private static long crcOf(final Path file) throws java.io.IOException
    {
        final java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        try (java.nio.channels.FileChannel channel = java.nio.channels.FileChannel.open(file))
        {
            final ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 20);
            while (channel.read(buffer.clear()) > 0)
            {
                crc.update(buffer.flip());
            }
        }
        return crc.getValue();
    }

    /** @return where a client keeps a pushed file when the test set a push directory (a path that does not exist if not). */
    private static Path keptIn(final Properties settings, final String name)
    {
        final String dir = settings.getProperty("push.dir", "/nonexistent");
        return Path.of(dir, "rank-" + MPI.COMM_WORLD.Rank(), name);
    }

    private static void check(final String what, final byte[] expected, final byte[] actual)
    {
        if (!Arrays.equals(expected, actual))
        {
            throw new AssertionError(what + ": content differs (" + (actual == null ? "null" : actual.length + " bytes") + ", expected "
                + expected.length + ")");
        }
    }
}
