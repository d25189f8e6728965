package mpi;

import org.openmpj.engine.messages.Completion;

/**
 * The outcome of a receive or a probe: who sent the message, with which tag, how much of it arrived,
 * whether it was cancelled. {@link #index} tells which request of an array completed.
 */
public class Status implements Freeable
{
    /** The rank of the sender in the communicator, or {@code MPI.PROC_NULL}. */
    public int source;
    /** The tag of the message. */
    public int tag;
    /** Which request of the array passed to {@code Waitany}, {@code Testany}, {@code Waitsome} … this is. */
    public int index;

    private long byteCount;
    private int objectCount = -1;
    private boolean cancelled;
    /** For a receive of a type of no data, the count of its items; -1 otherwise. */
    int itemsOfNoData = -1;

    /** An empty status: any source, any tag, no data. */
    public Status()
    {
        this(MPI.ANY_SOURCE, MPI.ANY_TAG, 0, false, -1);
    }

    Status(final int source, final int tag, final long byteCount, final boolean cancelled, final int objectCount)
    {
        this.source = source;
        this.tag = tag;
        this.byteCount = byteCount;
        this.cancelled = cancelled;
        this.objectCount = objectCount;
        this.index = MPI.UNDEFINED;
    }

    /** @return the status of a finished operation or a probed message, as the engine reports it. */
    static Status of(final Completion done)
    {
        final Status status = new Status(done.source(), done.tag(), done.byteCount(), done.cancelled(), done.objects());
        status.itemsOfNoData = done.itemsOfNoData();
        return status;
    }

    /**
     * @return how many elements of {@code datatype} arrived, or {@code MPI.UNDEFINED} when the bytes that
     *         arrived are not a whole number of them; for a derived type, how many whole items arrived, or
     *         {@code MPI.UNDEFINED} when the last one arrived only in part; for a type of no data (a {@code Struct} of no
     *         blocks), the count the receive was given, since its message carries none.
     */
    public int Get_count(final Datatype datatype)
    {
        if (datatype == null)
        {
            throw MPI.raiseOnWorld(MPIException.of(org.openmpj.ErrorClass.ERR_TYPE, "Get_count: datatype is null"));
        }
        if (datatype.isEmpty())
        {
            // A message of such items carries no data, so its count is that of the receive that took it, as in MPJ Express.
            return itemsOfNoData >= 0 ? itemsOfNoData : 0;
        }
        if (datatype.isDerived())
        {
            final int elements = baseElements("Get_count", datatype);
            final int size = datatype.Size();
            if (elements == MPI.UNDEFINED || size == 0)
            {
                return size == 0 ? 0 : MPI.UNDEFINED;
            }
            return elements % size == 0 ? elements / size : MPI.UNDEFINED;
        }
        if (datatype.isObject())
        {
            return objectCount >= 0 ? objectCount : MPI.UNDEFINED;
        }
        final int size = datatype.getByteSize();
        if (size == 0)
        {
            return 0;
        }
        return byteCount % size == 0 ? (int)(byteCount / size) : MPI.UNDEFINED;
    }

    /**
     * @return how many basic elements of {@code datatype} arrived, counting those of a partial last item; for
     *         basic types the same as {@link #Get_count}; {@code MPI.UNDEFINED} for a type of no data.
     */
    public int Get_elements(final Datatype datatype)
    {
        if (datatype != null && datatype.isEmpty())
        {
            // Items of no data have no basic elements to count: MPI.UNDEFINED, as MPJ Express gives.
            return MPI.UNDEFINED;
        }
        if (datatype != null && datatype.isDerived())
        {
            return baseElements("Get_elements", datatype);
        }
        return Get_count(datatype);
    }

    /** @return the elements of the base type of a derived type that arrived, or {@code MPI.UNDEFINED}. */
    private int baseElements(final String call, final Datatype datatype)
    {
        datatype.checkAlive(call);
        final Datatype base = datatype.base();
        return base == null ? (byteCount == 0 ? 0 : MPI.UNDEFINED) : Get_count(base);
    }

    /** @return whether the operation was cancelled. */
    public boolean Test_cancelled()
    {
        return cancelled;
    }

    /** Does nothing: a status holds no resources. */
    @Override
    public void free()
    {
    }
}
