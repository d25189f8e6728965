package mpi;

import java.nio.ByteBuffer;
import java.nio.FloatBuffer;

/**
 * One complex number of {@link MPI#FLOAT_COMPLEX} in a buffer or array: its real part, then its imaginary part, each a
 * {@code float}; item i is at element {@code 2 * i}. A view, not a copy: reads and writes go to the buffer. Not thread-safe.
 */
public final class FloatComplex
{
    private final FloatBuffer buffer;
    private final int offset;

    private FloatComplex(final FloatBuffer buffer, final int index)
    {
        this.buffer = buffer;
        this.offset = 2 * index;
    }

    /** @return a view of complex number 0 of {@code buffer}, whose position is ignored. */
    public static FloatComplex get(final FloatBuffer buffer)
    {
        return get(buffer, 0);
    }

    /** @return a view of complex number {@code index} of {@code buffer}, whose position is ignored. */
    public static FloatComplex get(final FloatBuffer buffer, final int index)
    {
        return new FloatComplex(buffer.duplicate().clear(), index);
    }

    /** @return a view of complex number 0 of {@code array}. */
    public static FloatComplex get(final float[] array)
    {
        return get(array, 0);
    }

    /** @return a view of complex number {@code index} of {@code array}. */
    public static FloatComplex get(final float[] array, final int index)
    {
        return new FloatComplex(FloatBuffer.wrap(array), index);
    }

    /** @return a view of complex number 0 of the bytes of {@code buffer}, read in its byte order, its position ignored. */
    public static FloatComplex get(final ByteBuffer buffer)
    {
        return get(buffer, 0);
    }

    /** @return a view of complex number {@code index} of the bytes of {@code buffer}, read in its byte order, its position ignored. */
    public static FloatComplex get(final ByteBuffer buffer, final int index)
    {
        return new FloatComplex(buffer.duplicate().order(buffer.order()).clear().asFloatBuffer(), index);
    }

    /** @return the real part. */
    public float getReal()
    {
        return buffer.get(offset);
    }

    /** @return the imaginary part. */
    public float getImag()
    {
        return buffer.get(offset + 1);
    }

    /** Writes the real part. */
    public void putReal(final float real)
    {
        buffer.put(offset, real);
    }

    /** Writes the imaginary part. */
    public void putImag(final float imag)
    {
        buffer.put(offset + 1, imag);
    }

    /** @return the buffer from this number on: the buffer itself for number 0, else a view that starts at it. */
    public FloatBuffer getBuffer()
    {
        return offset == 0 ? buffer : MPI.slice(buffer, offset);
    }
}
