package org.openmpj.cache.service;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

import org.openmpj.cache.CacheException;

/**
 * Where a client puts the chunks of a stream: straight into the caller's array, or through a small ring of scratch
 * chunks into a buffer or a file. A target that cannot take a chunk (its file fails to write, or the file is too large
 * for it) keeps receiving and forwarding, because relay members further down wait on it, and reports the problem once
 * the stream has ended. A target that holds what it took can give chunks back ({@link #readBack}), for a client that
 * joined the stream late and needs the chunks that passed before it came.
 */
abstract class ChunkTarget
{
    protected final int chunkBytes;
    private CacheException problem;
    private int firstIndex;
    private int chunkCount = Integer.MAX_VALUE;

    ChunkTarget(final int chunkBytes)
    {
        this.chunkBytes = chunkBytes;
    }

    /** @return the array chunk {@code index} is received into. */
    abstract byte[] array(int index);

    /** @return where in {@link #array} chunk {@code index} goes. */
    abstract int offset(int index);

    /**
     * Says that chunks come in order from {@code firstIndex} round to the one before it, as to a client that joined a
     * stream in flight; before the first chunk.
     */
    final void startAt(final int firstIndex, final int chunkCount)
    {
        this.firstIndex = firstIndex;
        this.chunkCount = chunkCount;
    }

    /** @return how many chunks come before chunk {@code index} in the order they arrive. */
    final int position(final int index)
    {
        return Math.floorMod(index - firstIndex, chunkCount);
    }

    /** @return whether {@link #readBack} can give back every chunk once the stream has passed. */
    boolean canReadBack()
    {
        return problem == null;
    }

    /**
     * Reads chunk {@code index} back once it is taken. A chunk read back into scratch space stays there until the chunk
     * {@link StreamKind#WINDOW_CHUNKS} positions later is read back.
     *
     * @return the array holding it, from {@link #readBackOffset}.
     */
    abstract byte[] readBack(int index, int length) throws IOException;

    /** @return where in the array {@link #readBack} returned chunk {@code index} starts. */
    abstract int readBackOffset(int index);

    /** Takes chunk {@code index}, received into {@link #array} at {@link #offset}. */
    abstract void accept(int index, int length) throws IOException;

    /** Replaces chunk {@code index} with {@code data}, refetched because it arrived corrupt. */
    abstract void repair(int index, byte[] data) throws IOException;

    final void onChunk(final int index, final int length)
    {
        if (problem == null)
        {
            try
            {
                accept(index, length);
            }
            catch (final IOException ex)
            {
                problem = new CacheException(CacheException.Reason.LOCAL_IO, "cannot write chunk " + index + ": " + ex, ex);
            }
        }
    }

    final void onRepair(final int index, final byte[] data)
    {
        if (problem == null)
        {
            try
            {
                repair(index, data);
            }
            catch (final IOException ex)
            {
                problem = new CacheException(CacheException.Reason.LOCAL_IO, "cannot write chunk " + index + ": " + ex, ex);
            }
        }
    }

    /** Records a problem to report once the stream has passed; the first one stays. */
    final void fail(final CacheException cause)
    {
        if (problem == null)
        {
            problem = cause;
        }
    }

    /** @return the first problem, or null. */
    final CacheException problem()
    {
        return problem;
    }

    /** @return a target that receives into {@code destination}, which holds the whole file. */
    static ChunkTarget intoArray(final byte[] destination, final int chunkBytes)
    {
        return intoArray(destination, 0, chunkBytes);
    }

    /** @return a target that receives into {@code destination} from {@code base} on, where the whole file fits. */
    static ChunkTarget intoArray(final byte[] destination, final int base, final int chunkBytes)
    {
        return new ChunkTarget(chunkBytes)
        {
            @Override
            byte[] array(final int index)
            {
                return destination;
            }

            @Override
            int offset(final int index)
            {
                return base + index * chunkBytes;
            }

            @Override
            void accept(final int index, final int length)
            {
            }

            @Override
            void repair(final int index, final byte[] data)
            {
                System.arraycopy(data, 0, destination, base + index * chunkBytes, data.length);
            }

            @Override
            byte[] readBack(final int index, final int length)
            {
                return destination;
            }

            @Override
            int readBackOffset(final int index)
            {
                return offset(index);
            }
        };
    }

