package org.openmpj.cache.store;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.openmpj.cache.CacheException;

/**
 * A file held in memory as checksummed chunks. One loader publishes the chunks in order while any number of senders
 * wait for them, so a relay can start sending chunk 0 while chunk 1 is still being read (the single flight of a miss).
 * A file too large for the memory tier is held as a window instead: the loader stalls once {@code windowChunks} chunks
 * are published and not yet released, and its one sender releases each chunk once it has sent it.
 * Thread-safe.
 */
public final class CachedFile
{
    private final String path;
    private final long sizeBytes;
    private final int chunkBytes;
    private final byte[][] chunks;
    private final int[] crcs;
    private final int windowChunks;
    private final AtomicBoolean claimed = new AtomicBoolean();
    private int published;
    private int released;
    private CacheException failure;

    private CachedFile(final String path, final long sizeBytes, final int chunkBytes, final int windowChunks)
    {
        this.path = path;
        this.sizeBytes = sizeBytes;
        this.chunkBytes = chunkBytes;
        final int count = Chunks.count(sizeBytes, chunkBytes);
        this.chunks = new byte[count][];
        this.crcs = new int[count];
        this.windowChunks = windowChunks;
    }

    /** @return an empty file that keeps every chunk once published, for the memory tier. */
    public static CachedFile resident(final String path, final long sizeBytes, final int chunkBytes)
    {
        return new CachedFile(path, sizeBytes, chunkBytes, Integer.MAX_VALUE);
    }

    /** @return an empty file that holds at most {@code windowChunks} unreleased chunks, for one sender. */
    public static CachedFile streaming(final String path, final long sizeBytes, final int chunkBytes, final int windowChunks)
    {
        return new CachedFile(path, sizeBytes, chunkBytes, windowChunks);
    }

    public String path()
    {
        return path;
    }

    public long sizeBytes()
    {
        return sizeBytes;
    }

    public int chunkBytes()
    {
        return chunkBytes;
    }

    public int chunkCount()
    {
        return chunks.length;
    }

    /** @return whether this file keeps its chunks (as opposed to a window released by its one sender). */
    public boolean isResident()
    {
        return windowChunks == Integer.MAX_VALUE;
    }

    /**
     * Publishes the next chunk. In a streaming file, waits while the window is full.
     *
     * @return false when the file has failed meanwhile and the loader should stop.
     */
    public synchronized boolean publish(final int index, final byte[] data, final int crc) throws InterruptedException
    {
        if (index != published)
        {
            throw new IllegalStateException(path + ": chunk " + index + " published after " + published + " chunks");
        }
        while (failure == null && published - released >= windowChunks)
        {
            wait();
        }
        if (failure != null)
        {
            return false;
        }
        chunks[index] = data;
        crcs[index] = crc;
        published++;
        notifyAll();
        return true;
    }

    /** Fails the file: every waiting and later reader gets {@code cause}. The first failure stays. */
    public synchronized void fail(final CacheException cause)
    {
        if (failure == null && published < chunks.length)
        {
            failure = cause;
            notifyAll();
        }
    }

    /** @return the failure, or null. */
    public synchronized CacheException failure()
    {
        return failure;
    }

    /** @return whether every chunk is published. */
    public synchronized boolean isComplete()
    {
        return published == chunks.length;
    }

    /**
     * Waits until chunk {@code index} is published.
     *
     * @return false when the backing store stalled (see {@link StallClock}) before it was.
     * @throws CacheException the file's failure.
     */
    public synchronized boolean awaitChunk(final int index, final StallClock stall) throws InterruptedException
    {
        final long startNs = stall.startNs();
        while (published <= index)
        {
            if (failure != null)
            {
                throw failure;
            }
            final long leftNs = stall.leftNs(startNs);
            if (leftNs <= 0)
            {
                return false;
            }
            TimeUnit.NANOSECONDS.timedWait(this, leftNs);
        }
        return true;
    }

    /** @return chunk {@code index}'s bytes; it must be published (and, when streaming, not released). */
    public synchronized byte[] chunk(final int index)
    {
        return chunks[index];
    }

    /** @return chunk {@code index}'s CRC32C; it must be published. */
    public synchronized int crc(final int index)
    {
        return crcs[index];
    }

    /** @return true for the first caller only: the one sender of a streaming file. */
    public boolean claim()
    {
        return claimed.compareAndSet(false, true);
    }

    /** In a streaming file, drops chunk {@code index} once sent, which lets the loader go on; nothing in a resident one. */
    public synchronized void release(final int index)
    {
        if (!isResident())
        {
            chunks[index] = null;
            released = index + 1;
            notifyAll();
        }
    }
}
