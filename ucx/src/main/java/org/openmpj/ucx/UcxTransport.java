package org.openmpj.ucx;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.concurrent.Pool;
import org.openmpj.concurrent.ReentrantSpinLock;
import org.openmpj.device.BufferCopy;
import org.openmpj.device.JobControl;
import org.openmpj.Primitive;
import org.openmpj.device.Request;
import org.openmpj.matching.FrameDescriptor;
import org.openmpj.matching.MatchingDevice;
import org.openmpj.matching.OutFrame;
import org.openmpj.matching.PeerProtocol;
import org.openmpj.matching.SendRequest;
import org.openmpj.matching.Transport;
import org.openmpj.os.ProcessWatch;
import org.openmpj.transport.tcp.LivenessRing;

/**
 * Carries a rank's frames to its peers as UCX active messages, under the one matcher's eager and rendezvous protocols
 * ({@link PeerProtocol}): UCX moves bytes, the matcher decides what they are.
 *
 * <ul>
 *   <li>A frame is copied into a registered staging slot, which UCX owns until the send completes: UCX may keep a pointer
 *       to what it sends, and the GC moves arrays. (UCX 1.13 finishes at once, leaving no pointer, only the sends that fit
 *       its short protocol, a few dozen bytes with this device's header: too few to send any differently.)</li>
 *   <li>Eager frames are sent with UCX's eager protocol, so their payload is in hand when the frame is matched, and the
 *       order of arrivals is the order of matching.</li>
 *   <li>A rendezvous payload leaves in pieces, each copied into a free slot while the previous ones move, by UCX's eager
 *       copies or, from {@link UcxDeviceProvider#RENDEZVOUS_BYTES_PROP_NAME} on (by default only to peers that UCX
 *       reaches over a network), by UCX's own zero-copy rendezvous (RDMA on InfiniBand) in larger pieces; a piece that
 *       arrives by rendezvous is received into a registered slot and copied out into the receive's array.</li>
 * </ul>
 *
 * <p>Thread-safety: any number of threads may send and make progress at once. The worker is UCX-serialized: every call on
 * it is made under {@link #lock}, which the progressing thread holds while UCX calls back, so frames written from inside
 * a callback take it again.
 */
final class UcxTransport implements Transport
{
    private static final int HEADER = AmHeaderDescriptor.HEADER_BYTES;
    /** Where a staging slot's payload starts: the header comes first, and a cache line keeps the payload aligned. */
    private static final int SLOT_PAYLOAD_OFFSET = 64;
    private static final int CLOSE_GRACE_MS = 2000;
    /** How long a peer's end waits for its cause to come round the liveness ring (a hop or two) before it is reported bare. */
    private static final long CAUSE_WAIT_MS = 250;
    /**
     * Pieces of one payload that UCX's rendezvous may move at once. Measured over UCX's TCP with 1 MiB pieces: a 4 MiB
     * payload took 1011 µs one-way with two pieces at a time and 1611 with eight (and 1618 as one 4 MiB piece); 1 MiB
     * took 236 and 278 µs.
     */
    private static final int RENDEZVOUS_PIECES_IN_FLIGHT = 2;

    private final JobControl job;
    private final int rank;
    private final long eagerLimitBytes;
    private final UcxContext ucx;
    private final long worker;
    private final UcxPeer[] peers;
    private final ReentrantSpinLock lock = new ReentrantSpinLock();
    private final Arena arena = Arena.ofShared();
    private final SlotPool sendSlots;
    private final SlotPool receiveSlots;
    private final int pieceBytes;
    private final int eagerPieceBytes;
    private final UcxSettings settings;
    private final InFlight inFlight = new InFlight();
    private final Arrivals arrivals;
    private final int registration;
    private final boolean mayBlock;
    private final MemorySegment pollDescriptor;
    private final Runnable wakeBlocked;
    private final ProcessWatch watch;
    /**
     * The liveness ring beside UCX's own keepalive, closed with the transport: it finds hosts that fall silent and carries
     * the cause of a rank's failure to every rank; null until {@link #closeWith}.
     */
    private volatile LivenessRing ring;
    /** By rank: the process of each peer on this host that the watch follows, 0 elsewhere; set by {@link #connect}. */
    private long[] watchedPids = new long[0];

