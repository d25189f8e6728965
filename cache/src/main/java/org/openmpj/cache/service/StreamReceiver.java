package org.openmpj.cache.service;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;
import mpi.Status;

import org.openmpj.cache.CacheException;
import org.openmpj.cache.store.Chunks;

/**
 * Receives a chunk stream from a relay parent into a {@link ChunkTarget}, forwarding every chunk to this member's
 * children as soon as it has arrived (before checking it, so the relay's pace is not held up here; each member checks
 * its own copy). Chunks whose CRC32C does not match are reported, for the caller to refetch. A failure sent down the
 * relay is forwarded and then thrown.
 *
 * <p>Receives for the next {@link StreamKind#WINDOW_CHUNKS} chunks are posted ahead, each straight into its place, so
 * that a transport whose large messages wait for their receive (rendezvous) moves the next chunk while this one is
 * handled: one posted receive at a time left a 1 Gbit/s link idle a round trip per chunk, at 50-70 % of its rate.
 * The checksum of each chunk is computed in line while the chunks posted after it arrive: with the receives posted
 * ahead, even the thread device's copy is done by the sending thread, and handing the check to a pool thread measured
 * slower (a third busy thread on two cores: warm 100 MB fetch 3.5 GB/s against 5 GB/s in line).
 *
 * <p>A fetch's stream also answers its server's requests to adopt a late joiner ({@link Tags#ADOPT}), looked for
 * before each chunk is forwarded: the joiner is told that chunk's index and gets it and every later chunk with the
 * children; once the stream has passed, {@link StreamRelease} sends it the chunks it missed. A client that joined late
 * receives in that order, from its first index round to the one before it.
 *
 * <p>Not thread-safe: one receiver per stream, used by the receiving thread.
 */
final class StreamReceiver
{
    private final Intracomm comm;
    private final int parent;
    private final StreamKind kind;
    private final long sizeBytes;
    private final int chunkCount;
    private final ChunkTarget target;
    private final long stallMs;
    private final int firstIndex;
    /** The fetch this stream serves, whose server may ask this node to adopt joiners; null for a push. */
    private final Fetch fetch;
    private final int[] crcs;
    private final List<Adoptee> adoptees = new ArrayList<>();
    /** The children, then the adoptees: whom each chunk goes on to. */
    private int[] forwardTo;
    private boolean failed;
    private boolean parentCannotPassOn;
    private boolean doneSaid;
    private boolean released;

    /**
     * @param stallMs    how long the parent may forward nothing before the fetch fails ({@link RelayStall}).
     * @param firstIndex the chunk the parent sends first; the others follow in order, round to the one before it.
     * @param fetch      the fetch whose stream this is, or null for a push, which nobody joins.
     */
    StreamReceiver(final Intracomm comm, final int parent, final int[] children, final StreamKind kind, final long sizeBytes,
        final int chunkCount, final ChunkTarget target, final long stallMs, final int firstIndex, final Fetch fetch)
    {
        this.comm = comm;
        this.parent = parent;
        this.forwardTo = children.clone();
        this.kind = kind;
        this.sizeBytes = sizeBytes;
        this.chunkCount = chunkCount;
        this.target = target;
        this.stallMs = stallMs;
        this.firstIndex = firstIndex;
        this.fetch = fetch;
        this.crcs = new int[chunkCount];
        target.startAt(firstIndex, chunkCount);
    }

    /**
     * A client's fetch by stream.
     *
     * @param server  the server whose relay it is, which may ask this node to adopt joiners.
     * @param path    the file, named in this node's {@link Op#DONE}.
     * @param startNs when the fetch began, for the time the {@code DONE} reports.
     */
    record Fetch(int server, String path, long startNs)
    {
    }

    /** A client that joined the stream through this member, at chunk {@code firstIndex}. */
    record Adoptee(int rank, int firstIndex)
    {
    }

    /**
     * Receives a stream that no one may join, from its first chunk on.
     *
     * @return the indices of the chunks that arrived corrupt, in order, or an empty array.
     */
    static int[] receive(final Intracomm comm, final int parent, final int[] children, final StreamKind kind, final long sizeBytes,
        final int chunkCount, final ChunkTarget target, final long stallMs)
    {
        return new StreamReceiver(comm, parent, children, kind, sizeBytes, chunkCount, target, stallMs, 0, null).receive();
    }

