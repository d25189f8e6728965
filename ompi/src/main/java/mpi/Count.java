package mpi;

/**
 * A count that may exceed an {@code int} (MPI's {@code MPI_Count}), as {@link Status#getElementsX} returns it. Mutable;
 * not thread-safe.
 */
public final class Count implements Comparable<Object>
{
    private long count;

    /** @param count the value. */
    public Count(final long count)
    {
        this.count = count;
    }

    /** @return the value. */
    public long getCount()
    {
        return count;
    }

    /** @param count the new value. */
    public void setCount(final long count)
    {
        this.count = count;
    }

    /** @return whether {@code obj} is a {@code Count} of the same value. */
    @Override
    public boolean equals(final Object obj)
    {
        return obj instanceof Count other && other.count == count;
    }

    @Override
    public int hashCode()
    {
        return Long.hashCode(count);
    }

    /**
     * Orders counts by value.
     *
     * @throws ClassCastException when {@code obj} is not a {@code Count}.
     */
    @Override
    public int compareTo(final Object obj)
    {
        return Long.compare(count, ((Count)obj).count);
    }

    @Override
    public String toString()
    {
        return Long.toString(count);
    }
}
