package org.openmpj.engine;

import java.lang.foreign.MemorySegment;
import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.device.Device;
import org.openmpj.device.JobControl;
import org.openmpj.Primitive;
import org.openmpj.device.ProbeResult;
import org.openmpj.device.ReceiveRequest;
import org.openmpj.device.Request;
import org.openmpj.SendMode;

/**
 * A group of ranks with its own matching context: point-to-point in communicator ranks, translated to the
 * device's world ranks. Operations with {@link #PROC_NULL} complete at once and move nothing.
 *
 * <p>Thread-safety: every operation may be called by any number of threads, apart from the count of collective
 * operations, which the collectives of one communicator keep in program order. Arguments are trusted: the API
 * façade checks them.
 */
public final class Communicator
{
    /** The rank that stands for "no process". */
    public static final int PROC_NULL = -3;
    /** Matches any source. */
    public static final int ANY_SOURCE = Device.ANY_SOURCE;
    /** Matches any tag. */
    public static final int ANY_TAG = Device.ANY_TAG;
    /** The tags of non-blocking collectives' messages: their numbers, modulo 2^30; the bit above marks notices. */
    static final int NON_BLOCKING_TAG_MASK = (1 << 30) - 1;

    private final Device device;
    /** The job as the device sees it, for the losses of a job that survives lost ranks. */
    private final JobControl job;
    private final int context;
    private final int rank;
    private final int[] worldRanks;
    private final Communicator collectives;
    private final Communicator nonBlocking;
    /**
     * How many collective operations this rank has started on the communicator. A plain field: MPI has a program
     * order the collectives on one communicator, so two threads never start them at once.
     */
    private int collectiveCount;
    /**
     * The collective calls this rank gave up on before they started, by their count modulo 256: the other ranks' notices
     * that they gave up on the same call are expected, not news.
     */
    private final long[] abandoned = new long[4];
    /** Whether a mismatch of collective calls was reported on this rank, so that what the mismatch left is not reported again. */
    private volatile boolean mismatchReported;
    /** The world board's small collectives, on the world's collective side where the device keeps a board; else null. */
    private final BoardCollectives board;

    /**
     * @param device     the device of this rank.
     * @param context    the matching context of this communicator's point-to-point traffic.
     * @param rank       this rank's rank in the communicator.
     * @param worldRanks the world rank of each communicator rank.
     */
    public Communicator(final Device device, final int context, final int rank, final int[] worldRanks)
    {
        this(device, context, rank, worldRanks.clone(), true, null);
    }

    private Communicator(final Device device, final int context, final int rank, final int[] worldRanks, final boolean withCollectives,
        final BoardCollectives board)
    {
        this.device = device;
        this.job = device.job();
        this.context = context;
        this.rank = rank;
        this.worldRanks = worldRanks;
        this.board = withCollectives ? null : board;
        // Collective traffic has contexts of its own (the next two), so it never matches the program's messages, and
        // a non-blocking collective's never meets the checks a blocking one makes of every message it finds.
        this.collectives = withCollectives ? new Communicator(device, context + 1, rank, worldRanks, false, board) : this;
        this.nonBlocking = withCollectives ? new Communicator(device, context + 2, rank, worldRanks, false, null) : this;
    }

    /**
     * @return the world communicator of {@code device}'s rank, on context {@code context}: every rank of the job in world
     *         rank order, its small collectives through the device's world board where it keeps one. One per rank:
     *         the board serves one communicator.
     */
    public static Communicator world(final Device device, final int context)
    {
        final int[] worldRanks = new int[device.size()];
        for (int i = 0; i < worldRanks.length; i++)
        {
            worldRanks[i] = i;
        }
        return new Communicator(device, context, device.rank(), worldRanks, true, BoardCollectives.of(device));
    }

    /** @return the same group on this communicator's collective context, for the traffic of collective operations. */
    public Communicator collectives()
    {
        return collectives;
    }

    /**
     * @return the same group on this communicator's context for non-blocking collectives, whose operations each tag their
     *         messages with their own number ({@link #nextNonBlocking}).
     */
    Communicator nonBlocking()
    {
        return nonBlocking;
    }

