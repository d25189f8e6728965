package org.openmpj.transport.shm;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicBoolean;

import org.openmpj.device.ArraySegmentCache;
import org.openmpj.device.PairedCopy;
import org.openmpj.Primitive;
import org.openmpj.os.PairedCopyCall;

/**
 * The paired copy between this rank and one peer of its segment: an exchange of large payloads in which each side pulls
 * the other's with one kernel copy while holding its own still for the other, both at once ({@link PairedCopyCall}),
 * instead of each payload going through a ring with a copy in and a copy out, which the two ranks of an exchange each
 * pay in full. Where ranks spin on a core each, an exchange of 128 KiB blocks took about as long as one copy. A block going
 * one way is pulled by the receiver whole, or, when both offers say the copy is shared and it is
 * {@link #SPLIT_MIN_BYTES} or more, half written by the sender into the receiver's array while the receiver reads the
 * other half: a 2-rank Bcast of 1 MiB took 19 µs a call so, 51-55 pulled whole.
 *
 * <p>Each side publishes its offer in the header of its ring to the peer (see {@link SegmentDescriptor}): a generation,
 * new for every offer, then the context, the tag, the byte counts and whether the copy is shared, then the generation again
 * marked as offered, so that a reader who sees the same marked word before and after reading the fields has read one
 * offer. An offer is ready when the peer's shows the same context, tag and sharing and the mirrored counts; a peer offer
 * with the same context and other fields means the two ranks are not in the same call, and both withdraw. An offer the
 * peer already copied with stays visible until the peer withdraws it, so the generation copied with last is remembered
 * and not taken again.
 *
 * <p>A copy that failed (the kernel refused the call) marks the pair, and neither side offers again; the state word told
 * the peer that its part did not move, and both send what is left as messages.
 *
 * <p>Thread-safety: one offer at a time, claimed with {@link #offer} and released by {@link #copy} or {@link #withdraw};
 * another thread's offer meanwhile is refused.
 */
final class ShmPairedCopy implements PairedCopy
{
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();
    /**
     * How long the copy waits for the peer, beyond {@link PayloadExposer#TIMEOUT_NS_PER_BYTE} per byte, before it withdraws:
     * both ranks saw the other's offer, so the peer is on its way, but its thread may lose its core for a time slice or two
     * (compiler threads take it while the JIT warms up). With budgets that lasted 0.5-2.5 ms, 4 to 17 of the 48 exchanges
     * of the two-JVM system test's program withdrew; with one of about 12 ms, none did; 50 ms leaves room for a busier host.
     */
    private static final long WAIT_NS = 50_000_000;
    /** The smallest one-way block whose copy the two sides split. */
    static final long SPLIT_MIN_BYTES = 64 * 1024;

    private final MemorySegment memory;
    /** Where this side's fields start: the header of its ring to the peer. */
    private final long own;
    /** Where the peer's fields start. */
    private final long peer;
    private final long brokenWord;
    private final PairedCopyCall call;
    private final long minBytes;
    private final AtomicBoolean busy = new AtomicBoolean();
    private final ArraySegmentCache sendArrays = new ArraySegmentCache();
    private final ArraySegmentCache recvArrays = new ArraySegmentCache();
    private long generation;
    private int offeredContext;
    private int offeredTag;
    private long offeredSendBytes;
    private long offeredRecvBytes;
    private boolean offeredShared;
    private long readyPeerGeneration;
    private long lastPeerGeneration = -1;
    private long copies;
    private long incomplete;
    private long unanswered;

