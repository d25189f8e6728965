package org.openmpj.cache.service;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.LongAdder;

import org.openmpj.cache.CacheException;
import org.openmpj.cache.Source;
import org.openmpj.cache.SourceFile;
import org.openmpj.cache.store.CachedFile;
import org.openmpj.cache.store.Chunks;
import org.openmpj.cache.store.CorruptChunkException;
import org.openmpj.cache.store.DiskEntry;
import org.openmpj.cache.store.DiskTier;
import org.openmpj.cache.store.DiskWriter;
import org.openmpj.cache.store.MemoryTier;
import org.openmpj.cache.store.StallClock;
import org.openmpj.cache.store.TierCounters;

/**
 * A server's tiers behind one question, "give me this file": from memory, else loaded once from the local disk tier or
 * the backing store however many ask at the same time (single flight); what comes from the backing store is written
 * to the disk tier as it passes. Backing files are taken to be immutable while cached. A file that fits the memory
 * tier is admitted as soon as its size is known, so later requests find it while it still loads; a larger one is
 * streamed anew for each relay that sends it.
 * Thread-safe.
 */
final class TieredStore
{
    /** Chunks a streamed file holds ahead of its sender: more than the sender keeps in flight, or they would wait on each other. */
    private static final int STREAM_WINDOW_CHUNKS = 2 * StreamKind.WINDOW_CHUNKS;

    private final MemoryTier memory;
    private final DiskTier disk;
    private final Source source;
    private final int chunkBytes;
    private final StallClock stall;
    private final ExecutorService loaders;
    private final TierCounters backing = new TierCounters("backing");
    private final LongAdder coalescedMisses = new LongAdder();
    private final Map<String, CompletableFuture<CachedFile>> opening = new HashMap<>();

    /** @param timeoutMs how long the backing store may deliver nothing to anyone before a reader waiting for it gives up. */
    TieredStore(final MemoryTier memory, final DiskTier disk, final Source source, final int chunkBytes, final long timeoutMs,
        final ExecutorService loaders)
    {
        this.disk = disk;
        this.stall = new StallClock(timeoutMs);
        this.memory = memory;
        this.source = source;
        this.chunkBytes = chunkBytes;
        this.loaders = loaders;
    }

    /**
     * @return the file: held in memory (possibly still loading), or about to be. A file too large for memory comes back
     *         not yet loading; pass it to {@link #stream} before sending it.
     */
    CompletableFuture<CachedFile> obtain(final String path)
    {
        final CachedFile held = usable(path);
        if (held != null)
        {
            return CompletableFuture.completedFuture(held);
        }
        synchronized (opening)
        {
            final CompletableFuture<CachedFile> underway = opening.get(path);
            if (underway != null)
            {
                return underway;
            }
            // An open may have finished since the look above: it admits the file before it leaves the opening map.
            final CachedFile admitted = usable(path);
            if (admitted != null)
            {
                return CompletableFuture.completedFuture(admitted);
            }
            final CompletableFuture<CachedFile> opened = new CompletableFuture<>();
            opening.put(path, opened);
            loaders.execute(() -> open(path, opened));
            return opened;
        }
    }

    /** @return the file the memory tier holds for {@code path} unless it failed, or null. */
    private CachedFile usable(final String path)
    {
        final CachedFile held = memory.peek(path);
        return held != null && held.failure() == null ? held : null;
    }

    /**
     * @return the file once its size is known, from {@link #obtain}.
     * @throws CacheException why it cannot be had: absent, unreadable, or the backing store did not answer in time.
     */
    CachedFile awaitOpened(final String path) throws InterruptedException
    {
        try
        {
            return stall.await(obtain(path));
        }
        catch (final ExecutionException ex)
        {
            throw ex.getCause() instanceof CacheException cause ? cause
                : new CacheException(CacheException.Reason.SERVER_FAILED, "loading '" + path + "' failed: " + ex.getCause(), ex.getCause());
        }
        catch (final TimeoutException ex)
        {
            throw new CacheException(CacheException.Reason.SOURCE_TIMEOUT, "the backing store " + source.description() + " did not open '"
                + path + "': " + stall.silence());
        }
    }

