package mpi;

import java.nio.Buffer;

import org.openmpj.Envelope;
import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.SendMode;
import org.openmpj.engine.AttachedBuffer;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.datatype.Packing;
import org.openmpj.engine.messages.Completion;
import org.openmpj.engine.messages.Messages;
import org.openmpj.engine.messages.Operation;
import org.openmpj.engine.messages.SegmentMessages;

/**
 * The point-to-point calls of a communicator ({@link Comm} inherits them): blocking sends and receives in every mode on
 * arrays and buffers, non-blocking and persistent ones on direct buffers, probes, and packing. A buffer holds the items
 * from its first element: there are no offsets, and a buffer's position is ignored ({@link MPI#slice} makes a view that
 * starts further in). Thread-safety: any number of threads may call at once.
 */
abstract class PointToPoint extends CommBinding
{
    PointToPoint(final String name)
    {
        super(name);
    }

    /**
     * Sends in standard mode; returns when {@code buf} may be reused.
     *
     * @param buf   the data: an array or a buffer of the type's base elements.
     * @param count how many items of {@code type}.
     * @param type  the datatype of the items.
     * @param dest  the rank to send to, or {@link MPI#PROC_NULL}.
     * @param tag   the message's tag, 0 to the {@link MPI#TAG_UB} attribute.
     * @throws MPIException for a bad argument or a failed send.
     */
    public final void send(final Object buf, final int count, final Datatype type, final int dest, final int tag) throws MPIException
    {
        blockingSend("send", buf, count, type, dest, tag, SendMode.STANDARD);
    }

    /**
     * Sends in synchronous mode: returns once the matching receive has started.
     *
     * @throws MPIException as {@link #send}.
     */
    public final void sSend(final Object buf, final int count, final Datatype type, final int dest, final int tag) throws MPIException
    {
        blockingSend("sSend", buf, count, type, dest, tag, SendMode.SYNCHRONOUS);
    }

    /**
     * Sends in ready mode: the matching receive must be posted already.
     *
     * @throws MPIException as {@link #send}.
     */
    public final void rSend(final Object buf, final int count, final Datatype type, final int dest, final int tag) throws MPIException
    {
        blockingSend("rSend", buf, count, type, dest, tag, SendMode.READY);
    }