    /**
     * Counts a non-blocking collective started on this communicator's non-blocking side.
     *
     * @return the tag of its messages: its number, modulo 2^30, which tells them from those of any other such operation
     *         still in flight.
     */
    int nextNonBlocking()
    {
        collectiveCount++;
        return collectiveCount & NON_BLOCKING_TAG_MASK;
    }

    /** Counts a collective operation started on this communicator's collective side. */
    void nextCollective()
    {
        collectiveCount++;
        final int slot = collectiveCount & 0xFF;
        abandoned[slot >>> 6] &= ~(1L << slot);
        if (board != null)
        {
            board.started(collectiveCount);
        }
    }

    /** @return the world board's collectives of this communicator's collective side; null when it has none. */
    BoardCollectives board()
    {
        return board;
    }

    /** Records that this rank gives up on the collective call it has just counted. */
    void markAbandoned()
    {
        final int slot = collectiveCount & 0xFF;
        abandoned[slot >>> 6] |= 1L << slot;
    }

    /** @return whether this rank gave up on the collective call of count {@code count} modulo 256. */
    boolean abandoned(final int count)
    {
        final int slot = count & 0xFF;
        return (abandoned[slot >>> 6] & 1L << slot) != 0;
    }

    /** @return how many collective operations this rank has started here. */
    int collectiveCount()
    {
        return collectiveCount;
    }

    /** Records that this rank reported a mismatch of collective calls here. */
    void reportMismatch()
    {
        mismatchReported = true;
    }

    /** @return whether this rank reported a mismatch of collective calls here. */
    boolean mismatchReported()
    {
        return mismatchReported;
    }

    /** @return how many collective operations this rank has started on this communicator. */
    public int startedCollectives()
    {
        return collectives.collectiveCount;
    }

    /** @return whether rank {@code rank} of this communicator is this very process (not so across an intercommunicator). */
    boolean isThisProcess(final int rank)
    {
        return worldRanks[rank] == device.rank();
    }

    /** @return this rank's rank in the communicator. */
    public int rank()
    {
        return rank;
    }

    /** @return the number of ranks. */
    public int size()
    {
        return worldRanks.length;
    }

    /** @return the matching context of point-to-point traffic. */
    public int context()
    {
        return context;
    }

    /** @return the device underneath. */
    public Device device()
    {
        return device;
    }

    /** @return whether the time stamps of every rank come from one clock (MPI's {@code WTIME_IS_GLOBAL}). */
    public boolean clockIsGlobal()
    {
        return device.capabilities().globalClock();
    }

    /** @return whether the device's ranks on one host reach each other through memory rather than the network. */
    public boolean sharesMemory()
    {
        return device.capabilities().sharesMemory();
    }

    /** @return whether every rank of the job runs on one host (see {@link org.openmpj.device.DeviceCapabilities#oneHost}). */
    public boolean onOneHost()
    {
        return device.capabilities().oneHost();
    }

    /**
     * @return whether the job's ranks share cores, as every rank answers alike: ranks of one host see the same cores and
     *         agree on it, while hosts each decide alone whether their ranks share cores, so ranks on several hosts answer
     *         false. For choices in which every rank must go the same way.
     */
    public boolean ranksShareCoresAlike()
    {
        return onOneHost() && !waitsSpin();
    }

    /** @return whether this rank's waits spin, each rank having a core ({@link Device#waitsSpin}). */
    public boolean waitsSpin()
    {
        return device.waitsSpin();
    }

    /** @return the largest tag a message may carry (MPI's {@code TAG_UB}). */
    public int largestTag()
    {
        return device.capabilities().largestTag();
    }

    /** Sends and returns once the buffer may be reused. */
    public void send(
        final Object buf, final Primitive kind, final int offset, final int count,
        final int dest, final int tag, final SendMode mode)
    {
        if (dest != PROC_NULL)
        {
            device.send(buf, kind, offset, count, worldRanks[dest], rank, tag, context, mode);
        }
    }

