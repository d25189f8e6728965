package org.openmpj.transport.shm;

import java.util.concurrent.atomic.AtomicBoolean;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.device.JobControl;
import org.openmpj.matching.MatchingDevice;
import org.openmpj.matching.PeerProtocol;
import org.openmpj.matching.SendRequest;
import org.openmpj.matching.Transport;
import org.openmpj.os.ProcessWatch;

/**
 * Carries a rank's messages to the other ranks of its host through the job's shared segment: one ring to and one from
 * each peer, under the one matcher's eager and rendezvous protocols. Whichever waiting thread makes progress reads
 * the rings; a thread that would park sleeps on this rank's wake word instead, so that a peer's next frame wakes it.
 * Peers' processes are watched, so that one that ends before it finalized fails the job here.
 *
 * <p>Large messages stream through the rings, or, where the job asked for it and the kernel allows, move with one copy:
 * the reading thread, after it read the rings, exposes the payloads that higher-indexed peers asked to pull
 * ({@link PayloadExposer}) and pulls those that lower-indexed peers expose ({@link PayloadPuller}), so that a peer's pulls
 * and ring frames are handled in order by one thread. Collectives' exchanges between two ranks may bypass the messages
 * altogether through the pair's {@link ShmPairedCopy} ({@link #pairedCopy(int, long, long, boolean)}).
 *
 * <p>Thread-safety: any number of threads may send and make progress at once; one of them reads at a time.
 */
final class ShmTransport implements Transport
{
    private final SharedSegment segment;
    private final JobControl job;
    private final long eagerLimitBytes;
    /** This rank's index in the segment. */
    private final int self;
    /** World rank of each index in the segment. */
    private final int[] worldRanks;
    /** Index in the segment of each world rank; -1 for ranks not on it. */
    private final int[] indexOfRank;
    /** By index in the segment; null at this rank's own. */
    private final PeerProtocol[] protocols;
    private final RingWriter[] writers;
    private final RingReader[] readers;
    private final ProcessWatch watch;
    /** The one-copy path's sending half; null when this rank exposes nothing. */
    private final PayloadExposer exposer;
    /** The one-copy path's receiving half; null when this rank pulls from nobody. */
    private final PayloadPuller puller;
    /** Whether messages over the eager limit move by kernel copy from lower to higher ranks. */
    private final boolean messagesTakeKernel;
    /** By peer index: the paired copies for exchanges; null when the job exchanges through the rings only. */
    private final ShmPairedCopy[] pairedCopies;
    /** {@link #smallestPairedCopyBytes}: the paired copies' threshold, or {@code Long.MAX_VALUE} without them. */
    private final long smallestPairedCopyBytes;
    /** Says at close what the paired copies and the measured choice of large-message path did, when verbose; null otherwise. */
    private volatile java.util.function.Consumer<String> closingReport;
    private final AtomicBoolean reading = new AtomicBoolean();
    private final AtomicBoolean sleeping = new AtomicBoolean();
    private final java.util.function.BooleanSupplier workWaiting = this::workWaiting;
    private final Runnable wakeBlocked = this::wakeBlockedThread;
    /**
     * Threads inside {@link #wakeBlockedThread} now. A thread of another rank of this process may complete one of this rank's
     * requests, and so run the waker, just as this rank, woken otherwise, finishes and closes: close waits for them before
     * it unmaps the segment.
     */
    private final java.util.concurrent.atomic.AtomicInteger wakersInside = new java.util.concurrent.atomic.AtomicInteger();
    /** The request of the thread sleeping on this rank's wake word; whoever completes it wakes the thread. */
    private org.openmpj.device.Request sleepingFor;
    private volatile boolean closed;