    /**
     * @return a target that puts each chunk into {@code destination} from its position on: straight into its array
     *         when it has one, else through scratch chunks.
     */
    static ChunkTarget intoBuffer(final ByteBuffer destination, final int chunkBytes)
    {
        final int base = destination.position();
        if (destination.hasArray())
        {
            return intoArray(destination.array(), destination.arrayOffset() + base, chunkBytes);
        }
        return new ScratchTarget(chunkBytes)
        {
            @Override
            void write(final int index, final byte[] data, final int offset, final int length)
            {
                destination.put(base + index * chunkBytes, data, offset, length);
            }

            @Override
            void read(final int index, final byte[] data, final int length)
            {
                destination.get(base + index * chunkBytes, data, 0, length);
            }
        };
    }

    /** @return a target that writes each chunk to {@code channel}, open for reading too, at its place in the file. */
    static ChunkTarget intoChannel(final FileChannel channel, final int chunkBytes)
    {
        return new ScratchTarget(chunkBytes)
        {
            @Override
            void write(final int index, final byte[] data, final int offset, final int length) throws IOException
            {
                final ByteBuffer source = ByteBuffer.wrap(data, offset, length);
                long position = (long) index * chunkBytes;
                while (source.hasRemaining())
                {
                    position += channel.write(source, position);
                }
            }

            @Override
            void read(final int index, final byte[] data, final int length) throws IOException
            {
                final ByteBuffer into = ByteBuffer.wrap(data, 0, length);
                long position = (long) index * chunkBytes;
                while (into.hasRemaining())
                {
                    final int read = channel.read(into, position);
                    if (read < 0)
                    {
                        throw new IOException("chunk " + index + " is not in the file any more (it ended at byte " + position + ")");
                    }
                    position += read;
                }
            }
        };
    }

    /** @return a target that only relays: the stream passes through to the members below, and is dropped here. */
    static ChunkTarget discarding(final int chunkBytes, final CacheException why)
    {
        final ChunkTarget target = new ScratchTarget(chunkBytes)
        {
            @Override
            void write(final int index, final byte[] data, final int offset, final int length)
            {
            }

            @Override
            void read(final int index, final byte[] data, final int length) throws IOException
            {
                throw new IOException("a target that only relays keeps no chunk");
            }
        };
        target.fail(why);
        return target;
    }

    /** Receives into a ring of chunk-sized arrays, one per chunk the window may have in flight. */
    private abstract static class ScratchTarget extends ChunkTarget
    {
        private final byte[][] ring = new byte[StreamKind.WINDOW_CHUNKS][];
        private final byte[][] readBackRing = new byte[StreamKind.WINDOW_CHUNKS][];

        ScratchTarget(final int chunkBytes)
        {
            super(chunkBytes);
        }

        abstract void write(int index, byte[] data, int offset, int length) throws IOException;

        /** Reads chunk {@code index}, of {@code length} bytes, back into {@code data}. */
        abstract void read(int index, byte[] data, int length) throws IOException;

        @Override
        final byte[] array(final int index)
        {
            // By position, not index: a stream that starts mid-file wraps from the last chunk to the first.
            final int slot = position(index) % ring.length;
            if (ring[slot] == null)
            {
                ring[slot] = new byte[chunkBytes];
            }
            return ring[slot];
        }

        @Override
        final int offset(final int index)
        {
            return 0;
        }

        @Override
        final void accept(final int index, final int length) throws IOException
        {
            write(index, array(index), 0, length);
        }

        @Override
        final void repair(final int index, final byte[] data) throws IOException
        {
            write(index, data, 0, data.length);
        }

        @Override
        final byte[] readBack(final int index, final int length) throws IOException
        {
            final int slot = position(index) % readBackRing.length;
            if (readBackRing[slot] == null)
            {
                readBackRing[slot] = new byte[chunkBytes];
            }
            read(index, readBackRing[slot], length);
            return readBackRing[slot];
        }

        @Override
        final int readBackOffset(final int index)
        {
            return 0;
        }
    }
}
