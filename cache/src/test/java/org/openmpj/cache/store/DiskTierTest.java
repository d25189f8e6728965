package org.openmpj.cache.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openmpj.cache.CacheException;

class DiskTierTest
{
    private static final long PLENTY = 1L << 30;

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(ints = {1, 7, 4096, 65536})
    void writtenEntriesReadBackChunkByChunk(final int chunkBytes) throws IOException
    {
        final int[] sizes = {0, 1, chunkBytes, 3 * chunkBytes + 5, 20_000};
        try (DiskTier tier = DiskTier.open(dir, PLENTY, PolicyKind.LRU, chunkBytes))
        {
            for (final int size : sizes)
            {
                assertTrue(DiskEntries.write(tier, "f" + size, DiskEntries.content("f" + size, size)));
            }
            for (final int size : sizes)
            {
                try (DiskEntry entry = tier.lookup("f" + size))
                {
                    assertNotNull(entry);
                    assertEquals(size, entry.size());
                    assertEquals(chunkBytes, entry.chunkBytes());
                    assertEquals(Chunks.count(size, chunkBytes), entry.chunkCount());
                    assertArrayEquals(DiskEntries.content("f" + size, size), DiskEntries.readAll(entry));
                }
            }
            assertNull(tier.lookup("absent"));
            final TierCounters.Snapshot counts = tier.counters().snapshot();
            assertEquals(sizes.length, counts.hits());
            assertEquals(1, counts.misses());
            assertEquals(sizes.length, counts.admissions());
            assertEquals(0 + 1 + chunkBytes + 3 * chunkBytes + 5 + 20_000, counts.bytesServed());
        }
    }

    @Test
    void entryFilesAreLaidOutAsTheDescriptorSays() throws IOException
    {
        try (DiskTier tier = DiskTier.open(dir, PLENTY, PolicyKind.LRU, 4096))
        {
            DiskEntries.write(tier, "a/b.dat", DiskEntries.content("a/b.dat", 10_000));
            final Path file = new DiskDirectory(dir).entryFile("a/b.dat");
            final ByteBuffer head = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
            assertEquals(DiskEntryDescriptor.MAGIC, head.getInt(DiskEntryDescriptor.MAGIC_OFFSET));
            assertEquals(DiskEntryDescriptor.VERSION, head.getInt(DiskEntryDescriptor.VERSION_OFFSET));
            assertEquals(4096, head.getInt(DiskEntryDescriptor.CHUNK_BYTES_OFFSET));
            assertEquals(3, head.getInt(DiskEntryDescriptor.CHUNK_COUNT_OFFSET));
            assertEquals(10_000, head.getLong(DiskEntryDescriptor.SIZE_OFFSET));
            assertEquals(DiskEntryDescriptor.DATA_ALIGNMENT, head.getInt(DiskEntryDescriptor.DATA_OFFSET_OFFSET));
            assertEquals(7, head.getInt(DiskEntryDescriptor.PATH_LENGTH_OFFSET));
            assertEquals(DiskEntryDescriptor.DATA_ALIGNMENT + 10_000, Files.size(file));
            assertEquals(Files.size(file), tier.residentBytes());
            assertEquals(file.getParent().getFileName().toString(), file.getFileName().toString().substring(0, 2));
        }
    }

    @Test
    void aCorruptChunkIsFoundAndHealedInPlace() throws IOException
    {
        final byte[] content = DiskEntries.content("c", 10_000);
        try (DiskTier tier = DiskTier.open(dir, PLENTY, PolicyKind.LRU, 4096))
        {
            DiskEntries.write(tier, "c", content);
            flipByte(new DiskDirectory(dir).entryFile("c"), DiskEntryDescriptor.DATA_ALIGNMENT + 4096 + 17);
            try (DiskEntry entry = tier.lookup("c"))
            {
                final ByteBuffer buffer = ByteBuffer.allocate(4096);
                assertEquals(4096, entry.readChunk(0, buffer));
                buffer.clear();
                final CorruptChunkException ex = assertThrows(CorruptChunkException.class, () -> entry.readChunk(1, buffer));
                assertEquals("c", ex.path());
                assertEquals(1, ex.chunkIndex());
                assertEquals(0, buffer.position(), "a corrupt chunk is not handed over");
                assertEquals(1, tier.counters().snapshot().corruptChunks());

                final ByteBuffer good = ByteBuffer.wrap(content, 4096, 4096).slice();
                assertTrue(entry.rewriteChunk(1, good, Chunks.crc(content, 4096, 4096)));
                assertEquals(4096, good.remaining(), "the good bytes are left as they were");
                assertEquals(4096, entry.readChunk(1, buffer));
                assertArrayEquals(Arrays.copyOfRange(content, 4096, 8192), buffer.array());
            }
            try (DiskEntry entry = tier.lookup("c"))
            {
                assertArrayEquals(content, DiskEntries.readAll(entry), "healed on disk, for later readers too");
            }
            assertEquals(1, tier.counters().snapshot().corruptChunks());
        }
    }