    /**
     * @param self          this rank's index in the segment.
     * @param worldRanks    the world rank of each index in the segment.
     * @param ranksMaySleep whether the waits of the segment's ranks may sleep (they back off), so that publishing must look
     *                      for a sleeper; every rank on a host chooses its idle strategy alike.
     * @param exposer       the one-copy path's sending half, or null; closed with this transport.
     * @param puller        the one-copy path's receiving half, or null; closed with this transport.
     * @param pairedCopyMinBytes the smallest exchange that goes by paired copy ({@link ShmPairedCopy}); 0 for none.
     * @param messagesTakeKernel whether messages over the eager limit move by kernel copy from lower to higher ranks, the
     *                           same at every rank of the segment.
     */
    ShmTransport(
        final MatchingDevice device, final SharedSegment segment, final int self, final int[] worldRanks, final JobControl job,
        final long eagerLimitBytes, final long windowBytes, final boolean ranksMaySleep, final PayloadExposer exposer,
        final PayloadPuller puller, final long pairedCopyMinBytes, final boolean messagesTakeKernel)
    {
        this.messagesTakeKernel = messagesTakeKernel;
        this.exposer = exposer;
        this.puller = puller;
        this.segment = segment;
        this.job = job;
        this.eagerLimitBytes = eagerLimitBytes;
        this.self = self;
        this.worldRanks = worldRanks.clone();
        this.indexOfRank = new int[device.size()];
        java.util.Arrays.fill(indexOfRank, -1);
        for (int index = 0; index < worldRanks.length; index++)
        {
            indexOfRank[worldRanks[index]] = index;
        }
        final int ranks = worldRanks.length;
        this.protocols = new PeerProtocol[ranks];
        this.writers = new RingWriter[ranks];
        this.readers = new RingReader[ranks];
        for (int peer = 0; peer < ranks; peer++)
        {
            if (peer != self)
            {
                final PeerProtocol protocol = new PeerProtocol(device, eagerLimitBytes, windowBytes);
                final RingWriter writer = new RingWriter(segment, self, peer, worldRanks[peer], ranksMaySleep);
                writer.attach(protocol);
                protocol.attach(writer);
                if (exposer != null || puller != null)
                {
                    protocol.usePull(new PeerPull(peer, protocol, writer, exposer, puller));
                }
                if (puller != null)
                {
                    puller.attach(peer, protocol);
                }
                protocols[peer] = protocol;
                writers[peer] = writer;
                readers[peer] = new RingReader(segment, peer, self, protocol, ranksMaySleep);
            }
        }
        this.pairedCopies = new ShmPairedCopy[ranks];
        this.smallestPairedCopyBytes = pairedCopyMinBytes > 0 && ranks > 1 ? pairedCopyMinBytes : Long.MAX_VALUE;
        for (int peer = 0; peer < ranks && pairedCopyMinBytes > 0; peer++)
        {
            if (peer != self)
            {
                pairedCopies[peer] = new ShmPairedCopy(segment, self, peer, pairedCopyMinBytes);
            }
        }
        this.watch = new ProcessWatch("openmpj-shm-watch-" + worldRanks[self], this::onProcessEnded);
    }

    /** The segment's world board when the segment's ranks are the whole job, as world ranks in order. */
    @Override
    public java.lang.foreign.MemorySegment worldBoard()
    {
        return worldRanks.length == indexOfRank.length ? segment.worldBoard() : null;
    }

    @Override
    public org.openmpj.device.PairedCopy pairedCopy(final int peer, final long sendBytes, final long recvBytes, final boolean shared)
    {
        final int index = peer >= 0 && peer < indexOfRank.length ? indexOfRank[peer] : -1;
        final ShmPairedCopy pair = index < 0 ? null : pairedCopies[index];
        final long larger = Math.max(sendBytes, recvBytes);
        if (pair == null || !pair.takes(larger))
        {
            return null;
        }
        // With the kernel copy for messages, a rendezvous message from a lower to a higher rank already moves with one copy,
        // without the offers' handshake: 2 ranks, Bcast of 1 MiB from rank 0, 53.7 µs by paired copy read whole against 49.0
        // as a message. A shared copy, which both ranks make at once, is faster than either (18.5 µs).
        final boolean upwards = sendBytes > 0 ? self < index : index < self;
        final boolean oneWay = sendBytes == 0 || recvBytes == 0;
        return messagesTakeKernel && oneWay && upwards && !shared && larger > eagerLimitBytes ? null : pair;
    }

    @Override
    public long smallestPairedCopyBytes()
    {
        return smallestPairedCopyBytes;
    }