    private final long stagedEager;
    /** Rendezvous data that leaves by UCX's own rendezvous (zero-copy from the registered slot). */
    private final long stagedRendezvous;
    /** Rendezvous data that leaves by UCX's rendezvous straight from the sender's native memory, which UCX registers itself. */
    private final long directRendezvous;

    /** Spent chunked sends kept for reuse: one per large send in flight, of which a rank rarely has more than 1024. */
    private final Pool<ChunkedSend> spentChunked = new Pool<>(1024, ChunkedSend::new);
    private ChunkedSend waitingChunked;
    private int backloggedPeers;
    private volatile boolean closing;

    /**
     * @param routed   the ranks this transport leads to.
     * @param mayBlock whether a waiting thread may sleep on the worker's event descriptor (the worker was made with
     *                 wake-up support).
     */
    UcxTransport(
        final MatchingDevice device, final UcxContext ucx, final int rank, final int size, final int[] routed, final JobControl job,
        final UcxSettings settings, final boolean mayBlock)
    {
        this.job = job;
        this.rank = rank;
        this.eagerLimitBytes = settings.eagerLimitBytes();
        this.ucx = ucx;
        this.worker = ucx.worker();
        this.pieceBytes = settings.pieceBytes();
        this.eagerPieceBytes = settings.eagerPieceBytes();
        this.settings = settings;
        this.peers = new UcxPeer[size];
        for (final int peer : routed)
        {
            final PeerProtocol protocol = new PeerProtocol(device, eagerLimitBytes, settings.windowBytes());
            peers[peer] = new UcxPeer(peer, protocol, this);
            protocol.attach(peers[peer]);
        }
        final int slots = settings.slots();
        this.sendSlots = new SlotPool(ucx, slots, pieceBytes + SLOT_PAYLOAD_OFFSET);
        this.receiveSlots = new SlotPool(ucx, slots, pieceBytes);
        this.stagedEager = requestParams(UcpStructs.OP_ATTR_FIELD_FLAGS | UcpStructs.OP_ATTR_FIELD_MEMH,
            UcpStructs.AM_SEND_FLAG_EAGER, sendSlots.memoryHandle());
        this.stagedRendezvous = requestParams(UcpStructs.OP_ATTR_FIELD_FLAGS | UcpStructs.OP_ATTR_FIELD_MEMH,
            UcpStructs.AM_SEND_FLAG_RNDV, sendSlots.memoryHandle());
        this.directRendezvous = requestParams(UcpStructs.OP_ATTR_FIELD_FLAGS, UcpStructs.AM_SEND_FLAG_RNDV, 0);
        this.arrivals = new Arrivals(this, peers, worker, receiveSlots, requestParams(UcpStructs.OP_ATTR_FIELD_MEMH, 0,
            receiveSlots.memoryHandle()), requestParams(0, 0, 0), inFlight, pieceBytes);
        this.mayBlock = mayBlock;
        final int eventDescriptor = mayBlock ? ucx.eventDescriptor() : -1;
        this.pollDescriptor = arena.allocate(8);
        pollDescriptor.set(ValueLayout.JAVA_INT, 0, eventDescriptor);
        // POLLIN
        pollDescriptor.set(ValueLayout.JAVA_SHORT, 4, (short)1);
        this.wakeBlocked = mayBlock ? ucx::signal : null;
        this.watch = new ProcessWatch("openmpj-ucx-watch-" + rank, this::onProcessEnded);
        this.registration = Upcalls.register(this);
        ucx.setAmHandler(AmHeaderDescriptor.AM_ID, Upcalls.ACTIVE_MESSAGE, registration);
    }

    /**
     * Connects to every peer, whose worker addresses are given by rank (null for this rank), asks UCX how it reaches each
     * (which decides how large payloads move to it), and watches the processes of the peers on this host, whose failure
     * UCX's shared-memory transports do not report.
     *
     * @param pids the process of each rank.
     */
    void connect(final byte[][] addresses, final int[] sameHostRanks, final long[] pids)
    {
        final long own = ProcessHandle.current().pid();
        final long[] watching = new long[peers.length];
        for (int peer = 0; peer < peers.length; peer++)
        {
            if (peers[peer] != null)
            {
                final boolean sameHost = java.util.Arrays.binarySearch(sameHostRanks, peer) >= 0;
                peers[peer].endpoint = ucx.connect(addresses[peer], !sameHost, Upcalls.ENDPOINT_FAILED, ((long)registration << 32) | peer,
                    peer);
                peers[peer].rendezvousFromBytes = settings.rendezvousBytesTowards(
                    EndpointLanes.isSharedMemory(ucx.activeMessageTransport(peers[peer].endpoint)));
                if (sameHost && pids[peer] != own)
                {
                    watching[peer] = pids[peer];
                    watch.watch(pids[peer], peer);
                }
            }
        }
        watchedPids = watching;
    }

