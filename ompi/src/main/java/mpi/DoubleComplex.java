package mpi;

import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;

/**
 * One complex number of {@link MPI#DOUBLE_COMPLEX} in a buffer or array: its real part, then its imaginary part, each a
 * {@code double}; item i is at element {@code 2 * i}. A view, not a copy: reads and writes go to the buffer. Not thread-safe.
 */
public final class DoubleComplex
{
    private final DoubleBuffer buffer;
    private final int offset;

    private DoubleComplex(final DoubleBuffer buffer, final int index)
    {
        this.buffer = buffer;
        this.offset = 2 * index;
    }

    /** @return a view of complex number 0 of {@code buffer}, whose position is ignored. */
    public static DoubleComplex get(final DoubleBuffer buffer)
    {
        return get(buffer, 0);
    }

    /** @return a view of complex number {@code index} of {@code buffer}, whose position is ignored. */
    public static DoubleComplex get(final DoubleBuffer buffer, final int index)
    {
        return new DoubleComplex(buffer.duplicate().clear(), index);
    }

    /** @return a view of complex number 0 of {@code array}. */
    public static DoubleComplex get(final double[] array)
    {
        return get(array, 0);
    }

    /** @return a view of complex number {@code index} of {@code array}. */
    public static DoubleComplex get(final double[] array, final int index)
    {
        return new DoubleComplex(DoubleBuffer.wrap(array), index);
    }

    /** @return a view of complex number 0 of the bytes of {@code buffer}, read in its byte order, its position ignored. */
    public static DoubleComplex get(final ByteBuffer buffer)
    {
        return get(buffer, 0);
    }

    /** @return a view of complex number {@code index} of the bytes of {@code buffer}, read in its byte order, its position ignored. */
    public static DoubleComplex get(final ByteBuffer buffer, final int index)
    {
        return new DoubleComplex(buffer.duplicate().order(buffer.order()).clear().asDoubleBuffer(), index);
    }

    /** @return the real part. */
    public double getReal()
    {
        return buffer.get(offset);
    }

    /** @return the imaginary part. */
    public double getImag()
    {
        return buffer.get(offset + 1);
    }

    /** Writes the real part. */
    public void putReal(final double real)
    {
        buffer.put(offset, real);
    }

    /** Writes the imaginary part. */
    public void putImag(final double imag)
    {
        buffer.put(offset + 1, imag);
    }

    /** @return the buffer from this number on: the buffer itself for number 0, else a view that starts at it. */
    public DoubleBuffer getBuffer()
    {
        return offset == 0 ? buffer : MPI.slice(buffer, offset);
    }
}
