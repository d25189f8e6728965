package org.openmpj.engine;

import java.util.ArrayList;
import java.util.List;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.device.Device;
import org.openmpj.Primitive;
import org.openmpj.device.Request;
import org.openmpj.SendMode;

/**
 * The space a program attached for buffered sends. A buffered send copies its data, reserving its size
 * plus {@link #OVERHEAD_BYTES} of the attached capacity until the copy has been delivered; a send that does
 * not fit fails with {@code ERR_BUFFER} instead of waiting for a receive. It waits only for messages already on
 * their way, for at most {@link #DELIVERY_GRACE_NS}: a receiver may hold the whole of a message, and have told the
 * sender so, before the thread that moved its last piece has marked the send complete.
 *
 * <p>Thread-safety: all methods are safe for concurrent use.
 */
public final class AttachedBuffer
{
    /** Bytes of bookkeeping each buffered message is charged for, as {@code MPI.BSEND_OVERHEAD} reports. */
    public static final int OVERHEAD_BYTES = 64;
    /** How long a buffered send that does not fit makes progress for messages in flight before it fails. */
    static final long DELIVERY_GRACE_NS = 100_000_000;

    private final Object memory;
    private final long capacityBytes;
    private final List<InFlight> inFlight = new ArrayList<>();
    private long reservedBytes;

    /**
     * @param memory        what the program attached (returned by {@link #memory()} on detach).
     * @param capacityBytes its size in bytes.
     */
    public AttachedBuffer(final Object memory, final long capacityBytes)
    {
        this.memory = memory;
        this.capacityBytes = capacityBytes;
    }

    /** @return what the program attached. */
    public Object memory()
    {
        return memory;
    }

    /**
     * Copies the data and starts sending the copy; the caller's buffer is free again on return.
     *
     * @throws OpenMpjException {@code ERR_BUFFER} when the attached space left cannot hold it.
     */
    public void send(
        final Communicator comm, final Object buf, final Primitive kind, final int offset, final int count,
        final int dest, final int tag)
    {
        final long needed = (long)count * kind.sizeBytes() + OVERHEAD_BYTES;
        reserve(comm.device(), needed, count);
        final Object copy = kind.newArray(count);
        System.arraycopy(buf, offset, copy, 0, count);
        final Request request = comm.isend(copy, kind, 0, count, dest, tag, SendMode.STANDARD);
        synchronized (this)
        {
            inFlight.add(new InFlight(request, needed));
        }
    }

    /**
     * Reserves {@code needed} bytes, making progress while they are held by messages in flight, for at most
     * {@link #DELIVERY_GRACE_NS}.
     *
     * @throws OpenMpjException {@code ERR_BUFFER} when the space is still taken then, or nothing in flight could free it.
     */
    private void reserve(final Device device, final long needed, final int count)
    {
        final long deadline = System.nanoTime() + DELIVERY_GRACE_NS;
        int round = 0;
        try
        {
            while (true)
            {
                synchronized (this)
                {
                    releaseDelivered();
                    if (reservedBytes + needed <= capacityBytes)
                    {
                        reservedBytes += needed;
                        return;
                    }
                    if (inFlight.isEmpty() || System.nanoTime() - deadline > 0)
                    {
                        throw new OpenMpjException(ErrorClass.ERR_BUFFER, "buffered send of " + count + " elements needs "
                            + needed + " bytes of attached buffer (message plus MPI.BSEND_OVERHEAD), but only "
                            + (capacityBytes - reservedBytes) + " of the " + capacityBytes + " attached bytes are free");
                    }
                }
                round = device.awaitStep(round);
            }
        }
        finally
        {
            device.endWait(round);
        }
    }

    /** Waits until every buffered message has been delivered, so the space can be handed back. */
    public void drain(final Communicator comm)
    {
        final Device device = comm.device();
        int round = 0;
        try
        {
            while (true)
            {
                synchronized (this)
                {
                    releaseDelivered();
                    if (inFlight.isEmpty())
                    {
                        return;
                    }
                }
                round = device.awaitStep(round);
            }
        }
        finally
        {
            device.endWait(round);
        }
    }

    private void releaseDelivered()
    {
        for (int i = inFlight.size() - 1; i >= 0; i--)
        {
            final InFlight message = inFlight.get(i);
            if (message.request().isComplete())
            {
                reservedBytes -= message.reservedBytes();
                inFlight.remove(i);
            }
        }
    }

    private record InFlight(Request request, long reservedBytes)
    {
    }
}