    private void onProcessEnded(final long pid, final int peer)
    {
        if (!closing && !peers[peer].protocol.peerFinished())
        {
            awaitCause();
            job.reportFailure(peer, "rank " + peer + " (process " + pid + ") ended without MPI.Finalize, as seen by rank " + rank
                + ": it died or exited" + othersEnded(peer));
            if (wakeBlocked != null)
            {
                wakeBlocked.run();
            }
        }
    }

    /**
     * A peer that fails sends why round the liveness ring just before its process ends, and the news may reach this rank
     * through others a little after the end itself: waits that long for it, so that the job's failure names the cause.
     */
    private void awaitCause()
    {
        final long deadlineNs = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CAUSE_WAIT_MS);
        while (ring != null && !job.hasFailed() && System.nanoTime() < deadlineNs)
        {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
    }

    @Override
    public void announceFailure(final String report)
    {
        final LivenessRing liveness = ring;
        if (liveness != null)
        {
            liveness.announceFailure(report);
        }
    }

    /**
     * @return "; rank Q (process Y) had ended too" for every other watched peer whose process is gone by now, or nothing: the
     *         watch sees processes end in its own order, and a rank that exits because it learned of another's death may be
     *         seen first, so the earlier death is named beside it.
     */
    private String othersEnded(final int peer)
    {
        final StringBuilder ended = new StringBuilder();
        final long[] watching = watchedPids;
        for (int other = 0; other < watching.length; other++)
        {
            if (other != peer && watching[other] != 0 && !peers[other].protocol.peerFinished()
                && ProcessHandle.of(watching[other]).map(handle -> !handle.isAlive()).orElse(true))
            {
                ended.append("; rank ").append(other).append(" (process ").append(watching[other]).append(") had ended too");
            }
        }
        return ended.toString();
    }

    @Override
    public long eagerLimitBytes()
    {
        return eagerLimitBytes;
    }

    @Override
    public boolean send(final SendRequest send)
    {
        return peers[send.dest()].protocol.send(send);
    }

    @Override
    public int doWork()
    {
        if (!lock.tryLock())
        {
            return 0;
        }
        try
        {
            return progress();
        }
        finally
        {
            lock.unlock();
        }
    }

    /** One round of work with the lock held: UCX's progress (which runs the handlers), then what waited on it. */
    private int progress()
    {
        int work;
        try
        {
            work = (int)Ucp.WORKER_PROGRESS.invokeExact(worker);
        }
        catch (final Throwable ex)
        {
            throw failure("progressing the worker", ex);
        }
        if (inFlight.count > 0)
        {
            work += reapCompleted();
        }
        if (backloggedPeers > 0)
        {
            work += flushBacklogs();
        }
        if (waitingChunked != null)
        {
            work += resumeChunked();
        }
        return work;
    }

    @Override
    public boolean blockForArrival(final long timeoutNs, final Request waitingFor)
    {
        if (!mayBlock || !lock.tryLock())
        {
            return false;
        }
        final boolean armed;
        try
        {
            if (progress() > 0 || waitingFor.isComplete())
            {
                return true;
            }
            armed = ucx.arm();
        }
        finally
        {
            lock.unlock();
        }
        if (armed && !waitingFor.isComplete() && !closing)
        {
            try
            {
                final int ignored = (int)Ucp.POLL.invokeExact(pollDescriptor.address(), 1L, (int)Math.max(1, timeoutNs / 1_000_000));
                assert ignored >= -1;
            }
            catch (final Throwable ex)
            {
                throw failure("sleeping on the worker's event descriptor", ex);
            }
        }
        return true;
    }

    @Override
    public Runnable blockedWaker()
    {
        return wakeBlocked;
    }

