package mpi;

import java.lang.foreign.MemorySegment;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;

import org.openmpj.ErrorClass;
import org.openmpj.Primitive;
import org.openmpj.engine.datatype.Layout;

/**
 * Maps the buffers of Open MPI's API onto what the engine takes, and checks them: an array of the datatype's base type
 * goes as it is; a heap buffer backed by such an array goes as that array from the buffer's array offset (its position is
 * ignored, as Open MPI ignores it); any other array, and every direct buffer, goes as a {@link MemorySegment} of its
 * memory from its first element, the datatype's elements in native byte order, as C would see it. Failures are returned
 * for the caller to raise on its communicator.
 */
final class Buffers
{
    private Buffers()
    {
    }

    /**
     * A buffer as the engine takes it: {@code memory} is an array of the type's base elements or a memory segment of them,
     * {@code offset} the element where element 0 of the program's buffer is, and {@code elements} how many there are from
     * there.
     */
    record Payload(Object memory, int offset, long elements)
    {
        /** @return whether the memory is a segment, which the segment calls of the engine take. */
        boolean isSegment()
        {
            return memory instanceof MemorySegment;
        }

        MemorySegment segment()
        {
            return (MemorySegment)memory;
        }
    }

    /**
     * @param which the argument's name, for messages.
     * @param receive whether the call writes the buffer, which a read-only buffer refuses.
     * @return {@code buf} for items of {@code type}, after checking the type is usable; a null buffer maps to one of no
     *         elements, which only a count of 0 passes {@link #items}.
     */
    static Payload map(final String call, final String which, final Object buf, final Datatype type, final boolean receive)
        throws MPIException
    {
        checkType(call, type);
        final Primitive kind = type.kind();
        if (buf == null)
        {
            return new Payload(kind.newArray(0), 0, -1);
        }
        if (kind.isArrayOf(buf))
        {
            return new Payload(buf, 0, kind.length(buf));
        }
        if (buf instanceof Buffer buffer)
        {
            return fromBuffer(call, which, buffer, type, receive);
        }
        final MemorySegment memory = arrayMemory(buf);
        if (memory == null || kind == Primitive.BOOLEAN && !(buf instanceof byte[]))
        {
            throw MPIException.of(ErrorClass.ERR_BUFFER, call + ": " + which + " is a " + buf.getClass().getSimpleName() + "; expected a "
                + kind.arrayClass().getSimpleName() + " or a java.nio buffer for " + type);
        }
        return new Payload(memory, 0, memory.byteSize() / kind.sizeBytes());
    }

    /**
     * @return {@code buf}, which a non-blocking or persistent call keeps until it completes, as a memory segment.
     * @throws MPIException {@code ERR_BUFFER} for a null or heap buffer: such calls take direct buffers, as in Open MPI.
     */
    static Payload direct(final String call, final String which, final Buffer buf, final Datatype type, final boolean receive)
        throws MPIException
    {
        checkType(call, type);
        if (buf == null)
        {
            throw MPIException.of(ErrorClass.ERR_BUFFER, call + ": " + which + " is null; expected a direct buffer");
        }
        if (!buf.isDirect())
        {
            throw MPIException.of(ErrorClass.ERR_BUFFER, call + ": " + which + " is a heap buffer (" + buf.getClass().getSimpleName()
                + "); non-blocking and persistent calls take direct buffers, such as MPI.new" + bufferKind(buf) + "Buffer(n) makes");
        }
        return fromBuffer(call, which, buf, type, receive);
    }

    /**
     * Checks that {@code count} items of {@code type} from element {@code offset} lie inside the payload.
     *
     * @throws MPIException {@code ERR_COUNT} for a negative count, {@code ERR_BUFFER} when they do not fit.
     */
    static void items(final String call, final String which, final Payload data, final long offset, final int count, final Datatype type)
        throws MPIException
    {
        if (count < 0)
        {
            throw MPIException.of(ErrorClass.ERR_COUNT, call + ": count=" + count + " is negative; expected 0 or more");
        }
        final Layout layout = type.map().layout();
        if ((long)count * layout.size() > Integer.MAX_VALUE)
        {
            throw MPIException.of(ErrorClass.ERR_COUNT, call + ": count=" + count + " items of " + type + " are "
                + (long)count * layout.size() + " elements, more than one message of a Java buffer holds");
        }
        if (count == 0 || layout.size() == 0)
        {
            return;
        }
        if (data.elements() < 0)
        {
            throw MPIException.of(ErrorClass.ERR_BUFFER, call + ": " + which + " is null; expected a buffer for " + count + " items of "
                + type);
        }
        final long low = data.offset() + offset + layout.lowestElement(0, count);
        final long high = data.offset() + offset + layout.highestElement(0, count);
        if (low < data.offset() || high > data.offset() + data.elements())
        {
            throw MPIException.of(ErrorClass.ERR_BUFFER, call + ": " + count + " items of " + type + (offset == 0 ? "" : " from element "
                + offset) + " need elements " + (low - data.offset()) + " to " + (high - data.offset() - 1) + " of " + which + ", which holds "
                + data.elements() + " " + type.kind() + " elements");
        }
    }

