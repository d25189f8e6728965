package org.openmpj.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class DirectorySourceTest
{
    @TempDir
    Path base;

    private Path root;
    private Path outside;
    private DirectorySource source;

    @BeforeEach
    void setUp() throws IOException
    {
        root = Files.createDirectories(base.resolve("root"));
        outside = Files.createDirectories(base.resolve("outside"));
        Files.createDirectories(root.resolve("data/sub"));
        Files.write(root.resolve("data/sub/file.bin"), bytes(10_000));
        Files.write(outside.resolve("secret"), bytes(10));
        source = new DirectorySource(root);
    }

    @Test
    void readsWholeAndPartsOfAFile() throws IOException
    {
        assertEquals(10_000, source.sizeOf("data/sub/file.bin"));
        try (SourceFile file = source.open("data/sub/file.bin"))
        {
            assertEquals(10_000, file.size());
            final ByteBuffer all = ByteBuffer.allocate(10_000);
            assertEquals(10_000, file.read(0, all));
            assertArrayEquals(bytes(10_000), all.array());

            final ByteBuffer tail = ByteBuffer.allocateDirect(100);
            assertEquals(40, file.read(9_960, tail), "a read past the end stops at the end");
            assertEquals(bytes(10_000)[9_960], tail.get(0));
        }
        assertEquals(10_040, source.bytesRead());
        assertEquals(1, source.filesOpened());
    }

    @Test
    void aMissingFileHasNoSizeAndCannotBeOpened()
    {
        assertEquals(-1, sizeOf("data/nothing"));
        assertEquals(-1, sizeOf("nowhere/nothing"));
        assertEquals(-1, sizeOf("data/sub/file.bin/below-a-file"));
        final CacheException ex = assertThrows(CacheException.class, () -> source.open("data/nothing"));
        assertEquals(CacheException.Reason.NOT_FOUND, ex.reason());
        assertTrue(ex.getMessage().contains("data/nothing") && ex.getMessage().contains(root.toString()), ex.getMessage());
    }

    @Test
    void aDirectoryIsUnreadable()
    {
        final CacheException size = assertThrows(CacheException.class, () -> source.sizeOf("data/sub"));
        assertEquals(CacheException.Reason.UNREADABLE, size.reason());
        assertTrue(size.getMessage().contains("data/sub") && size.getMessage().contains("directory"), size.getMessage());
        final CacheException open = assertThrows(CacheException.class, () -> source.open("data/sub"));
        assertEquals(CacheException.Reason.UNREADABLE, open.reason());
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aFifoIsUnreadableWithoutBlocking() throws Exception
    {
        final Path fifo = root.resolve("data/fifo");
        final int exit = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start().waitFor();
        Assumptions.assumeTrue(exit == 0, "mkfifo failed");
        final CacheException ex = assertThrows(CacheException.class, () -> source.open("data/fifo"));
        assertEquals(CacheException.Reason.UNREADABLE, ex.reason());
        assertTrue(ex.getMessage().contains("data/fifo") && ex.getMessage().contains("not a regular file"), ex.getMessage());
    }

    @Test
    void aFileWithoutReadPermissionIsUnreadable() throws IOException
    {
        final Path file = root.resolve("data/locked");
        Files.write(file, bytes(5));
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("---------"));
        if (Files.isReadable(file))
        {
            System.out.println("DirectorySourceTest: skipping the permission check: this user (" + System.getProperty("user.name")
                + ") reads files whatever their mode, as root does; the directory and FIFO tests cover UNREADABLE");
            Assumptions.abort("running with permission to read anything");
        }
        final CacheException ex = assertThrows(CacheException.class, () -> source.open("data/locked"));
        assertEquals(CacheException.Reason.UNREADABLE, ex.reason());
        assertTrue(ex.getMessage().contains("permission"), ex.getMessage());
    }

    @Test
    void dotDotIsRefusedBeforeTheSourceSeesIt()
    {
        final CacheException ex = assertThrows(CacheException.class, () -> source.open(CachePaths.normalize("data/../../outside/secret")));
        assertEquals(CacheException.Reason.OUTSIDE_ROOT, ex.reason());
    }

    @Test
    void aSymbolicLinkOutOfTheRootIsRefused() throws IOException
    {
        Files.createSymbolicLink(root.resolve("data/escape"), outside.resolve("secret"));
        Files.createSymbolicLink(root.resolve("data/escapeDir"), outside);

        for (final String path : new String[] {"data/escape", "data/escapeDir/secret", "data/escapeDir/missing"})
        {
            final CacheException size = assertThrows(CacheException.class, () -> source.sizeOf(path), path);
            assertEquals(CacheException.Reason.OUTSIDE_ROOT, size.reason(), path);
            assertTrue(size.getMessage().contains(path), size.getMessage());
            final CacheException open = assertThrows(CacheException.class, () -> source.open(path), path);
            assertEquals(CacheException.Reason.OUTSIDE_ROOT, open.reason(), path);
        }
        assertEquals(0, source.filesOpened());
    }

    @Test
    void aSymbolicLinkInsideTheRootIsFollowed() throws IOException
    {
        Files.createSymbolicLink(root.resolve("alias.bin"), root.resolve("data/sub/file.bin"));
        Files.createSymbolicLink(root.resolve("data/up"), Path.of(".."));
        assertEquals(10_000, source.sizeOf("alias.bin"));
        assertEquals(10_000, source.sizeOf("data/up/data/sub/file.bin"));
        try (SourceFile file = source.open("alias.bin"))
        {
            final ByteBuffer buffer = ByteBuffer.allocate(10_000);
            assertEquals(10_000, file.read(0, buffer));
            assertArrayEquals(bytes(10_000), buffer.array());
        }
    }

    @Test
    void aMissingRootIsUnavailable()
    {
        final CacheException ex = assertThrows(CacheException.class, () -> new DirectorySource(base.resolve("gone")));
        assertEquals(CacheException.Reason.SOURCE_UNAVAILABLE, ex.reason());
        assertTrue(ex.getMessage().contains(base.resolve("gone").toString()), ex.getMessage());
    }

    private long sizeOf(final String path)
    {
        try
        {
            return source.sizeOf(path);
        }
        catch (final IOException ex)
        {
            throw new AssertionError(ex);
        }
    }

    static byte[] bytes(final int length)
    {
        final byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++)
        {
            bytes[i] = (byte) (i * 31 + (i >>> 8));
        }
        return bytes;
    }
}