    /** A frame for {@code peer}, from {@link UcxPeer#write}. */
    boolean write(
        final UcxPeer peer, final byte type, final int flags, final int context, final int source, final int tag, final long byteCount,
        final long id, final long aux, final Object payload, final Primitive kind, final int offset, final long payloadBytes,
        final SendRequest done)
    {
        lock.lock();
        try
        {
            if (peer.backlogged > 0)
            {
                peer.queue(peer.backlog.obtain(type, flags, context, source, tag, byteCount, id, aux, payload, kind, offset,
                    payloadBytes, done));
                return false;
            }
            return issue(peer, type, flags, context, source, tag, byteCount, id, aux, payload, kind, offset, payloadBytes, done);
        }
        finally
        {
            lock.unlock();
        }
    }

    /**
     * Hands a frame to UCX, with the lock held.
     *
     * @return true when UCX took it whole and is done with it; false when it completes later or waits in the backlog.
     */
    private boolean issue(
        final UcxPeer peer, final byte type, final int flags, final int context, final int source, final int tag, final long byteCount,
        final long id, final long aux, final Object payload, final Primitive kind, final int offset, final long payloadBytes,
        final SendRequest done)
    {
        final boolean data = type == FrameDescriptor.DATA;
        final boolean rendezvous = data && payloadBytes >= peer.rendezvousFromBytes;
        if (data && payloadBytes > (rendezvous ? pieceBytes : eagerPieceBytes))
        {
            startChunked(peer, id, payload, kind, offset, payloadBytes, rendezvous, done);
            return false;
        }
        // A slot is taken first, even for a frame that may go out without one, so that a frame that must wait does so
        // before it takes the credit owed to the peer, which rides on whichever frame leaves next.
        final int slot = sendSlots.take();
        if (slot < 0)
        {
            if (peer.backlogged == 0)
            {
                backloggedPeers++;
            }
            peer.queue(peer.backlog.obtain(type, flags, context, source, tag, byteCount, id, aux, payload, kind, offset, payloadBytes,
                done));
            return false;
        }
        final long at = sendSlots.address(slot);
        final int headerBytes;
        if (type == FrameDescriptor.EAGER)
        {
            final long credit = peer.protocol.takeOwedCredit(AmHeaderDescriptor.COMPACT_MAX_CREDIT);
            AmHeaderDescriptor.encodeCompact(Ucp.MEMORY, at, rank, kind.ordinal(), context, source, tag, credit);
            headerBytes = AmHeaderDescriptor.COMPACT_HEADER_BYTES;
        }
        else
        {
            writeHeader(at, type, kind.ordinal(), flags, context, source, tag, byteCount, id, aux, peer.protocol.takeOwedCredit());
            headerBytes = HEADER;
        }
        final long payloadAt = payloadBytes > 0 ? payloadAddress(at, payload, kind, offset, 0, payloadBytes, rendezvous) : at + SLOT_PAYLOAD_OFFSET;
        final long request = sendFrame(peer, at, headerBytes, payloadAt, payloadBytes, rendezvous);
        if (request == Ucp.UCS_OK || Ucp.isStatus(request))
        {
            sendSlots.give(slot);
            if (request != Ucp.UCS_OK)
            {
                lostPeer(peer, (int)request);
                return false;
            }
            return true;
        }
        inFlight.add(request, InFlight.STAGED_FRAME, slot, peer, done, 0, 0);
        return false;
    }

    private void startChunked(
        final UcxPeer peer, final long recvId, final Object payload, final Primitive kind, final int offset, final long bytes,
        final boolean rendezvous, final SendRequest done)
    {
        final ChunkedSend chunked = spentChunked.take();
        chunked.peer = peer;
        chunked.recvId = recvId;
        chunked.payload = payload;
        chunked.kind = kind;
        chunked.elementOffset = offset;
        chunked.totalBytes = bytes;
        chunked.nextByte = 0;
        chunked.outstanding = 0;
        chunked.rendezvous = rendezvous;
        chunked.done = done;
        continueChunked(chunked);
    }