    @Test
    void healingWithDataOfAnotherVersionDropsTheStaleEntry() throws IOException
    {
        try (DiskTier tier = DiskTier.open(dir, PLENTY, PolicyKind.LRU, 4096))
        {
            DiskEntries.write(tier, "s", DiskEntries.content("s", 5000));
            try (DiskEntry entry = tier.lookup("s"))
            {
                final byte[] changed = DiskEntries.content("changed", 4096);
                assertFalse(entry.rewriteChunk(0, ByteBuffer.wrap(changed), Chunks.crc(changed, 0, 4096)));
            }
            assertNull(tier.lookup("s"));
            assertFalse(Files.exists(new DiskDirectory(dir).entryFile("s")));
            assertEquals(0, tier.residentBytes());
        }
    }

    @Test
    void theLeastRecentlyUsedEntriesLeaveWhenTheTierIsFull() throws IOException
    {
        final long entryBytes = DiskEntryDescriptor.DATA_ALIGNMENT + 8192;
        final DiskDirectory names = new DiskDirectory(dir);
        try (DiskTier tier = DiskTier.open(dir, 3 * entryBytes, PolicyKind.LRU, 4096))
        {
            for (final String path : new String[] {"e0", "e1", "e2"})
            {
                assertTrue(DiskEntries.write(tier, path, DiskEntries.content(path, 8192)));
            }
            tier.lookup("e0").close();
            assertTrue(DiskEntries.write(tier, "e3", DiskEntries.content("e3", 8192)));

            assertNull(tier.lookup("e1"));
            assertFalse(Files.exists(names.entryFile("e1")), "an evicted entry's file is deleted");
            for (final String path : new String[] {"e0", "e2", "e3"})
            {
                assertTrue(Files.exists(names.entryFile(path)), path);
            }
            assertEquals(3 * entryBytes, tier.residentBytes());
            assertEquals(3, tier.residentCount());
            assertEquals(1, tier.counters().snapshot().evictions());
        }
    }

    @Test
    void anEntryLargerThanTheTierIsRejectedWithoutAFile() throws IOException
    {
        try (DiskTier tier = DiskTier.open(dir, 8192, PolicyKind.LRU, 4096))
        {
            assertFalse(DiskEntries.write(tier, "big", DiskEntries.content("big", 8192)), "the header does not fit beside the data");
            assertNull(tier.lookup("big"));
            assertEquals(1, tier.counters().snapshot().rejectedAdmissions());
            assertEquals(0, tier.counters().snapshot().admissions());
            assertEquals(0, filesUnder(dir.resolve(DiskDirectory.TEMP_DIRECTORY)));
        }
    }

    @Test
    void aWriterMustWriteEveryChunkAndCanBeAborted() throws IOException
    {
        try (DiskTier tier = DiskTier.open(dir, PLENTY, PolicyKind.LRU, 4096))
        {
            final DiskWriter partial = tier.begin("p", 10_000);
            partial.writeChunk(0, ByteBuffer.allocate(4096), 0);
            assertThrows(IllegalArgumentException.class, () -> partial.writeChunk(2, ByteBuffer.allocate(4096), 0), "the last chunk is short");
            assertThrows(IllegalStateException.class, partial::commit);
            try (DiskWriter aborted = tier.begin("p", 100))
            {
                aborted.writeChunk(0, ByteBuffer.allocate(100), Chunks.crc(new byte[100], 0, 100));
            }
            assertNull(tier.lookup("p"));
            assertEquals(0, filesUnder(dir.resolve(DiskDirectory.TEMP_DIRECTORY)));
        }
    }

    @Test
    void aNewVersionOfAPathReplacesTheOldWhileItsReadersFinish() throws IOException
    {
        try (DiskTier tier = DiskTier.open(dir, PLENTY, PolicyKind.LRU, 4096))
        {
            DiskEntries.write(tier, "v", DiskEntries.content("old", 9000));
            try (DiskEntry old = tier.lookup("v"))
            {
                DiskEntries.write(tier, "v", DiskEntries.content("new", 5000));
                assertArrayEquals(DiskEntries.content("old", 9000), DiskEntries.readAll(old));
            }
            try (DiskEntry current = tier.lookup("v"))
            {
                assertArrayEquals(DiskEntries.content("new", 5000), DiskEntries.readAll(current));
            }
            assertEquals(DiskEntryDescriptor.DATA_ALIGNMENT + 5000, tier.residentBytes());
            assertEquals(1, tier.residentCount());
        }
    }

    @Test
    void anEntryRemovedWhileOpenStaysReadable() throws IOException
    {
        try (DiskTier tier = DiskTier.open(dir, PLENTY, PolicyKind.LRU, 4096))
        {
            DiskEntries.write(tier, "r", DiskEntries.content("r", 12_345));
            try (DiskEntry entry = tier.lookup("r"))
            {
                assertTrue(tier.remove("r"));
                assertFalse(tier.remove("r"));
                assertFalse(Files.exists(new DiskDirectory(dir).entryFile("r")));
                assertArrayEquals(DiskEntries.content("r", 12_345), DiskEntries.readAll(entry));
            }
            assertNull(tier.lookup("r"));
            assertEquals(0, tier.residentBytes());
        }
    }

