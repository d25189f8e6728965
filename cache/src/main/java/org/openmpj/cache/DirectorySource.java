package org.openmpj.cache;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.atomic.LongAdder;

/**
 * A {@link Source} over a root directory, normally on the shared file system. A path is looked up under the root and
 * refused with {@code OUTSIDE_ROOT} when its real path, with every symbolic link followed, is not under the root's real
 * path; links that stay inside the root are followed. The check and the open are not one step: a directory inside the
 * root swapped for a link between them is not caught, so whoever can write in the root is trusted. Thread-safe; the
 * files it opens are owned by their callers, who close them, and stay usable after {@link #close()}.
 */
public final class DirectorySource implements Source
{
    private final Path root;
    private final Path realRoot;
    private final LongAdder bytesRead = new LongAdder();
    private final LongAdder filesOpened = new LongAdder();

    /**
     * @param root the directory paths are relative to.
     * @throws CacheException {@code SOURCE_UNAVAILABLE} naming {@code root} when it is not an existing directory.
     */
    public DirectorySource(final Path root)
    {
        this.root = root;
        if (!Files.isDirectory(root))
        {
            throw new CacheException(CacheException.Reason.SOURCE_UNAVAILABLE,
                "backing directory " + root + " does not exist or is not a directory");
        }
        try
        {
            this.realRoot = root.toRealPath();
        }
        catch (final IOException ex)
        {
            throw new CacheException(CacheException.Reason.SOURCE_UNAVAILABLE, "backing directory " + root + " cannot be resolved: " + ex, ex);
        }
    }

    @Override
    public long sizeOf(final String path) throws IOException
    {
        final Path file = resolve(path);
        if (file == null)
        {
            return -1;
        }
        final BasicFileAttributes attributes = regularFileAttributes(path, file);
        if (!Files.isReadable(file))
        {
            throw unreadable(path, "permission denied", null);
        }
        return attributes.size();
    }

    @Override
    public SourceFile open(final String path) throws IOException
    {
        final Path file = resolve(path);
        if (file == null)
        {
            throw notFound(path);
        }
        // Checked before opening: opening a FIFO for reading would block until a writer comes.
        regularFileAttributes(path, file);
        final FileChannel channel;
        try
        {
            // The real path has no links left; NOFOLLOW_LINKS keeps its last name from being swapped for one since.
            channel = FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
        }
        catch (final NoSuchFileException ex)
        {
            throw notFound(path);
        }
        catch (final AccessDeniedException ex)
        {
            throw unreadable(path, "permission denied", ex);
        }
        catch (final FileSystemException ex)
        {
            throw unreadable(path, String.valueOf(ex.getReason()), ex);
        }
        filesOpened.increment();
        return new DirectoryFile(channel, channel.size(), bytesRead);
    }

    @Override
    public String description()
    {
        return "directory " + root;
    }

    /** Nothing to release: files already open stay usable until their owners close them. */
    @Override
    public void close()
    {
    }

    /** @return the bytes read so far from all files opened through this source. Thread-safe. */
    public long bytesRead()
    {
        return bytesRead.sum();
    }

    /** @return how many files have been opened through this source. Thread-safe. */
    public long filesOpened()
    {
        return filesOpened.sum();
    }

    /** @return the real path of {@code path} under the root, or null when there is no such file. */
    private Path resolve(final String path) throws IOException
    {
        final Path file = realRoot.resolve(path);
        final Path real;
        try
        {
            real = file.toRealPath();
        }
        catch (final AccessDeniedException ex)
        {
            throw unreadable(path, "permission denied on a directory on its way", ex);
        }
        catch (final FileSystemException ex)
        {
            // Missing, or not reachable (a regular file used as a directory, a loop of links): tell them apart
            // by the nearest part that exists, which must itself be inside the root.
            return missingOrRefused(path, file, ex);
        }
        if (!real.startsWith(realRoot))
        {
            throw outside(path, real);
        }
        return real;
    }

    private Path missingOrRefused(final String path, final Path file, final FileSystemException ex) throws IOException
    {
        Path existing = file;
        while (existing != null && !Files.exists(existing))
        {
            existing = existing.getParent();
        }
        if (existing == null)
        {
            throw new CacheException(CacheException.Reason.SOURCE_UNAVAILABLE, "backing directory " + root + " has gone", ex);
        }
        final Path real = existing.toRealPath();
        if (!real.startsWith(realRoot))
        {
            throw outside(path, real);
        }
        if (existing.equals(file))
        {
            throw unreadable(path, String.valueOf(ex.getReason()), ex);
        }
        return null;
    }

    private BasicFileAttributes regularFileAttributes(final String path, final Path file) throws IOException
    {
        final BasicFileAttributes attributes;
        try
        {
            attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        }
        catch (final NoSuchFileException ex)
        {
            throw notFound(path);
        }
        if (attributes.isDirectory())
        {
            throw unreadable(path, "it is a directory", null);
        }
        if (!attributes.isRegularFile())
        {
            throw unreadable(path, "it is not a regular file (a FIFO, socket or device)", null);
        }
        return attributes;
    }

    private CacheException notFound(final String path)
    {
        return new CacheException(CacheException.Reason.NOT_FOUND, "'" + path + "' is not in backing directory " + root);
    }

    private CacheException outside(final String path, final Path real)
    {
        return new CacheException(CacheException.Reason.OUTSIDE_ROOT,
            "'" + path + "' leads to " + real + ", outside backing directory " + root + " (through a symbolic link)");
    }

    private CacheException unreadable(final String path, final String why, final Throwable cause)
    {
        return new CacheException(CacheException.Reason.UNREADABLE, "cannot read '" + path + "' in backing directory " + root + ": " + why,
            cause);
    }
}
