package org.openmpj.cache.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openmpj.cache.CacheClient;
import org.openmpj.runtime.JobResult;
import org.openmpj.runtime.JobSpec;
import org.openmpj.runtime.RankLayout;
import org.openmpj.runtime.ThreadJob;

/** MPJ-Cache jobs of thread ranks: servers and clients as threads of this JVM, on the thread device. */
class CacheJobTest
{
    @TempDir
    Path backing;

    @TempDir
    Path results;

    @Test
    @Timeout(120)
    void clientsFetchingTheSameFilesAtOnceCauseOneBackingReadEachAndGetExactCopies() throws IOException
    {
        write("small.bin", 10_000);
        write("one-chunk.bin", 200_000);
        write("mid.bin", 1_000_123);
        write("big.bin", 5 << 20);
        final JobResult result = run(9, "thread", "same", "chunk.bytes=64k", "inline.bytes=16k");
        assertEquals(0, result.exitCode(), () -> "job failed: " + result.failure());
        final List<String> server = lines(0);
        for (final String name : List.of("small.bin", "one-chunk.bin", "mid.bin", "big.bin"))
        {
            assertTrue(server.contains("opened " + name + " 1"), () -> name + " not opened exactly once: " + server);
        }
        for (int rank = 1; rank < 9; rank++)
        {
            assertTrue(lines(rank).contains("fetched big.bin " + (5 << 20)), "rank " + rank + ": " + lines(rank));
        }
        // The server's counts: 8 clients fetched each file 3 times. A small file goes inline, a larger one down relays,
        // each relay sending the file once to each relay child of the server. A client asking while a relay of the file
        // streams joins it.
        final String small = sent(lines(1), "small.bin");
        assertEquals("streams 0 clients 0 joiners 0 bytes " + 24 * 10_000, small);
        for (final String name : List.of("one-chunk.bin", "mid.bin", "big.bin"))
        {
            final long size = Files.size(backing.resolve(name));
            final String[] counts = sent(lines(1), name).split(" ");
            final long streams = Long.parseLong(counts[1]);
            final long bytes = Long.parseLong(counts[7]);
            final long joiners = Long.parseLong(counts[5]);
            assertTrue(streams >= 1 && streams + joiners <= 24 && "24".equals(counts[3]) && bytes % size == 0 && bytes >= streams * size,
                () -> name + ": " + String.join(" ", counts));
        }
    }

    @Test
    @Timeout(120)
    void clientsAskingWhileTheFileStreamsJoinTheStreamAndGetExactCopies() throws IOException
    {
        // The store gives 3 MB/s, so the stream lasts about a second; the other 5 clients ask 210 to 450 ms into it.
        final int size = runJoiners("join", 1);
        assertEquals("streams 1 clients 6 joiners 5 bytes " + size, sent(lines(1), "joined.bin"), "one stream, and every other client joined it");
        assertTrue(lines(1).contains("corrupt chunks 0"), lines(1)::toString);
        assertTrue(lines(0).contains("opened joined.bin 1"), lines(0)::toString);
        final String timed = lines(1).stream().filter(line -> line.startsWith("timed fetches ")).findFirst().orElse("none");
        final long slowestMs = Long.parseLong(timed.substring(timed.lastIndexOf(' ') + 1));
        assertTrue(timed.startsWith("timed fetches 6 slowest ms ") && slowestMs >= 500 && slowestMs < 60_000,
            () -> "every client reports its fetch's time, the first one's about the store's second: " + timed);
    }

    @Test
    @Timeout(120)
    void clientsAskingForAFileBeingPushedToThemTakeItFromThePush() throws IOException
    {
        final int size = runJoiners("push-while-fetching", 1);
        final String[] counts = sent(lines(1), "joined.bin").split(" ");
        assertEquals("1", counts[1], () -> "the push's stream alone: " + String.join(" ", counts));
        assertEquals(0, Long.parseLong(counts[7]) % size, () -> String.join(" ", counts));
        assertTrue(lines(0).contains("opened joined.bin 1"), lines(0)::toString);
    }

    @Test
    @Timeout(120)
    void clientsThatJoinedAStreamThatFailsFailWithItsCause() throws IOException
    {
        write("joined.bin", 3_000_123);
        // The store gives 3 MB/s up to byte 1,500,000 and then stalls past the 300 ms limit: the clients that joined
        // by then get the failure down the relay, any later one from a stream of its own, which stalls too.
        final JobResult result = run(7, "thread", "join", "chunk.bytes=64k", "test.bytesPerSecond=3000000", "test.stallFromByte=1500000",
            "test.stallMs=3000", "backing.timeoutMs=300");
        assertEquals(0, result.exitCode(), () -> "job failed: " + result.failure());
        for (int rank = 1; rank < 7; rank++)
        {
            final int client = rank;
            assertTrue(lines(rank).stream().anyMatch(line -> line.startsWith("failed joined.bin SOURCE_TIMEOUT") && line.contains("stalled")),
                () -> "rank " + client + ": " + lines(client));
        }
        final String[] counts = sent(lines(1), "joined.bin").split(" ");
        assertTrue(Long.parseLong(counts[5]) >= 1, () -> "no client joined the stream: " + String.join(" ", counts));
    }

