package org.openmpj.executor;

import java.nio.ByteBuffer;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;

import org.openmpj.objects.ObjectCodec;
import org.openmpj.objects.ReceivedClasses;
import org.openmpj.objects.SentClasses;

/**
 * One rank's ends of the pool's object messages, each way between it and every other rank an ordered stream: a class is
 * named once per stream, so that a small task or value travels in a few bytes, and is received into a buffer kept for it.
 * The pool's messages between two ranks are decoded in the order they were sent (a worker answers its tasks in order, the
 * root takes each answer as it comes), which is what a stream asks for. A message longer than the buffer is announced by
 * one that says its length, and follows it.
 *
 * <p>Thread-safety: none. On the root, the sends to a worker happen under the dispatcher's lock, and the receives by the
 * holder of its receiving role; a worker has one thread.
 */
final class PoolStreams
{
    /** The receive buffer's length: a longer message is announced, and received into an array of its own. */
    private static final int INBOX_BYTES = 16 * 1024;
    /** An announcement of a longer message: its length and the tag it stands for, two big-endian ints. */
    private static final int ANNOUNCEMENT_BYTES = 8;

    private final Intracomm comm;
    private final ObjectCodec codec;
    private final SentClasses[] sent;
    private final ReceivedClasses[] received;
    private final Object[] one = new Object[1];
    private byte[] inbox = new byte[INBOX_BYTES];
    private int tag;

    PoolStreams(final Intracomm comm)
    {
        this.comm = comm;
        // The loader of the façade the pool's communicator comes from: the rank's own, which finds the program's classes.
        this.codec = new ObjectCodec(comm.getClass().getClassLoader());
        this.sent = new SentClasses[comm.Size()];
        this.received = new ReceivedClasses[comm.Size()];
        for (int rank = 0; rank < sent.length; rank++)
        {
            sent[rank] = new SentClasses();
            received[rank] = new ReceivedClasses();
        }
    }

    /**
     * Starts sending {@code items[0 .. count)} to {@code dest} under {@code tag}, and gives {@code sends} what may still be
     * on its way.
     *
     * @throws org.openmpj.OpenMpjException {@code ERR_TYPE} when an item cannot be serialized; nothing is sent then.
     * @throws mpi.MPIException when the send fails.
     */
    void isend(final Object[] items, final int count, final int dest, final int tag, final AssignmentSends sends)
    {
        final ObjectCodec.Encoded encoded = ObjectCodec.serializeInThreadBuffer(items, 0, count, sent[dest]);
        if (encoded.length() > INBOX_BYTES)
        {
            keep(comm.Isend(announce(encoded.length(), tag), 0, ANNOUNCEMENT_BYTES, MPI.BYTE, dest, PoolMessages.TAG_ANNOUNCED), null, sends);
            keep(comm.Isend(encoded.bytes(), 0, encoded.length(), MPI.BYTE, dest, PoolMessages.TAG_LONG), encoded, sends);
            return;
        }
        keep(comm.Isend(encoded.bytes(), 0, encoded.length(), MPI.BYTE, dest, tag), encoded, sends);
    }

    /**
     * Sends {@code item} to {@code dest} under {@code tag}, and returns once its buffer is free again.
     *
     * @throws org.openmpj.OpenMpjException {@code ERR_TYPE} when it cannot be serialized; nothing is sent then.
     * @throws mpi.MPIException when the send fails.
     */
    void send(final Object item, final int dest, final int tag)
    {
        one[0] = item;
        final ObjectCodec.Encoded encoded;
        try
        {
            encoded = ObjectCodec.serializeInThreadBuffer(one, 0, 1, sent[dest]);
        }
        finally
        {
            one[0] = null;
        }
        if (encoded.length() > INBOX_BYTES)
        {
            comm.Send(announce(encoded.length(), tag), 0, ANNOUNCEMENT_BYTES, MPI.BYTE, dest, PoolMessages.TAG_ANNOUNCED);
            comm.Send(encoded.bytes(), 0, encoded.length(), MPI.BYTE, dest, PoolMessages.TAG_LONG);
            return;
        }
        comm.Send(encoded.bytes(), 0, encoded.length(), MPI.BYTE, dest, tag);
    }

    /**
     * Receives the next of the pool's messages from {@code source} (or any rank) into the buffer {@link #decode} reads.
     *
     * @throws mpi.MPIException when the receive fails.
     */
    Status receive(final int source)
    {
        return comm.Recv(inbox, 0, INBOX_BYTES, MPI.BYTE, source, MPI.ANY_TAG);
    }

    /** Starts a receive as {@link #receive} does, without waiting for it. */
    Request startReceive(final int source)
    {
        return comm.Irecv(inbox, 0, INBOX_BYTES, MPI.BYTE, source, MPI.ANY_TAG);
    }

    /**
     * A receive started by {@link #startReceive} that failed after it matched may still be written into by the device: the
     * next receives go into a new buffer.
     */
    void inboxSpoilt()
    {
        inbox = new byte[INBOX_BYTES];
    }

    /**
     * Decodes the message {@link #receive} or {@link #startReceive} brought, into {@code into}; when it announces a longer
     * one, receives that first, from the same rank.
     *
     * @return how many objects it held; {@link #tag()} tells the tag it was sent under.
     * @throws org.openmpj.OpenMpjException when it does not decode; the stream's classes it named are taken all the same.
     */
    int decode(final Status status, final Object[] into)
    {
        final int source = status.source;
        byte[] message = inbox;
        int length = status.Get_count(MPI.BYTE);
        tag = status.tag;
        if (tag == PoolMessages.TAG_ANNOUNCED)
        {
            // Messages from one rank on one communicator arrive in order: the long one is the next from that rank.
            length = intAt(message, 0);
            tag = intAt(message, Integer.BYTES);
            if (length <= INBOX_BYTES)
            {
                throw new IllegalStateException("rank " + source + " announced a long message of " + length + " bytes");
            }
            message = new byte[length];
            comm.Recv(message, 0, length, MPI.BYTE, source, PoolMessages.TAG_LONG);
        }
        return codec.deserialize(message, 0, length, source, into, 0, into.length, received[source]);
    }

    /** @return the tag of the message {@link #decode} read last; for a long one, the tag its announcement stood for. */
    int tag()
    {
        return tag;
    }

    /** @return an announcement of a message of {@code length} bytes standing for tag {@code standsFor}, in an array of its own. */
    private static byte[] announce(final int length, final int standsFor)
    {
        final byte[] announcement = new byte[ANNOUNCEMENT_BYTES];
        final ByteBuffer fields = ByteBuffer.wrap(announcement);
        fields.putInt(length).putInt(standsFor);
        return announcement;
    }

    private static int intAt(final byte[] bytes, final int at)
    {
        return ByteBuffer.wrap(bytes).getInt(at);
    }

    /** Lets {@code request} go when it is done; otherwise {@code sends} keeps it, and the encoded bytes are its own. */
    private static void keep(final Request request, final ObjectCodec.Encoded encoded, final AssignmentSends sends)
    {
        final boolean done;
        try
        {
            done = request.Test() != null;
        }
        catch (final MPIException failed)
        {
            // The device may still read the bytes of a send that failed: they are not written over.
            handOver(encoded);
            throw failed;
        }
        if (!done)
        {
            handOver(encoded);
            sends.add(request);
        }
    }

    private static void handOver(final ObjectCodec.Encoded encoded)
    {
        if (encoded != null)
        {
            ObjectCodec.handOver(encoded);
        }
    }
}