    /**
     * @param minBytes the smallest exchange offered: below it, a kernel call and the offers cost more than the rings' copies.
     */
    ShmPairedCopy(final SharedSegment segment, final int self, final int peerIndex, final long minBytes)
    {
        this.memory = segment.memory();
        this.own = segment.ringOffset(self, peerIndex);
        this.peer = segment.ringOffset(peerIndex, self);
        this.brokenWord = segment.ringOffset(Math.min(self, peerIndex), Math.max(self, peerIndex)) + SegmentDescriptor.PAIRED_BROKEN_OFFSET;
        this.minBytes = minBytes;
        this.generation = ExposureBlock.generationOf((long)LONG.getAcquire(memory, own + SegmentDescriptor.PAIRED_STATE_OFFSET));
        final long base = memory.address();
        this.call = new PairedCopyCall(base + own + SegmentDescriptor.PAIRED_ADDRESS_OFFSET, base + own + SegmentDescriptor.PAIRED_STATE_OFFSET,
            base + peer + SegmentDescriptor.PAIRED_ADDRESS_OFFSET, base + peer + SegmentDescriptor.PAIRED_STATE_OFFSET,
            segment.pidOf(peerIndex));
    }

    /** @return whether an exchange of {@code bytes} (the larger direction) is worth offering, and the pair still copies. */
    boolean takes(final long bytes)
    {
        return bytes >= minBytes && bytes <= LARGEST_BYTES && !isBroken();
    }

    private boolean isBroken()
    {
        return (long)LONG.getAcquire(memory, brokenWord) != 0;
    }

    @Override
    public boolean offer(
        final int context, final int tag, final Object sendArray, final long sendBytes, final Object recvArray, final long recvBytes,
        final boolean shared)
    {
        if (!busy.compareAndSet(false, true))
        {
            return false;
        }
        if (isBroken() || sendBytes > 0 && sendArrays.wholeOf(sendArray) == null || recvBytes > 0 && recvArrays.wholeOf(recvArray) == null)
        {
            busy.set(false);
            return false;
        }
        generation++;
        offeredContext = context;
        offeredTag = tag;
        offeredSendBytes = sendBytes;
        offeredRecvBytes = recvBytes;
        offeredShared = shared;
        INT.setRelease(memory, own + SegmentDescriptor.PAIRED_CONTEXT_OFFSET, context);
        INT.setRelease(memory, own + SegmentDescriptor.PAIRED_TAG_OFFSET, tag);
        LONG.setRelease(memory, own + SegmentDescriptor.PAIRED_SEND_BYTES_OFFSET, sendBytes);
        LONG.setRelease(memory, own + SegmentDescriptor.PAIRED_RECV_BYTES_OFFSET, recvBytes);
        INT.setRelease(memory, own + SegmentDescriptor.PAIRED_SHARED_OFFSET, shared ? 1 : 0);
        LONG.setRelease(memory, own + SegmentDescriptor.PAIRED_OFFER_OFFSET, generation << 1 | 1);
        return true;
    }

    @Override
    public int peerState()
    {
        if (isBroken())
        {
            return DECLINED;
        }
        final long before = (long)LONG.getAcquire(memory, peer + SegmentDescriptor.PAIRED_OFFER_OFFSET);
        if ((before & 1) == 0 || before >>> 1 == lastPeerGeneration)
        {
            return WAITING;
        }
        final int context = (int)INT.getAcquire(memory, peer + SegmentDescriptor.PAIRED_CONTEXT_OFFSET);
        final int tag = (int)INT.getAcquire(memory, peer + SegmentDescriptor.PAIRED_TAG_OFFSET);
        final long sendBytes = (long)LONG.getAcquire(memory, peer + SegmentDescriptor.PAIRED_SEND_BYTES_OFFSET);
        final long recvBytes = (long)LONG.getAcquire(memory, peer + SegmentDescriptor.PAIRED_RECV_BYTES_OFFSET);
        final boolean shared = (int)INT.getAcquire(memory, peer + SegmentDescriptor.PAIRED_SHARED_OFFSET) != 0;
        if ((long)LONG.getAcquire(memory, peer + SegmentDescriptor.PAIRED_OFFER_OFFSET) != before || context != offeredContext)
        {
            // Changing under the read, or another thread's offer in another context, which will end.
            return WAITING;
        }
        if (tag != offeredTag || sendBytes != offeredRecvBytes || recvBytes != offeredSendBytes || shared != offeredShared)
        {
            return DECLINED;
        }
        readyPeerGeneration = before >>> 1;
        return READY;
    }

    @Override
    public void withdraw()
    {
        unanswered++;
        end();
    }