    /** Starts a send. */
    public Request isend(
        final Object buf, final Primitive kind, final int offset, final int count,
        final int dest, final int tag, final SendMode mode)
    {
        if (dest == PROC_NULL)
        {
            return CompletedRequest.PROC_NULL;
        }
        return device.isend(buf, kind, offset, count, worldRanks[dest], rank, tag, context, mode);
    }

    /** Starts a send of every byte of {@code buf} ({@link Device#isend(MemorySegment, int, int, int, int, SendMode)}). */
    public Request isend(final MemorySegment buf, final int dest, final int tag, final SendMode mode)
    {
        if (dest == PROC_NULL)
        {
            return CompletedRequest.PROC_NULL;
        }
        return device.isend(buf, worldRanks[dest], rank, tag, context, mode);
    }

    /** Starts a step of a collective: a send with the calling thread's reusable request ({@link Device#isendReusing}). */
    public Request isendReusing(final Object buf, final Primitive kind, final int offset, final int count, final int dest, final int tag)
    {
        if (dest == PROC_NULL)
        {
            return CompletedRequest.PROC_NULL;
        }
        return device.isendReusing(buf, kind, offset, count, worldRanks[dest], rank, tag, context);
    }

    /**
     * Starts a step of a collective that keeps several sends going: a send with the calling thread's reusable request
     * number {@code slot} ({@link Device#isendReusing(int, Object, Primitive, int, int, int, int, int, int)}).
     */
    public Request isendReusing(
        final int slot, final Object buf, final Primitive kind, final int offset, final int count, final int dest, final int tag)
    {
        if (dest == PROC_NULL)
        {
            return CompletedRequest.PROC_NULL;
        }
        return device.isendReusing(slot, buf, kind, offset, count, worldRanks[dest], rank, tag, context);
    }

    /** Starts a step of a collective: a receive with the calling thread's reusable request ({@link Device#irecvReusing}). */
    public ReceiveRequest irecvReusing(final Object buf, final Primitive kind, final int offset, final int count, final int source,
        final int tag)
    {
        if (source == PROC_NULL)
        {
            return CompletedRequest.PROC_NULL;
        }
        return device.irecvReusing(buf, kind, offset, count, source, tag, context);
    }

    /**
     * Starts a step of a collective that keeps several receives posted: a receive with the calling thread's reusable request
     * number {@code slot} ({@link Device#irecvReusing(int, Object, Primitive, int, int, int, int, int)}).
     */
    public ReceiveRequest irecvReusing(
        final int slot, final Object buf, final Primitive kind, final int offset, final int count, final int source, final int tag)
    {
        if (source == PROC_NULL)
        {
            return CompletedRequest.PROC_NULL;
        }
        return device.irecvReusing(slot, buf, kind, offset, count, source, tag, context);
    }

    /**
     * Receives and waits.
     *
     * @return the completed request, valid until the calling thread's next blocking call.
     */
    public ReceiveRequest recv(
        final Object buf, final Primitive kind, final int offset, final int count, final int source, final int tag)
    {
        if (source == PROC_NULL)
        {
            return CompletedRequest.PROC_NULL;
        }
        if (job.survivesRankLoss())
        {
            final ReceiveRequest request = expecting(device.irecv(buf, kind, offset, count, source, tag, context), source);
            device.await(request);
            return request;
        }
        return device.recv(buf, kind, offset, count, source, tag, context);
    }

    /**
     * Receives into a buffer the device allocates ({@link Device#recvAllocating}) and waits.
     *
     * @return the completed request, valid until the calling thread's next blocking call; its payload holds the bytes.
     */
    public ReceiveRequest recvAllocating(final int source, final int tag)
    {
        if (source == PROC_NULL)
        {
            return CompletedRequest.PROC_NULL;
        }
        if (job.survivesRankLoss())
        {
            final ReceiveRequest request = irecvAllocating(source, tag);
            device.await(request);
            return request;
        }
        return device.recvAllocating(source, tag, context);
    }

    /** @return {@code request}, whose device now knows the world rank it waits on, so that only that rank's loss fails it. */
    private ReceiveRequest expecting(final ReceiveRequest request, final int source)
    {
        if (source != ANY_SOURCE)
        {
            request.expectFrom(worldRanks[source]);
        }
        return request;
    }