    @Test
    @Timeout(120)
    void aClientThatKeepsNoCopyAdoptsNobodyAndTheOthersGetTheFile() throws IOException
    {
        final int size = runJoiners("join-declined", 2);
        assertTrue(lines(1).stream().anyMatch(line -> line.startsWith("failed joined.bin TOO_LARGE")), lines(1)::toString);
        // The first client says at once that it adopts nobody, which ends its relay: the next request starts a second
        // stream, and the later ones join that.
        assertEquals("streams 2 clients 6 joiners 4 bytes " + 2 * size, sent(lines(1), "joined.bin"));
        assertTrue(lines(1).contains("corrupt chunks 0"), lines(1)::toString);
        assertTrue(lines(0).contains("opened joined.bin 1"), () -> "the second stream follows the first one's read: " + lines(0));
    }

    /**
     * Runs a joining scenario of six clients over a 3 MB file the store gives at 3 MB/s.
     *
     * @return the file's size, once every rank from {@code firstFetcher} on has fetched it.
     */
    private int runJoiners(final String scenario, final int firstFetcher) throws IOException
    {
        final int size = 3_000_123;
        write("joined.bin", size);
        final JobResult result = run(7, "thread", scenario, "chunk.bytes=64k", "test.bytesPerSecond=3000000");
        assertEquals(0, result.exitCode(), () -> "job failed: " + result.failure());
        for (int rank = firstFetcher; rank < 7; rank++)
        {
            assertTrue(lines(rank).contains("fetched joined.bin " + size), "rank " + rank + ": " + lines(rank));
        }
        return size;
    }

    /** @return what a client's statistics said the server sent of {@code name}: {@code streams S clients C joiners J bytes B}. */
    private static String sent(final List<String> lines, final String name)
    {
        final String prefix = "sent " + name + " ";
        return lines.stream().filter(line -> line.startsWith(prefix)).findFirst().map(line -> line.substring(prefix.length()))
            .orElseThrow(() -> new AssertionError("no counts of " + name + ": " + lines));
    }

    @Test
    @Timeout(120)
    void badPathsAreClearErrorsNamingThePath() throws IOException
    {
        write("small.bin", 1000);
        Files.createDirectory(backing.resolve("a-directory"));
        final Path outside = Files.createDirectories(results.resolve("outside"));
        Files.write(outside.resolve("secret.bin"), new byte[10]);
        Files.createSymbolicLink(backing.resolve("link-out"), outside);
        final JobResult result = run(3, "thread", "errors");
        assertEquals(0, result.exitCode(), () -> "job failed: " + result.failure());
        final List<String> seen = lines(1);
        assertLine(seen, "error missing.bin NOT_FOUND", "missing.bin");
        assertLine(seen, "error ../outside.bin OUTSIDE_ROOT", "../outside.bin");
        assertLine(seen, "error /etc/passwd OUTSIDE_ROOT", "/etc/passwd");
        assertLine(seen, "error link-out/secret.bin OUTSIDE_ROOT", "link-out/secret.bin");
        assertLine(seen, "error a-directory UNREADABLE", "a-directory");
        assertLine(seen, "error dir/../x OUTSIDE_ROOT", "dir/../x");
        assertTrue(seen.contains("exists missing.bin false"), seen::toString);
        assertTrue(seen.contains("size small.bin 1000"), seen::toString);
    }

    @Test
    @Timeout(120)
    void pushedFilesAreReadWithoutAskingTheServerInEveryGroup() throws IOException
    {
        write("small.bin", 5000);
        write("big.bin", 3 << 20);
        final JobResult result = run(8, "thread", "push", "group.size=4", "chunk.bytes=64k");
        assertEquals(0, result.exitCode(), () -> "job failed: " + result.failure());
        for (final int rank : new int[] {1, 2, 3, 5, 6, 7})
        {
            assertTrue(lines(rank).contains("server lookups while reading pushed files 0"), "rank " + rank + ": " + lines(rank));
        }
        assertTrue(lines(0).contains("opened big.bin 1") && lines(4).contains("opened big.bin 1"), "each group's server reads once");
    }

    @Test
    @Timeout(120)
    void pushedFilesCanBeKeptInAPushDirectoryOfEachClient() throws IOException
    {
        write("small.bin", 5000);
        write("big.bin", 1 << 20);
        final Path pushDir = results.resolve("pushed");
        final JobResult result = run(4, "thread", "push", "chunk.bytes=64k", "push.dir=" + pushDir);
        assertEquals(0, result.exitCode(), () -> "job failed: " + result.failure());
        for (int rank = 1; rank < 4; rank++)
        {
            assertTrue(lines(rank).contains("kept small.bin big.bin"), "rank " + rank + ": " + lines(rank));
            assertTrue(lines(rank).contains("server lookups while reading pushed files 0"), "rank " + rank + ": " + lines(rank));
        }
    }

