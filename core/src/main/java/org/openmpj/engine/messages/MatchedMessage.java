package org.openmpj.engine.messages;

import org.openmpj.device.ProbeResult;
import org.openmpj.device.ReceiveRequest;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.datatype.TypeMap;

/**
 * A message taken out of matching by a probe, to be received by this handle alone (MPI's matched probe,
 * {@code MPI_Mprobe} and {@code MPI_Mrecv}). The probe finds a matching message and at once posts a receive for exactly
 * its source and tag, with a buffer allocated to fit it: that receive takes the probed message, as messages from one
 * source with one tag are matched in the order they were sent, and from then on no other receive can. What the program
 * receives later ({@link #receive}) is copied out of that buffer into its own.
 *
 * <p>One limit: between the probe and its receive, another thread of the same rank that receives from the same source
 * with a matching tag may take the message first; the probe's receive then takes the next such message. A program that
 * receives matching messages from one rank in one thread at a time, as matched probes are used, never sees that.
 *
 * <p>Thread-safety: one thread receives the message, once.
 */
public final class MatchedMessage
{
    private final Communicator communicator;
    private final ReceiveRequest request;
    private final Completion probed;

    private MatchedMessage(final Communicator communicator, final ReceiveRequest request, final Completion probed)
    {
        this.communicator = communicator;
        this.request = request;
        this.probed = probed;
    }

    /**
     * Finds a message a receive from {@code source} with {@code tag} would match and takes it out of matching; with
     * {@code wait}, waits until there is one.
     *
     * @return the message, or null when none has arrived and {@code wait} is false; for {@link Communicator#PROC_NULL}, a
     *         message of no data from it.
     * @throws org.openmpj.OpenMpjException when the device fails.
     */
    public static MatchedMessage probe(final Communicator c, final int source, final int tag, final boolean wait)
    {
        final ProbeResult found = new ProbeResult();
        if (wait)
        {
            c.probe(source, tag, found);
        }
        else if (!c.iprobe(source, tag, found))
        {
            return null;
        }
        final ReceiveRequest request = c.irecvAllocating(found.source(), found.tag());
        return new MatchedMessage(c, request, new Completion(found.source(), found.tag(), found.byteCount(), false, -1, -1));
    }

    /** @return the message's envelope as the probe found it: source, tag and size in bytes. */
    public Completion envelope()
    {
        return probed;
    }

    /** @return whether this is the message of no data from {@link Communicator#PROC_NULL}. */
    public boolean isFromNoProcess()
    {
        return probed.source() == Communicator.PROC_NULL;
    }

    /**
     * Starts receiving the message into {@code buf}: at most {@code count} items of {@code type} from element
     * {@code offset} (an array of the type's elements, or a memory segment of them with {@code offset} 0). Finishing the
     * operation copies the data in; a message larger than the items fails it with {@code ERR_TRUNCATE}.
     */
    public Operation receive(final Object buf, final int offset, final int count, final TypeMap type)
    {
        return new MatchedReceive(communicator, request, buf, offset, count, type);
    }
}