    /** Starts a receive. */
    public ReceiveRequest irecv(
        final Object buf, final Primitive kind, final int offset, final int count, final int source, final int tag)
    {
        if (source == PROC_NULL)
        {
            return CompletedRequest.PROC_NULL;
        }
        return expecting(device.irecv(buf, kind, offset, count, source, tag, context), source);
    }

    /** Starts a receive into {@code buf} ({@link Device#irecv(MemorySegment, int, int, int)}). */
    public ReceiveRequest irecv(final MemorySegment buf, final int source, final int tag)
    {
        if (source == PROC_NULL)
        {
            return CompletedRequest.PROC_NULL;
        }
        return expecting(device.irecv(buf, source, tag, context), source);
    }

    /** Starts a receive whose buffer is allocated to fit the message. */
    public ReceiveRequest irecvAllocating(final int source, final int tag)
    {
        if (source == PROC_NULL)
        {
            return CompletedRequest.PROC_NULL;
        }
        return expecting(device.irecvAllocating(source, tag, context), source);
    }

    /** @return true, with {@code result} filled in, when a matching message is waiting to be received. */
    public boolean iprobe(final int source, final int tag, final ProbeResult result)
    {
        if (source == PROC_NULL)
        {
            result.set(PROC_NULL, ANY_TAG, 0);
            result.setHeadLength(0);
            return true;
        }
        return device.iprobe(source, tag, context, result);
    }

    /** Waits until a matching message is waiting to be received, and fills in {@code result}. */
    public void probe(final int source, final int tag, final ProbeResult result)
    {
        int round = 0;
        final int lossesBefore = job.lossCount();
        try
        {
            while (!iprobe(source, tag, result))
            {
                round = device.awaitStep(round);
                if (job.lossCount() != lossesBefore)
                {
                    failIfLostWhileProbing(source);
                }
            }
        }
        finally
        {
            device.endWait(round);
        }
    }

    /** A probe for {@code source} fails once it is lost; a probe for any rank, once any rank is lost while it waits. */
    private void failIfLostWhileProbing(final int source)
    {
        final String why = source == ANY_SOURCE ? null : job.lossOf(worldRanks[source]);
        if (source == ANY_SOURCE || why != null)
        {
            throw new OpenMpjException(ErrorClass.ERR_PROC_FAILED, source == ANY_SOURCE
                ? "a probe for a message from any rank ended: a rank was lost while it waited" : "a probe for a message from rank "
                + source + " cannot succeed: the rank was lost (" + why + ")");
        }
    }

    /** @return the ranks of this communicator that the job has lost, in ascending order; empty while none is. */
    public int[] lostRanks()
    {
        if (job.lossCount() == 0)
        {
            return new int[0];
        }
        return java.util.stream.IntStream.range(0, worldRanks.length).filter(r -> job.lossOf(worldRanks[r]) != null).toArray();
    }

    /** @return why rank {@code commRank} of this communicator was lost, or null while it is not. */
    public String lossOf(final int commRank)
    {
        return job.lossOf(worldRanks[commRank]);
    }

    /** @return how many ranks the job has lost so far, anywhere: a count that changes when a loss becomes known. */
    public int jobLossCount()
    {
        return job.lossCount();
    }

    /** @return whether the job goes on when ranks are lost, failing only what involves them. */
    public boolean survivesRankLoss()
    {
        return job.survivesRankLoss();
    }

    /** Waits for {@code request}. */
    public void await(final Request request)
    {
        device.await(request);
    }

    /** @return the world rank of each rank of the communicator, in order; a copy. */
    public int[] worldRanks()
    {
        return worldRanks.clone();
    }

    /** @return the world rank of communicator rank {@code commRank}. */
    public int worldRank(final int commRank)
    {
        return worldRanks[commRank];
    }

    /** @return whether rank {@code rank} of {@code other} is a process of this communicator too. */
    public boolean holds(final Communicator other, final int rank)
    {
        final int worldRank = other.worldRanks[rank];
        for (final int member : worldRanks)
        {
            if (member == worldRank)
            {
                return true;
            }
        }
        return false;
    }
}
