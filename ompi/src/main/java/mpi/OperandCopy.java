package mpi;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;

import org.openmpj.Primitive;

/**
 * Copies the operands of a user's reduction between the arrays the engine combines and the byte buffers a
 * {@link UserFunction} may take, in native byte order ({@code boolean} one byte, 0 or 1).
 */
final class OperandCopy
{
    private OperandCopy()
    {
    }

    /** Copies {@code elements} elements of {@code kind} from {@code buffer}, from position 0, into {@code array} from 0. */
    static void fromBuffer(final ByteBuffer buffer, final Primitive kind, final Object array, final int elements)
    {
        if (kind == Primitive.BOOLEAN)
        {
            final boolean[] to = (boolean[])array;
            for (int i = 0; i < elements; i++)
            {
                to[i] = buffer.get(i) != 0;
            }
            return;
        }
        MemorySegment.copy(MemorySegment.ofBuffer(buffer), 0, kind.segmentOf(array), 0, (long)elements * kind.sizeBytes());
    }

    /** Copies {@code elements} elements of {@code kind} from {@code array}, from 0, into {@code buffer} from position 0. */
    static void toBuffer(final Object array, final Primitive kind, final ByteBuffer buffer, final int elements)
    {
        if (kind == Primitive.BOOLEAN)
        {
            final boolean[] from = (boolean[])array;
            for (int i = 0; i < elements; i++)
            {
                buffer.put(i, from[i] ? (byte)1 : (byte)0);
            }
            return;
        }
        MemorySegment.copy(kind.segmentOf(array), 0, MemorySegment.ofBuffer(buffer), 0, (long)elements * kind.sizeBytes());
    }
}