    /**
     * @return the indices of the chunks that arrived corrupt, in order, or an empty array.
     * @throws CacheException the failure the relay carried instead of a chunk, or {@code SOURCE_TIMEOUT} when the parent
     *                        stalled; either is sent on to this member's children and adoptees first.
     */
    int[] receive()
    {
        if (fetch != null && !target.canReadBack())
        {
            // A copy that cannot be read back cannot be passed on: the server had better not send joiners here.
            sayDone(false);
        }
        final int window = StreamKind.WINDOW_CHUNKS;
        final byte[][] heads = new byte[window][ChunkHeadDescriptor.MAX_LENGTH];
        final Request[] headReceives = new Request[window];
        final Request[] dataReceives = new Request[window];
        for (int position = 0; position < Math.min(window, chunkCount); position++)
        {
            post(position, heads, headReceives, dataReceives);
        }
        try (RelayStall stall = new RelayStall(stallMs, headReceives, dataReceives))
        {
            return receiveAll(stall, heads, headReceives, dataReceives);
        }
        catch (final RuntimeException ex)
        {
            failed = true;
            throw ex;
        }
    }

    /** @return the fetch whose stream this is, or null for a push. */
    Fetch fetch()
    {
        return fetch;
    }

    /** @return the clients this member adopted while the stream passed, in the order they came. */
    List<Adoptee> adoptees()
    {
        return adoptees;
    }

    /**
     * Tells the server, once, that this node adopts no more ({@link Op#DONE}); it answers with {@link Tags#RELEASE}, which
     * the stream takes while it passes or {@link StreamRelease} after.
     *
     * @param holdsFile whether the fetch is done here, so that its time counts.
     */
    void sayDone(final boolean holdsFile)
    {
        if (!doneSaid)
        {
            final long fetchNanos = holdsFile ? System.nanoTime() - fetch.startNs() : -1;
            final byte[] done = new org.openmpj.cache.service.Request(Op.DONE, fetchNanos, List.of(fetch.path()), new byte[0]).encode();
            comm.Send(done, 0, done.length, MPI.BYTE, fetch.server(), Tags.REQUEST);
            doneSaid = true;
        }
    }

    /** @return whether the server has answered this node's {@link Op#DONE}: nobody will be sent its way any more. */
    boolean released()
    {
        return released;
    }

    /** @return whether the stream failed because the node that adopted this client cannot pass on what it missed. */
    boolean parentCannotPassOn()
    {
        return parentCannotPassOn;
    }

    /** @return whether the stream failed here, and with it every adoptee's. */
    boolean failed()
    {
        return failed;
    }

    int chunkCount()
    {
        return chunkCount;
    }

    long sizeBytes()
    {
        return sizeBytes;
    }

    ChunkTarget target()
    {
        return target;
    }

    StreamKind kind()
    {
        return kind;
    }

    /** @return the chunk this member received first. */
    int firstIndex()
    {
        return firstIndex;
    }

    /** @return the CRC32C the stream's head gave chunk {@code index}. */
    int crcOf(final int index)
    {
        return crcs[index];
    }

    /** @return the index of the chunk at {@code position} in the order this member receives. */
    int indexAt(final int position)
    {
        return (firstIndex + position) % chunkCount;
    }

    private int[] receiveAll(final RelayStall stall, final byte[][] heads, final Request[] headReceives, final Request[] dataReceives)
    {
        final int window = heads.length;
        final Request[][] forwards = new Request[window][];
        final BitSet corrupt = new BitSet();
        for (int position = 0; position < chunkCount; position++)
        {
            final int index = indexAt(position);
            final int slot = position % window;
            final byte[] head = heads[slot];
            final Status headStatus = headReceives[slot].Wait();
            headReceives[slot] = null;
            if (stall.stalled())
            {
                throw stalled(stall, index, headReceives, dataReceives, forwards);
            }
            if (ChunkHeadDescriptor.status(head) != 0)
            {
                cancel(headReceives);
                cancel(dataReceives);
                StreamSender.waitAll(forwards);
                final int headLength = headStatus.Get_count(MPI.BYTE);
                for (final int next : forwardTo)
                {
                    comm.Send(head, 0, headLength, MPI.BYTE, next, kind.headTag);
                }
                parentCannotPassOn = ChunkHeadDescriptor.status(head) == ChunkHeadDescriptor.PASS_ON_FAILED_STATUS;
                throw new CacheException(reasonOf(ChunkHeadDescriptor.status(head)), new String(head, ChunkHeadDescriptor.LENGTH,
                    headLength - ChunkHeadDescriptor.LENGTH, StandardCharsets.UTF_8));
            }
            if (ChunkHeadDescriptor.index(head) != index)
            {
                throw new IllegalStateException("relay parent " + parent + " sent chunk " + ChunkHeadDescriptor.index(head)
                    + " where chunk " + index + " was due");
            }
            dataReceives[slot].Wait();
            dataReceives[slot] = null;
            if (stall.stalled())
            {
                throw stalled(stall, index, headReceives, dataReceives, forwards);
            }
            stall.progress();
            if (fetch != null)
            {
                adoptWaiting(index);
            }
            final byte[] array = target.array(index);
            final int offset = target.offset(index);
            final int length = ChunkHeadDescriptor.length(head);
            crcs[index] = ChunkHeadDescriptor.crc(head);
            if (forwardTo.length > 0)
            {
                final Request[] requests = new Request[2 * forwardTo.length];
                for (int f = 0; f < forwardTo.length; f++)
                {
                    requests[2 * f] = comm.Isend(head, 0, ChunkHeadDescriptor.LENGTH, MPI.BYTE, forwardTo[f], kind.headTag);
                    requests[2 * f + 1] = comm.Isend(array, offset, length, MPI.BYTE, forwardTo[f], kind.dataTag);
                }
                forwards[slot] = requests;
            }
            if (Chunks.crc(array, offset, length) != crcs[index])
            {
                corrupt.set(index);
            }
            target.onChunk(index, length);
            final int next = position + window;
            if (next < chunkCount)
            {
                // The slot's head (and a scratch target's chunk) is reused: its forwards must be done.
                if (forwards[slot] != null)
                {
                    Request.Waitall(forwards[slot]);
                    forwards[slot] = null;
                }
                post(next, heads, headReceives, dataReceives);
            }
        }
        StreamSender.waitAll(forwards);
        return corrupt.stream().toArray();
    }