    /**
     * Makes {@link #close} say, through {@code report}, how many exchanges this rank moved by paired copy where it pairs
     * copies, and how its large messages came where it chooses between pulling and streaming them by their times.
     */
    void reportAtClose(final java.util.function.Consumer<String> report)
    {
        this.closingReport = report;
    }

    /** @return the paired copy to the peer at {@code index} in the segment (not a world rank), or null; for tests. */
    ShmPairedCopy pairedCopyAtIndex(final int index)
    {
        return pairedCopies[index];
    }

    /**
     * Watches the processes of the peers, which have all attached by now, each process once however many ranks it holds;
     * peers in this process are not watched.
     */
    void watchPeers()
    {
        final long own = ProcessHandle.current().pid();
        final java.util.Set<Long> watched = new java.util.HashSet<>();
        for (int peer = 0; peer < worldRanks.length; peer++)
        {
            final long pid = segment.pidOf(peer);
            if (peer != self && pid != own && pid != 0 && watched.add(pid))
            {
                watch.watch(pid, peer);
            }
        }
    }

    @Override
    public long eagerLimitBytes()
    {
        return eagerLimitBytes;
    }

    @Override
    public boolean send(final SendRequest send)
    {
        return protocols[indexOfRank[send.dest()]].send(send);
    }

    @Override
    public int doWork()
    {
        final RingWriter[] out = writers;
        int work = 0;
        for (final RingWriter writer : out)
        {
            if (writer != null && writer.hasBacklog())
            {
                work += writer.flush();
            }
        }
        // Most polls find nothing: a look at the rings spares them the claim, a fenced read-modify-write, unless room that was
        // read waits to be freed.
        if (!anyData() && !holdsReadRoom() && !pullWaiting() || !reading.compareAndSet(false, true))
        {
            return work;
        }
        try
        {
            final RingReader[] in = readers;
            for (int peer = 0; peer < in.length; peer++)
            {
                if (in[peer] != null)
                {
                    work += read(peer);
                }
            }
            // After the rings: a clear-to-send read just now may ask for an exposure, which blocks this thread.
            if (exposer != null)
            {
                work += exposer.exposeQueued();
            }
            if (puller != null)
            {
                work += puller.pullExposed();
            }
        }
        finally
        {
            reading.setRelease(false);
        }
        return work;
    }

    private boolean anyData()
    {
        final RingReader[] in = readers;
        for (int peer = 0; peer < in.length; peer++)
        {
            if (in[peer] != null && in[peer].hasData())
            {
                return true;
            }
        }
        return false;
    }

    /** @return whether a peer exposes a payload that a receive here waits to pull. */
    private boolean pullWaiting()
    {
        return puller != null && puller.hasWork();
    }

    private boolean holdsReadRoom()
    {
        final RingReader[] in = readers;
        for (int peer = 0; peer < in.length; peer++)
        {
            if (in[peer] != null && in[peer].holdsReadRoom())
            {
                return true;
            }
        }
        return false;
    }

    private int read(final int peer)
    {
        try
        {
            return readers[peer].read();
        }
        catch (final IllegalStateException | IndexOutOfBoundsException | ClassCastException ex)
        {
            final String why = "shm: what rank " + worldRanks[peer] + " wrote to rank " + worldRanks[self] + " breaks the protocol ("
                + ex + "); the shared segment is corrupt or another program wrote to it";
            job.reportFailure(worldRanks[peer], why);
            throw new OpenMpjException(ErrorClass.ERR_INTERN, why, ex);
        }
    }

    @Override
    public boolean blockForArrival(final long timeoutNs, final org.openmpj.device.Request waitingFor)
    {
        if (!sleeping.compareAndSet(false, true))
        {
            return false;
        }
        try
        {
            sleepingFor = waitingFor;
            segment.sleep(self, timeoutNs, workWaiting);
            return true;
        }
        finally
        {
            sleepingFor = null;
            sleeping.set(false);
        }
    }

    @Override
    public Runnable blockedWaker()
    {
        return wakeBlocked;
    }

