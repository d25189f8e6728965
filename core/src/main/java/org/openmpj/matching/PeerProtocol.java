package org.openmpj.matching;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicLong;

import org.openmpj.device.ArrayCopy;
import org.openmpj.Primitive;
import org.openmpj.SendMode;

/**
 * The eager and rendezvous protocols with one peer process, over a byte stream that a transport reads and
 * writes ({@link FrameWriter}, {@link #onHeader}). Matching is the {@link MatchingDevice}'s own, so a receive
 * sees messages from threads, processes and hosts alike in arrival order.
 *
 * <ul>
 *   <li>A standard send of at most the eager limit goes out with its data ({@code EAGER}) while the peer's
 *       credit lasts; it is complete once written.</li>
 *   <li>Anything else announces itself ({@code RTS}) and keeps its buffer until a receive matches at the peer,
 *       which answers {@code CTS}; the data then follows ({@code DATA}) straight from the sender's array into
 *       the receive's.</li>
 *   <li>A transport that can move a payload otherwise ({@link PayloadPull}) lets the receiver ask, in its
 *       {@code CTS}, to copy the payload out of the sender's memory; the sender then exposes it instead of sending
 *       {@code DATA}, or sends {@code DATA} after all when it cannot.</li>
 *   <li>Flow control: the peer lends {@code windowBytes} of credit for eager copies it may have to hold; each
 *       eager frame costs its size, and the peer returns the credit as its receives consume the copies,
 *       carried on any frame back. Without credit a send waits as a rendezvous, so a flood is slowed, never
 *       buffered without bound.</li>
 * </ul>
 *
 * <p>Thread-safety: {@link #send}, {@link #cancel} and credit returns may be called by any thread; the reading
 * methods by one reader at a time, as a connection is read by one thread at a time.
 */
public final class PeerProtocol
{
    /** The element kinds by ordinal; {@code Primitive.values()} would copy its array on every frame. */
    private static final Primitive[] KINDS = Primitive.values();
    private static final java.lang.invoke.VarHandle OWED_WHILE_READING;

