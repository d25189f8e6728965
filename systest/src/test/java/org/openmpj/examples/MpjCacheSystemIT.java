package org.openmpj.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Random;
import java.util.zip.CRC32C;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** MPJ-Cache launched as a user does: {@code bin/mpjrun … org.openmpj.cache.Launch --config … -- Program}. */
class MpjCacheSystemIT
{
    private static final Duration LIMIT = Duration.ofSeconds(120);

    @TempDir
    Path backing;

    @TempDir
    Path work;

    @ParameterizedTest
    @ValueSource(strings = {"thread", "tcp"})
    void theLauncherServesEveryClientExactCopiesAndPrintsTheStatistics(final String device) throws Exception
    {
        final String small = checksum(write("small.bin", 20_000));
        final String large = checksum(write("nested/large.bin", 3_000_000));
        final Path config = work.resolve("cache.properties");
        Files.writeString(config, "backing.dir = " + backing + "\nchunk.bytes = 256k\n");
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", "5", "-dev", device, "-cp", Launch.examplesJar(),
            "org.openmpj.cache.Launch", "--config", config.toString(), "--stats", "--", "org.openmpj.examples.CacheRead", "small.bin",
            "nested/large.bin");
        assertEquals(0, run.exitCode(), run::toString);
        for (int client = 0; client < 4; client++)
        {
            assertTrue(run.stdout().contains("client " + client + " read small.bin: 20000 bytes, crc32c " + small), run::toString);
            assertTrue(run.stdout().contains("client " + client + " read nested/large.bin: 3000000 bytes, crc32c " + large), run::toString);
        }
        assertTrue(run.stdout().contains("4 clients read 2 files each, 12080000 bytes in all"), run::toString);
        assertTrue(run.stdout().contains("MPJ-Cache group 0:") && run.stdout().contains("latency over 8 requests"),
            () -> "the server prints the group's statistics at the end, with every client's requests: " + run);
    }

    @ParameterizedTest(name = "{0}, {1}")
    @CsvSource({"thread, after-fetch", "tcp, after-fetch", "thread, in-try", "tcp, in-try"})
    void aClientThatThrowsFailsTheJobAtOnceAndEveryOtherClientLearnsItWithinTenSeconds(final String device, final String where)
        throws Exception
    {
        write("data.bin", 100_000);
        final long startNs = System.nanoTime();
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", "4", "-dev", device, "-cp", Launch.testPrograms(),
            "-Dopenmpj.cache.backing.dir=" + backing, "org.openmpj.cache.Launch", "--", "org.openmpj.examples.SystemPrograms$CacheClientFails",
            where);
        final long tookMs = (System.nanoTime() - startNs) / 1_000_000;
        assertNotEquals(0, run.exitCode(), run::toString);
        assertTrue(run.stderr().contains("deliberate failure in client 0"), () -> "the launcher does not report the client's cause: " + run);
        // Rank 0 serves; clients 1 and 2 are world ranks 2 and 3, and must hear of world rank 1, client 0.
        for (int client = 1; client <= 2; client++)
        {
            final java.util.regex.Matcher learned = java.util.regex.Pattern.compile("client " + client + " learned after (\\d+) ms: (.*)")
                .matcher(run.stdout());
            final int which = client;
            assertTrue(learned.find(), () -> "client " + which + " did not fail: " + run);
            assertTrue(Long.parseLong(learned.group(1)) < 10_000 && learned.group(2).contains("rank 1"),
                () -> "client " + which + " learned too late or without the failed rank's name: " + run);
            System.out.println(device + ", " + where + ": client " + client + " learned after " + learned.group(1) + " ms");
        }
        // The others would have fetched for 40 s: the job ended well before.
        assertTrue(tookMs < 30_000, () -> "the job took " + tookMs + " ms to fail: " + run);
        Launch.assertNoRankLeft("SystemPrograms\\$CacheClientFails");
    }

    @Test
    void aServerWhoseJvmDiesIsAnErrorOnEveryClientWithinTenSecondsNamingTheGroup() throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", "4", "-dev", "tcp", "-cp", Launch.testPrograms(),
            "org.openmpj.examples.SystemPrograms$CacheServerDies", backing.toString());
        assertNotEquals(0, run.exitCode(), run::toString);
        Launch.assertSurvivorsLearned(run, 3, "group 0 (rank 0)");
        Launch.assertNoRankLeft("SystemPrograms\\$CacheServerDies");
    }

    private byte[] write(final String path, final int size) throws IOException
    {
        final byte[] data = new byte[size];
        new Random(size).nextBytes(data);
        Files.createDirectories(backing.resolve(path).getParent());
        Files.write(backing.resolve(path), data);
        return data;
    }

    private static String checksum(final byte[] data)
    {
        final CRC32C crc = new CRC32C();
        crc.update(data);
        return String.format(Locale.ROOT, "%08x", crc.getValue());
    }
}
