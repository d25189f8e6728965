package mpi;

import org.openmpj.ErrorClass;
import org.openmpj.engine.messages.Completion;

/**
 * The outcome of a receive or probe: who sent the message, with which tag, how much of it arrived, whether the operation
 * was cancelled, its error class, and which request of an array it belongs to. Not thread-safe; each call returns a
 * status of its own.
 */
public final class Status
{
    private int source;
    private int tag;
    private int error;
    private int index;
    private long byteCount;
    private boolean cancelled;
    /** For a receive of a type of no data, the items it asked for; -1 otherwise. */
    private int itemsOfNoData;

    /** An empty status: any source, any tag, no data, no error, no index. */
    protected Status()
    {
        this(MPI.ANY_SOURCE, MPI.ANY_TAG, 0, false, -1);
    }

    private Status(final int source, final int tag, final long byteCount, final boolean cancelled, final int itemsOfNoData)
    {
        this.source = source;
        this.tag = tag;
        this.byteCount = byteCount;
        this.cancelled = cancelled;
        this.itemsOfNoData = itemsOfNoData;
        this.error = MPI.SUCCESS;
        this.index = MPI.UNDEFINED;
    }

    /** @return the status of what the engine completed or probed. */
    static Status of(final Completion done)
    {
        return new Status(done.source(), done.tag(), done.byteCount(), done.cancelled(), done.itemsOfNoData());
    }

    /** @return the status of a received message of {@code byteCount} bytes. */
    static Status of(final int source, final int tag, final long byteCount, final boolean cancelled)
    {
        return new Status(source, tag, byteCount, cancelled, -1);
    }

    /** @return this status, with the position in an array of requests it belongs to. */
    Status at(final int position)
    {
        index = position;
        return this;
    }

    /** @return this status, with an error class. */
    Status withError(final int errorClass)
    {
        error = errorClass;
        return this;
    }

    /**
     * @param datatype the type of the receive.
     * @return how many whole items of {@code datatype} arrived, or {@link MPI#UNDEFINED} when the data is not a whole number
     *         of them; for a type of no data, the count the receive gave.
     * @throws MPIException {@code ERR_TYPE} for a null type.
     */
    public int getCount(final Datatype datatype) throws MPIException
    {
        final long itemBytes = itemBytes("getCount", datatype);
        if (itemBytes == 0)
        {
            return Math.max(itemsOfNoData, 0);
        }
        return byteCount % itemBytes == 0 ? clamp(byteCount / itemBytes) : MPI.UNDEFINED;
    }

    /**
     * @param datatype the type of the receive.
     * @return how many basic elements arrived, as C MPI counts them (each of a pair's two parts, one per complex number),
     *         counting those of a last item that arrived in part where each element of the base type is a basic element;
     *         {@link MPI#UNDEFINED} otherwise.
     * @throws MPIException {@code ERR_TYPE} for a null type.
     */
    public int getElements(final Datatype datatype) throws MPIException
    {
        final long elements = elements("getElements", datatype);
        return elements < 0 ? MPI.UNDEFINED : clamp(elements);
    }

    /**
     * @param datatype the type of the receive.
     * @return as {@link #getElements}, as a {@link Count}.
     * @throws MPIException {@code ERR_TYPE} for a null type.
     */
    public Count getElementsX(final Datatype datatype) throws MPIException
    {
        final long elements = elements("getElementsX", datatype);
        return new Count(elements < 0 ? MPI.UNDEFINED : elements);
    }

    /**
     * Sets the amount of data this status reports: {@code count} basic elements of {@code datatype}.
     *
     * @throws MPIException {@code ERR_TYPE} for a null type, {@code ERR_COUNT} for a negative count.
     */
    public void setElements(final Datatype datatype, final int count) throws MPIException
    {
        setElementsX(datatype, new Count(count));
    }

    /**
     * Sets the amount of data this status reports: {@code count} basic elements of {@code datatype}.
     *
     * @throws MPIException {@code ERR_TYPE} for a null type, {@code ERR_COUNT} for a negative count.
     */
    public void setElementsX(final Datatype datatype, final Count count) throws MPIException
    {
        final long itemBytes = itemBytes("setElementsX", datatype);
        if (count == null || count.getCount() < 0)
        {
            throw MPI.raiseOnWorld(MPIException.of(ErrorClass.ERR_COUNT, "setElementsX: count=" + count + "; expected 0 or more"));
        }
        final int perItem = Math.max(1, datatype.basicPerItem());
        byteCount = datatype.isElementwise() ? count.getCount() * datatype.baseSize() : count.getCount() / perItem * itemBytes;
        itemsOfNoData = itemBytes == 0 ? (int)Math.min(count.getCount(), Integer.MAX_VALUE) : -1;
    }

    /**
     * Sets whether this status reports a cancelled operation.
     *
     * @throws MPIException never; declared as in Open MPI's API, so that code that catches it compiles.
     */
    public void setCancelled(final boolean flag) throws MPIException
    {
        cancelled = flag;
    }

    /**
     * @return whether the operation was cancelled.
     * @throws MPIException never; declared as in Open MPI's API, so that code that catches it compiles.
     */
    public boolean isCancelled() throws MPIException
    {
        return cancelled;
    }

    /** @return the sender's rank in the communicator, {@link MPI#PROC_NULL} or, for an empty status, {@link MPI#ANY_SOURCE}. */
    public int getSource()
    {
        return source;
    }

    /** @return the tag of the message; {@link MPI#ANY_TAG} for an empty status. */
    public int getTag()
    {
        return tag;
    }

    /** @return the error class of the operation: {@link MPI#SUCCESS} unless it is reported in a status array. */
    public int getError()
    {
        return error;
    }

    /** @return which request of the array given to {@code waitAnyStatus}, {@code waitSomeStatus} … this is; else {@link MPI#UNDEFINED}. */
    public int getIndex()
    {
        return index;
    }

    /** @return the basic elements that arrived, or -1 when they are not defined. */
    private long elements(final String call, final Datatype datatype) throws MPIException
    {
        final long itemBytes = itemBytes(call, datatype);
        if (itemBytes == 0)
        {
            return 0;
        }
        if (byteCount % itemBytes == 0)
        {
            return byteCount / itemBytes * datatype.basicPerItem();
        }
        if (datatype.isElementwise() && byteCount % datatype.baseSize() == 0)
        {
            return byteCount / datatype.baseSize();
        }
        return -1;
    }

    /** @return the bytes of one item of {@code datatype}'s data, after checking the type. */
    private static long itemBytes(final String call, final Datatype datatype) throws MPIException
    {
        if (datatype == null || datatype.map() == null)
        {
            throw MPI.raiseOnWorld(MPIException.of(ErrorClass.ERR_TYPE, "Status." + call + ": datatype is "
                + (datatype == null ? "null" : datatype)));
        }
        return (long)datatype.map().layout().size() * datatype.baseSize();
    }

    private static int clamp(final long value)
    {
        return value > Integer.MAX_VALUE ? MPI.UNDEFINED : (int)value;
    }

    @Override
    public String toString()
    {
        return "Status[source=" + source + ", tag=" + tag + ", bytes=" + byteCount + (cancelled ? ", cancelled" : "")
            + (error != MPI.SUCCESS ? ", error=" + error : "") + "]";
    }
}