    static
    {
        try
        {
            OWED_WHILE_READING = java.lang.invoke.MethodHandles.lookup().findVarHandle(PeerProtocol.class, "owedWhileReading", long.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    /** Scratch for the first bytes of an announced message, one per sending thread. */
    private static final ThreadLocal<byte[]> HEAD_SCRATCH = ThreadLocal.withInitial(() -> new byte[8]);

    private final MatchingDevice device;
    private final long eagerLimitBytes;
    private final long windowBytes;
    private final AtomicLong credit;
    /**
     * Credit owed for eager copies the reading thread consumed on arrival: written by that thread alone (one reads at a
     * time), with release, so that the common case costs a store, not a read-modify-write.
     */
    @SuppressWarnings("unused") // accessed through OWED_WHILE_READING
    private long owedWhileReading;
    /** Credit owed for eager copies that receives took from the unexpected queue, in any thread. */
    private final AtomicLong owedElsewhere = new AtomicLong();
    /** The owed credit handed to frames so far; written by writers, under their connection's lock. */
    private long owedReturned;
    private final PendingTable<SendRequest> announcedSends = new PendingTable<>();
    private final PendingTable<RecvRequest> awaitedData = new PendingTable<>();
    private volatile FrameWriter writer;
    /** The transport's other way for rendezvous payloads; null for none. */
    private volatile PayloadPull pull;
    private volatile boolean peerFinished;

    /**
     * @param device          the rank's matching device.
     * @param eagerLimitBytes the largest message sent eagerly.
     * @param windowBytes     the eager credit each side lends the other: the most bytes of eager copies it holds.
     */
    public PeerProtocol(final MatchingDevice device, final long eagerLimitBytes, final long windowBytes)
    {
        this.device = device;
        this.eagerLimitBytes = eagerLimitBytes;
        this.windowBytes = windowBytes;
        this.credit = new AtomicLong(windowBytes);
    }

    /**
     * @return the eager window to lend a peer when {@code requestedBytes} were asked for: at least room for two of the
     *         largest eager frames, so that eager sending never stalls on a window smaller than one message.
     */
    public static long windowBytes(final long requestedBytes, final long eagerLimitBytes)
    {
        return Math.max(requestedBytes, 2 * FrameDescriptor.creditCost(eagerLimitBytes));
    }

    /** Sets the connection's writing half, once the connection is established. */
    public void attach(final FrameWriter connection)
    {
        this.writer = connection;
    }

    /** Sets the transport's other way for rendezvous payloads (see {@link PayloadPull}), before any message moves. */
    public void usePull(final PayloadPull payloadPull)
    {
        this.pull = payloadPull;
    }

    /** @return whether a connection is attached. */
    public boolean isAttached()
    {
        return writer != null;
    }

    /**
     * @return whether a rendezvous send to the peer waits for its clear-to-send: a hint, as sends are announced and
     *         answered in other threads meanwhile.
     */
    public boolean announcesSends()
    {
        return !announcedSends.isEmpty();
    }

    /** @return whether the peer said goodbye: it finalized, and its connection's end is orderly. */
    public boolean peerFinished()
    {
        return peerFinished;
    }

    /**
     * @return credit owed to the peer, taken to ride on the frame about to be written; the writer calls it under its
     *         connection's lock.
     */
    public long takeOwedCredit()
    {
        return takeOwedCredit(Long.MAX_VALUE);
    }

    /**
     * @param mostBytes the most credit the frame can carry; any more stays owed, for the next frame.
     * @return credit owed to the peer, at most {@code mostBytes}, taken as {@link #takeOwedCredit()} takes it.
     */
    public long takeOwedCredit(final long mostBytes)
    {
        final long owed = (long)OWED_WHILE_READING.getAcquire(this) + owedElsewhere.get();
        final long taken = Math.min(mostBytes, owed - owedReturned);
        owedReturned += taken;
        return taken;
    }

    /**
     * Sends {@code send} to the peer, eagerly or as a rendezvous.
     *
     * @return true when the send completed (written eagerly).
     */
    public boolean send(final SendRequest send)
    {
        final long bytes = send.byteCount;
        if (send.mode != SendMode.SYNCHRONOUS && bytes <= eagerLimitBytes && takeCredit(FrameDescriptor.creditCost(bytes)))
        {
            final boolean written = writer.write(FrameDescriptor.EAGER, 0, send.context, send.envelopeSource,
                send.tag, bytes, 0, 0, send.buffer, send.kind, send.offset, bytes, send);
            if (written)
            {
                send.completeSent(false);
            }
            return written;
        }
        final long id = announcedSends.add(send);
        send.remote = this;
        send.remoteId = id;
        writer.write(FrameDescriptor.RTS, 0, send.context, send.envelopeSource, send.tag, bytes, id,
            headOf(send), null, send.kind, 0, 0, null);
        return false;
    }

    /**
     * Asks the peer to withdraw an announced rendezvous; the send completes as cancelled if it had not matched there,
     * else normally.
     *
     * @return whether the request went out (the send is a rendezvous announced to this peer).
     */
    boolean cancel(final SendRequest send)
    {
        if (send.remote != this || send.isComplete())
        {
            return false;
        }
        writer.write(FrameDescriptor.CANCEL, 0, send.context, 0, 0, 0, send.remoteId, 0, null, Primitive.BYTE, 0, 0, null);
        return true;
    }

    /**
     * Reads the frame header at {@code at} in {@code frame} and acts on it; says in {@code landing} where its payload
     * goes. The reader then reads {@link Landing#totalBytes()} bytes and calls {@link #onPayloadLanded}.
     */
    public void onHeader(final ByteBuffer frame, final int at, final Landing landing)
    {
        onFrame(frame.get(at + FrameDescriptor.TYPE_OFFSET), frame.get(at + FrameDescriptor.KIND_OFFSET),
            frame.getShort(at + FrameDescriptor.FLAGS_OFFSET), frame.getInt(at + FrameDescriptor.CONTEXT_OFFSET),
            frame.getInt(at + FrameDescriptor.SOURCE_OFFSET), frame.getInt(at + FrameDescriptor.TAG_OFFSET),
            frame.getLong(at + FrameDescriptor.BYTE_COUNT_OFFSET), frame.getLong(at + FrameDescriptor.ID_OFFSET),
            frame.getLong(at + FrameDescriptor.AUX_OFFSET), frame.getLong(at + FrameDescriptor.CREDIT_OFFSET), landing);
    }

    /**
     * Acts on a frame header whose fields a transport read itself (from its own memory, or from a compact form of the
     * header that only it writes), as {@link #onHeader} does on one in a buffer.
     */
    public void onFrame(
        final byte type, final byte kind, final int flags, final int context, final int source, final int tag, final long bytes,
        final long id, final long aux, final long returnedCredit, final Landing landing)
    {
        if (returnedCredit != 0)
        {
            credit.addAndGet(returnedCredit);
        }
        landing.none();
        final int kindSize = KINDS[kind & 0x7].sizeBytes();
        if (bytes < 0 || type == FrameDescriptor.EAGER && bytes > windowBytes)
        {
            // A peer that keeps the protocol never sends these: an eager message is paid for with credit from the window.
            throw new IllegalStateException("a frame of type " + type + " says its message holds " + bytes + " bytes");
        }
        switch (type)
        {
            case FrameDescriptor.EAGER -> onEager(context, source, tag, bytes, KINDS[kind & 0x7], landing);
            case FrameDescriptor.RTS -> onAnnounced(context, source, tag, bytes, id, aux);
            case FrameDescriptor.CTS -> onClearToSend(id, aux, flags);
            case FrameDescriptor.DATA -> onData(id, bytes, kindSize, landing);
            case FrameDescriptor.CREDIT ->
            {
                // The credit was taken above; nothing else to do.
            }
            case FrameDescriptor.CANCEL -> onCancel(context, id);
            case FrameDescriptor.CANCEL_ACK -> onCancelAnswer(id, flags != 0);
            case FrameDescriptor.GOODBYE -> peerFinished = true;
            default -> throw new IllegalStateException("frame of unknown type " + type + " from a peer of the same job");
        }
    }

    /**
     * Acts on an eager frame whose payload is whole in the transport's memory, as {@link #onFrame} does on any frame, and
     * copies the payload where it belongs: into the receive it matches, or into an unexpected entry queued in the same
     * hold of the queues' lock. Nothing is left for {@link #onPayloadLanded}.
     */
    public void onEagerInHand(
        final byte kind, final int context, final int source, final int tag, final long bytes, final long returnedCredit,
        final PayloadInHand payload)
    {
        if (returnedCredit != 0)
        {
            credit.addAndGet(returnedCredit);
        }
        if (bytes < 0 || bytes > windowBytes)
        {
            throw new IllegalStateException("an eager frame says its message holds " + bytes + " bytes");
        }
        final ContextQueues queues = device.queues(context);
        queues.lock();
        final RecvRequest recv = queues.takePosted(source, tag);
        if (recv != null)
        {
            queues.unlock();
            final long keep = recv.bytesToKeep(bytes, KINDS[kind & 0x7].sizeBytes());
            payload.copyTo(recv.landingArray(), recv.landingKind(), recv.landingOffset(), keep);
            recv.completeLanded(source, tag, bytes, keep, device.waitersMayPark());
            onEagerConsumedWhileReading(bytes);
            return;
        }
        try
        {
            final Unexpected entry = queues.obtainEntry();
            entry.setRemoteEager(context, source, tag, bytes, this);
            final Object scratch = entry.eagerScratch(KINDS[kind & 0x7], (int)bytes);
            payload.copyTo(scratch, entry.eagerKind, 0, bytes);
            queues.appendUnexpected(entry);
        }
        finally
        {
            queues.unlock();
        }
    }

    /** Completes what the payload described by {@code landing} was read for. */
    public void onPayloadLanded(final Landing landing)
    {
        final RecvRequest recv = landing.recv;
        if (recv != null)
        {
            recv.completeLanded(landing.source, landing.tag, landing.totalBytes, landing.keepBytes, device.waitersMayPark());
            landing.recv = null;
            final long cleared = landing.clearedNanos;
            if (cleared != 0)
            {
                landing.clearedNanos = 0;
                pull.onLanded(landing.totalBytes, landing.pulled, System.nanoTime() - cleared);
            }
            return;
        }
        final Unexpected entry = landing.entry;
        if (entry != null)
        {
            landing.entry = null;
            queueArrived(landing.queues, entry);
        }
    }

    /** Completes a send whose frame a writer finished later than {@link FrameWriter#write} returned. */
    public void onWritten(final SendRequest done)
    {
        done.completeSent(device.waitersMayPark());
    }

    /**
     * A receive matched the rendezvous of {@code bytes} bytes the peer announced as {@code sendId}: asks for its data, to be
     * pulled where the transport can. Any thread.
     */
    void clearToSend(final long sendId, final RecvRequest recv, final int source, final int tag, final long bytes)
    {
        recv.arrivingSource = source;
        recv.arrivingTag = tag;
        final PayloadPull payloadPull = pull;
        final PayloadPull.Way way = payloadPull == null ? PayloadPull.Way.STREAM : payloadPull.choose(bytes, recv.landingKind());
        final boolean pulled = way == PayloadPull.Way.PULL;
        recv.pullAsked = pulled;
        recv.clearedNanos = way == PayloadPull.Way.STREAM ? 0 : System.nanoTime();
        final long recvId = awaitedData.add(recv);
        writer.write(FrameDescriptor.CTS, pulled ? FrameDescriptor.PULL : 0, 0, 0, 0, 0, sendId, recvId, null, Primitive.BYTE, 0, 0, null);
    }

    /**
     * Sending side of a pull: streams {@code send}'s payload as a DATA frame for the peer's receive {@code recvId} after all,
     * completing the send once it is written. The reading thread.
     */
    public void streamData(final SendRequest send, final long recvId)
    {
        final boolean written = writer.write(FrameDescriptor.DATA, 0, 0, 0, 0, send.byteCount, recvId, 0,
            send.buffer, send.kind, send.offset, send.byteCount, send);
        if (written)
        {
            send.completeSent(device.waitersMayPark());
        }
    }

    /** Sending side of a pull: the peer copied {@code send}'s payload; the send completes. */
    public void onPulled(final SendRequest send)
    {
        send.completeSent(device.waitersMayPark());
    }

    /**
     * Receiving side of a pull: says in {@code landing} where a payload of {@code bytes} bytes, sent from an array of
     * elements of {@code senderKindSize} bytes, lands for receive {@code recvId}. The receive stays waiting until
     * {@link #onPullLanded}, so that a DATA frame can still land in it. The reading thread.
     *
     * @return false when no such receive waits for a payload.
     */
    public boolean landPulled(final long recvId, final long bytes, final int senderKindSize, final Landing landing)
    {
        final RecvRequest recv = awaitedData.get(recvId);
        if (recv == null || !recv.pullAsked)
        {
            return false;
        }
        landing.none();
        landInto(recv, recv.arrivingSource, recv.arrivingTag, bytes, senderKindSize, landing);
        return true;
    }

    /** Receiving side of a pull: the payload {@link #landPulled} placed is in; the receive completes. The reading thread. */
    public void onPullLanded(final long recvId, final Landing landing)
    {
        final RecvRequest recv = awaitedData.remove(recvId);
        if (recv != landing.recv)
        {
            throw new IllegalStateException("pulled data for receive " + recvId + ", which is not waiting");
        }
        recv.pullAsked = false;
        landing.clearedNanos = recv.clearedNanos;
        landing.pulled = true;
        onPayloadLanded(landing);
    }

    /**
     * An eager copy from this peer was consumed by a receive that took it from the unexpected queue, in any thread: its
     * credit goes back, at once when a quarter window is owed.
     */
    void onEagerConsumed(final long byteCount)
    {
        owedElsewhere.addAndGet(FrameDescriptor.creditCost(byteCount));
        returnCreditIfMuchOwed();
    }

    /** An eager message from this peer matched a receive on arrival, in the reading thread: its credit goes back. */
    private void onEagerConsumedWhileReading(final long byteCount)
    {
        OWED_WHILE_READING.setRelease(this, owedWhileReading + FrameDescriptor.creditCost(byteCount));
        returnCreditIfMuchOwed();
    }

    private void returnCreditIfMuchOwed()
    {
        // Read without the writer's lock, the amount is a guess; the frame takes the exact amount under the lock.
        if (owedWhileReading + owedElsewhere.get() - owedReturned >= windowBytes / 4)
        {
            writer.write(FrameDescriptor.CREDIT, 0, 0, 0, 0, 0, 0, 0, null, Primitive.BYTE, 0, 0, null);
        }
    }

    private void onEager(
        final int context, final int source, final int tag, final long bytes, final Primitive sentKind, final Landing landing)
    {
        final int kindSize = sentKind.sizeBytes();
        final ContextQueues queues = device.queues(context);
        queues.lock();
        final RecvRequest recv = queues.takePosted(source, tag);
        if (recv != null)
        {
            queues.unlock();
            landInto(recv, source, tag, bytes, kindSize, landing);
            // Matched on arrival: nothing is held, so the credit goes straight back.
            onEagerConsumedWhileReading(bytes);
            return;
        }
        final Unexpected entry = queues.obtainEntry();
        queues.unlock();
        entry.setRemoteEager(context, source, tag, bytes, this);
        final Object scratch = entry.eagerScratch(sentKind, (int)bytes);
        landing.into(scratch, entry.eagerKind, 0, bytes, bytes);
        landing.entry = entry;
        landing.queues = queues;
    }

    private void queueArrived(final ContextQueues queues, final Unexpected entry)
    {
        queues.lock();
        // A receive may have been posted while the payload was read, after the header found none.
        final RecvRequest recv = queues.takePosted(entry.source, entry.tag);
        if (recv == null)
        {
            queues.appendUnexpected(entry);
            queues.unlock();
            return;
        }
        queues.deliverAndUnlock(entry, recv, device.waitersMayPark());
    }

    private void onAnnounced(final int context, final int source, final int tag, final long bytes, final long sendId, final long head)
    {
        final ContextQueues queues = device.queues(context);
        queues.lock();
        final RecvRequest recv = queues.takePosted(source, tag);
        if (recv != null)
        {
            queues.unlock();
            clearToSend(sendId, recv, source, tag, bytes);
            return;
        }
        final Unexpected entry = queues.obtainEntry();
        entry.setRemoteRendezvous(context, source, tag, bytes, this, sendId, head);
        queues.appendUnexpected(entry);
        queues.unlock();
    }

    private void onClearToSend(final long sendId, final long recvId, final int flags)
    {
        final SendRequest send = announcedSends.remove(sendId);
        if (send == null)
        {
            throw new IllegalStateException("clear-to-send for rendezvous " + sendId + ", which is not pending");
        }
        final PayloadPull payloadPull = pull;
        if ((flags & FrameDescriptor.PULL) != 0 && payloadPull != null)
        {
            payloadPull.expose(send, recvId);
            return;
        }
        streamData(send, recvId);
    }

    private void onData(final long recvId, final long bytes, final int kindSize, final Landing landing)
    {
        final RecvRequest recv = awaitedData.remove(recvId);
        if (recv == null)
        {
            throw new IllegalStateException("data for receive " + recvId + ", which is not waiting");
        }
        final boolean streamedInstead = recv.pullAsked;
        if (streamedInstead)
        {
            recv.pullAsked = false;
            pull.onStreamedInstead();
        }
        landInto(recv, recv.arrivingSource, recv.arrivingTag, bytes, kindSize, landing);
        if (!streamedInstead)
        {
            // A payload streamed after a refused pull took the time of both; only a stream asked for is timed.
            landing.clearedNanos = recv.clearedNanos;
            landing.pulled = false;
        }
    }

    private void onCancel(final int context, final long sendId)
    {
        final ContextQueues queues = device.queues(context);
        queues.lock();
        final Unexpected entry = queues.takeRemoteRendezvous(this, sendId);
        if (entry != null)
        {
            queues.recycle(entry);
        }
        queues.unlock();
        writer.write(FrameDescriptor.CANCEL_ACK, entry != null ? 1 : 0, context, 0, 0, 0, sendId, 0, null, Primitive.BYTE, 0, 0, null);
    }

    private void onCancelAnswer(final long sendId, final boolean withdrawn)
    {
        if (withdrawn)
        {
            final SendRequest send = announcedSends.remove(sendId);
            if (send != null)
            {
                send.completeCancelled();
            }
        }
        // Not withdrawn: a clear-to-send is on its way or has been served; the send completes normally.
    }

    private static void landInto(
        final RecvRequest recv, final int source, final int tag, final long bytes, final int kindSize, final Landing landing)
    {
        final long keep = recv.bytesToKeep(bytes, kindSize);
        landing.into(recv.landingArray(), recv.landingKind(), recv.landingOffset(), keep, bytes);
        landing.recv = recv;
        landing.source = source;
        landing.tag = tag;
    }

    private boolean takeCredit(final long cost)
    {
        long available = credit.get();
        while (available >= cost)
        {
            if (credit.compareAndSet(available, available - cost))
            {
                return true;
            }
            available = credit.get();
        }
        return false;
    }

    private static long headOf(final SendRequest send)
    {
        final int bytes = (int)Math.min(8, send.byteCount);
        if (bytes == 0)
        {
            return 0;
        }
        final byte[] head = HEAD_SCRATCH.get();
        ArrayCopy.copy(send.buffer, send.kind, send.offset, head, Primitive.BYTE, 0, bytes);
        long value = 0;
        for (int i = bytes - 1; i >= 0; i--)
        {
            value = (value << 8) | (head[i] & 0xff);
        }
        return value;
    }
}
