package mpi;

/**
 * The items of {@link MPI#LONG_INT}: a C struct of a {@code long} value at byte 0 and an {@code int} index at byte 8, 16 bytes from
 * one item to the next. {@code MPI.longInt} is the one instance: {@code MPI.longInt.getData(buffer, i)} reads and writes item i.
 */
public final class LongInt extends Struct
{
    private static final int VALUE = 0;
    private static final int INDEX = 8;

    LongInt()
    {
        super(MPI.LONG_INT, 16);
    }

    @Override
    protected Data newData()
    {
        return new Data();
    }

    /** One item of {@link MPI#LONG_INT} in a buffer. */
    public final class Data extends Struct.Data
    {
        Data()
        {
        }

        /** @return the value. */
        public long getValue()
        {
            return getLong(VALUE);
        }

        /** @return the index. */
        public int getIndex()
        {
            return getInt(INDEX);
        }

        /** Writes the value. */
        public void putValue(final long v)
        {
            putLong(VALUE, v);
        }

        /** Writes the index. */
        public void putIndex(final int v)
        {
            putInt(INDEX, v);
        }
    }
}
