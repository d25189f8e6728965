package org.openmpj.cache.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32C;

import org.openmpj.cache.CachePaths;

/**
 * The layout of one entry file of the {@link DiskTier}: a header, the CRC32C of every chunk, then the file's bytes
 * from a page-aligned offset:
 *
 * <pre>
 *   0               4               8               12              16
 *   +---------------+---------------+---------------+---------------+
 *   |     magic     |    version    |  chunk bytes  |  chunk count  |
 *   +---------------+---------------+---------------+---------------+
 *   |          size (bytes)         |  data offset  |  path length  |
 *   +---------------+---------------+---------------+---------------+
 *   |  header CRC   |  path: path length bytes of UTF-8              ...
 *   +---------------+-----------------------------------------------+
 *   |  zero to 3 bytes of padding to a multiple of 4                 |
 *   +---------------------------------------------------------------+
 *   |  CRC32C table: chunk count ints, one per chunk                ...
 *   +---------------------------------------------------------------+
 *   |  zero padding up to data offset, a multiple of DATA_ALIGNMENT  |
 *   +---------------------------------------------------------------+
 *   |  data: size bytes, chunk i at data offset + i * chunk bytes   ...
 *   +---------------------------------------------------------------+
 * </pre>
 *
 * Little-endian. The header CRC is the CRC32C of everything before the data offset, taken with the header CRC field
 * zero, so that a torn or damaged header and table are found when the tier opens; the data is checked chunk by chunk
 * against the table when it is read. A file of another {@link #VERSION} is not read.
 */
final class DiskEntryDescriptor
{
    /** "MJCE" read as a little-endian int. */
    static final int MAGIC = 0x45434A4D;
    static final int VERSION = 1;
    /** Data starts on a page boundary, so that chunks are read whole pages at a time. */
    static final int DATA_ALIGNMENT = 4096;

    static final int MAGIC_OFFSET = 0;
    static final int VERSION_OFFSET = 4;
    static final int CHUNK_BYTES_OFFSET = 8;
    static final int CHUNK_COUNT_OFFSET = 12;
    static final int SIZE_OFFSET = 16;
    static final int DATA_OFFSET_OFFSET = 24;
    static final int PATH_LENGTH_OFFSET = 28;
    static final int HEADER_CRC_OFFSET = 32;
    static final int PATH_OFFSET = 36;
    /** The fixed part, before the path. */
    static final int FIXED_LENGTH = PATH_OFFSET;

    /** The UTF-8 of a path {@link CachePaths} accepts takes at most 3 bytes a character. */
    private static final int MAX_PATH_BYTES = 3 * CachePaths.MAX_PATH_CHARS;

    private DiskEntryDescriptor()
    {
    }

    /**
     * What the header of one entry file says; {@code crcs} is the table, owned by the header once made. The tier tells
     * one stored version of a path from the next by the identity of its header.
     */
    record Header(String path, long sizeBytes, int chunkBytes, long dataOffset, int[] crcs)
    {
        /** @return the header of an entry of {@code path}, with its data offset worked out. */
        static Header of(final String path, final long sizeBytes, final int chunkBytes, final int[] crcs)
        {
            return new Header(path, sizeBytes, chunkBytes, DiskEntryDescriptor.dataOffset(path.getBytes(StandardCharsets.UTF_8).length,
                crcs.length), crcs);
        }

        int chunkCount()
        {
            return crcs.length;
        }

        /** @return the length of the whole entry file. */
        long fileBytes()
        {
            return dataOffset() + sizeBytes;
        }
    }

    /** @return where the data of an entry starts, given its path's UTF-8 length and its chunk count. */
    static long dataOffset(final int pathBytes, final int chunkCount)
    {
        final long tableEnd = tableOffset(pathBytes) + 4L * chunkCount;
        return (tableEnd + DATA_ALIGNMENT - 1) / DATA_ALIGNMENT * DATA_ALIGNMENT;
    }

    private static int tableOffset(final int pathBytes)
    {
        return (PATH_OFFSET + pathBytes + 3) & ~3;
    }

