package org.openmpj.cache.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class DiskTierConcurrencyTest
{
    private static final int CHUNK_BYTES = 4096;
    private static final int FILE_BYTES = 5 * CHUNK_BYTES + 100;
    private static final int RESIDENT_ENTRIES = 4;
    private static final int WRITTEN_ENTRIES = 200;
    private static final int READERS = 4;

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void readersGoOnWhileWritersEvict() throws Exception
    {
        final long entryBytes = DiskEntryDescriptor.Header.of("f000", FILE_BYTES, CHUNK_BYTES, new int[6]).fileBytes();
        final AtomicInteger written = new AtomicInteger();
        final AtomicBoolean writing = new AtomicBoolean(true);
        final AtomicLong entriesRead = new AtomicLong();
        final ExecutorService pool = Executors.newFixedThreadPool(READERS + 2);
        try (DiskTier tier = DiskTier.open(dir, RESIDENT_ENTRIES * entryBytes, PolicyKind.LRU, CHUNK_BYTES))
        {
            final List<Future<?>> tasks = new ArrayList<>();
            for (int w = 0; w < 2; w++)
            {
                tasks.add(pool.submit(() ->
                {
                    for (int n = written.getAndIncrement(); n < WRITTEN_ENTRIES; n = written.getAndIncrement())
                    {
                        assertTrue(DiskEntries.write(tier, name(n), DiskEntries.content(name(n), FILE_BYTES)));
                    }
                    writing.set(false);
                    return null;
                }));
            }
            for (int r = 0; r < READERS; r++)
            {
                tasks.add(pool.submit(() ->
                {
                    while (writing.get())
                    {
                        final int upTo = Math.max(1, Math.min(written.get(), WRITTEN_ENTRIES));
                        final String path = name(ThreadLocalRandom.current().nextInt(upTo));
                        try (DiskEntry entry = tier.lookup(path))
                        {
                            if (entry != null)
                            {
                                // Slowly, so that writers evict entries while they are being read.
                                Thread.yield();
                                assertArrayEquals(DiskEntries.content(path, FILE_BYTES), DiskEntries.readAll(entry), path);
                                entriesRead.incrementAndGet();
                            }
                        }
                    }
                    return null;
                }));
            }
            for (final Future<?> task : tasks)
            {
                task.get();
            }
            final TierCounters.Snapshot counts = tier.counters().snapshot();
            assertEquals(WRITTEN_ENTRIES, counts.admissions());
            assertEquals(WRITTEN_ENTRIES - RESIDENT_ENTRIES, counts.evictions());
            assertEquals(0, counts.corruptChunks());
            assertEquals(RESIDENT_ENTRIES, tier.residentCount());
            assertEquals(RESIDENT_ENTRIES * entryBytes, tier.residentBytes());
            assertEquals(RESIDENT_ENTRIES, entryFiles(dir));
            assertTrue(entriesRead.get() > 0, "the readers read something");
        }
        finally
        {
            pool.shutdownNow();
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void severalThreadsReadOneEntryAsItIsEvicted() throws Exception
    {
        try (DiskTier tier = DiskTier.open(dir, 1L << 30, PolicyKind.LRU, CHUNK_BYTES))
        {
            DiskEntries.write(tier, "shared", DiskEntries.content("shared", FILE_BYTES));
            final ExecutorService pool = Executors.newFixedThreadPool(READERS);
            try (DiskEntry entry = tier.lookup("shared"))
            {
                final List<Future<?>> tasks = new ArrayList<>();
                for (int r = 0; r < READERS; r++)
                {
                    tasks.add(pool.submit(() ->
                    {
                        for (int i = 0; i < 200; i++)
                        {
                            assertArrayEquals(DiskEntries.content("shared", FILE_BYTES), DiskEntries.readAll(entry));
                        }
                        return null;
                    }));
                }
                tier.remove("shared");
                for (final Future<?> task : tasks)
                {
                    task.get();
                }
            }
            finally
            {
                pool.shutdownNow();
            }
            assertEquals(0, entryFiles(dir));
        }
    }

    private static String name(final int n)
    {
        return String.format("f%03d", n);
    }

    private static long entryFiles(final Path dir) throws IOException
    {
        try (Stream<Path> files = Files.walk(dir))
        {
            return files.filter(file -> file.toString().endsWith(DiskDirectory.ENTRY_SUFFIX)).count();
        }
    }
}