    private void end()
    {
        LONG.setRelease(memory, own + SegmentDescriptor.PAIRED_OFFER_OFFSET, generation << 1);
        busy.set(false);
    }

    @Override
    public int copy(final Object sendArray, final Primitive kind, final int sendOffset, final Object recvArray, final int recvOffset)
    {
        try
        {
            final long sendAt = (long)sendOffset * kind.sizeBytes();
            final long recvAt = (long)recvOffset * kind.sizeBytes();
            final long ownHeld = ExposureBlock.word(generation, ExposureBlock.HELD);
            final long peerHeld = ExposureBlock.word(readyPeerGeneration, ExposureBlock.HELD);
            final long pulled = ExposureBlock.word(generation, ExposureBlock.PULLED);
            final long spins = PairedCopyCall.spinsFor(WAIT_NS + PayloadExposer.TIMEOUT_NS_PER_BYTE * Math.max(offeredSendBytes, offeredRecvBytes));
            final long ended;
            final long ownPart;
            final int moved;
            if (offeredSendBytes > 0 && offeredRecvBytes > 0)
            {
                ended = call.exchange(sendArrays.wholeOf(sendArray), sendAt, offeredSendBytes, recvArrays.wholeOf(recvArray), recvAt,
                    offeredRecvBytes, ownHeld, peerHeld, spins);
                ownPart = offeredRecvBytes;
                moved = (ended == pulled ? SENT : 0) | (call.moved() == ownPart ? RECEIVED : 0);
            }
            else if (offeredSendBytes > 0)
            {
                // One way, sending: this side writes the first part into the receiver's array, which it holds, while the
                // receiver reads the rest out of this side's.
                final MemorySegment send = sendArrays.wholeOf(sendArray);
                ownPart = offeredShared ? writtenPart(offeredSendBytes) : 0;
                ended = call.run(send, sendAt, offeredSendBytes, send, sendAt, ownPart, 0, true, ownHeld, peerHeld, spins);
                moved = ended == pulled && call.moved() == ownPart ? SENT : 0;
            }
            else
            {
                final MemorySegment recv = recvArrays.wholeOf(recvArray);
                final long written = offeredShared ? writtenPart(offeredRecvBytes) : 0;
                ownPart = offeredRecvBytes - written;
                ended = call.run(recv, recvAt, written > 0 ? offeredRecvBytes : 0, recv, recvAt + written, ownPart, written, false, ownHeld,
                    peerHeld, spins);
                moved = (written == 0 || ended == pulled) && call.moved() == ownPart ? RECEIVED : 0;
            }
            if (call.moved() != 0 && call.moved() != ownPart)
            {
                LONG.setRelease(memory, brokenWord, 1L);
            }
            final int offered = (offeredSendBytes > 0 ? SENT : 0) | (offeredRecvBytes > 0 ? RECEIVED : 0);
            lastPeerGeneration = readyPeerGeneration;
            if (moved == offered)
            {
                copies++;
            }
            else
            {
                incomplete++;
            }
            return moved;
        }
        finally
        {
            end();
        }
    }

    /**
     * @return the bytes of a one-way block of {@code bytes} that the sender writes into the receiver's array while the
     *         receiver reads the rest: half of it, on a cache line, from {@link #SPLIT_MIN_BYTES} on; none below.
     */
    static long writtenPart(final long bytes)
    {
        return bytes < SPLIT_MIN_BYTES ? 0 : bytes / 2 & ~63L;
    }

    /** @return the exchanges that moved everything offered by paired copy. */
    long copies()
    {
        return copies;
    }

    /** @return the copies that left a direction to the messages: the peer's read failed, or a side's budget ran out. */
    long incomplete()
    {
        return incomplete;
    }

    /** @return the offers withdrawn without a copy: the peer offered another call, sent messages instead, or came late. */
    long unanswered()
    {
        return unanswered;
    }

    /** @return whether the pair stopped copying after a read the kernel refused. */
    boolean broken()
    {
        return isBroken();
    }

    /** Frees the call's control block; no offer may be in force. */
    void close()
    {
        call.close();
    }
}
