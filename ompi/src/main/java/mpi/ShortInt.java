package mpi;

/**
 * The items of {@link MPI#SHORT_INT}: a C struct of a {@code short} value at byte 0 and an {@code int} index at byte 4, 8 bytes from
 * one item to the next. {@code MPI.shortInt} is the one instance: {@code MPI.shortInt.getData(buffer, i)} reads and writes item i.
 */
public final class ShortInt extends Struct
{
    private static final int VALUE = 0;
    private static final int INDEX = 4;

    ShortInt()
    {
        super(MPI.SHORT_INT, 8);
    }

    @Override
    protected Data newData()
    {
        return new Data();
    }

    /** One item of {@link MPI#SHORT_INT} in a buffer. */
    public final class Data extends Struct.Data
    {
        Data()
        {
        }

        /** @return the value. */
        public short getValue()
        {
            return getShort(VALUE);
        }

        /** @return the index. */
        public int getIndex()
        {
            return getInt(INDEX);
        }

        /** Writes the value. */
        public void putValue(final short v)
        {
            putShort(VALUE, v);
        }

        /** Writes the index. */
        public void putIndex(final int v)
        {
            putInt(INDEX, v);
        }
    }
}
