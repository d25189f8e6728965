package org.openmpj.transport.shm;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;

import org.openmpj.device.ArraySegmentCache;
import org.openmpj.Primitive;
import org.openmpj.matching.Landing;
import org.openmpj.matching.PayloadPull;
import org.openmpj.matching.PeerProtocol;
import org.openmpj.os.CallFailedException;
import org.openmpj.os.PinnedExposure;
import org.openmpj.os.ProcessMemory;
import org.openmpj.os.RemoteEventfd;

/**
 * The receiving half of the one-copy path: copies the payloads that lower-indexed peers expose (see {@link PayloadExposer})
 * straight from their arrays into this rank's receives, with {@code process_vm_readv} where it works and through
 * {@code /proc/PID/mem} otherwise (see {@link ProcessMemory}).
 *
 * <p>Made once the segment's ranks have published what they expose: it probes each lower peer (opens its memory, reads its
 * probe word and one of its threads' state, duplicates its eventfd) and asks only those it can read to expose
 * ({@link #pullsFrom}); what it found it publishes for rank 0 to report. A pull goes: the exposure's state shows
 * {@code EXPOSED(g)}; the exposing thread's syscall line shows the matching {@code ppoll} with generation {@code g} and the
 * array's address; the payload is read from there; the line still shows the same call, so the array never moved; the state
 * moves to {@code PULLED(g)} unless the peer withdrew first; the peer's eventfd is written; the receive completes. Any step
 * that fails leaves the receive waiting, for a later exposure or for the payload streamed through the ring. A payload held
 * by a spinning sender ({@code HELD(g)}) goes: its address is read from the exposure block; the state moves to
 * {@code COPYING(g)}; the payload is read; the state moves to {@code PULLED(g)} unless the sender withdrew meanwhile, which
 * makes the copy void; nothing needs waking.
 *
 * <p>Thread-safety: {@link #pullsFrom} and {@link #hasWork()} from any thread; the rest by the transport's reading thread,
 * one at a time.
 */
final class PayloadPuller implements AutoCloseable
{
    private static final Primitive[] KINDS = Primitive.values();

    private final long eagerLimitBytes;
    /** By peer index: the lower peers whose memory this rank reads; null elsewhere. */
    private final ProcessMemory[] memories;
    private final RemoteEventfd[] wakers;
    private final ExposureBlock[] exposures;
    private final PeerProtocol[] protocols;
    /** By peer index: whether pulls from the peer are still asked for; cleared when its state can no longer be read. */
    private final boolean[] usable;
    /** By peer index: receives that asked the peer to expose and have not landed. */
    private final AtomicIntegerArray pending;
    private final AtomicInteger pendingTotal = new AtomicInteger();
    /** By peer index: the generation whose pull failed, not to be tried again; read by any thread as a hint only. */
    private final long[] failedGeneration;
    private final long outcome;
    private final long[] syscall = new long[7];
    private final long[] syscallAfter = new long[7];
    private final Landing landing = new Landing();
    /** The array last landed in and its segment, so that a steady stream of pulls into one array makes no segment per pull. */
    private final ArraySegmentCache landingArray = new ArraySegmentCache();
    /** Chooses between pulling and streaming per peer and size by their times; null when every payload it can is pulled. */
    private final MeasuredLargeCopy measured;
    private long pulls;
    private long voidedCopies;

    /**
     * Probes the lower peers of {@code self} in {@code segment}.
     *
     * @param measures  whether to pull only where pulls measured faster than streams (see {@link MeasuredLargeCopy}),
     *                  rather than wherever the peer can be read.
     * @param failProbe make every probe fail, as a test of the fallback.
     */
    PayloadPuller(final SharedSegment segment, final int self, final long eagerLimitBytes, final boolean measures, final boolean failProbe)
    {
        final int ranks = segment.ranks();
        this.eagerLimitBytes = eagerLimitBytes;
        this.measured = measures ? new MeasuredLargeCopy(ranks) : null;
        this.memories = new ProcessMemory[ranks];
        this.wakers = new RemoteEventfd[ranks];
        this.exposures = new ExposureBlock[ranks];
        this.protocols = new PeerProtocol[ranks];
        this.usable = new boolean[ranks];
        this.pending = new AtomicIntegerArray(ranks);
        this.failedGeneration = new long[ranks];
        long found = KernelCopyOutcome.of(KernelCopyOutcome.USABLE, 0, 0);
        long calls = 0;
        for (int peer = 0; peer < self; peer++)
        {
            final long probed = probe(segment, peer, failProbe);
            if (probed == KernelCopyOutcome.USABLE)
            {
                exposures[peer] = segment.exposure(peer, self);
                failedGeneration[peer] = -1;
                usable[peer] = true;
                calls |= memories[peer].tryCrossMemoryAttach(segment.probeWordOf(peer), segment.pidOf(peer))
                    ? KernelCopyOutcome.CROSS_MEMORY_ATTACH : KernelCopyOutcome.PROC_MEM;
            }
            else if (KernelCopyOutcome.reasonOf(found) == KernelCopyOutcome.USABLE)
            {
                found = probed;
            }
        }
        this.outcome = found | calls | (pullsFromAny() ? KernelCopyOutcome.PULLS_FROM_SOME : 0);
    }

