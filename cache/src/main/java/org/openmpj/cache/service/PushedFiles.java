package org.openmpj.cache.service;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.openmpj.cache.CacheException;

/**
 * The files pushed to one client: held in its memory, or in its push directory when one is configured. Written by the
 * client's push listener, read by its fetches; a fetch of a file being pushed waits here for the push to settle.
 * Thread-safe.
 */
final class PushedFiles
{
    private final Map<String, byte[]> inMemory = new ConcurrentHashMap<>();
    private final Map<String, Path> onDisk = new ConcurrentHashMap<>();
    private final Path directory;
    /** Guarded by this: the paths whose latest push this client could not keep. */
    private final Set<String> notKept = new HashSet<>();
    /** Guarded by this: whether the push listener still runs. */
    private boolean listening = true;

    /** @param directory where pushed files are kept, or null to keep them in memory. */
    PushedFiles(final Path directory)
    {
        this.directory = directory;
    }

    /** @return where a pushed file of {@code path} is written, or null when pushes are kept in memory. */
    Path fileFor(final String path)
    {
        return directory == null ? null : directory.resolve(path);
    }

    synchronized void keep(final String path, final byte[] data)
    {
        inMemory.put(path, data);
        notKept.remove(path);
        notifyAll();
    }

    synchronized void kept(final String path, final Path file)
    {
        onDisk.put(path, file);
        notKept.remove(path);
        notifyAll();
    }

    /** A push of {@code path} begins here: what an earlier one left no longer tells how this one ends. */
    synchronized void arriving(final String path)
    {
        notKept.remove(path);
    }

    /** The push of {@code path} that just ended left this client no copy. */
    synchronized void couldNotKeep(final String path)
    {
        notKept.add(path);
        notifyAll();
    }

    /** The push listener has stopped: no push will settle any more. */
    synchronized void listenerEnded()
    {
        listening = false;
        notifyAll();
    }

    /**
     * Waits until the push of {@code path} under way has settled here: kept, not kept, or the listener gone.
     *
     * @return whether the file is kept.
     */
    synchronized boolean awaitPush(final String path) throws InterruptedException
    {
        while (!has(path) && !notKept.contains(path) && listening)
        {
            wait();
        }
        return has(path);
    }

    boolean has(final String path)
    {
        return inMemory.containsKey(path) || onDisk.containsKey(path);
    }

    /** @return the size of a pushed file, -1 when it was not pushed. */
    long size(final String path) throws IOException
    {
        final byte[] data = inMemory.get(path);
        if (data != null)
        {
            return data.length;
        }
        final Path file = onDisk.get(path);
        return file == null ? -1 : Files.size(file);
    }

    /** @return a copy of a pushed file, or null when it was not pushed. */
    byte[] read(final String path) throws IOException
    {
        final byte[] data = inMemory.get(path);
        if (data != null)
        {
            return data.clone();
        }
        final Path file = onDisk.get(path);
        if (file == null)
        {
            return null;
        }
        final long size = Files.size(file);
        if (size > Integer.MAX_VALUE - 8)
        {
            throw new CacheException(CacheException.Reason.TOO_LARGE, "'" + path + "' is " + size
                + " bytes, more than a byte[] holds; fetch it to a Path instead");
        }
        return Files.readAllBytes(file);
    }

    /** Copies a pushed file into {@code destination} from its position on. @return the bytes copied, -1 when not pushed. */
    long copyTo(final String path, final ByteBuffer destination) throws IOException
    {
        final long size = size(path);
        if (size < 0)
        {
            return -1;
        }
        if (size > destination.remaining())
        {
            throw new CacheException(CacheException.Reason.TOO_LARGE, "'" + path + "' is " + size + " bytes; the buffer has room for "
                + destination.remaining());
        }
        final byte[] data = inMemory.get(path);
        if (data != null)
        {
            destination.duplicate().put(data);
            return size;
        }
        try (FileChannel in = FileChannel.open(onDisk.get(path)))
        {
            final ByteBuffer target = destination.duplicate();
            while (target.position() - destination.position() < size)
            {
                if (in.read(target, target.position() - destination.position()) < 0)
                {
                    break;
                }
            }
        }
        return size;
    }

    /** Copies a pushed file to {@code target}. @return the bytes copied, -1 when not pushed. */
    long copyTo(final String path, final Path target) throws IOException
    {
        final byte[] data = inMemory.get(path);
        if (data != null)
        {
            Files.write(target, data);
            return data.length;
        }
        final Path file = onDisk.get(path);
        if (file == null)
        {
            return -1;
        }
        Files.copy(file, target, StandardCopyOption.REPLACE_EXISTING);
        return Files.size(target);
    }
}