    /** Hands pieces of {@code chunked} to UCX while slots are free; it waits in a list for more. */
    private void continueChunked(final ChunkedSend chunked)
    {
        final UcxPeer peer = chunked.peer;
        while (chunked.nextByte < chunked.totalBytes)
        {
            final int slot = chunked.rendezvous && chunked.outstanding >= RENDEZVOUS_PIECES_IN_FLIGHT ? -1 : sendSlots.take();
            if (slot < 0)
            {
                if (!chunked.waiting)
                {
                    chunked.waiting = true;
                    chunked.next = waitingChunked;
                    waitingChunked = chunked;
                }
                return;
            }
            final long at = sendSlots.address(slot);
            final long piece = Math.min(chunked.rendezvous ? pieceBytes : eagerPieceBytes, chunked.totalBytes - chunked.nextByte);
            writeHeader(at, chunked.nextByte == 0 ? FrameDescriptor.DATA : AmHeaderDescriptor.PIECE, chunked.kind.ordinal(), 0, 0, 0, 0,
                chunked.totalBytes, chunked.recvId, chunked.nextByte, peer.protocol.takeOwedCredit());
            final long payloadAt = payloadAddress(at, chunked.payload, chunked.kind, chunked.elementOffset, chunked.nextByte, piece,
                chunked.rendezvous);
            final long request = sendFrame(peer, at, HEADER, payloadAt, piece, chunked.rendezvous);
            chunked.nextByte += piece;
            if (request == Ucp.UCS_OK || Ucp.isStatus(request))
            {
                sendSlots.give(slot);
                if (request != Ucp.UCS_OK)
                {
                    lostPeer(peer, (int)request);
                    return;
                }
            }
            else
            {
                chunked.outstanding++;
                inFlight.add(request, InFlight.SENT_PIECE, slot, peer, chunked, 0, 0);
            }
        }
        if (chunked.outstanding == 0)
        {
            finishChunked(chunked);
        }
    }

    private void finishChunked(final ChunkedSend chunked)
    {
        final SendRequest done = chunked.done;
        final PeerProtocol protocol = chunked.peer.protocol;
        chunked.clear();
        spentChunked.give(chunked);
        if (done != null)
        {
            protocol.onWritten(done);
        }
    }

    private int resumeChunked()
    {
        ChunkedSend chunked = waitingChunked;
        waitingChunked = null;
        int work = 0;
        while (chunked != null)
        {
            final ChunkedSend next = chunked.next;
            chunked.next = null;
            chunked.waiting = false;
            continueChunked(chunked);
            work++;
            chunked = next;
        }
        return work;
    }

    private int flushBacklogs()
    {
        int work = 0;
        for (final UcxPeer peer : peers)
        {
            // Each frame leaves with a slot in hand, so none goes back to the end of the backlog, behind later ones.
            while (peer != null && peer.backlogged > 0 && sendSlots.hasFree())
            {
                final OutFrame frame = peer.backlog.poll();
                peer.backlogged--;
                if (peer.backlogged == 0)
                {
                    backloggedPeers--;
                }
                final SendRequest done = frame.done;
                final boolean sent = issue(peer, frame.type, frame.flags, frame.context, frame.source, frame.tag, frame.byteCount,
                    frame.id, frame.aux, frame.payload, frame.payloadKind, frame.payloadOffset, frame.payloadBytes, done);
                peer.backlog.recycle(frame);
                work++;
                if (sent && done != null)
                {
                    peer.protocol.onWritten(done);
                }
            }
        }
        return work;
    }

    private int reapCompleted()
    {
        int work = 0;
        for (int at = inFlight.count - 1; at >= 0; at--)
        {
            final long request = inFlight.requests[at];
            final int status;
            try
            {
                status = (int)Ucp.REQUEST_CHECK_STATUS.invokeExact(request);
                if (status == Ucp.UCS_INPROGRESS)
                {
                    continue;
                }
                Ucp.REQUEST_FREE.invokeExact(request);
            }
            catch (final Throwable ex)
            {
                throw failure("asking UCX about a request", ex);
            }
            final byte kind = inFlight.kinds[at];
            final int slot = inFlight.slots[at];
            final UcxPeer peer = inFlight.peers[at];
            final Object owner = inFlight.owners[at];
            final long offset = inFlight.offsets[at];
            final long length = inFlight.lengths[at];
            inFlight.remove(at);
            work++;
            if (kind == InFlight.RECEIVED_PIECE)
            {
                arrivals.onPieceReceived(slot, (InboundData)owner, offset, length, status);
                continue;
            }
            sendSlots.give(slot);
            if (status != Ucp.UCS_OK)
            {
                lostPeer(peer, status);
            }
            else if (kind == InFlight.STAGED_FRAME)
            {
                if (owner != null)
                {
                    peer.protocol.onWritten((SendRequest)owner);
                }
            }
            else
            {
                final ChunkedSend chunked = (ChunkedSend)owner;
                chunked.outstanding--;
                if (chunked.outstanding == 0 && chunked.nextByte == chunked.totalBytes)
                {
                    finishChunked(chunked);
                }
            }
        }
        return work;
    }

