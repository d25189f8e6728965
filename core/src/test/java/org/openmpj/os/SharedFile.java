package org.openmpj.os;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** A small file mapped shared into this process, in {@code /dev/shm} where there is one, as a transport would map it. */
final class SharedFile implements AutoCloseable
{
    static final long BYTES = 4096;

    private final Path path;
    private final Arena arena;
    private final MemorySegment segment;

    private SharedFile(final Path path, final Arena arena, final MemorySegment segment)
    {
        this.path = path;
        this.arena = arena;
        this.segment = segment;
    }

    /** @return a new zeroed file of {@link #BYTES} bytes, mapped. */
    static SharedFile create() throws IOException
    {
        final Path shm = Path.of("/dev/shm");
        final Path directory = Files.isDirectory(shm) && Files.isWritable(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir"));
        final Path path = Files.createTempFile(directory, "openmpj-futex-test-", ".shm");
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE))
        {
            channel.write(ByteBuffer.allocate(1), BYTES - 1);
        }
        return map(path);
    }

    /** @return the existing file at {@code path}, mapped. */
    static SharedFile map(final Path path) throws IOException
    {
        final Arena arena = Arena.ofShared();
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE))
        {
            return new SharedFile(path, arena, channel.map(FileChannel.MapMode.READ_WRITE, 0, BYTES, arena));
        }
        catch (final IOException | RuntimeException ex)
        {
            arena.close();
            throw ex;
        }
    }

    Path path()
    {
        return path;
    }

    MemorySegment segment()
    {
        return segment;
    }

    /** Unmaps the file; the creator also deletes it. */
    @Override
    public void close() throws IOException
    {
        arena.close();
    }

    /** Unmaps and deletes the file. */
    void delete() throws IOException
    {
        close();
        Files.deleteIfExists(path);
    }
}
