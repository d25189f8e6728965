package org.openmpj.matching;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import org.openmpj.OpenMpjException;
import org.openmpj.concurrent.IdleStrategy;
import org.openmpj.concurrent.PaddedCounter;
import org.openmpj.device.Device;
import org.openmpj.device.DeviceCapabilities;
import org.openmpj.device.JobControl;
import org.openmpj.Primitive;
import org.openmpj.device.ProbeResult;
import org.openmpj.device.ReceiveRequest;
import org.openmpj.device.SegmentPayloads;
import org.openmpj.device.Request;
import org.openmpj.SendMode;

/**
 * A {@link Device} made of the one matcher and its protocols over {@link Transport}s that only move data.
 *
 * <p>Protocols: a send whose receive is posted is copied straight into the receive buffer. Otherwise a
 * standard send of at most the transport's eager limit is copied into the receiver's unexpected queue and
 * completes at once; a larger one, or a synchronous one, waits there as a rendezvous until a receive takes
 * it, reading the sender's array directly. Flow control: once the eager copies queued at a receiver take
 * {@code unexpectedLimitBytes} of its heap (payload and bookkeeping, so that a flood of tiny messages counts for the memory
 * it takes), further sends to it wait as rendezvous, so a fast sender cannot exhaust a slow receiver's memory.
 *
 * <p>Thread-safety: all methods may be called by any number of threads. Blocking calls use per-thread
 * pooled requests, so a blocking send or receive allocates nothing in steady state.
 */
public final class MatchingDevice implements Device
{
    static final int ANY_SOURCE = Device.ANY_SOURCE;
    static final int ANY_TAG = Device.ANY_TAG;

    private final String name;
    private final DeviceCapabilities capabilities;
    private final int rank;
    private final int size;
    private final Matcher matcher;
    private final IdleStrategy idle;
    /** Whether a waiting thread may park, so that completing a request must check for a thread to wake. */
    private final boolean waitersMayPark;
    private final JobControl job;
    /** Ends the waits a lost rank leaves without an end, in a job that survives lost ranks; else null. */
    private final LostPeerWaits lostPeers;
    private final long unexpectedLimitBytes;
    private final long eagerShareBytes;
    private final ThreadLocal<PooledRequests> pooled = ThreadLocal.withInitial(PooledRequests::new);
    /** Receives posted by this rank, for senders that wait for room in a mailbox to see that it is still receiving. */
    private final PaddedCounter receivesPosted = new PaddedCounter();
    private Transport[] routes;
    /** Each distinct transport once, for progress and closing. */
    private Transport[] transports;
    private long smallestPairedCopyBytes = Long.MAX_VALUE;
    private java.lang.foreign.MemorySegment worldBoard;
    private long eagerLimitBytes;
    /** The one transport that can block a waiting thread until data arrives, or null (then waiters park). */
    private Transport blockingTransport;
    /** Ends a block in {@link #blockingTransport} when a request completes in this process. */
    private Runnable blockingWaker;
    /**
     * The first block of a wait in the transport; each further block of the same wait lasts twice as long, up to the
     * transport's {@link Transport#longestBlockNs()}, after which the thread checks the job and its request again.
     */
    private static final long BLOCK_NS = 1_000_000;
    /** The longest stretch of {@link #awaitStretch}, within which an oversubscribed wait (parking each step) finds a mismatch. */
    private static final long STRETCH_NS = 250_000_000L;
    /** How many spinning steps of a stretch pass between looks at the clock; a power of two. */
    private static final int CLOCK_STEPS = 256;