    /**
     * Waits until every chunk of a resident {@code file} is loaded.
     *
     * @throws CacheException the load's failure, or a timeout when the backing store stalls.
     */
    void awaitLoaded(final CachedFile file) throws InterruptedException
    {
        for (int index = 0; index < file.chunkCount(); index++)
        {
            if (!file.awaitChunk(index, stall))
            {
                file.fail(new CacheException(CacheException.Reason.SOURCE_TIMEOUT, "reading '" + file.path() + "' from "
                    + source.description() + " stalled: " + stall.silence()));
                forget(file);
                throw file.failure();
            }
        }
    }

    /** @return the clock that tells a slow backing store from a stalled one, for everything that waits on this store. */
    StallClock stall()
    {
        return stall;
    }

    /** @return whether a load of {@code path} has been asked for and its size is not known yet. */
    boolean isOpening(final String path)
    {
        synchronized (opening)
        {
            return opening.containsKey(path);
        }
    }

    /** Counts a miss that waits for a load already under way instead of starting one. */
    void countCoalesced()
    {
        coalescedMisses.increment();
    }

    /** @return a streamed file that is loading for one sender: {@code file} if nobody claimed it yet, else a new one. */
    CachedFile stream(final CachedFile file)
    {
        final CachedFile streamed = file.claim() ? file : CachedFile.streaming(file.path(), file.sizeBytes(), chunkBytes,
            STREAM_WINDOW_CHUNKS);
        streamed.claim();
        loaders.execute(() ->
        {
            DiskEntry entry = null;
            try
            {
                entry = disk == null ? null : disk.lookup(streamed.path());
            }
            catch (final IOException ex)
            {
                // An unreadable disk tier entry: the backing store still has the file.
            }
            load(streamed, entry);
        });
        return streamed;
    }

    /** Forgets a file that failed, so the next request loads it afresh. */
    void forget(final CachedFile file)
    {
        memory.remove(file);
    }

    /** @return chunk {@code index} of {@code path} read afresh from the backing store, for a client whose copy was corrupt. */
    byte[] readChunk(final String path, final int index) throws IOException
    {
        try (SourceFile file = source.open(path))
        {
            final int count = Chunks.count(file.size(), chunkBytes);
            if (index < 0 || index >= count)
            {
                throw new CacheException(CacheException.Reason.NOT_FOUND, "'" + path + "' has " + count + " chunks; chunk " + index
                    + " was asked for");
            }
            final byte[] data = new byte[Chunks.length(file.size(), chunkBytes, index)];
            readFully(file, (long) index * chunkBytes, data, path);
            backing.served(data.length);
            stall.onDelivery();
            return data;
        }
    }

    /** @return the file's size, -1 when absent, from memory or the backing store. */
    long sizeOf(final String path) throws IOException
    {
        final CachedFile held = memory.peek(path);
        if (held != null)
        {
            return held.sizeBytes();
        }
        try (DiskEntry entry = disk == null ? null : disk.lookup(path))
        {
            return entry != null ? entry.size() : source.sizeOf(path);
        }
    }

    MemoryTier memory()
    {
        return memory;
    }

    /** @return the disk tier, or null. */
    DiskTier disk()
    {
        return disk;
    }

    TierCounters backing()
    {
        return backing;
    }

    long coalescedMisses()
    {
        return coalescedMisses.sum();
    }

    String sourceName()
    {
        return source.description();
    }

    /** Closes the disk tier and the backing store. */
    void close()
    {
        try
        {
            if (disk != null)
            {
                disk.close();
            }
            source.close();
        }
        catch (final IOException ex)
        {
            // Closing read handles and a lock file loses nothing.
        }
    }

    private void open(final String path, final CompletableFuture<CachedFile> opened)
    {
        DiskEntry entry = null;
        final long size;
        try
        {
            entry = disk == null ? null : disk.lookup(path);
            size = entry != null ? entry.size() : backingSizeOf(path);
        }
        catch (final IOException | RuntimeException ex)
        {
            finishOpening(path, opened, null, asCacheException(path, ex));
            return;
        }
        if (!memory.fits(size))
        {
            closeQuietly(entry);
            finishOpening(path, opened, CachedFile.streaming(path, size, chunkBytes, STREAM_WINDOW_CHUNKS), null);
            return;
        }
        final CachedFile file = CachedFile.resident(path, size, chunkBytes);
        memory.admit(file);
        finishOpening(path, opened, file, null);
        load(file, entry);
    }

    private long backingSizeOf(final String path) throws IOException
    {
        final long size = source.sizeOf(path);
        stall.onDelivery();
        if (size < 0)
        {
            backing.miss();
            throw new CacheException(CacheException.Reason.NOT_FOUND, "'" + path + "' is not in the backing store " + source.description());
        }
        return size;
    }

