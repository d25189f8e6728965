package mpi;

/**
 * The items of {@link MPI#INT2}: a C struct of an {@code int} value at byte 0 and an {@code int} index at byte 4, 8 bytes from
 * one item to the next. {@code MPI.int2} is the one instance: {@code MPI.int2.getData(buffer, i)} reads and writes item i.
 */
public final class Int2 extends Struct
{
    private static final int VALUE = 0;
    private static final int INDEX = 4;

    Int2()
    {
        super(MPI.INT2, 8);
    }

    @Override
    protected Data newData()
    {
        return new Data();
    }

    /** One item of {@link MPI#INT2} in a buffer. */
    public final class Data extends Struct.Data
    {
        Data()
        {
        }

        /** @return the value. */
        public int getValue()
        {
            return getInt(VALUE);
        }

        /** @return the index. */
        public int getIndex()
        {
            return getInt(INDEX);
        }

        /** Writes the value. */
        public void putValue(final int v)
        {
            putInt(VALUE, v);
        }

        /** Writes the index. */
        public void putIndex(final int v)
        {
            putInt(INDEX, v);
        }
    }
}
