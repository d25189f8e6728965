package org.openmpj.transport.shm;

import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;

import org.openmpj.concurrent.Pool;
import org.openmpj.device.ArraySegmentCache;
import org.openmpj.device.JobControl;
import org.openmpj.matching.PeerProtocol;
import org.openmpj.matching.SendRequest;
import org.openmpj.os.CallFailedException;
import org.openmpj.os.PinnedExposure;
import org.openmpj.os.SpinningHold;

/**
 * The sending half of the one-copy path: when a higher-indexed peer asks to pull a payload (a clear-to-send with
 * {@link org.openmpj.matching.FrameDescriptor#PULL}), holds the sender's array still in a {@link PinnedExposure} until the
 * peer copied it (see {@link PayloadPuller}), withdrawing it when that takes longer than the timeout and streaming the
 * payload through the ring instead.
 *
 * <p>Why only towards higher indexes: an exposing thread blocks holding its rank's reading claim, and its JVM reaches no
 * safepoint meanwhile, so a rank that exposes makes no progress. Were rank A to expose to B while B exposed to A (or
 * around any cycle, as in a ring shift of large messages), nobody would pull. With exposures only from lower to higher
 * indexes, every chain of ranks waiting on each other ends at a rank that exposes to nobody higher and so pulls; payloads
 * going the other way stream through the rings. That needs every process of the segment to hold one rank of it: a JVM
 * holding several would stop all of them at a safepoint while one exposes, making a cycle through the JVM (see
 * {@link HostSegment}).
 *
 * <p>Where ranks have a core each (waits spin), the sender first holds the array while spinning
 * ({@link SpinningHold}), for at most {@link #SPIN_HOLD_NS} plus {@link #TIMEOUT_NS_PER_BYTE} per byte: the receiver finds
 * the address in the exposure block and nothing has to wake the sender when it is done. A hold the receiver does not
 * end in time becomes a sleeping exposure, which notices a reader's death.
 *
 * <p>Exposures run in the transport's reading thread, after it read the rings, one at a time: requests that arrive while
 * reading wait in a queue until then. So whichever thread makes progress when a request arrives, one in a non-blocking
 * test included, blocks until the peer copied (tens of microseconds when it is waiting too) or the timeout passed.
 *
 * <p>Thread-safety: the transport's reading thread only, one at a time.
 */
final class PayloadExposer implements AutoCloseable
{
    /** Added to the exposure timeout per byte of payload, so that a reader copying at 1 GB/s or more has the base timeout. */
    static final long TIMEOUT_NS_PER_BYTE = 1;
    /** How long a spinning hold waits for its reader beyond {@link #TIMEOUT_NS_PER_BYTE} per byte before it sleeps instead. */
    static final long SPIN_HOLD_NS = 2_000_000;

    private final SharedSegment segment;
    private final int self;
    private final int[] worldRanks;
    private final JobControl job;
    private final PinnedExposure exposure;
    private final long timeoutNs;
    /** Whether exposures first hold their arrays spinning: waits spin, and the holding code runs here. */
    private final boolean spinHolds;
    /** By peer index: the exposures to higher peers whose end an exposure notices (a pidfd); null elsewhere. */
    private final ExposureBlock[] blocks;
    private final long[] generations;
    private final ArrayDeque<Asked> queue = new ArrayDeque<>();
    /** Entries of {@link #queue} served and kept for reuse, so that a steady stream of pulls allocates none. */
    private final Pool<Asked> spare = new Pool<>(1024, Asked::new);
    /** By peer index, during one {@link #exposeQueued()}: an exposure to the peer timed out, so the rest stream at once. */
    private final boolean[] timedOut;
    /** The array last held and its segment, so that a steady stream of sends from one array makes no segment per send. */
    private final ArraySegmentCache held = new ArraySegmentCache();
    private boolean failed;
    private long pulled;
    private long withdrawn;
    private long heldPulls;

    /**
     * @param exposure  this rank's exposure, made and published before the job's fence.
     * @param timeoutNs how long an exposure waits for its reader, beyond {@link #TIMEOUT_NS_PER_BYTE} per byte.
     * @param spinning  whether this rank's waits spin (it has a core), so that holds may spin too.
     */
    PayloadExposer(
        final SharedSegment segment, final int self, final int[] worldRanks, final JobControl job, final PinnedExposure exposure,
        final long timeoutNs, final boolean spinning)
    {
        this.spinHolds = spinning && SpinningHold.AVAILABLE;
        this.segment = segment;
        this.self = self;
        this.worldRanks = worldRanks.clone();
        this.job = job;
        this.exposure = exposure;
        this.timeoutNs = timeoutNs;
        final int ranks = segment.ranks();
        this.blocks = new ExposureBlock[ranks];
        this.generations = new long[ranks];
        this.timedOut = new boolean[ranks];
        for (int peer = self + 1; peer < ranks; peer++)
        {
            try
            {
                exposure.addReader(segment.pidOf(peer));
                blocks[peer] = segment.exposure(self, peer);
                generations[peer] = blocks[peer].lastGeneration();
            }
            catch (final CallFailedException ex)
            {
                // Without a pidfd, an exposure to this peer would not end should it die: its payloads stream.
                blocks[peer] = null;
            }
        }
    }