    /** An active message arrived; UCX calls this from its progress, so the lock is held. @return what UCX should do with its data. */
    int onActiveMessage(final long header, final long headerLength, final long data, final long length, final long param)
    {
        return arrivals.onActiveMessage(header, headerLength, data, length, param);
    }

    /** A handler threw: the message broke the protocol, or the matcher failed; either way the job cannot go on. */
    void onHandlerFailed(final long header, final Throwable ex)
    {
        int sender = -1;
        try
        {
            sender = Ucp.MEMORY.get(ValueLayout.JAVA_INT_UNALIGNED, header + AmHeaderDescriptor.SENDER_OFFSET);
        }
        catch (final RuntimeException unreadable)
        {
            // The header itself is bad; the message says so.
        }
        job.reportFailure(sender >= 0 && sender < peers.length ? sender : rank, "ucx: what rank " + sender + " sent to rank " + rank
            + " could not be handled: " + ex);
    }

    /** UCX reports that the endpoint to {@code peer} failed; a peer that said goodbye, or a closing rank, expects it. */
    void onEndpointFailed(final int peer, final int status)
    {
        if (closing || peers[peer] == null || peers[peer].protocol.peerFinished())
        {
            return;
        }
        job.reportFailure(peer, "rank " + peer + " is gone (UCX: " + Ucp.describe(status) + "), as seen by rank " + rank
            + ": it died or exited without MPI.Finalize");
        if (wakeBlocked != null)
        {
            wakeBlocked.run();
        }
    }

    void lostPeer(final UcxPeer peer, final int status)
    {
        onEndpointFailed(peer.rank, status);
        if (!closing)
        {
            job.checkAlive();
        }
    }

    /** Writes the active message's header, this rank and the frame header, straight into the staging slot at {@code address}. */
    private void writeHeader(
        final long address, final byte type, final int kind, final int flags, final int context, final int source, final int tag,
        final long byteCount, final long id, final long aux, final long credit)
    {
        Ucp.MEMORY.set(ValueLayout.JAVA_INT_UNALIGNED, address + AmHeaderDescriptor.SENDER_OFFSET, rank);
        Ucp.MEMORY.set(ValueLayout.JAVA_INT_UNALIGNED, address + AmHeaderDescriptor.VERSION_OFFSET, AmHeaderDescriptor.VERSION);
        FrameDescriptor.encode(Ucp.MEMORY, address + AmHeaderDescriptor.FRAME_OFFSET, type, kind, flags, context, source, tag, byteCount, id,
            aux, credit);
    }

    /** @return where the payload's bytes from {@code fromByte} leave: native memory of a rendezvous, else the slot they are copied to. */
    private static long payloadAddress(
        final long at, final Object payload, final Primitive kind, final int offset, final long fromByte, final long bytes,
        final boolean rendezvous)
    {
        if (rendezvous && payload instanceof MemorySegment memory && memory.isNative())
        {
            return memory.address() + (long)offset * kind.sizeBytes() + fromByte;
        }
        BufferCopy.toSegment(payload, kind, offset, fromByte, Ucp.MEMORY, at + SLOT_PAYLOAD_OFFSET, bytes);
        return at + SLOT_PAYLOAD_OFFSET;
    }

    /** @return UCS_OK, an error status, or the request UCX keeps for the frame whose header is in the slot at {@code at}. */
    private long sendFrame(
        final UcxPeer peer, final long at, final int headerBytes, final long payloadAt, final long bytes, final boolean rendezvous)
    {
        final long params = !rendezvous ? stagedEager : payloadAt == at + SLOT_PAYLOAD_OFFSET ? stagedRendezvous : directRendezvous;
        try
        {
            return (long)Ucp.AM_SEND.invokeExact(peer.endpoint, AmHeaderDescriptor.AM_ID, at, (long)headerBytes, payloadAt, bytes, params);
        }
        catch (final Throwable ex)
        {
            throw failure("sending to rank " + peer.rank, ex);
        }
    }