    /** Checks {@code type} describes data and may be used: not null, not freed, committed. */
    static void checkType(final String call, final Datatype type) throws MPIException
    {
        if (type == null)
        {
            throw MPIException.of(ErrorClass.ERR_TYPE, call + ": the datatype is null");
        }
        type.checkUsable(call, "the datatype");
    }

    private static Payload fromBuffer(final String call, final String which, final Buffer buf, final Datatype type, final boolean receive)
        throws MPIException
    {
        if (receive && buf.isReadOnly())
        {
            throw MPIException.of(ErrorClass.ERR_BUFFER, call + ": " + which + " is read-only, but the call writes into it");
        }
        final Primitive kind = type.kind();
        if (!buf.isDirect() && buf.hasArray() && kind.isArrayOf(buf.array()))
        {
            return new Payload(buf.array(), buf.arrayOffset(), buf.capacity());
        }
        final MemorySegment memory = MemorySegment.ofBuffer(buf.duplicate().clear());
        return new Payload(memory, 0, memory.byteSize() / kind.sizeBytes());
    }

    /**
     * @return the whole memory of {@code buf}, an array or a buffer, as bytes, for calls whose blocks each have their own
     *         datatype and a displacement in bytes (alltoallw); a null buffer is memory of no bytes.
     * @param direct whether the call keeps the buffer until it completes, and so takes direct buffers only.
     */
    static MemorySegment bytes(final String call, final String which, final Object buf, final boolean receive, final boolean direct)
        throws MPIException
    {
        if (buf == null)
        {
            return MemorySegment.ofArray(new byte[0]);
        }
        if (buf instanceof Buffer buffer)
        {
            if (direct && !buffer.isDirect())
            {
                throw MPIException.of(ErrorClass.ERR_BUFFER, call + ": " + which + " is a heap buffer (" + buf.getClass().getSimpleName()
                    + "); non-blocking calls take direct buffers, such as MPI.new" + bufferKind(buffer) + "Buffer(n) makes");
            }
            if (receive && buffer.isReadOnly())
            {
                throw MPIException.of(ErrorClass.ERR_BUFFER, call + ": " + which + " is read-only, but the call writes into it");
            }
            return MemorySegment.ofBuffer(buffer.duplicate().clear());
        }
        final MemorySegment memory = direct ? null : arrayMemory(buf);
        if (memory == null)
        {
            throw MPIException.of(ErrorClass.ERR_BUFFER, call + ": " + which + " is a " + buf.getClass().getSimpleName() + "; expected "
                + (direct ? "a direct buffer" : "a primitive array other than boolean[] or a java.nio buffer"));
        }
        return memory;
    }

    /** @return the memory of a primitive array other than {@code boolean[]}, or null. */
    private static MemorySegment arrayMemory(final Object buf)
    {
        return switch (buf)
        {
            case byte[] array -> MemorySegment.ofArray(array);
            case char[] array -> MemorySegment.ofArray(array);
            case short[] array -> MemorySegment.ofArray(array);
            case int[] array -> MemorySegment.ofArray(array);
            case long[] array -> MemorySegment.ofArray(array);
            case float[] array -> MemorySegment.ofArray(array);
            case double[] array -> MemorySegment.ofArray(array);
            default -> null;
        };
    }

    private static String bufferKind(final Buffer buf)
    {
        return switch (buf)
        {
            case ByteBuffer unused -> "Byte";
            case CharBuffer unused -> "Char";
            case ShortBuffer unused -> "Short";
            case IntBuffer unused -> "Int";
            case LongBuffer unused -> "Long";
            case FloatBuffer unused -> "Float";
            case DoubleBuffer unused -> "Double";
            default -> "Byte";
        };
    }
}