    /**
     * @param name                 the device name reported to users.
     * @param capabilities         what the device can do.
     * @param rank                 this rank's world rank.
     * @param size                 the number of ranks.
     * @param idle                 how waiting threads idle.
     * @param job                  the job's liveness, checked while waiting.
     * @param unexpectedLimitBytes the most heap, in bytes, that eager copies queued here take before senders must rendezvous.
     */
    public MatchingDevice(
        final String name, final DeviceCapabilities capabilities, final int rank, final int size,
        final IdleStrategy idle, final JobControl job, final long unexpectedLimitBytes)
    {
        this.name = name;
        this.capabilities = capabilities;
        this.rank = rank;
        this.size = size;
        this.idle = idle;
        this.waitersMayPark = idle.parksAt(Integer.MAX_VALUE);
        this.job = job;
        this.lostPeers = job.survivesRankLoss() ? new LostPeerWaits(job, this) : null;
        this.unexpectedLimitBytes = unexpectedLimitBytes;
        this.matcher = new Matcher(unexpectedLimitBytes);
        this.eagerShareBytes = unexpectedLimitBytes / Math.max(1, size - 1);
    }

    /** Sets the transport that reaches each world rank; called once, before the first send. */
    public void connect(final Transport[] routesByRank)
    {
        if (routesByRank.length != size)
        {
            throw new IllegalArgumentException("need a route to each of " + size + " ranks, got " + routesByRank.length);
        }
        this.routes = routesByRank.clone();
        this.transports = Arrays.stream(routes).distinct().toArray(Transport[]::new);
        this.smallestPairedCopyBytes = Arrays.stream(transports).mapToLong(Transport::smallestPairedCopyBytes).min().orElse(Long.MAX_VALUE);
        // Blocking in one transport would miss arrivals on another; with several, waiters park as usual. Transports that
        // deliver in the sending thread need no block: their completions end it through the request.
        final Transport[] polled = Arrays.stream(transports).filter(t -> !t.deliversInSendingThread()).toArray(Transport[]::new);
        this.blockingTransport = polled.length == 1 ? polled[0] : null;
        this.blockingWaker = blockingTransport == null ? null : blockingTransport.blockedWaker();
        // The limit the engine sees holds for every peer: the smallest of the transports reaching other ranks (this
        // rank's own route may differ, and a rank alone sees its own).
        final Transport[] remote = java.util.stream.IntStream.range(0, size).filter(peer -> peer != rank).mapToObj(peer -> routes[peer])
            .distinct().toArray(Transport[]::new);
        this.eagerLimitBytes = Arrays.stream(remote).mapToLong(Transport::eagerLimitBytes).min().orElse(routes[rank].eagerLimitBytes());
        // A board serves the world only where one transport reaches every other rank.
        this.worldBoard = remote.length == 1 ? remote[0].worldBoard() : null;
    }

    @Override
    public String name()
    {
        return name;
    }

    @Override
    public DeviceCapabilities capabilities()
    {
        return capabilities;
    }

    @Override
    public boolean waitsSpin()
    {
        return idle.spins();
    }

    @Override
    public int rank()
    {
        return rank;
    }

    @Override
    public int size()
    {
        return size;
    }

    @Override
    public long eagerLimitBytes()
    {
        return eagerLimitBytes;
    }

    @Override
    public Request isend(
        final Object buf, final Primitive kind, final int offset, final int count,
        final int dest, final int envelopeSource, final int tag, final int context, final SendMode mode)
    {
        final PooledRequests requests = pooled.get();
        final SendRequest send = requests.nextSend;
        send.start(buf, kind, offset, (long)count * kind.sizeBytes(), dest, envelopeSource, tag, context, mode);
        if (routes[dest].send(send) && send.error() == null)
        {
            // Done as it started (an eager copy): nothing is left to wait for or cancel, and the request is reused.
            send.recycle();
            return SendRequest.SENT;
        }
        requests.nextSend = new SendRequest();
        return send;
    }

    @Override
    public void send(
        final Object buf, final Primitive kind, final int offset, final int count,
        final int dest, final int envelopeSource, final int tag, final int context, final SendMode mode)
    {
        final SendRequest send = pooled.get().send;
        send.start(buf, kind, offset, (long)count * kind.sizeBytes(), dest, envelopeSource, tag, context, mode);
        try
        {
            if (!routes[dest].send(send))
            {
                await(send);
            }
            throwIfFailed(send);
        }
        finally
        {
            if (send.isComplete())
            {
                send.recycle();
            }
            else
            {
                // A failed job left the send queued somewhere: never reuse it, the receiver may still read it.
                pooled.get().send = PooledRequests.own(new SendRequest());
            }
        }
    }

