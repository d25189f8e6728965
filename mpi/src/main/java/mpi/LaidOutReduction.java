package mpi;

import org.openmpj.Primitive;
import org.openmpj.engine.Reduction;

/**
 * A user-defined operation on a datatype whose items do not look the same packed as in a buffer (a Vector, a
 * Struct with holes or a lower bound …). Collectives combine packed elements, but {@link User_function#Call} gets
 * its operands as MPI passes them: {@code count} items laid out as the datatype describes, item i at
 * {@code offset + i * Extent()}. So each call unpacks both operands into laid-out scratch arrays, calls the
 * function, and packs the result back. What the holes between the elements hold is undefined.
 *
 * <p>Immutable; safe for concurrent use, each call having its own scratch arrays.
 */
final class LaidOutReduction implements Reduction
{
    private final User_function function;
    private final Datatype datatype;
    private final boolean commutative;

    LaidOutReduction(final User_function function, final Datatype datatype, final boolean commutative)
    {
        this.function = function;
        this.datatype = datatype;
        this.commutative = commutative;
    }

    @Override
    public void reduce(final Object in, final int inOffset, final Object inout, final int inoutOffset, final int items)
    {
        if (items == 0)
        {
            return;
        }
        final Layout layout = datatype.layout();
        final Primitive kind = datatype.kind();
        // Item 0's origin, so that no item reaches below element 0 (a lower bound or displacement may be negative).
        final int origin = (int)Math.max(0, -layout.lowestElement(0, items));
        final int length = (int)layout.highestElement(origin, items);
        final int elements = items * layout.size();
        final Object laidIn = acquire(kind, length);
        final Object laidInout = acquire(kind, length);
        layout.unpack(kind, in, inOffset, laidIn, origin, elements);
        layout.unpack(kind, inout, inoutOffset, laidInout, origin, elements);
        function.Call(laidIn, origin, laidInout, origin, items, datatype);
        layout.pack(kind, laidInout, origin, items, inout, inoutOffset);
        release(kind, laidIn);
        release(kind, laidInout);
    }

    @Override
    public boolean isCommutative()
    {
        return commutative;
    }

    private static Object acquire(final Primitive kind, final int length)
    {
        return kind == null ? new Object[length] : ScratchPool.SHARED.acquire(kind, length);
    }

    private static void release(final Primitive kind, final Object array)
    {
        if (kind != null)
        {
            ScratchPool.SHARED.release(kind, array);
        }
    }
}
