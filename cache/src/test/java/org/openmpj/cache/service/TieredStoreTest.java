package org.openmpj.cache.service;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openmpj.cache.DirectorySource;
import org.openmpj.cache.store.CachedFile;
import org.openmpj.cache.store.DiskTier;
import org.openmpj.cache.store.MemoryTier;
import org.openmpj.cache.store.PolicyKind;
import org.openmpj.cache.store.StallClock;

/** A server's tiers without MPI: loads through memory, disk and the backing store, and healing of the disk tier. */
class TieredStoreTest
{
    private static final int CHUNK = 4096;

    @TempDir
    Path backing;

    @TempDir
    Path diskDir;

    private final ExecutorService loaders = Executors.newFixedThreadPool(2);

    @AfterEach
    void stop()
    {
        loaders.shutdownNow();
    }

    @Test
    @Timeout(30)
    void aCorruptDiskTierChunkIsDetectedRefetchedCountedAndHealed() throws Exception
    {
        final byte[] content = new byte[10 * CHUNK + 123];
        new Random(7).nextBytes(content);
        Files.write(backing.resolve("data.bin"), content);

        final DirectorySource first = new DirectorySource(backing);
        final TieredStore writing = store(first);
        assertArrayEquals(content, load(writing, "data.bin"));
        assertEquals(content.length, first.bytesRead(), "the first load reads the backing store once");
        awaitOnDisk(writing);
        writing.close();

        final Path entryFile = largestFile(diskDir);
        final long chunkThree = Files.size(entryFile) - content.length + 3L * CHUNK + 100;
        flipByte(entryFile, chunkThree);

        final DirectorySource second = new DirectorySource(backing);
        final TieredStore healing = store(second);
        assertArrayEquals(content, load(healing, "data.bin"), "the corrupt chunk is never handed over");
        assertEquals(1, healing.disk().counters().snapshot().corruptChunks());
        assertEquals(1, healing.disk().counters().snapshot().hits());
        assertEquals(CHUNK, second.bytesRead(), "only the corrupt chunk is read again from the backing store");
        healing.close();

        final DirectorySource third = new DirectorySource(backing);
        final TieredStore healed = store(third);
        assertArrayEquals(content, load(healed, "data.bin"));
        assertEquals(0, healed.disk().counters().snapshot().corruptChunks(), "the entry was healed in place");
        assertEquals(0, third.bytesRead());
        healed.close();
    }

    @Test
    @Timeout(30)
    void aFileLargerThanMemoryIsStreamedThroughAWindowAndStillReachesTheDiskTier() throws Exception
    {
        final byte[] content = new byte[40 * CHUNK];
        new Random(8).nextBytes(content);
        Files.write(backing.resolve("large.bin"), content);
        final DirectorySource source = new DirectorySource(backing);
        final TieredStore store = new TieredStore(new MemoryTier(8 * CHUNK, PolicyKind.DEFAULT), DiskTier.open(diskDir, 1 << 20,
            PolicyKind.DEFAULT, CHUNK), source, CHUNK, 10_000, loaders);
        final CachedFile opened = store.awaitOpened("large.bin");
        assertTrue(!opened.isResident(), "a file larger than memory is not admitted");
        final CachedFile streamed = store.stream(opened);
        final ByteBuffer all = ByteBuffer.allocate(content.length);
        for (int index = 0; index < streamed.chunkCount(); index++)
        {
            assertTrue(streamed.awaitChunk(index, new StallClock(10_000)));
            all.put(streamed.chunk(index));
            streamed.release(index);
        }
        assertArrayEquals(content, all.array());
        awaitOnDisk(store);
        store.close();
    }

    /** Waits until the loader, which commits a file to the disk tier after publishing its last chunk, has done so. */
    private static void awaitOnDisk(final TieredStore store) throws InterruptedException
    {
        final long deadlineNs = System.nanoTime() + 10_000_000_000L;
        while (store.disk().residentCount() == 0 && System.nanoTime() < deadlineNs)
        {
            Thread.sleep(10);
        }
        assertEquals(1, store.disk().residentCount(), "the file is written to the disk tier on the way");
    }

    private TieredStore store(final DirectorySource source) throws IOException
    {
        return new TieredStore(new MemoryTier(1 << 20, PolicyKind.DEFAULT), DiskTier.open(diskDir, 1 << 20, PolicyKind.DEFAULT, CHUNK),
            source, CHUNK, 10_000, loaders);
    }

    private static byte[] load(final TieredStore store, final String path) throws InterruptedException
    {
        final CachedFile file = store.awaitOpened(path);
        store.awaitLoaded(file);
        final ByteBuffer all = ByteBuffer.allocate((int) file.sizeBytes());
        for (int index = 0; index < file.chunkCount(); index++)
        {
            all.put(file.chunk(index));
        }
        return all.array();
    }

    private static Path largestFile(final Path dir) throws IOException
    {
        try (Stream<Path> files = Files.walk(dir))
        {
            return files.filter(Files::isRegularFile).max(Comparator.comparingLong(file -> file.toFile().length())).orElseThrow();
        }
    }

    private static void flipByte(final Path file, final long position) throws IOException
    {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE))
        {
            final ByteBuffer one = ByteBuffer.allocate(1);
            channel.read(one, position);
            one.put(0, (byte) ~one.get(0)).rewind();
            channel.write(one, position);
        }
    }
}
