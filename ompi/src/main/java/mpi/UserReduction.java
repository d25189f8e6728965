package mpi;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.Primitive;
import org.openmpj.engine.Reduction;

/**
 * A {@link UserFunction} as the engine applies reductions: on laid-out items of one datatype (the engine unpacks items
 * whose packed form differs, see {@link org.openmpj.engine.datatype.LaidOutReduction}), handed to the function as it
 * asks for them: arrays of exactly {@code count * extent} elements for the array {@code call}, or byte buffers for the
 * buffer {@code call} when the function overrides that one or the type is byte-based. Bytes go to the function as views
 * of the engine's own array, without a copy; other operands are copied in and the result copied back.
 *
 * <p>Immutable; each call has its own operands.
 */
final class UserReduction implements Reduction
{
    private final UserFunction function;
    private final Datatype datatype;
    private final boolean commutative;
    private final Primitive kind;
    private final int extent;
    private final boolean buffers;

    UserReduction(final UserFunction function, final Datatype datatype, final boolean commutative)
    {
        this.function = function;
        this.datatype = datatype;
        this.commutative = commutative;
        this.kind = datatype.kind();
        this.extent = datatype.map().layout().extent();
        this.buffers = kind != Primitive.BOOLEAN && (kind == Primitive.BYTE || overridesBufferCall(function));
    }

    @Override
    public boolean isCommutative()
    {
        return commutative;
    }

    @Override
    public void reduce(final Object in, final int inOffset, final Object inout, final int inoutOffset, final int items)
    {
        final int elements = items * extent;
        try
        {
            if (buffers)
            {
                reduceBuffers(in, inOffset, inout, inoutOffset, items, elements);
            }
            else
            {
                reduceArrays(in, inOffset, inout, inoutOffset, items, elements);
            }
        }
        catch (final MPIException ex)
        {
            throw new OpenMpjException(ErrorClass.of(ex.getErrorClass()), "the user-defined operation failed: " + ex.getMessage(), ex);
        }
    }

    private void reduceBuffers(final Object in, final int inOffset, final Object inout, final int inoutOffset, final int items,
        final int elements) throws MPIException
    {
        if (kind == Primitive.BYTE && fits(in, inOffset, elements) && fits(inout, inoutOffset, elements))
        {
            function.call(view((byte[])in, inOffset, elements), view((byte[])inout, inoutOffset, elements), items, datatype);
            return;
        }
        final ByteBuffer a = ByteBuffer.allocate(elements * kind.sizeBytes()).order(ByteOrder.nativeOrder());
        final ByteBuffer b = ByteBuffer.allocate(elements * kind.sizeBytes()).order(ByteOrder.nativeOrder());
        OperandCopy.toBuffer(exact(in, inOffset, elements), kind, a, elements);
        OperandCopy.toBuffer(exact(inout, inoutOffset, elements), kind, b, elements);
        function.call(a, b, items, datatype);
        final Object result = kind.newArray(elements);
        OperandCopy.fromBuffer(b.clear(), kind, result, elements);
        copyBack(result, inout, inoutOffset, elements);
    }

    private void reduceArrays(final Object in, final int inOffset, final Object inout, final int inoutOffset, final int items,
        final int elements) throws MPIException
    {
        final Object a = exact(in, inOffset, elements);
        final Object b = exact(inout, inoutOffset, elements);
        function.call(a, b, items, datatype);
        if (b != inout)
        {
            copyBack(b, inout, inoutOffset, elements);
        }
    }

    /** @return {@code elements} elements of {@code array} from {@code offset} as an array of exactly that length. */
    private Object exact(final Object array, final int offset, final int elements)
    {
        if (offset == 0 && kind.length(array) == elements)
        {
            return array;
        }
        final Object copy = kind.newArray(elements);
        System.arraycopy(array, offset, copy, 0, Math.min(elements, kind.length(array) - offset));
        return copy;
    }

    private void copyBack(final Object result, final Object inout, final int offset, final int elements)
    {
        System.arraycopy(result, 0, inout, offset, Math.min(elements, kind.length(inout) - offset));
    }

    private boolean fits(final Object array, final int offset, final int elements)
    {
        return offset + elements <= kind.length(array);
    }

    private static ByteBuffer view(final byte[] array, final int offset, final int elements)
    {
        return ByteBuffer.wrap(array, offset, elements).slice().order(ByteOrder.nativeOrder());
    }

    /** @return whether {@code function} overrides {@link UserFunction}'s buffer {@code call}, so that it wants buffers. */
    private static boolean overridesBufferCall(final UserFunction function)
    {
        try
        {
            return function.getClass().getMethod("call", ByteBuffer.class, ByteBuffer.class, int.class, Datatype.class)
                .getDeclaringClass() != UserFunction.class;
        }
        catch (final NoSuchMethodException ex)
        {
            throw new IllegalStateException("UserFunction has no buffer call method", ex);
        }
    }
}
