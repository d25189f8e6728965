package mpjbuf;

/**
 * A fixed block of memory that a {@link Buffer} views, as {@link BufferFactory#create(int)} makes it. Programs written
 * for MPJ Express create one, wrap it in a {@link Buffer} for {@code Comm.Pack} and {@code MPI.PACKED} messages, and
 * destroy it when done.
 *
 * <p>Thread-safety: none; one thread uses a buffer at a time, as with any message buffer.
 */
public final class RawBuffer
{
    private byte[] bytes;

    RawBuffer(final int capacity)
    {
        if (capacity < 0)
        {
            throw new IllegalArgumentException("capacity=" + capacity + " is negative; expected 0 or more bytes");
        }
        this.bytes = new byte[capacity];
    }

    /** @return the size of the block in bytes. */
    public int getCapacity()
    {
        return bytes().length;
    }

    /** Releases the block; using it afterwards is an error. */
    public void free()
    {
        bytes = null;
    }

    /** @return whether {@link #free()} was called. */
    public boolean isFreed()
    {
        return bytes == null;
    }

    /**
     * @return the memory itself, which {@code Comm.Pack}, {@code Unpack} and {@code MPI.PACKED} messages read and
     *         write.
     * @throws IllegalStateException once the block has been freed.
     */
    public byte[] bytes()
    {
        final byte[] memory = bytes;
        if (memory == null)
        {
            throw new IllegalStateException("the buffer has been freed (BufferFactory.destroy or free) and cannot be used");
        }
        return memory;
    }
}