    @Override
    public ReceiveRequest irecv(
        final Object buf, final Primitive kind, final int offset, final int count,
        final int source, final int tag, final int context)
    {
        final RecvRequest recv = new RecvRequest();
        recv.start(buf, kind, offset, (long)count * kind.sizeBytes(), source, tag, context);
        post(recv);
        return recv;
    }

    @Override
    public Request isend(
        final MemorySegment buf, final int dest, final int envelopeSource, final int tag, final int context, final SendMode mode)
    {
        final SendRequest send = new SendRequest();
        send.start(SegmentPayloads.readable(buf), Primitive.BYTE, 0, buf.byteSize(), dest, envelopeSource, tag, context, mode);
        routes[dest].send(send);
        return send;
    }

    @Override
    public ReceiveRequest irecv(final MemorySegment buf, final int source, final int tag, final int context)
    {
        final RecvRequest recv = new RecvRequest();
        recv.start(SegmentPayloads.writable(buf), Primitive.BYTE, 0, buf.byteSize(), source, tag, context);
        post(recv);
        return recv;
    }

    @Override
    public ReceiveRequest recv(
        final Object buf, final Primitive kind, final int offset, final int count,
        final int source, final int tag, final int context)
    {
        final PooledRequests requests = pooled.get();
        final RecvRequest recv = requests.blockingRecv();
        recv.start(buf, kind, offset, (long)count * kind.sizeBytes(), source, tag, context);
        return awaitBlocking(requests, recv);
    }

    @Override
    public ReceiveRequest recvAllocating(final int source, final int tag, final int context)
    {
        final PooledRequests requests = pooled.get();
        final RecvRequest recv = requests.blockingRecv();
        recv.startAllocating(source, tag, context);
        return awaitBlocking(requests, recv);
    }

    /** Posts the calling thread's blocking receive and waits for it; @return it, complete. */
    private RecvRequest awaitBlocking(final PooledRequests requests, final RecvRequest recv)
    {
        post(recv);
        try
        {
            await(recv);
        }
        catch (final OpenMpjException ex)
        {
            if (!cancel(recv) && !recv.isComplete())
            {
                // Matched but not filled: a transport may still write into it, so it is never reused.
                requests.recv = PooledRequests.own(new RecvRequest());
            }
            throw ex;
        }
        return recv;
    }

    @Override
    public Request isendReusing(
        final int slot, final Object buf, final Primitive kind, final int offset, final int count,
        final int dest, final int envelopeSource, final int tag, final int context)
    {
        final SendRequest send = pooled.get().stepSendToStart(slot);
        send.start(buf, kind, offset, (long)count * kind.sizeBytes(), dest, envelopeSource, tag, context, SendMode.STANDARD);
        routes[dest].send(send);
        return send;
    }

    @Override
    public ReceiveRequest irecvReusing(
        final int slot, final Object buf, final Primitive kind, final int offset, final int count,
        final int source, final int tag, final int context)
    {
        final RecvRequest recv = pooled.get().stepRecvToStart(slot, this);
        recv.start(buf, kind, offset, (long)count * kind.sizeBytes(), source, tag, context);
        post(recv);
        return recv;
    }

    @Override
    public ReceiveRequest irecvAllocating(final int source, final int tag, final int context)
    {
        final RecvRequest recv = new RecvRequest();
        recv.startAllocating(source, tag, context);
        post(recv);
        return recv;
    }

    @Override
    public boolean iprobe(final int source, final int tag, final int context, final ProbeResult result)
    {
        // A program may poll with nothing but probes, so a probe that finds nothing reads the transports before it
        // looks once more: on a transport that only the reading side moves (tcp), nothing else would ever bring the
        // message in.
        return findUnexpected(source, tag, context, result) || progress() > 0 && findUnexpected(source, tag, context, result);
    }

