package mpjbuf;

/** Makes and destroys the memory blocks of {@link Buffer}s, as MPJ Express programs do. */
public final class BufferFactory
{
    private BufferFactory()
    {
    }

    /** @return a new block of {@code capacity} bytes. */
    public static RawBuffer create(final int capacity)
    {
        return new RawBuffer(capacity);
    }

    /** Releases {@code buffer}; using it afterwards is an error. */
    public static void destroy(final RawBuffer buffer)
    {
        if (buffer != null)
        {
            buffer.free();
        }
    }
}
