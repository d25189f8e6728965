package org.openmpj.cache;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;

/** One open file of a {@link Source}. Positional reads may come from several threads at once. */
public interface SourceFile extends Closeable
{
    /** @return the file's size in bytes when it was opened. */
    long size();

    /**
     * Reads bytes at {@code position} into {@code destination} until it is full or the file ends.
     *
     * @return the number of bytes read; less than {@code destination.remaining()} only at the end of the file.
     */
    int read(long position, ByteBuffer destination) throws IOException;
}