    private boolean findUnexpected(final int source, final int tag, final int context, final ProbeResult result)
    {
        final ContextQueues queues = matcher.queues(context);
        queues.lock();
        try
        {
            final Unexpected entry = queues.findUnexpected(source, tag);
            if (entry == null)
            {
                return false;
            }
            result.set(entry.source, entry.tag, entry.byteCount);
            final int head = (int)Math.min(ProbeResult.HEAD_BYTES, entry.byteCount);
            entry.copyHead(result.head(), head);
            result.setHeadLength(head);
            return true;
        }
        finally
        {
            queues.unlock();
        }
    }

    @Override
    public boolean cancel(final Request request)
    {
        if (request instanceof RecvRequest recv)
        {
            return cancelReceive(recv);
        }
        if (request instanceof SendRequest send)
        {
            return cancelSend(send);
        }
        return false;
    }

    @Override
    public void await(final Request request)
    {
        int round = 0;
        try
        {
            while (!request.isComplete())
            {
                round = waitStep(request, round);
            }
        }
        finally
        {
            idle.endWait(round);
        }
    }

    @Override
    public int awaitStretch(final Request request, final int round, final int steps)
    {
        int now = round;
        long deadline = 0;
        // Steps rather than rounds end the stretch: a strategy may hold its round still, as a budgeted spin does.
        for (int step = 0; step < steps && !request.isComplete(); step++)
        {
            now = waitStep(request, now);
            // The clock is read every CLOCK_STEPS steps of spinning, and after every step that may have parked: a read costs
            // more than a spinning step (20-50 ns in a VM), and most waits end within a few steps.
            if ((step & CLOCK_STEPS - 1) == CLOCK_STEPS - 1 || idle.parksAt(now))
            {
                final long time = System.nanoTime();
                if (deadline == 0)
                {
                    deadline = time + STRETCH_NS;
                }
                else if (time - deadline > 0)
                {
                    break;
                }
            }
        }
        return now;
    }

    @Override
    public int awaitStep(final int round)
    {
        if (progress() > 0)
        {
            return round;
        }
        job.checkAlive();
        return idle.idle(round);
    }

    @Override
    public JobControl job()
    {
        return job;
    }

    @Override
    public void failIfPeerLost(final Request request)
    {
        if (lostPeers != null)
        {
            lostPeers.failIfLost(request);
        }
    }

    @Override
    public void endWait(final int round)
    {
        idle.endWait(round);
    }

    /**
     * One step of waiting for {@code request}: makes progress, and when there was nothing to do checks the job and idles.
     *
     * @return the round to pass to the next step.
     */
    private int waitStep(final Request request, final int round)
    {
        // Progress before the job's state: a message that arrived before another rank failed is still delivered, as a
        // receive that can complete completes; only a wait with nothing left to take in learns of the failure.
        if (progress() > 0)
        {
            return round;
        }
        job.checkAlive();
        if (lostPeers != null)
        {
            lostPeers.failIfLost(request);
        }
        if (!idle.parksAt(round))
        {
            return idle.idle(round);
        }
        int next = round;
        if (request.prepareToPark())
        {
            next = parkOrBlock(request, round);
        }
        request.parked();
        return next;
    }

    /**
     * The park step of a wait: a transport whose arrivals only the operating system sees blocks there, so that arriving
     * data wakes the thread at once; otherwise the idle strategy parks.
     */
    private int parkOrBlock(final Request request, final int round)
    {
        final Transport blocking = blockingTransport;
        if (blocking != null)
        {
            request.blockedIn(blockingWaker);
            try
            {
                // Registering the waker then reading the state pairs with completion's store of the state then load of
                // the waker: a completion that came before the registration is seen here, and any later one ends the block.
                if (request.isComplete())
                {
                    return round;
                }
                final long blockNs = Math.min(blocking.longestBlockNs(), BLOCK_NS << Math.min(idle.parkedRounds(round), 16));
                if (blocking.blockForArrival(blockNs, request))
                {
                    return round == Integer.MAX_VALUE ? round : round + 1;
                }
            }
            finally
            {
                request.blockedIn(null);
            }
        }
        return idle.idle(round);
    }

    @Override
    public boolean isQuiet(final int context)
    {
        // A message that has reached this rank but waits in a transport (a mailbox, a ring) is not yet in the queues.
        progress();
        return matcher.isQuiet(context);
    }

