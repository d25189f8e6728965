package org.openmpj.executor;

import mpi.Datatype;
import mpi.MPI;

/**
 * Results that are large primitive arrays travel as typed messages of their own, copied as they are, instead of through
 * the object encoding: the outcome carries only a {@link PoolMessages.ArrayFollows} naming the array's type and length.
 */
final class PrimitiveArrays
{
    /** Arrays of at least this many bytes go as typed messages; smaller ones cost less inside the outcome. */
    static final int TYPED_FROM_BYTES = 16 * 1024;
    private static final Class<?>[] TYPES = {byte[].class, char[].class, short[].class, boolean[].class, int[].class, long[].class,
        float[].class, double[].class};
    private static final int[] ELEMENT_BYTES = {1, 2, 2, 1, 4, 8, 4, 8};

    private PrimitiveArrays()
    {
    }

    /** @return the index of {@code value}'s primitive array type, or -1 when it is not a primitive array large enough. */
    static int typedKind(final Object value)
    {
        if (value == null || !value.getClass().isArray())
        {
            return -1;
        }
        for (int kind = 0; kind < TYPES.length; kind++)
        {
            if (TYPES[kind] == value.getClass())
            {
                return (long)java.lang.reflect.Array.getLength(value) * ELEMENT_BYTES[kind] >= TYPED_FROM_BYTES ? kind : -1;
            }
        }
        return -1;
    }

    static Datatype datatype(final int kind)
    {
        return switch (kind)
        {
            case 0 -> MPI.BYTE;
            case 1 -> MPI.CHAR;
            case 2 -> MPI.SHORT;
            case 3 -> MPI.BOOLEAN;
            case 4 -> MPI.INT;
            case 5 -> MPI.LONG;
            case 6 -> MPI.FLOAT;
            case 7 -> MPI.DOUBLE;
            default -> throw new IllegalArgumentException("kind " + kind + " is not a primitive array kind");
        };
    }

    static Object allocate(final int kind, final int length)
    {
        return java.lang.reflect.Array.newInstance(TYPES[kind].getComponentType(), length);
    }
}