    private long requestParams(final int attributes, final int flags, final long memoryHandle)
    {
        final MemorySegment params = arena.allocate(UcpStructs.REQUEST_PARAMS_BYTES, 8);
        params.set(ValueLayout.JAVA_INT, UcpStructs.REQUEST_OP_ATTR_MASK_OFFSET, attributes);
        params.set(ValueLayout.JAVA_INT, UcpStructs.REQUEST_FLAGS_OFFSET, flags);
        params.set(ValueLayout.JAVA_LONG, UcpStructs.REQUEST_MEMH_OFFSET, memoryHandle);
        return params.address();
    }

    OpenMpjException failure(final String what, final Throwable ex)
    {
        return new OpenMpjException(ErrorClass.ERR_INTERN, "ucx: rank " + rank + " failed " + what + ": " + ex, ex);
    }

    /** Closes {@code liveness} when this transport closes. */
    void closeWith(final LivenessRing liveness)
    {
        this.ring = liveness;
    }

    @Override
    public void close()
    {
        lock.lock();
        try
        {
            if (closing)
            {
                return;
            }
            closing = true;
            for (final UcxPeer peer : peers)
            {
                if (peer != null)
                {
                    write(peer, FrameDescriptor.GOODBYE, 0, 0, 0, 0, 0, 0, 0, null, Primitive.BYTE, 0, 0, null);
                }
            }
            final long deadline = System.nanoTime() + (job.hasFailed() ? 0 : CLOSE_GRACE_MS * 1_000_000L);
            while (System.nanoTime() - deadline < 0 && !(allSaidGoodbye() && inFlight.count == 0 && backloggedPeers == 0))
            {
                progress();
            }
            watch.close();
            if (ring != null)
            {
                ring.close();
            }
            // A failed job's peers may be gone, and their endpoints would not close in order: a rank of one leaves them.
            final boolean closed = !job.hasFailed() && closeEndpoints(System.nanoTime() + CLOSE_GRACE_MS * 1_000_000L);
            Upcalls.unregister(registration);
            if (closed)
            {
                sendSlots.close();
                receiveSlots.close();
                ucx.close();
                arena.close();
            }
            // Otherwise the worker and what it may still touch are left to the process's end: UCX 1.13 aborts the process
            // when a worker is destroyed while an endpoint's connection set-up is still pending (seen on TCP, when a job
            // failed before every rank had connected).
        }
        finally
        {
            lock.unlock();
        }
    }

    /** @return whether every endpoint closed by {@code deadline}, flushing what was sent on it. */
    private boolean closeEndpoints(final long deadline)
    {
        final long[] closing = new long[peers.length];
        for (final UcxPeer peer : peers)
        {
            if (peer != null && peer.endpoint != 0)
            {
                closing[peer.rank] = ucx.close(peer.endpoint);
            }
        }
        boolean all = true;
        for (int peer = 0; peer < closing.length; peer++)
        {
            while (closing[peer] != 0 && !Ucp.isStatus(closing[peer]))
            {
                try
                {
                    final int status = (int)Ucp.REQUEST_CHECK_STATUS.invokeExact(closing[peer]);
                    if (status != Ucp.UCS_INPROGRESS || System.nanoTime() - deadline > 0)
                    {
                        all &= status != Ucp.UCS_INPROGRESS;
                        Ucp.REQUEST_FREE.invokeExact(closing[peer]);
                        closing[peer] = 0;
                    }
                    else
                    {
                        final int ignored = (int)Ucp.WORKER_PROGRESS.invokeExact(worker);
                        assert ignored >= 0;
                    }
                }
                catch (final Throwable ex)
                {
                    all = false;
                    closing[peer] = 0;
                }
            }
        }
        return all;
    }

    private boolean allSaidGoodbye()
    {
        for (final UcxPeer peer : peers)
        {
            if (peer != null && !peer.protocol.peerFinished())
            {
                return false;
            }
        }
        return true;
    }
}