    /** Answers the server's requests to adopt joiners that came while this chunk was on its way: they join here. */
    private void adoptWaiting(final int index)
    {
        while (comm.Iprobe(fetch.server(), Tags.ADOPT) != null)
        {
            final int[] ask = new int[2];
            comm.Recv(ask, 0, 2, MPI.INT, fetch.server(), Tags.ADOPT);
            if (ask[0] == Tags.RELEASE)
            {
                if (!doneSaid)
                {
                    throw new IllegalStateException("server rank " + fetch.server() + " released this relay node before it said it was done");
                }
                released = true;
                continue;
            }
            final int joiner = ask[1];
            final boolean adopting = target.canReadBack();
            final int[] start = {adopting ? index : -1};
            comm.Send(start, 0, 1, MPI.INT, joiner, Tags.JOIN_START);
            if (adopting)
            {
                adoptees.add(new Adoptee(joiner, index));
                forwardTo = Arrays.copyOf(forwardTo, forwardTo.length + 1);
                forwardTo[forwardTo.length - 1] = joiner;
            }
        }
    }

    /** Withdraws what is posted, passes the stall on to the children and adoptees, and returns the failure to throw. */
    private CacheException stalled(final RelayStall stall, final int index, final Request[] headReceives, final Request[] dataReceives,
        final Request[][] forwards)
    {
        cancel(headReceives);
        cancel(dataReceives);
        StreamSender.waitAll(forwards);
        final CacheException failure = new CacheException(CacheException.Reason.SOURCE_TIMEOUT, "relay parent rank " + parent
            + " forwarded nothing for " + stall.limitMs() + " ms before chunk " + index + " (twice "
            + org.openmpj.cache.CacheConfig.BACKING_TIMEOUT_MS_PROP_NAME + ")");
        StreamSender.sendFailure(comm, forwardTo, kind, failure);
        return failure;
    }

    private void post(final int position, final byte[][] heads, final Request[] headReceives, final Request[] dataReceives)
    {
        final int index = indexAt(position);
        final int slot = position % heads.length;
        headReceives[slot] = comm.Irecv(heads[slot], 0, heads[slot].length, MPI.BYTE, parent, kind.headTag);
        dataReceives[slot] = comm.Irecv(target.array(index), target.offset(index), Chunks.length(sizeBytes, target.chunkBytes, index),
            MPI.BYTE, parent, kind.dataTag);
    }

    /** Withdraws receives posted for chunks that will not come, the relay having failed. */
    private static void cancel(final Request[] receives)
    {
        for (int slot = 0; slot < receives.length; slot++)
        {
            if (receives[slot] != null)
            {
                receives[slot].Cancel();
                receives[slot].Wait();
                receives[slot] = null;
            }
        }
    }

    static CacheException.Reason reasonOf(final int status)
    {
        final CacheException.Reason[] reasons = CacheException.Reason.values();
        return status >= 1 && status <= reasons.length ? reasons[status - 1] : CacheException.Reason.SERVER_FAILED;
    }
}
