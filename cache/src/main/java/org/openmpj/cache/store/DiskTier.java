package org.openmpj.cache.store;

import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;

import org.openmpj.cache.CacheException;

/**
 * The disk tier: whole files kept in a directory on the node's local disk, one entry file each (laid out as
 * {@link DiskEntryDescriptor} says), at most {@code capacityBytes} of entry files in all, the victims chosen by a
 * {@link ReplacementPolicy}. Entries survive the server: {@link #open} finds those a previous server left.
 *
 * <p>Thread-safety: every method may be called from any thread. Entry files are opened, renamed into place and deleted
 * only under the tier's lock, so an entry's file and the tier's record of it always agree; data is read and written
 * outside it.
 * A {@link DiskEntry} may be read by several threads; a {@link DiskWriter} is used by one thread at a time. Writers
 * of different paths run concurrently; of one path, the last to commit wins. One directory serves one tier at a time,
 * which a file lock enforces.
 *
 * <p>An entry evicted or replaced while it is being read is not disturbed: its readers hold the file open, and on Linux
 * (the platform the cache is for) an unlinked file stays readable until its last descriptor is closed.
 */
public final class DiskTier implements Closeable
{
    private final DiskDirectory directory;
    private final long capacityBytes;
    private final int chunkBytes;
    private final ReplacementPolicy<String> policy;
    private final TierCounters counters = new TierCounters("disk");
    private final FileChannel lockChannel;
    private final Object lock = new Object();
    /** Guarded by {@link #lock}, as are {@link #policy} and {@link #residentBytes}. */
    private final Map<String, DiskEntryDescriptor.Header> resident = new HashMap<>();
    private long residentBytes;

    private DiskTier(final DiskDirectory directory, final long capacityBytes, final PolicyKind policy, final int chunkBytes,
        final FileChannel lockChannel)
    {
        this.directory = directory;
        this.capacityBytes = capacityBytes;
        this.chunkBytes = chunkBytes;
        this.policy = policy.create(capacityBytes);
        this.lockChannel = lockChannel;
    }