    /**
     * The peer {@code peer} asks to pull {@code send}'s payload into its receive {@code recvId}: queued for
     * {@link #exposeQueued()}.
     */
    void enqueue(final int peer, final PeerProtocol protocol, final SendRequest send, final long recvId)
    {
        final Asked asked = spare.take();
        asked.peer = peer;
        asked.protocol = protocol;
        asked.send = send;
        asked.recvId = recvId;
        queue.add(asked);
    }

    /**
     * Exposes each queued payload until its peer copied it or the exposure timed out and the payload was streamed. Once an
     * exposure to a peer timed out (the peer makes no progress now), the rest queued for it stream without waiting again.
     *
     * @return the sends completed or handed to the ring.
     */
    int exposeQueued()
    {
        if (queue.isEmpty())
        {
            return 0;
        }
        java.util.Arrays.fill(timedOut, false);
        int work = 0;
        Asked request;
        while ((request = queue.poll()) != null)
        {
            expose(request.peer, request.protocol, request.send, request.recvId);
            request.protocol = null;
            request.send = null;
            spare.give(request);
            work++;
        }
        return work;
    }

    private void expose(final int peer, final PeerProtocol protocol, final SendRequest send, final long recvId)
    {
        final long bytes = send.payloadBytes();
        final MemorySegment pinned = held.wholeOf(send.payloadArray());
        final long offset = (long)send.payloadOffset() * send.payloadKind().sizeBytes();
        final ExposureBlock block = blocks[peer];
        if (failed || block == null || pinned == null)
        {
            protocol.streamData(send, recvId);
            return;
        }
        if (timedOut[peer])
        {
            withdrawn++;
            protocol.streamData(send, recvId);
            return;
        }
        final long deadlineNs = System.nanoTime() + timeoutNs + TIMEOUT_NS_PER_BYTE * bytes;
        if (spinHolds && heldUntilPulled(peer, block, pinned, recvId, bytes, offset, send.payloadKind().ordinal()))
        {
            pulled++;
            protocol.onPulled(send);
            return;
        }
        final int tid = (int)PinnedExposure.currentThreadId();
        final long readerPid = segment.pidOf(peer);
        while (true)
        {
            final long generation = ++generations[peer];
            block.expose(generation, recvId, bytes, offset, send.payloadKind().ordinal(), tid, exposure.pollFdsAddress());
            segment.wakeIfSleeping(peer);
            final long remainingNs = deadlineNs - System.nanoTime();
            PinnedExposure.Outcome outcome = PinnedExposure.Outcome.TIMED_OUT;
            try
            {
                if (remainingNs > 0)
                {
                    outcome = exposure.expose(generation, readerPid, pinned, remainingNs);
                }
            }
            catch (final IllegalStateException ex)
            {
                // Not expected of ppoll on valid arguments; should it happen, stream from now on.
                failed = true;
            }
            if (!block.withdraw(generation))
            {
                // The reader moved the state to PULLED first: it copied the payload.
                pulled++;
                protocol.onPulled(send);
                return;
            }
            if (outcome == PinnedExposure.Outcome.PEER_ENDED)
            {
                job.peerLost(worldRanks[peer], "rank " + worldRanks[peer] + " (process " + readerPid + ") ended while rank "
                    + worldRanks[self] + " held a message of " + bytes + " bytes for it to copy; it died or exited");
                return;
            }
            if (failed || outcome == PinnedExposure.Outcome.TIMED_OUT || deadlineNs - System.nanoTime() <= 0)
            {
                timedOut[peer] = true;
                withdrawn++;
                protocol.streamData(send, recvId);
                return;
            }
            // Woken early (a stale wake-up, a signal): the withdrawn generation is over; expose again under a new one.
        }
    }

    /**
     * Holds {@code pinned} spinning until {@code peer} copied it, for at most {@link #SPIN_HOLD_NS} plus
     * {@link #TIMEOUT_NS_PER_BYTE} per byte.
     *
     * @return whether the peer copied it; if not, the hold is withdrawn.
     */
    private boolean heldUntilPulled(
        final int peer, final ExposureBlock block, final MemorySegment pinned, final long recvId, final long bytes, final long offset,
        final int kind)
    {
        final long generation = ++generations[peer];
        block.describe(recvId, bytes, offset, kind);
        segment.wakeIfSleeping(peer);
        final long ended = SpinningHold.hold(block.addressWord(), pinned, block.stateWord(),
            ExposureBlock.word(generation, ExposureBlock.HELD), SpinningHold.spinsFor(SPIN_HOLD_NS + TIMEOUT_NS_PER_BYTE * bytes));
        if (ended == ExposureBlock.word(generation, ExposureBlock.PULLED))
        {
            heldPulls++;
            return true;
        }
        return false;
    }

    /** @return the payloads the peers copied while this rank held them spinning; for tests. */
    long heldPulls()
    {
        return heldPulls;
    }

    /** @return the payloads the peers copied so far; for tests. */
    long pulled()
    {
        return pulled;
    }

    /**
     * @return the payloads streamed through the ring because an exposure to their peer timed out (the one withdrawn, and
     *         those queued behind it for the same peer); for tests.
     */
    long withdrawn()
    {
        return withdrawn;
    }

    /** Frees the exposure's descriptors. Called once no thread reads. */
    @Override
    public void close()
    {
        exposure.close();
    }

    /** A pull asked for and not yet served. */
    private static final class Asked
    {
        int peer;
        PeerProtocol protocol;
        SendRequest send;
        long recvId;
    }
}
