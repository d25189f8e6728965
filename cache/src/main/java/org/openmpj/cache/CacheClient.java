package org.openmpj.cache;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;

import org.openmpj.cache.service.ClientProtocol;

/**
 * A rank's handle on its node group's cache server: fetch files by their path relative to the backing store, as a
 * {@code byte[]}, into a {@link ByteBuffer} or to a local file; ask sizes; prefetch; push files to other clients; read
 * statistics. Files pushed to this client are served from its own memory or push directory without a request.
 *
 * <p>Failures are {@link CacheException}s whose message names the path: {@code NOT_FOUND}, {@code OUTSIDE_ROOT}
 * ({@code ..}, an absolute path, a symbolic link out of the backing store), {@code UNREADABLE}, {@code SOURCE_TIMEOUT}
 * and {@code SOURCE_UNAVAILABLE} from the backing store, {@code TOO_LARGE} for a destination that cannot hold the file,
 * {@code SERVER_FAILED} naming the group when its server dies.
 *
 * <p>Thread-safe; operations of one client run one at a time. When several clients ask for the same large file at
 * about the same time, the server sends it once down a relay through them: a client's fetch may forward chunks to
 * others while it receives them, and returns once its own copy is whole.
 */
public final class CacheClient implements AutoCloseable
{
    /** Whom a push reaches. */
    public enum PushScope
    {
        /** Every client of the pushing rank's node group. */
        GROUP,
        /** Every client of every node group. */
        ALL_GROUPS
    }

    private final ClientProtocol protocol;

    CacheClient(final ClientProtocol protocol)
    {
        this.protocol = protocol;
    }

    /**
     * @return the whole file. A small file the server holds comes in one round trip.
     * @throws CacheException {@code TOO_LARGE} for a file over 2 GiB (use {@link #fetchTo}), or as described above.
     */
    public byte[] fetch(final String path)
    {
        return protocol.fetch(CachePaths.normalize(path));
    }

    /**
     * Fetches the file into {@code destination}, from its position on; the position does not move.
     *
     * @return the file's size in bytes.
     * @throws CacheException {@code TOO_LARGE} when the file is larger than {@code destination.remaining()}.
     */
    public long fetch(final String path, final ByteBuffer destination)
    {
        if (destination.isReadOnly())
        {
            throw new IllegalArgumentException("destination buffer is read-only");
        }
        return protocol.fetch(CachePaths.normalize(path), destination);
    }

    /**
     * Fetches the file to the local file {@code target}, created or truncated; files of any size, over 2 GiB included.
     *
     * @return the file's size in bytes.
     * @throws CacheException {@code LOCAL_IO} when {@code target} cannot be written.
     */
    public long fetchTo(final String path, final Path target)
    {
        return protocol.fetchTo(CachePaths.normalize(path), target);
    }

    /** @return the file's size in bytes, or -1 when it does not exist. */
    public long size(final String path)
    {
        return protocol.size(CachePaths.normalize(path));
    }

    /** @return whether the file exists in the backing store (or was pushed to this client). */
    public boolean exists(final String path)
    {
        return size(path) >= 0;
    }

    /** Asks the server to load {@code paths} into its tiers ahead of use. Returns at once; a bad path shows at its fetch. */
    public void prefetch(final List<String> paths)
    {
        protocol.prefetch(paths.stream().map(CachePaths::normalize).toList());
    }

    /**
     * Publishes {@code paths} to every client of this group or of the whole job, each keeping them in its memory or in
     * its {@code openmpj.cache.push.dir}. Returns once every client holds them.
     *
     * @throws CacheException naming the files or clients that failed.
     */
    public void push(final List<String> paths, final PushScope scope)
    {
        protocol.push(paths.stream().map(CachePaths::normalize).toList(), scope == PushScope.ALL_GROUPS);
    }

    /** @return the group's tier statistics, with this client's own request latencies. */
    public CacheStats stats()
    {
        return protocol.stats();
    }

    /**
     * Tells the server this client asks for nothing more, and returns at once: it does not wait for the other clients,
     * so a client that fails inside {@code try (CacheClient c = ...)} passes its exception on while the others still
     * work or wait for it. Until the cache ends ({@link MpjCache#close()}, which waits for every client), this rank goes
     * on relaying to other clients and keeping what the servers push.
     */
    @Override
    public void close()
    {
        protocol.sayGoodbye();
    }

    /** Waits until every client of the job is done and the servers have ended this client's part. */
    void awaitEnd()
    {
        protocol.awaitEnd();
    }
}
