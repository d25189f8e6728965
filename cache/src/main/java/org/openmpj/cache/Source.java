package org.openmpj.cache;

import java.io.IOException;

/**
 * The backing store files come from when no tier holds them: a directory on the shared file system, or any other
 * store. Paths are relative, '/'-separated and already checked by {@link CachePaths}; an implementation still refuses
 * any that would leave its root. Implementations are safe for use by many threads at once.
 */
public interface Source extends AutoCloseable
{
    /**
     * @return the file's size in bytes, or -1 when there is no such file.
     * @throws CacheException {@code OUTSIDE_ROOT} or {@code UNREADABLE} naming the path.
     * @throws IOException when the store itself fails.
     */
    long sizeOf(String path) throws IOException;

    /**
     * Opens a file for positional reads.
     *
     * @throws CacheException {@code NOT_FOUND}, {@code OUTSIDE_ROOT} or {@code UNREADABLE} naming the path.
     * @throws IOException when the store itself fails.
     */
    SourceFile open(String path) throws IOException;

    /** @return where the files come from, for messages (e.g. the root directory). */
    String description();

    @Override
    void close() throws IOException;
}
