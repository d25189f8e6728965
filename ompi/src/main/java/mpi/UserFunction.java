package mpi;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.openmpj.Primitive;

/**
 * A reduction of the program's own, for {@link Op#Op(UserFunction, boolean)}: it combines {@code count} items of one
 * operand into the other, so that afterwards each item of {@code inOut} holds the item of {@code in} combined with its
 * own old value ({@code in} holding the contribution of the lower ranks). Override one of the two {@code call} methods:
 * the one on arrays, which is simpler, or the one on byte buffers, which sees the operands as raw memory and suits the
 * byte-based types ({@link MPI#INT2} …, {@link Datatype#createStruct} types). The operands are laid out as the datatype
 * describes: {@code count} items, item i at element {@code i * extent}.
 *
 * <p>The function may be called by any thread of the rank, and for a non-commutative operation in rank order only.
 */
public abstract class UserFunction
{
    /** For subclasses. */
    public UserFunction()
    {
    }

    /**
     * Combines {@code inVec} into {@code inOutVec}, both arrays of the base type of {@code datatype} ({@code int[]} for
     * {@link MPI#INT}, {@code byte[]} for byte-based types) of {@code count * extent} elements.
     *
     * @param inVec    the first operand.
     * @param inOutVec the second operand, and where the result goes.
     * @param count    how many items.
     * @param datatype the type of the items.
     * @throws MPIException to fail the collective.
     */
    public void call(final Object inVec, final Object inOutVec, final int count, final Datatype datatype) throws MPIException
    {
        throw new UnsupportedOperationException(getClass().getName() + " overrides neither call method of UserFunction");
    }

    /**
     * Combines {@code in} into {@code inOut}, both holding {@code count} items of {@code datatype} as raw memory in native
     * byte order, from position 0. This default copies them into arrays of the base type and calls the other
     * {@code call}.
     *
     * @param in       the first operand.
     * @param inOut    the second operand, and where the result goes.
     * @param count    how many items.
     * @param datatype the type of the items.
     * @throws MPIException to fail the collective.
     */
    public void call(final ByteBuffer in, final ByteBuffer inOut, final int count, final Datatype datatype) throws MPIException
    {
        final Primitive kind = datatype.kind();
        final int elements = count * datatype.getExtent();
        final Object a = kind.newArray(elements);
        final Object b = kind.newArray(elements);
        final ByteBuffer first = in.duplicate().order(ByteOrder.nativeOrder());
        final ByteBuffer second = inOut.duplicate().order(ByteOrder.nativeOrder());
        OperandCopy.fromBuffer(first.clear(), kind, a, elements);
        OperandCopy.fromBuffer(second.clear(), kind, b, elements);
        call(a, b, count, datatype);
        OperandCopy.toBuffer(b, kind, second.clear(), elements);
    }
}