    @Override
    public org.openmpj.device.PairedCopy pairedCopy(final int peer, final long sendBytes, final long recvBytes, final boolean shared)
    {
        final Transport[] known = routes;
        // Most exchanges are below every transport's threshold (2 shm ranks, Bcast of 8 B: the lookup took 2-3% of the time).
        return known == null || Math.max(sendBytes, recvBytes) < smallestPairedCopyBytes || peer < 0 || peer >= known.length
            || known[peer] == null ? null : known[peer].pairedCopy(peer, sendBytes, recvBytes, shared);
    }

    @Override
    public MemorySegment worldBoard()
    {
        return worldBoard;
    }

    @Override
    public int progress()
    {
        final Transport[] all = transports;
        if (all.length == 1)
        {
            return all[0].doWork();
        }
        int work = 0;
        for (final Transport transport : all)
        {
            work += transport.doWork();
        }
        return work;
    }

    @Override
    public void announceFailure(final String report)
    {
        forEachTransport(transport -> transport.announceFailure(report));
    }

    @Override
    public void close()
    {
        forEachTransport(Transport::close);
    }

    private void forEachTransport(final java.util.function.Consumer<Transport> action)
    {
        final Transport[] connected = transports;
        for (final Transport transport : connected == null ? new Transport[0] : connected)
        {
            action.accept(transport);
        }
    }

    /** @return the matching queues of {@code context}. */
    ContextQueues queues(final int context)
    {
        return matcher.queues(context);
    }

    /** @return whether waiting threads may park, so that completions must check for one to wake. */
    boolean waitersMayPark()
    {
        return waitersMayPark;
    }

    /**
     * The arrival of a send from a rank in this JVM, called by the sending thread of a transport that shares
     * memory with its peers: matches it against this rank's posted receives and copies it, queues an eager
     * copy, or queues it as a rendezvous.
     *
     * @param eagerLimitBytes the sending transport's eager limit.
     * @return true when the send has completed.
     */
    public boolean onLocalArrival(final SendRequest send, final long eagerLimitBytes)
    {
        return onLocalArrival(send, eagerLimitBytes, null, false);
    }

    /**
     * As {@link #onLocalArrival(SendRequest, long)}, but a message over {@code eagerLimitBytes} that matches a posted
     * receive is handed to {@code receiverCopies}, this rank's, for this rank's thread to copy; the sender then waits for
     * it as for a rendezvous. Only for a rank that drains {@code receiverCopies} whenever it makes progress.
     *
     * @param receiverCopies where this rank takes the copies of large messages it makes itself; null: the sender copies.
     * @param senderIsLower  whether the sending rank's number is below this rank's (see {@link ReceiverCopies}).
     */
    public boolean onLocalArrival(
        final SendRequest send, final long eagerLimitBytes, final ReceiverCopies receiverCopies, final boolean senderIsLower)
    {
        // Before the send is published under the lock: a receive that finds it waiting shares the copy with its rank.
        send.senderHelps = receiverCopies != null;
        send.senderIsLower = senderIsLower;
        final ContextQueues queues = matcher.queues(send.context);
        queues.lock();
        final RecvRequest recv = queues.takePosted(send.envelopeSource, send.tag);
        if (recv != null)
        {
            queues.unlock();
            if (receiverCopies != null && send.byteCount > eagerLimitBytes && recv.holdsWhole(send.byteCount))
            {
                receiverCopies.push(send, recv);
                return false;
            }
            recv.deliver(send.buffer, send.kind, send.offset, send.byteCount, send.envelopeSource, send.tag, waitersMayPark);
            // The sending thread completes its own request before handing it to anyone: no waiter to wake.
            send.completeSent(false);
            return true;
        }
        final Unexpected entry = queues.obtainEntry();
        entry.setEnvelope(send);
        final boolean eager = send.mode != SendMode.SYNCHRONOUS
            && send.byteCount <= eagerLimitBytes
            && matcher.eagerBytesQueued() + Unexpected.footprintOf(send.byteCount) <= unexpectedLimitBytes;
        if (eager)
        {
            entry.copyEager(send);
        }
        else
        {
            entry.rendezvous = send;
        }
        queues.appendUnexpected(entry);
        send.queuedAs = entry;
        send.queuedAt = queues;
        queues.unlock();
        if (eager)
        {
            send.completeSent(false);
        }
        return eager;
    }