    /** Writes {@code header}, table and padding at the start of {@code channel}. */
    static void write(final FileChannel channel, final Header header) throws IOException
    {
        final byte[] path = header.path().getBytes(StandardCharsets.UTF_8);
        final long dataOffset = header.dataOffset();
        final ByteBuffer buffer = ByteBuffer.allocate(Math.toIntExact(dataOffset)).order(ByteOrder.LITTLE_ENDIAN);
        buffer.putInt(MAGIC_OFFSET, MAGIC)
            .putInt(VERSION_OFFSET, VERSION)
            .putInt(CHUNK_BYTES_OFFSET, header.chunkBytes())
            .putInt(CHUNK_COUNT_OFFSET, header.chunkCount())
            .putLong(SIZE_OFFSET, header.sizeBytes())
            .putInt(DATA_OFFSET_OFFSET, (int) dataOffset)
            .putInt(PATH_LENGTH_OFFSET, path.length)
            .put(PATH_OFFSET, path);
        final int tableOffset = tableOffset(path.length);
        for (int i = 0; i < header.chunkCount(); i++)
        {
            buffer.putInt(tableOffset + 4 * i, header.crcs()[i]);
        }
        buffer.putInt(HEADER_CRC_OFFSET, headerCrc(buffer));
        while (buffer.hasRemaining())
        {
            channel.write(buffer, buffer.position());
        }
    }

    /**
     * Reads and checks the header of an entry file.
     *
     * @param chunkBytes the chunk size the tier uses; an entry cut in another is refused.
     * @return the header, or null when the file is not a whole, undamaged entry of this version and chunk size.
     */
    static Header read(final FileChannel channel, final int chunkBytes) throws IOException
    {
        final ByteBuffer fixed = readFully(channel, FIXED_LENGTH);
        if (fixed == null
            || fixed.getInt(MAGIC_OFFSET) != MAGIC
            || fixed.getInt(VERSION_OFFSET) != VERSION
            || fixed.getInt(CHUNK_BYTES_OFFSET) != chunkBytes)
        {
            return null;
        }
        final long sizeBytes = fixed.getLong(SIZE_OFFSET);
        final int chunkCount = fixed.getInt(CHUNK_COUNT_OFFSET);
        final int pathBytes = fixed.getInt(PATH_LENGTH_OFFSET);
        // Checked against each other before anything is allocated on their word.
        if (sizeBytes < 0 || pathBytes <= 0 || pathBytes > MAX_PATH_BYTES || sizeBytes / chunkBytes >= Integer.MAX_VALUE
            || chunkCount != Chunks.count(sizeBytes, chunkBytes))
        {
            return null;
        }
        final long dataOffset = dataOffset(pathBytes, chunkCount);
        if (fixed.getInt(DATA_OFFSET_OFFSET) != dataOffset || dataOffset > Integer.MAX_VALUE || channel.size() != dataOffset + sizeBytes)
        {
            return null;
        }
        final ByteBuffer whole = readFully(channel, (int) dataOffset);
        if (whole == null || whole.getInt(HEADER_CRC_OFFSET) != headerCrc(whole))
        {
            return null;
        }
        final String path;
        try
        {
            path = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .decode(whole.slice(PATH_OFFSET, pathBytes))
                .toString();
        }
        catch (final CharacterCodingException ex)
        {
            return null;
        }
        final int[] crcs = new int[chunkCount];
        final int tableOffset = tableOffset(pathBytes);
        for (int i = 0; i < chunkCount; i++)
        {
            crcs[i] = whole.getInt(tableOffset + 4 * i);
        }
        return new Header(path, sizeBytes, chunkBytes, dataOffset, crcs);
    }

    private static ByteBuffer readFully(final FileChannel channel, final int length) throws IOException
    {
        final ByteBuffer buffer = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        while (buffer.hasRemaining())
        {
            if (channel.read(buffer, buffer.position()) < 0)
            {
                return null;
            }
        }
        return buffer.clear();
    }

    /** @return the CRC32C of the whole of {@code buffer} with the header CRC field counted as zero. */
    private static int headerCrc(final ByteBuffer buffer)
    {
        final CRC32C crc = new CRC32C();
        crc.update(buffer.slice(0, HEADER_CRC_OFFSET));
        crc.update(new byte[4]);
        crc.update(buffer.slice(PATH_OFFSET, buffer.capacity() - PATH_OFFSET));
        return (int) crc.getValue();
    }
}
