package org.openmpj.executor;

import mpi.Datatype;
import mpi.MPI;
import org.openmpj.Primitive;

/**
 * Results that are large primitive arrays travel as typed messages of their own, copied as they are, instead of through
 * the object encoding: the answer carries only a {@link PoolMessages.ArrayFollows} naming the array's kind and length.
 */
final class PrimitiveArrays
{
    /** Arrays of at least this many bytes go as typed messages; smaller ones cost less inside the outcome. */
    static final int TYPED_FROM_BYTES = 16 * 1024;
    private static final Primitive[] KINDS = Primitive.values();

    private PrimitiveArrays()
    {
    }

    /** @return the kind of {@code value} when it is a primitive array large enough to go as a typed message; else null. */
    static Primitive typedKind(final Object value)
    {
        for (final Primitive kind : KINDS)
        {
            if (kind.isArrayOf(value))
            {
                return (long)kind.length(value) * kind.sizeBytes() >= TYPED_FROM_BYTES ? kind : null;
            }
        }
        return null;
    }

    /** @return the datatype of the {@code mpi} API that sends arrays of {@code kind}. */
    static Datatype datatype(final Primitive kind)
    {
        return switch (kind)
        {
            case BYTE -> MPI.BYTE;
            case CHAR -> MPI.CHAR;
            case SHORT -> MPI.SHORT;
            case BOOLEAN -> MPI.BOOLEAN;
            case INT -> MPI.INT;
            case LONG -> MPI.LONG;
            case FLOAT -> MPI.FLOAT;
            case DOUBLE -> MPI.DOUBLE;
        };
    }
}