    private static void closeQuietly(final DiskEntry entry)
    {
        if (entry != null)
        {
            try
            {
                entry.close();
            }
            catch (final IOException ex)
            {
                // Only read from: nothing is lost.
            }
        }
    }

    private void finishOpening(final String path, final CompletableFuture<CachedFile> opened, final CachedFile file,
        final CacheException failure)
    {
        synchronized (opening)
        {
            opening.remove(path);
        }
        if (failure != null)
        {
            opened.completeExceptionally(failure);
        }
        else
        {
            opened.complete(file);
        }
    }

    /** Loads {@code file} from {@code entry} of the disk tier, or from the backing store when it is null. */
    private void load(final CachedFile file, final DiskEntry entry)
    {
        try
        {
            if (entry != null)
            {
                try (entry)
                {
                    loadFromDisk(file, entry);
                }
            }
            else
            {
                loadFromBacking(file);
            }
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            file.fail(new CacheException(CacheException.Reason.SERVER_FAILED, "loading '" + file.path() + "' was interrupted"));
        }
        catch (final IOException | RuntimeException ex)
        {
            file.fail(asCacheException(file.path(), ex));
        }
        if (file.failure() != null)
        {
            memory.remove(file);
        }
    }

    /** Reads every chunk from the disk tier, checking each; a corrupt one is read afresh from the backing store and healed. */
    private void loadFromDisk(final CachedFile file, final DiskEntry entry) throws IOException, InterruptedException
    {
        for (int index = 0; index < file.chunkCount(); index++)
        {
            byte[] data = new byte[Chunks.length(file.sizeBytes(), chunkBytes, index)];
            int crc;
            try
            {
                entry.readChunk(index, ByteBuffer.wrap(data));
                crc = entry.chunkCrc(index);
            }
            catch (final CorruptChunkException corrupt)
            {
                data = readChunk(file.path(), index);
                crc = Chunks.crc(data, 0, data.length);
                entry.rewriteChunk(index, ByteBuffer.wrap(data), crc);
            }
            disk.counters().served(data.length);
            stall.onDelivery();
            if (!file.publish(index, data, crc))
            {
                return;
            }
        }
    }

    /** Reads every chunk from the backing store, writing the file to the disk tier on the way. */
    private void loadFromBacking(final CachedFile file) throws IOException, InterruptedException
    {
        backing.hit();
        final DiskWriter writer = disk == null ? null : disk.begin(file.path(), file.sizeBytes());
        try (SourceFile in = source.open(file.path()))
        {
            if (in.size() != file.sizeBytes())
            {
                throw new CacheException(CacheException.Reason.UNREADABLE, "'" + file.path() + "' changed size from " + file.sizeBytes()
                    + " to " + in.size() + " bytes while being cached");
            }
            for (int index = 0; index < file.chunkCount(); index++)
            {
                final byte[] data = new byte[Chunks.length(file.sizeBytes(), chunkBytes, index)];
                readFully(in, (long) index * chunkBytes, data, file.path());
                backing.served(data.length);
                stall.onDelivery();
                final int crc = Chunks.crc(data, 0, data.length);
                if (writer != null)
                {
                    writer.writeChunk(index, ByteBuffer.wrap(data), crc);
                }
                if (!file.publish(index, data, crc))
                {
                    return;
                }
            }
            if (writer != null)
            {
                writer.commit();
            }
        }
        finally
        {
            if (writer != null)
            {
                writer.close();
            }
        }
    }

    private static void readFully(final SourceFile in, final long position, final byte[] data, final String path) throws IOException
    {
        final ByteBuffer buffer = ByteBuffer.wrap(data);
        while (buffer.hasRemaining())
        {
            final int read = in.read(position + buffer.position(), buffer);
            if (read <= 0 && buffer.hasRemaining())
            {
                throw new CacheException(CacheException.Reason.UNREADABLE, "'" + path + "' ended at " + (position + buffer.position())
                    + " bytes, before the " + in.size() + " it had when opened");
            }
        }
    }

    private CacheException asCacheException(final String path, final Throwable failure)
    {
        if (failure instanceof CacheException cacheException)
        {
            return cacheException;
        }
        return new CacheException(CacheException.Reason.UNREADABLE, "cannot read '" + path + "' from " + source.description() + ": "
            + failure, failure);
    }
}
