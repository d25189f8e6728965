package mpi;

/**
 * The items of {@link MPI#FLOAT_INT}: a C struct of a {@code float} value at byte 0 and an {@code int} index at byte 4, 8 bytes from
 * one item to the next. {@code MPI.floatInt} is the one instance: {@code MPI.floatInt.getData(buffer, i)} reads and writes item i.
 */
public final class FloatInt extends Struct
{
    private static final int VALUE = 0;
    private static final int INDEX = 4;

    FloatInt()
    {
        super(MPI.FLOAT_INT, 8);
    }

    @Override
    protected Data newData()
    {
        return new Data();
    }

    /** One item of {@link MPI#FLOAT_INT} in a buffer. */
    public final class Data extends Struct.Data
    {
        Data()
        {
        }

        /** @return the value. */
        public float getValue()
        {
            return getFloat(VALUE);
        }

        /** @return the index. */
        public int getIndex()
        {
            return getInt(INDEX);
        }

        /** Writes the value. */
        public void putValue(final float v)
        {
            putFloat(VALUE, v);
        }

        /** Writes the index. */
        public void putIndex(final int v)
        {
            putInt(INDEX, v);
        }
    }
}