    @Test
    @Timeout(120)
    void aBackingStoreSlowerThanTheTimeoutIsATimeoutErrorSayingSo() throws IOException
    {
        write("small.bin", 5000);
        write("big.bin", 1 << 20);
        final JobResult result = run(5, "thread", "slow", "backing.timeoutMs=300", "test.stallMs=2000", "chunk.bytes=64k");
        assertEquals(0, result.exitCode(), () -> "job failed: " + result.failure());
        for (int rank = 1; rank < 5; rank++)
        {
            final List<String> seen = lines(rank);
            assertEquals(2, seen.size(), "rank " + rank + ": " + seen);
            assertTrue(seen.get(0).startsWith("slow SOURCE_TIMEOUT") && seen.get(0).contains("small.bin") && seen.get(0).contains("300 ms"),
                "inline: rank " + rank + ": " + seen);
            assertTrue(seen.get(1).startsWith("slow SOURCE_TIMEOUT") && seen.get(1).contains("big.bin") && seen.get(1).contains("300 ms"),
                "down the relay: rank " + rank + ": " + seen);
        }
    }

    @Test
    @Timeout(120)
    void aServerThatDiesIsAnErrorOnEveryClientNamingTheGroup() throws IOException
    {
        final JobResult result = run(4, "thread", "kill");
        assertTrue(result.exitCode() != 0, "the job should fail");
        for (int rank = 1; rank < 4; rank++)
        {
            final List<String> seen = lines(rank);
            assertTrue(seen.size() == 1 && seen.get(0).startsWith("failed SERVER_FAILED") && seen.get(0).contains("group 0"),
                "rank " + rank + ": " + seen);
            final long ms = Long.parseLong(seen.get(0).split(" ")[3]);
            assertTrue(ms < 10_000, "rank " + rank + " heard of the server's death after " + ms + " ms");
        }
    }

    @Test
    @Timeout(300)
    void aFileOverTwoGibibytesComesWholeToAPathAndIsAClearErrorAsAnArray() throws IOException
    {
        final long size = (1L << 31) + 12_345;
        try (java.io.RandomAccessFile file = new java.io.RandomAccessFile(backing.resolve("large.bin").toFile(), "rw"))
        {
            file.setLength(size);
            for (long position = 0; position < size; position += 97L << 20)
            {
                file.seek(position);
                file.writeLong(position ^ 0x5DEECE66DL);
            }
            file.seek(size - 8);
            file.writeLong(size);
        }
        final JobResult result = run(2, "thread", "large", "memory.bytes=64m", "chunk.bytes=1m");
        assertEquals(0, result.exitCode(), () -> "job failed: " + result.failure());
        assertTrue(lines(1).contains("fetched to path " + size + " bytes, crc equal"), lines(1)::toString);
        assertTrue(lines(1).contains("as byte[] TOO_LARGE"), lines(1)::toString);
        assertTrue(lines(0).contains("opened large.bin 2"), () -> "streamed once per fetch, as it is larger than memory: " + lines(0));
    }

    private void assertLine(final List<String> lines, final String start, final String path)
    {
        final String line = lines.stream().filter(candidate -> candidate.startsWith(start + " ")).findFirst().orElse(null);
        assertNotNull(line, () -> "no line '" + start + "' in " + lines);
        assertTrue(line.substring(start.length()).contains(path), () -> "message does not name " + path + ": " + line);
    }

    private void write(final String name, final int size) throws IOException
    {
        final byte[] data = new byte[size];
        new Random(name.hashCode()).nextBytes(data);
        Files.write(backing.resolve(name), data);
    }

    private List<String> lines(final int rank)
    {
        try
        {
            return Files.readAllLines(results.resolve("rank-" + rank + ".txt"));
        }
        catch (final IOException ex)
        {
            return List.of("(no results: " + ex + ")");
        }
    }

    private JobResult run(final int processes, final String device, final String scenario, final String... settings)
    {
        final List<String> args = new ArrayList<>(List.of(scenario, backing.toString(), results.toString()));
        args.addAll(List.of(settings));
        final JobSpec spec = new JobSpec(processes, device, List.of(locationOf(mpi.MPI.class), locationOf(CacheClient.class)),
            List.of(locationOf(CacheScenarios.class)), CacheScenarios.class.getName(), args, Duration.ofSeconds(90));
        return ThreadJob.run(spec, (RankLayout) null);
    }

    static Path locationOf(final Class<?> type)
    {
        try
        {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        }
        catch (final URISyntaxException ex)
        {
            throw new IllegalStateException(ex);
        }
    }
}