    /**
     * @return whether a peer published frames, or freed room for frames that wait, or the sleeper's request completed:
     *         what a sleeper must not miss.
     */
    private boolean workWaiting()
    {
        final org.openmpj.device.Request request = sleepingFor;
        if (request != null && request.isComplete())
        {
            return true;
        }
        for (int peer = 0; peer < readers.length; peer++)
        {
            if (peer != self && (readers[peer].hasData() || writers[peer].canAdvance()))
            {
                return true;
            }
        }
        return pullWaiting() || closed;
    }

    private void wakeBlockedThread()
    {
        wakersInside.incrementAndGet();
        try
        {
            if (!closed)
            {
                segment.wakeIfSleeping(self);
            }
        }
        finally
        {
            wakersInside.decrementAndGet();
        }
    }

    private void onProcessEnded(final long pid, final int peer)
    {
        if (!closed && !segment.hasFinalized(peer))
        {
            final String note = segment.failureNote(peer);
            job.peerLost(worldRanks[peer], note != null
                ? note + " (its process " + pid + " ended, as seen by rank " + worldRanks[self] + " through the shared segment)"
                : ranksOf(pid) + " (process " + pid + ") ended without MPI.Finalize, as seen by rank " + worldRanks[self]
                    + " through the shared segment: it died or exited");
        }
    }

    @Override
    public void announceFailure(final String report)
    {
        segment.noteFailure(self, report);
    }

    /** @return {@code rank R}, or {@code ranks R, S and T} when the process holds several ranks of the segment. */
    private String ranksOf(final long pid)
    {
        final java.util.List<String> ranks = new java.util.ArrayList<>();
        for (int index = 0; index < worldRanks.length; index++)
        {
            if (segment.pidOf(index) == pid)
            {
                ranks.add(Integer.toString(worldRanks[index]));
            }
        }
        if (ranks.size() == 1)
        {
            return "rank " + ranks.get(0);
        }
        return "ranks " + String.join(", ", ranks.subList(0, ranks.size() - 1)) + " and " + ranks.get(ranks.size() - 1);
    }

    /** @return the one-copy path's sending half, or null; for tests. */
    PayloadExposer exposer()
    {
        return exposer;
    }

    /** @return the one-copy path's receiving half, or null; for tests. */
    PayloadPuller puller()
    {
        return puller;
    }

    private void reportPairedCopies(final java.util.function.Consumer<String> report)
    {
        long copies = 0;
        long incomplete = 0;
        long unanswered = 0;
        for (final ShmPairedCopy pair : pairedCopies)
        {
            if (pair != null)
            {
                copies += pair.copies();
                incomplete += pair.incomplete();
                unanswered += pair.unanswered();
            }
        }
        report.accept("shm: rank " + worldRanks[self] + ": " + copies + " exchanges by paired copy, " + incomplete
            + " partly (the rest as messages), " + unanswered + " offers unanswered (moved as messages)");
    }

    /** Frees the one-copy path's descriptors once no thread reads: an exposure or a pull under way ends within its timeout. */
    private void closeKernelCopy()
    {
        for (final ShmPairedCopy pair : pairedCopies)
        {
            if (pair != null)
            {
                pair.close();
            }
        }
        if (exposer == null && puller == null)
        {
            return;
        }
        while (!reading.compareAndSet(false, true))
        {
            Thread.onSpinWait();
        }
        if (exposer != null)
        {
            exposer.close();
        }
        if (puller != null)
        {
            puller.close();
        }
    }

    @Override
    public void close()
    {
        if (closed)
        {
            return;
        }
        closed = true;
        segment.finalized(self);
        watch.close();
        for (final RingWriter writer : writers)
        {
            if (writer != null)
            {
                writer.close();
            }
        }
        // Pairs with the waker's increment before it looks at closed: either it sees closed, or this sees it inside.
        while (wakersInside.get() != 0)
        {
            Thread.onSpinWait();
        }
        final java.util.function.Consumer<String> report = closingReport;
        if (report != null)
        {
            if (smallestPairedCopyBytes != Long.MAX_VALUE)
            {
                reportPairedCopies(report);
            }
            final String chosen = puller == null ? null : puller.measuredChoices();
            if (chosen != null)
            {
                report.accept("shm: rank " + worldRanks[self] + ": " + chosen);
            }
        }
        closeKernelCopy();
        // Frames this rank wrote stay readable: the peers map the segment until they close it themselves.
        segment.close();
    }
}
