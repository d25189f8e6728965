package mpi;

/**
 * The items of {@link MPI#DOUBLE_INT}: a C struct of a {@code double} value at byte 0 and an {@code int} index at byte 8, 16 bytes from
 * one item to the next. {@code MPI.doubleInt} is the one instance: {@code MPI.doubleInt.getData(buffer, i)} reads and writes item i.
 */
public final class DoubleInt extends Struct
{
    private static final int VALUE = 0;
    private static final int INDEX = 8;

    DoubleInt()
    {
        super(MPI.DOUBLE_INT, 16);
    }

    @Override
    protected Data newData()
    {
        return new Data();
    }

    /** One item of {@link MPI#DOUBLE_INT} in a buffer. */
    public final class Data extends Struct.Data
    {
        Data()
        {
        }

        /** @return the value. */
        public double getValue()
        {
            return getDouble(VALUE);
        }

        /** @return the index. */
        public int getIndex()
        {
            return getInt(INDEX);
        }

        /** Writes the value. */
        public void putValue(final double v)
        {
            putDouble(VALUE, v);
        }

        /** Writes the index. */
        public void putIndex(final int v)
        {
            putInt(INDEX, v);
        }
    }
}
