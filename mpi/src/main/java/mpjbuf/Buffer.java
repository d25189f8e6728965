package mpjbuf;

/**
 * A message buffer of MPJ Express, as user programs use it: bytes from {@code offset()} to the end of its block,
 * which {@code Comm.Pack(Object, int, int, Datatype, mpjbuf.Buffer, int)} fills, {@code Comm.Unpack} reads, and
 * {@code Send}/{@code Recv} with {@code MPI.PACKED} carry. Positions and counts given with it are in bytes from
 * {@code offset()}. The sectioned reading and writing of MPJ Express's own buffer is not offered: programs pack with
 * {@code Comm.Pack} instead.
 *
 * <p>Thread-safety: none; one thread uses a buffer at a time.
 */
public class Buffer
{
    private final RawBuffer staticBuffer;
    private final int bufoffset;
    private final int capacity;

    /** A buffer over a new block of {@code capacity} bytes. */
    public Buffer(final int capacity)
    {
        this(new RawBuffer(capacity), 0, capacity);
    }

    /**
     * A buffer over {@code buffer} from byte {@code bufoffset} on.
     *
     * @param capacity the capacity MPJ Express programs pass along; the buffer reaches to the end of the block.
     */
    public Buffer(final RawBuffer buffer, final int bufoffset, final int capacity)
    {
        if (buffer == null)
        {
            throw new IllegalArgumentException("buffer is null; expected a RawBuffer from BufferFactory.create");
        }
        if (bufoffset < 0 || bufoffset > buffer.getCapacity())
        {
            throw new IllegalArgumentException("bufoffset=" + bufoffset + " lies outside the block of " + buffer.getCapacity()
                + " bytes; expected 0 to " + buffer.getCapacity());
        }
        this.staticBuffer = buffer;
        this.bufoffset = bufoffset;
        this.capacity = capacity;
    }

    /** @return the block this buffer views. */
    public RawBuffer getStaticBuffer()
    {
        return staticBuffer;
    }

    /** @return where this buffer starts in its block, in bytes. */
    public int offset()
    {
        return bufoffset;
    }

    /** @return the capacity given when the buffer was made. */
    public int getCapacity()
    {
        return capacity;
    }

    /** @return how many bytes the buffer holds, from {@link #offset()} to the end of its block. */
    public int length()
    {
        return staticBuffer.getCapacity() - bufoffset;
    }

    /** Releases the block; using the buffer afterwards is an error. */
    public void free()
    {
        staticBuffer.free();
    }
}