    /** @return {@link KernelCopyOutcome#USABLE}, or a failure's word after closing what was opened for the peer. */
    private long probe(final SharedSegment segment, final int peer, final boolean failProbe)
    {
        final long pid = segment.pidOf(peer);
        final long probeWord = segment.probeWordOf(peer);
        if (probeWord == 0)
        {
            return KernelCopyOutcome.of(KernelCopyOutcome.NOT_EXPOSING, 0, peer);
        }
        int reason = KernelCopyOutcome.MEMORY_CLOSED;
        ProcessMemory memory = null;
        try
        {
            memory = ProcessMemory.open(pid);
            reason = KernelCopyOutcome.MEMORY_UNREADABLE;
            final long word = memory.readWord(probeWord);
            if (failProbe)
            {
                memory.close();
                return KernelCopyOutcome.of(KernelCopyOutcome.FORCED, 0, peer);
            }
            if (word != pid)
            {
                memory.close();
                return KernelCopyOutcome.of(KernelCopyOutcome.PROBE_MISMATCH, 0, peer);
            }
            reason = KernelCopyOutcome.THREADS_UNREADABLE;
            // The thread whose id is the pid is the process's first; any thread's line tells whether they can be read.
            memory.readSyscall(pid, syscall);
            reason = KernelCopyOutcome.EVENTFD_UNREACHABLE;
            wakers[peer] = RemoteEventfd.open(pid, segment.eventfdOf(peer));
            memories[peer] = memory;
            return KernelCopyOutcome.USABLE;
        }
        catch (final CallFailedException ex)
        {
            if (memory != null)
            {
                memory.close();
            }
            return KernelCopyOutcome.of(reason, ex.errno(), peer);
        }
    }

    /** @return what the probe found: {@link KernelCopyOutcome#USABLE}, or the first failure. */
    long outcome()
    {
        return outcome;
    }

    /** @return whether this rank copies from at least one peer. */
    boolean pullsFromAny()
    {
        for (final boolean peer : usable)
        {
            if (peer)
            {
                return true;
            }
        }
        return false;
    }

    /** Sets the protocol of {@code peer}, whose receives the pulls complete. */
    void attach(final int peer, final PeerProtocol protocol)
    {
        protocols[peer] = protocol;
    }

    /**
     * @return how a receive of {@code bytes} bytes into an array of {@code landingKind} asks {@code peer} for the payload; a
     *         receive that asks for a pull is counted until it lands or is streamed ({@link #onStreamedInstead}).
     */
    PayloadPull.Way choose(final int peer, final long bytes, final Primitive landingKind)
    {
        if (!usable[peer] || bytes <= eagerLimitBytes || landingKind == Primitive.BOOLEAN)
        {
            return PayloadPull.Way.STREAM;
        }
        if (measured != null && !measured.pulls(peer, bytes))
        {
            return PayloadPull.Way.TIMED_STREAM;
        }
        pending.incrementAndGet(peer);
        pendingTotal.incrementAndGet();
        return PayloadPull.Way.PULL;
    }

    /** @return how many large messages this rank chose to pull and to stream, for the verbose report; null when it does not choose. */
    String measuredChoices()
    {
        return measured == null ? null : "of the messages over " + KernelCopyOutcome.bytesText(eagerLimitBytes)
            + " from lower ranks that could be pulled, " + measured.pulled() + " were pulled through the kernel and " + measured.streamed()
            + " streamed through the rings, each the way that measured faster";
    }

    /** Notes the time a payload from {@code peer} took, for the choice between pulling and streaming where it is measured. */
    void landed(final int peer, final long bytes, final boolean pulled, final long nanos)
    {
        if (measured != null)
        {
            measured.landed(peer, bytes, pulled, nanos);
        }
    }

    /** A receive that asked {@code peer} to expose got the payload streamed through the ring instead. */
    void onStreamedInstead(final int peer)
    {
        pending.decrementAndGet(peer);
        pendingTotal.decrementAndGet();
    }

    /** @return whether a peer exposes a payload that a receive here waits for and whose pull has not failed. */
    boolean hasWork()
    {
        if (pendingTotal.get() == 0)
        {
            return false;
        }
        for (int peer = 0; peer < exposures.length; peer++)
        {
            if (pending.get(peer) > 0 && usable[peer] && exposed(peer))
            {
                return true;
            }
        }
        return false;
    }

    /** @return whether {@code peer} exposes a payload whose pull has not failed. */
    private boolean exposed(final int peer)
    {
        final long state = exposures[peer].state();
        final int phase = ExposureBlock.phaseOf(state);
        return (phase == ExposureBlock.EXPOSED || phase == ExposureBlock.HELD) && ExposureBlock.generationOf(state) != failedGeneration[peer];
    }