    @Test
    void reopeningFindsTheEntriesOldestFirst() throws IOException
    {
        final long entryBytes = DiskEntryDescriptor.DATA_ALIGNMENT + 4096;
        final DiskDirectory names = new DiskDirectory(dir);
        try (DiskTier tier = DiskTier.open(dir, PLENTY, PolicyKind.LRU, 4096))
        {
            for (int i = 0; i < 4; i++)
            {
                DiskEntries.write(tier, "k" + i, DiskEntries.content("k" + i, 4096));
                // Written out of order in time: k3 oldest, then k0, k1, k2.
                Files.setLastModifiedTime(names.entryFile("k" + i), FileTime.fromMillis(i == 3 ? 1_000 : 10_000 + i * 1_000L));
            }
        }
        Files.writeString(dir.resolve(DiskDirectory.TEMP_DIRECTORY).resolve("entry-left.tmp"), "a crashed writer's");
        try (DiskTier tier = DiskTier.open(dir, PLENTY, PolicyKind.LRU, 4096))
        {
            assertEquals(4, tier.residentCount());
            assertEquals(4 * entryBytes, tier.residentBytes());
            assertEquals(0, filesUnder(dir.resolve(DiskDirectory.TEMP_DIRECTORY)));
        }
        try (DiskTier tier = DiskTier.open(dir, 2 * entryBytes, PolicyKind.LRU, 4096))
        {
            assertNull(tier.lookup("k3"));
            assertNull(tier.lookup("k0"));
            try (DiskEntry entry = tier.lookup("k2"))
            {
                assertArrayEquals(DiskEntries.content("k2", 4096), DiskEntries.readAll(entry));
            }
            assertNotNull(tier.lookup("k1"));
            assertFalse(Files.exists(names.entryFile("k3")));
            assertEquals(2, tier.counters().snapshot().evictions());
        }
    }

    @Test
    void reopeningDeletesEntriesOfAnotherVersionOrChunkSizeAndDamagedOnes() throws IOException
    {
        final DiskDirectory names = new DiskDirectory(dir);
        try (DiskTier tier = DiskTier.open(dir, PLENTY, PolicyKind.LRU, 4096))
        {
            for (final String path : new String[] {"good", "version", "truncated", "header", "misnamed"})
            {
                DiskEntries.write(tier, path, DiskEntries.content(path, 5000));
            }
        }
        putInt(names.entryFile("version"), DiskEntryDescriptor.VERSION_OFFSET, DiskEntryDescriptor.VERSION + 1);
        try (FileChannel channel = FileChannel.open(names.entryFile("truncated"), StandardOpenOption.WRITE))
        {
            channel.truncate(channel.size() - 1);
        }
        flipByte(names.entryFile("header"), DiskEntryDescriptor.PATH_OFFSET + 1);
        final Path misnamed = names.entryFile("misnamed").resolveSibling("0".repeat(64) + DiskDirectory.ENTRY_SUFFIX);
        Files.move(names.entryFile("misnamed"), misnamed);

        try (DiskTier tier = DiskTier.open(dir, PLENTY, PolicyKind.LRU, 4096))
        {
            assertEquals(1, tier.residentCount());
            assertNotNull(tier.lookup("good"));
            for (final String path : new String[] {"version", "truncated", "header"})
            {
                assertNull(tier.lookup(path), path);
                assertFalse(Files.exists(names.entryFile(path)), path);
            }
            assertFalse(Files.exists(misnamed));
        }
        try (DiskTier tier = DiskTier.open(dir, PLENTY, PolicyKind.LRU, 8192))
        {
            assertEquals(0, tier.residentCount(), "entries cut in another chunk size are not kept");
            assertFalse(Files.exists(names.entryFile("good")));
        }
    }

    @Test
    void oneDirectoryServesOneTierAtATime() throws IOException
    {
        try (DiskTier first = DiskTier.open(dir, PLENTY, PolicyKind.LRU, 4096))
        {
            assertEquals(dir, first.directory());
            final CacheException ex = assertThrows(CacheException.class, () -> DiskTier.open(dir, PLENTY, PolicyKind.LRU, 4096));
            assertEquals(CacheException.Reason.CONFIG, ex.reason());
            assertTrue(ex.getMessage().contains(dir.toString()), ex.getMessage());
        }
        DiskTier.open(dir, PLENTY, PolicyKind.LRU, 4096).close();
    }

    private static void flipByte(final Path file, final long position) throws IOException
    {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE))
        {
            final ByteBuffer one = ByteBuffer.allocate(1);
            channel.read(one, position);
            one.put(0, (byte) (one.get(0) ^ 0x40)).clear();
            channel.write(one, position);
        }
    }

    private static void putInt(final Path file, final long position, final int value) throws IOException
    {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE))
        {
            channel.write(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(0, value), position);
        }
    }

    private static long filesUnder(final Path directory) throws IOException
    {
        try (Stream<Path> files = Files.list(directory))
        {
            return files.count();
        }
    }
}