    /**
     * @return a count that changes whenever this rank posts a receive: a sender waiting for this rank to read its mailbox
     *         sees that the rank still receives, if from its unexpected queue.
     */
    public int receivesPosted()
    {
        return receivesPosted.get();
    }

    /** @return the heap, in bytes, that eager copies waiting at this rank take now (see {@link Unexpected#footprintOf}). */
    long eagerBytesQueued()
    {
        return matcher.eagerBytesQueued();
    }

    /** @return the most heap, in bytes, that eager copies at this rank take before senders must wait for its receives. */
    long unexpectedLimitBytes()
    {
        return unexpectedLimitBytes;
    }

    /** @return the share of {@link #unexpectedLimitBytes} one sending rank may use between looks at this rank's count. */
    long eagerShareBytes()
    {
        return eagerShareBytes;
    }

    /**
     * Matches a message read from an {@link InlineMailbox} of this rank, its payload at element {@code at} of {@code from}
     * and sent from an array of {@code kind}: a posted receive is filled from the slot, otherwise the message is copied into
     * the unexpected queue. Called by the thread reading the mailbox.
     */
    void onInlineArrival(
        final int context, final int source, final int tag, final Primitive kind, final long[] from, final int at, final int bytes)
    {
        final ContextQueues queues = matcher.queues(context);
        queues.lock();
        final RecvRequest recv = queues.takePosted(source, tag);
        if (recv != null)
        {
            queues.unlock();
            final long keep = recv.bytesToKeep(bytes, kind.sizeBytes());
            InlineMailbox.copyOut(from, at, recv.landingArray(), recv.landingKind(), recv.landingOffset(), (int)keep);
            recv.completeLanded(source, tag, bytes, keep, waitersMayPark);
            return;
        }
        final Unexpected entry = queues.obtainEntry();
        entry.setEnvelope(context, source, tag, bytes);
        entry.copyEager(kind, from, at, bytes);
        queues.appendUnexpected(entry);
        queues.unlock();
    }

    private void post(final RecvRequest recv)
    {
        receivesPosted.advance();
        if (lostPeers != null)
        {
            lostPeers.stamp(recv);
        }
        final ContextQueues queues = matcher.queues(recv.context);
        queues.lock();
        final Unexpected entry = queues.takeUnexpected(recv.sourceFilter, recv.tagFilter);
        if (entry == null)
        {
            queues.appendPosted(recv);
            queues.unlock();
            return;
        }
        queues.deliverAndUnlock(entry, recv, waitersMayPark);
    }

    private boolean cancelReceive(final RecvRequest recv)
    {
        final ContextQueues queues = recv.postedAt;
        if (queues == null)
        {
            return false;
        }
        final boolean removed;
        queues.lock();
        try
        {
            removed = queues.removePosted(recv);
        }
        finally
        {
            queues.unlock();
        }
        if (removed)
        {
            recv.completeCancelled();
        }
        return removed;
    }

    private static boolean cancelSend(final SendRequest send)
    {
        final PeerProtocol remote = send.remote;
        if (remote != null)
        {
            return remote.cancel(send);
        }
        final ContextQueues holder = send.queuedAt;
        if (holder == null)
        {
            return false;
        }
        final boolean wasRendezvous;
        holder.lock();
        try
        {
            final Unexpected entry = send.queuedAs;
            if (entry == null || !entry.queued || !entry.isFrom(send))
            {
                return false;
            }
            wasRendezvous = entry.rendezvous == send;
            holder.removeUnexpected(entry);
            holder.recycle(entry);
        }
        finally
        {
            holder.unlock();
        }
        if (wasRendezvous)
        {
            send.completeCancelled();
        }
        else
        {
            send.markCancelled();
        }
        return true;
    }

    private static void throwIfFailed(final Request request)
    {
        final OpenMpjException error = request.error();
        if (error != null)
        {
            throw error;
        }
    }
}