    /**
     * Sends in buffered mode: copies the message into the space {@link MPI#attachBuffer} attached, and returns.
     *
     * @throws MPIException {@code ERR_BUFFER} when no space is attached or too little is left, or as {@link #send}.
     */
    public final void bSend(final Object buf, final int count, final Datatype type, final int dest, final int tag) throws MPIException
    {
        final Communicator c = engine("bSend");
        try
        {
            final Buffers.Payload data = checkedSend("bSend", c, buf, count, type, dest, tag);
            sendBuffered(c, data, count, type, dest, tag);
        }
        catch (final MPIException ex)
        {
            throw raise(ex);
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    /**
     * Receives a message, waiting for it.
     *
     * @param buf    where the items go: an array or a writable buffer of the type's base elements.
     * @param count  the most items the message may hold.
     * @param type   the datatype of the items.
     * @param source the rank to receive from, {@link MPI#ANY_SOURCE} or {@link MPI#PROC_NULL}.
     * @param tag    the tag to match, or {@link MPI#ANY_TAG}.
     * @return the status: sender, tag, size.
     * @throws MPIException for a bad argument, or {@code ERR_TRUNCATE} for a message larger than {@code count} items.
     */
    public final Status recv(final Object buf, final int count, final Datatype type, final int source, final int tag) throws MPIException
    {
        final Communicator c = engine("recv");
        try
        {
            final Buffers.Payload data = checkedReceive("recv", c, buf, count, type, source, tag);
            if (data.isSegment())
            {
                return Status.of(SegmentMessages.receive(c, data.segment(), count, type.map(), source, tag));
            }
            if (!Messages.receivesDirectly(count, type.map()))
            {
                return Status.of(Messages.receiveAndFinish(c, data.memory(), data.offset(), count, type.map(), source, tag, null));
            }
            final Envelope arrived = Messages.receive(c, data.memory(), data.offset(), count, type.map(), source, tag);
            if (arrived.error() != null)
            {
                throw arrived.error();
            }
            return Status.of(arrived.source(), arrived.tag(), arrived.byteCount(), arrived.isCancelled());
        }
        catch (final MPIException ex)
        {
            throw raise(ex);
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    /**
     * Sends one message and receives another, without the deadlock two blocking calls could meet.
     *
     * @return the status of the receive.
     * @throws MPIException as {@link #send} and {@link #recv}.
     */
    public final Status sendRecv(
        final Object sendbuf, final int sendcount, final Datatype sendtype, final int dest, final int sendtag,
        final Object recvbuf, final int recvcount, final Datatype recvtype, final int source, final int recvtag) throws MPIException
    {
        final String call = "sendRecv";
        final Communicator c = engine(call);
        final Operation send;
        try
        {
            checkedReceive(call, c, recvbuf, recvcount, recvtype, source, recvtag);
            final Buffers.Payload out = checkedSend(call, c, sendbuf, sendcount, sendtype, dest, sendtag);
            send = startSend(c, out, sendcount, sendtype, dest, sendtag, SendMode.STANDARD);
        }
        catch (final MPIException ex)
        {
            throw raise(ex);
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
        final Status status = recv(recvbuf, recvcount, recvtype, source, recvtag);
        awaitSend(send);
        return status;
    }

    /**
     * Sends the items of {@code buf} and replaces them with a received message.
     *
     * @return the status of the receive.
     * @throws MPIException as {@link #send} and {@link #recv}.
     */
    public final Status sendRecvReplace(final Object buf, final int count, final Datatype type, final int dest, final int sendtag,
        final int source, final int recvtag) throws MPIException
    {
        final String call = "sendRecvReplace";
        final Communicator c = engine(call);
        final Operation send;
        try
        {
            checkedReceive(call, c, buf, count, type, source, recvtag);
            final Buffers.Payload data = checkedSend(call, c, buf, count, type, dest, sendtag);
            if (type.map().isEmpty())
            {
                send = startSend(c, data, count, type, dest, sendtag, SendMode.STANDARD);
            }
            else
            {
                // The message leaves from a copy, as the receive overwrites the buffer while the send may still read it.
                final Object copy = data.isSegment() ? SegmentMessages.packedCopy(data.segment(), count, type.map())
                    : Messages.packedCopy(data.memory(), data.offset(), count, type.map());
                send = Messages.startSend(c, copy, 0, type.map().elements(count), type.map().base(), dest, sendtag, SendMode.STANDARD);
            }
        }
        catch (final MPIException ex)
        {
            throw raise(ex);
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
        final Status status = recv(buf, count, type, source, recvtag);
        awaitSend(send);
        return status;
    }

    /**
     * Starts a standard-mode send from a direct buffer, which belongs to the request until it completes.
     *
     * @return the request.
     * @throws MPIException {@code ERR_BUFFER} for a heap buffer, or as {@link #send}.
     */
    public final Request iSend(final Buffer buf, final int count, final Datatype type, final int dest, final int tag) throws MPIException
    {
        return immediateSend("iSend", buf, count, type, dest, tag, Prequest.Kind.STANDARD);
    }

    /**
     * Starts a buffered-mode send from a direct buffer: it is complete on return, its data copied to the attached space.
     *
     * @return the request.
     * @throws MPIException as {@link #bSend}, or {@code ERR_BUFFER} for a heap buffer.
     */
    public final Request ibSend(final Buffer buf, final int count, final Datatype type, final int dest, final int tag) throws MPIException
    {
        return immediateSend("ibSend", buf, count, type, dest, tag, Prequest.Kind.BUFFERED);
    }

    /**
     * Starts a synchronous-mode send from a direct buffer; it completes once the matching receive has started.
     *
     * @return the request.
     * @throws MPIException as {@link #iSend}.
     */
    public final Request isSend(final Buffer buf, final int count, final Datatype type, final int dest, final int tag) throws MPIException
    {
        return immediateSend("isSend", buf, count, type, dest, tag, Prequest.Kind.SYNCHRONOUS);
    }

    /**
     * Starts a ready-mode send from a direct buffer: the matching receive must be posted already.
     *
     * @return the request.
     * @throws MPIException as {@link #iSend}.
     */
    public final Request irSend(final Buffer buf, final int count, final Datatype type, final int dest, final int tag) throws MPIException
    {
        return immediateSend("irSend", buf, count, type, dest, tag, Prequest.Kind.READY);
    }

    /**
     * Starts a receive into a direct buffer, which belongs to the request until it completes.
     *
     * @return the request.
     * @throws MPIException {@code ERR_BUFFER} for a heap or read-only buffer, or as {@link #recv}.
     */
    public final Request iRecv(final Buffer buf, final int count, final Datatype type, final int source, final int tag) throws MPIException
    {
        final String call = "iRecv";
        final Communicator c = engine(call);
        try
        {
            final Buffers.Payload data = checkedDirect(call, c, buf, count, type, source, tag, true);
            return new Request(this, startReceive(c, data, count, type, source, tag), buf);
        }
        catch (final MPIException ex)
        {
            throw raise(ex);
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    /**
     * Sets up a standard-mode send from a direct buffer, started by {@link Prequest#start()}.
     *
     * @return the persistent request, inactive.
     * @throws MPIException as {@link #iSend}.
     */
    public final Prequest sendInit(final Buffer buf, final int count, final Datatype type, final int dest, final int tag) throws MPIException
    {
        return persistent("sendInit", buf, count, type, dest, tag, Prequest.Kind.STANDARD);
    }

    /**
     * Sets up a buffered-mode send from a direct buffer, started by {@link Prequest#start()}.
     *
     * @return the persistent request, inactive.
     * @throws MPIException as {@link #iSend}.
     */
    public final Prequest bSendInit(final Buffer buf, final int count, final Datatype type, final int dest, final int tag) throws MPIException
    {
        return persistent("bSendInit", buf, count, type, dest, tag, Prequest.Kind.BUFFERED);
    }

    /**
     * Sets up a synchronous-mode send from a direct buffer, started by {@link Prequest#start()}.
     *
     * @return the persistent request, inactive.
     * @throws MPIException as {@link #iSend}.
     */
    public final Prequest sSendInit(final Buffer buf, final int count, final Datatype type, final int dest, final int tag) throws MPIException
    {
        return persistent("sSendInit", buf, count, type, dest, tag, Prequest.Kind.SYNCHRONOUS);
    }

    /**
     * Sets up a ready-mode send from a direct buffer, started by {@link Prequest#start()}.
     *
     * @return the persistent request, inactive.
     * @throws MPIException as {@link #iSend}.
     */
    public final Prequest rSendInit(final Buffer buf, final int count, final Datatype type, final int dest, final int tag) throws MPIException
    {
        return persistent("rSendInit", buf, count, type, dest, tag, Prequest.Kind.READY);
    }

    /**
     * Sets up a receive into a direct buffer, started by {@link Prequest#start()}.
     *
     * @return the persistent request, inactive.
     * @throws MPIException as {@link #iRecv}.
     */
    public final Prequest recvInit(final Buffer buf, final int count, final Datatype type, final int source, final int tag)
        throws MPIException
    {
        return persistent("recvInit", buf, count, type, source, tag, Prequest.Kind.RECEIVE);
    }

    /**
     * Packs {@code incount} items into {@code outbuf} at byte {@code position}, for sending as {@link MPI#PACKED} or
     * unpacking with {@link #unpack}.
     *
     * @return the position after the packed data.
     * @throws MPIException {@code ERR_BUFFER} when {@code outbuf} has no room from {@code position}.
     */
    public final int pack(final Object inbuf, final int incount, final Datatype type, final byte[] outbuf, final int position)
        throws MPIException
    {
        engine("pack");
        try
        {
            final Buffers.Payload data = Buffers.map("pack", "inbuf", inbuf, type, false);
            Buffers.items("pack", "inbuf", data, 0, incount, type);
            return Packing.pack(data.memory(), data.offset(), incount, type.map(), outbuf, position);
        }
        catch (final MPIException ex)
        {
            throw raise(ex);
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    /**
     * Unpacks {@code outcount} items from {@code inbuf} at byte {@code position}, as {@link #pack} packed them.
     *
     * @return the position after the unpacked data.
     * @throws MPIException {@code ERR_BUFFER} when {@code inbuf} ends before them.
     */
    public final int unpack(final byte[] inbuf, final int position, final Object outbuf, final int outcount, final Datatype type)
        throws MPIException
    {
        engine("unpack");
        try
        {
            final Buffers.Payload data = Buffers.map("unpack", "outbuf", outbuf, type, true);
            Buffers.items("unpack", "outbuf", data, 0, outcount, type);
            return Packing.unpack(inbuf, position, data.memory(), data.offset(), outcount, type.map(), null);
        }
        catch (final MPIException ex)
        {
            throw raise(ex);
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    /**
     * @return the bytes {@link #pack} needs for {@code incount} items of {@code type}.
     * @throws MPIException for a negative count or an unusable type.
     */
    public final int packSize(final int incount, final Datatype type) throws MPIException
    {
        engine("packSize");
        try
        {
            Buffers.checkType("packSize", type);
            Buffers.items("packSize", "(none)", new Buffers.Payload(null, 0, Long.MAX_VALUE / 2), 0, incount, type);
            final long bytes = Packing.packSize(incount, type.map());
            if (bytes > Integer.MAX_VALUE)
            {
                throw MPIException.of(ErrorClass.ERR_COUNT, "packSize: " + incount + " items of " + type + " take " + bytes
                    + " bytes, more than a byte[] holds");
            }
            return (int)bytes;
        }
        catch (final MPIException ex)
        {
            throw raise(ex);
        }
    }

    /**
     * @return the status of a matching message that has arrived but not been received, or null when there is none.
     * @throws MPIException for a bad source or tag.
     */
    public final Status iProbe(final int source, final int tag) throws MPIException
    {
        final Completion found = probe("iProbe", source, tag, false);
        if (found == null)
        {
            checkJobAlive();
            return null;
        }
        return Status.of(found);
    }

    /**
     * Waits until a matching message has arrived, and returns its status without receiving it.
     *
     * @return the status: sender, tag, size.
     * @throws MPIException for a bad source or tag.
     */
    public final Status probe(final int source, final int tag) throws MPIException
    {
        return Status.of(probe("probe", source, tag, true));
    }

    // ---------------------------------------------------------------- internals

    /** Checks a probe's arguments; see {@link #iProbe} and {@link #probe}. */
    final void checkProbe(final String call, final Communicator c, final int source, final int tag) throws MPIException
    {
        Args.source(call, c, source);
        Args.recvTag(call, c, tag);
    }

    /** Starts the operation of a persistent request, whose arguments were checked when it was set up. */
    final Operation startPersistent(final String call, final Prequest.Kind kind, final Buffers.Payload data, final int count,
        final Datatype type, final int peer, final int tag) throws MPIException
    {
        final Communicator c = engine(call);
        try
        {
            return start(c, kind, data, count, type, peer, tag);
        }
        catch (final MPIException ex)
        {
            throw raise(ex);
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    private Completion probe(final String call, final int source, final int tag, final boolean wait) throws MPIException
    {
        final Communicator c = engine(call);
        try
        {
            checkProbe(call, c, source, tag);
            return Messages.probe(c, source, tag, wait);
        }
        catch (final MPIException ex)
        {
            throw raise(ex);
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    private void blockingSend(final String call, final Object buf, final int count, final Datatype type, final int dest, final int tag,
        final SendMode mode) throws MPIException
    {
        final Communicator c = engine(call);
        try
        {
            final Buffers.Payload data = checkedSend(call, c, buf, count, type, dest, tag);
            if (data.isSegment())
            {
                SegmentMessages.send(c, data.segment(), count, type.map(), dest, tag, mode);
            }
            else
            {
                Messages.send(c, data.memory(), data.offset(), count, type.map(), dest, tag, mode);
            }
        }
        catch (final MPIException ex)
        {
            throw raise(ex);
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    private Request immediateSend(final String call, final Buffer buf, final int count, final Datatype type, final int dest, final int tag,
        final Prequest.Kind kind) throws MPIException
    {
        final Communicator c = engine(call);
        try
        {
            final Buffers.Payload data = checkedDirect(call, c, buf, count, type, dest, tag, false);
            return new Request(this, start(c, kind, data, count, type, dest, tag), buf);
        }
        catch (final MPIException ex)
        {
            throw raise(ex);
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    private Prequest persistent(final String call, final Buffer buf, final int count, final Datatype type, final int peer, final int tag,
        final Prequest.Kind kind) throws MPIException
    {
        final Communicator c = engine(call);
        try
        {
            final Buffers.Payload data = checkedDirect(call, c, buf, count, type, peer, tag, kind == Prequest.Kind.RECEIVE);
            return new Prequest(this, kind, data, buf, count, type, peer, tag);
        }
        catch (final MPIException ex)
        {
            throw raise(ex);
        }
    }

    private Operation start(final Communicator c, final Prequest.Kind kind, final Buffers.Payload data, final int count, final Datatype type,
        final int peer, final int tag) throws MPIException
    {
        return switch (kind)
        {
            case RECEIVE -> startReceive(c, data, count, type, peer, tag);
            case BUFFERED ->
            {
                sendBuffered(c, data, count, type, peer, tag);
                yield Messages.buffered(c);
            }
            default -> startSend(c, data, count, type, peer, tag, kind.mode);
        };
    }

    private static Operation startSend(final Communicator c, final Buffers.Payload data, final int count, final Datatype type,
        final int dest, final int tag, final SendMode mode)
    {
        return data.isSegment() ? SegmentMessages.startSend(c, data.segment(), count, type.map(), dest, tag, mode)
            : Messages.startSend(c, data.memory(), data.offset(), count, type.map(), dest, tag, mode);
    }

    private static Operation startReceive(final Communicator c, final Buffers.Payload data, final int count, final Datatype type,
        final int source, final int tag)
    {
        return data.isSegment() ? SegmentMessages.startReceive(c, data.segment(), count, type.map(), source, tag)
            : Messages.startReceive(c, data.memory(), data.offset(), count, type.map(), source, tag);
    }

    private static void sendBuffered(final Communicator c, final Buffers.Payload data, final int count, final Datatype type, final int dest,
        final int tag) throws MPIException
    {
        final AttachedBuffer buffer = MPI.attachedBuffer();
        if (buffer == null)
        {
            throw MPIException.of(ErrorClass.ERR_BUFFER, "buffered send of " + count + " items of " + type
                + ", but no buffer is attached; call MPI.attachBuffer first");
        }
        if (data.isSegment())
        {
            SegmentMessages.sendBuffered(buffer, c, data.segment(), count, type.map(), dest, tag);
        }
        else
        {
            Messages.sendBuffered(buffer, c, data.memory(), data.offset(), count, type.map(), dest, tag);
        }
    }

    private void awaitSend(final Operation send) throws MPIException
    {
        try
        {
            send.await();
            send.finish(null);
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    private static Buffers.Payload checkedSend(final String call, final Communicator c, final Object buf, final int count,
        final Datatype type, final int dest, final int tag) throws MPIException
    {
        final Buffers.Payload data = Buffers.map(call, "buf", buf, type, false);
        Buffers.items(call, "buf", data, 0, count, type);
        Args.dest(call, c, dest);
        Args.sendTag(call, c, tag);
        return data;
    }

    private static Buffers.Payload checkedReceive(final String call, final Communicator c, final Object buf, final int count,
        final Datatype type, final int source, final int tag) throws MPIException
    {
        final Buffers.Payload data = Buffers.map(call, "buf", buf, type, true);
        Buffers.items(call, "buf", data, 0, count, type);
        Args.source(call, c, source);
        Args.recvTag(call, c, tag);
        return data;
    }

    private static Buffers.Payload checkedDirect(final String call, final Communicator c, final Buffer buf, final int count,
        final Datatype type, final int peer, final int tag, final boolean receive) throws MPIException
    {
        final Buffers.Payload data = Buffers.direct(call, "buf", buf, type, receive);
        Buffers.items(call, "buf", data, 0, count, type);
        if (receive)
        {
            Args.source(call, c, peer);
            Args.recvTag(call, c, tag);
        }
        else
        {
            Args.dest(call, c, peer);
            Args.sendTag(call, c, tag);
        }
        return data;
    }
}
