package org.openmpj.engine.datatype;

import org.openmpj.Primitive;
import org.openmpj.engine.Reduction;

/**
 * A user-defined operation on a datatype whose items do not look the same packed as in a buffer (a Vector, a
 * Struct with holes or a lower bound …). Collectives combine packed elements, but a user's function gets its
 * operands as MPI passes them: {@code count} items laid out as the datatype describes, item i at
 * {@code offset + i * extent}. So each call unpacks both operands into laid-out scratch arrays, calls the
 * function on them, and packs the result back. What the holes between the elements hold is undefined.
 *
 * <p>Immutable; safe for concurrent use, each call having its own scratch arrays.
 */
public final class LaidOutReduction implements Reduction
{
    private final Reduction function;
    private final TypeMap datatype;

    /**
     * @param function the user's operation, called with laid-out operands (offsets in elements, counts in items).
     * @param datatype the type of the items, whose layout is not packed.
     */
    public LaidOutReduction(final Reduction function, final TypeMap datatype)
    {
        this.function = function;
        this.datatype = datatype;
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
        function.reduce(laidIn, origin, laidInout, origin, items);
        layout.pack(kind, laidInout, origin, items, inout, inoutOffset);
        release(kind, laidIn);
        release(kind, laidInout);
    }

    @Override
    public boolean isCommutative()
    {
        return function.isCommutative();
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