    /**
     * Opens the tier in {@code dir}, creating it if needed, and takes in the entries found there that are whole and cut
     * in {@code chunkBytes}, least recently written first, evicting down to the capacity; it deletes the others.
     *
     * @throws CacheException {@code CONFIG} when another tier, in this process or another, has the directory open.
     * @throws IOException when the directory cannot be made or read.
     */
    public static DiskTier open(final Path dir, final long capacityBytes, final PolicyKind policy, final int chunkBytes)
        throws IOException
    {
        final DiskDirectory directory = new DiskDirectory(dir);
        Files.createDirectories(dir);
        final FileChannel lockChannel = FileChannel.open(directory.lockFile(), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        try
        {
            final FileLock fileLock = lockChannel.tryLock();
            if (fileLock == null)
            {
                throw inUse(dir, null);
            }
            directory.prepare();
            final DiskTier tier = new DiskTier(directory, capacityBytes, policy, chunkBytes, lockChannel);
            tier.takeIn(directory.scan(chunkBytes));
            return tier;
        }
        catch (final OverlappingFileLockException ex)
        {
            lockChannel.close();
            throw inUse(dir, ex);
        }
        catch (final IOException | RuntimeException ex)
        {
            lockChannel.close();
            throw ex;
        }
    }

    private static CacheException inUse(final Path dir, final Throwable cause)
    {
        return new CacheException(CacheException.Reason.CONFIG,
            "disk tier directory " + dir + " is in use by another cache server; give each server a directory of its own", cause);
    }

    private void takeIn(final Iterable<DiskEntryDescriptor.Header> headers)
    {
        synchronized (lock)
        {
            for (final DiskEntryDescriptor.Header header : headers)
            {
                resident.put(header.path(), header);
                policy.onAdmit(header.path(), header.fileBytes());
                residentBytes += header.fileBytes();
            }
            evictToCapacity();
        }
    }

    /**
     * Looks {@code path} up, counting a hit or a miss.
     *
     * @return the entry, open for reading, which the caller closes; null when the tier does not hold the path.
     */
    public DiskEntry lookup(final String path) throws IOException
    {
        synchronized (lock)
        {
            final DiskEntryDescriptor.Header header = resident.get(path);
            if (header != null)
            {
                try
                {
                    // Opened under the lock: once open, the entry's data stays with it whatever happens to its name.
                    final FileChannel channel = FileChannel.open(directory.entryFile(path), StandardOpenOption.READ, StandardOpenOption.WRITE);
                    policy.onHit(path);
                    counters.hit();
                    return new DiskEntry(this, header, channel);
                }
                catch (final NoSuchFileException ex)
                {
                    // Deleted behind the tier's back: forget it, as a miss.
                    forget(path);
                }
            }
            counters.miss();
            return null;
        }
    }

    /**
     * Starts writing an entry for {@code path}, of {@code sizeBytes}, to be seen by lookups once committed. When the
     * entry could never fit in the tier, the writer discards what it is given and its commit counts a rejection.
     *
     * @return the writer, owned by the caller, who commits or aborts it.
     */
    public DiskWriter begin(final String path, final long sizeBytes) throws IOException
    {
        final int chunkCount = Chunks.count(sizeBytes, chunkBytes);
        final long fileBytes = DiskEntryDescriptor.dataOffset(path.getBytes(StandardCharsets.UTF_8).length, chunkCount) + sizeBytes;
        final Path temp = fileBytes > capacityBytes ? null : directory.newTempFile();
        return new DiskWriter(this, path, sizeBytes, chunkBytes, fileBytes - sizeBytes, temp);
    }

    /**
     * Moves a written entry into place, replacing any earlier one of its path, and evicts until the tier is within its
     * capacity.
     *
     * @return whether the entry is still resident afterwards (a policy may choose the newcomer as the victim).
     */
    boolean admit(final DiskEntryDescriptor.Header header, final Path temp) throws IOException
    {
        final String path = header.path();
        final Path target = directory.entryFile(path);
        synchronized (lock)
        {
            Files.createDirectories(target.getParent());
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            final DiskEntryDescriptor.Header replaced = resident.put(path, header);
            if (replaced != null)
            {
                policy.remove(path);
                residentBytes -= replaced.fileBytes();
            }
            policy.onAdmit(path, header.fileBytes());
            residentBytes += header.fileBytes();
            counters.admitted();
            evictToCapacity();
            return resident.get(path) == header;
        }
    }

    /**
     * Removes the entry of {@code path}, if any; readers that have it open go on reading.
     *
     * @return whether there was one.
     */
    public boolean remove(final String path) throws IOException
    {
        synchronized (lock)
        {
            if (!forget(path))
            {
                return false;
            }
            Files.deleteIfExists(directory.entryFile(path));
            return true;
        }
    }

    /** Removes the entry {@code header} describes if it is still the one stored for its path, not a newer one. */
    void removeIfCurrent(final DiskEntryDescriptor.Header header) throws IOException
    {
        synchronized (lock)
        {
            if (resident.get(header.path()) == header)
            {
                remove(header.path());
            }
        }
    }

    /** @return the bytes of all entry files, headers included. */
    public long residentBytes()
    {
        synchronized (lock)
        {
            return residentBytes;
        }
    }

    /** @return how many entries the tier holds. */
    public int residentCount()
    {
        synchronized (lock)
        {
            return resident.size();
        }
    }

    /** @return the most bytes of entry files the tier keeps. */
    public long capacityBytes()
    {
        return capacityBytes;
    }

    /** @return the chunk size entries are cut in. */
    public int chunkBytes()
    {
        return chunkBytes;
    }

    /** @return the tier's counters, named "disk". */
    public TierCounters counters()
    {
        return counters;
    }

    /** @return the tier's directory. */
    public Path directory()
    {
        return directory.path();
    }

    /**
     * Releases the directory for another tier; this one is not used afterwards. Entries stay on disk for the next tier;
     * entries still open stay readable.
     */
    @Override
    public void close() throws IOException
    {
        lockChannel.close();
    }

    private boolean forget(final String path)
    {
        final DiskEntryDescriptor.Header header = resident.remove(path);
        if (header == null)
        {
            return false;
        }
        policy.remove(path);
        residentBytes -= header.fileBytes();
        return true;
    }

    private void evictToCapacity()
    {
        while (residentBytes > capacityBytes)
        {
            final String victim = policy.evict();
            if (victim == null)
            {
                break;
            }
            final DiskEntryDescriptor.Header header = resident.remove(victim);
            if (header == null)
            {
                continue;
            }
            residentBytes -= header.fileBytes();
            counters.evicted();
            try
            {
                Files.deleteIfExists(directory.entryFile(victim));
            }
            catch (final IOException ex)
            {
                // Forgotten even so: the next open's scan finds the file and counts it again, or deletes it if damaged.
            }
        }
    }
}