    /**
     * Copies what the peers expose for receives here.
     *
     * @return the receives completed.
     */
    int pullExposed()
    {
        if (pendingTotal.get() == 0)
        {
            return 0;
        }
        int work = 0;
        for (int peer = 0; peer < exposures.length; peer++)
        {
            if (pending.get(peer) > 0 && usable[peer])
            {
                work += pull(peer);
            }
        }
        return work;
    }

    private int pull(final int peer)
    {
        final ExposureBlock exposure = exposures[peer];
        final long state = exposure.state();
        final long generation = ExposureBlock.generationOf(state);
        final int phase = ExposureBlock.phaseOf(state);
        if (phase == ExposureBlock.HELD && generation != failedGeneration[peer])
        {
            return pullHeld(peer, exposure, state, generation);
        }
        if (phase != ExposureBlock.EXPOSED || generation == failedGeneration[peer])
        {
            return 0;
        }
        final long recvId = exposure.recvId();
        final long bytes = exposure.bytes();
        final int kind = exposure.kind();
        final int tid = exposure.tid();
        final long pollFds = exposure.pollFds();
        final long payloadOffset = exposure.payloadOffset();
        if (exposure.state() != state)
        {
            return 0;
        }
        final ProcessMemory memory = memories[peer];
        try
        {
            if (!memory.readSyscall(tid, syscall) || !PinnedExposure.isExposure(syscall, pollFds, generation))
            {
                // Not in the call yet, or out of it already: the peer then withdraws and exposes again, or streams.
                return 0;
            }
            final PeerProtocol protocol = protocols[peer];
            if (kind < 0 || kind >= KINDS.length || !protocol.landPulled(recvId, bytes, KINDS[kind].sizeBytes(), landing))
            {
                failedGeneration[peer] = generation;
                return 0;
            }
            final long address = PinnedExposure.pinnedAddress(syscall);
            final long keep = landing.keepBytes();
            final MemorySegment into = landingArray.wholeOf(landing.array());
            if (into == null || memory.read(address + payloadOffset, into, landing.byteOffset(), keep) != keep
                || !memory.readSyscall(tid, syscallAfter)
                || !PinnedExposure.isExposure(syscallAfter, pollFds, generation) || PinnedExposure.pinnedAddress(syscallAfter) != address
                || !exposure.pull(generation))
            {
                // The peer left the call while this read, or withdrew: what was read is void, and the receive waits on.
                failedGeneration[peer] = generation;
                voidedCopies++;
                return 0;
            }
            wakers[peer].signal();
            pending.decrementAndGet(peer);
            pendingTotal.decrementAndGet();
            pulls++;
            protocol.onPullLanded(recvId, landing);
            return 1;
        }
        catch (final CallFailedException ex)
        {
            // The peer's state can no longer be read (its process changed credentials, say): stream from it from now on.
            usable[peer] = false;
            failedGeneration[peer] = generation;
            return 0;
        }
    }

    /** Copies the payload that {@code peer} holds spinning, exposure {@code state} of generation {@code generation}. */
    private int pullHeld(final int peer, final ExposureBlock exposure, final long state, final long generation)
    {
        final long recvId = exposure.recvId();
        final long bytes = exposure.bytes();
        final int kind = exposure.kind();
        final long address = exposure.heldAddress() + exposure.payloadOffset();
        if (exposure.state() != state)
        {
            // The fields were read while the sender moved on: a later look finds the next exposure.
            return 0;
        }
        final PeerProtocol protocol = protocols[peer];
        if (kind < 0 || kind >= KINDS.length || !protocol.landPulled(recvId, bytes, KINDS[kind].sizeBytes(), landing))
        {
            failedGeneration[peer] = generation;
            return 0;
        }
        final long keep = landing.keepBytes();
        final MemorySegment into = landingArray.wholeOf(landing.array());
        if (into == null || !exposure.claim(generation))
        {
            failedGeneration[peer] = generation;
            return 0;
        }
        if (memories[peer].read(address, into, landing.byteOffset(), keep) != keep)
        {
            exposure.abandon(generation);
            failedGeneration[peer] = generation;
            voidedCopies++;
            return 0;
        }
        if (!exposure.finishCopy(generation))
        {
            // The sender's spins ran out while this copied: its array may have moved, and what was read is void.
            failedGeneration[peer] = generation;
            voidedCopies++;
            return 0;
        }
        pending.decrementAndGet(peer);
        pendingTotal.decrementAndGet();
        pulls++;
        protocol.onPullLanded(recvId, landing);
        return 1;
    }

    /** @return the receives waiting for a pull now; for tests. */
    int pending()
    {
        return pendingTotal.get();
    }

    /** @return the payloads copied so far; for tests. */
    long pulls()
    {
        return pulls;
    }

    /** @return the copies made void by a withdrawal or a call left during the read; for tests. */
    long voidedCopies()
    {
        return voidedCopies;
    }

    /** Closes the descriptors. Called once no thread reads. */
    @Override
    public void close()
    {
        for (int peer = 0; peer < memories.length; peer++)
        {
            if (memories[peer] != null)
            {
                memories[peer].close();
                wakers[peer].close();
            }
        }
    }
}
