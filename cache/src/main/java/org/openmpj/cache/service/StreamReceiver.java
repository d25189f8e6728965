package org.openmpj.cache.service;

import java.nio.charset.StandardCharsets;
import java.util.BitSet;

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
 */
final class StreamReceiver
{
    private StreamReceiver()
    {
    }

    /**
     * @param stallMs how long the parent may forward nothing before the fetch fails ({@link RelayStall}).
     * @return the indices of the chunks that arrived corrupt, in order, or an empty array.
     * @throws CacheException the failure the relay carried instead of a chunk, or {@code SOURCE_TIMEOUT} when the parent
     *                        stalled; either is sent on to this member's children first.
     */
    static int[] receive(final Intracomm comm, final int parent, final int[] children, final StreamKind kind, final long sizeBytes,
        final int chunkCount, final ChunkTarget target, final long stallMs)
    {
        final int window = StreamKind.WINDOW_CHUNKS;
        final byte[][] heads = new byte[window][ChunkHeadDescriptor.MAX_LENGTH];
        final Request[] headReceives = new Request[window];
        final Request[] dataReceives = new Request[window];
        for (int index = 0; index < Math.min(window, chunkCount); index++)
        {
            post(comm, parent, kind, sizeBytes, target, index, heads, headReceives, dataReceives);
        }
        try (RelayStall stall = new RelayStall(stallMs, headReceives, dataReceives))
        {
            return receiveAll(comm, parent, children, kind, sizeBytes, chunkCount, target, stall, heads, headReceives, dataReceives);
        }
    }

    private static int[] receiveAll(final Intracomm comm, final int parent, final int[] children, final StreamKind kind,
        final long sizeBytes, final int chunkCount, final ChunkTarget target, final RelayStall stall, final byte[][] heads,
        final Request[] headReceives, final Request[] dataReceives)
    {
        final int window = heads.length;
        final Request[][] forwards = new Request[window][];
        final BitSet corrupt = new BitSet();
        for (int index = 0; index < chunkCount; index++)
        {
            final int slot = index % window;
            final byte[] head = heads[slot];
            final Status headStatus = headReceives[slot].Wait();
            headReceives[slot] = null;
            if (stall.stalled())
            {
                throw stalled(comm, parent, children, kind, stall, index, headReceives, dataReceives, forwards);
            }
            if (ChunkHeadDescriptor.status(head) != 0)
            {
                cancel(headReceives);
                cancel(dataReceives);
                StreamSender.waitAll(forwards);
                final int headLength = headStatus.Get_count(MPI.BYTE);
                for (final int child : children)
                {
                    comm.Send(head, 0, headLength, MPI.BYTE, child, kind.headTag);
                }
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
                throw stalled(comm, parent, children, kind, stall, index, headReceives, dataReceives, forwards);
            }
            stall.progress();
            final byte[] array = target.array(index);
            final int offset = target.offset(index);
            final int length = ChunkHeadDescriptor.length(head);
            if (children.length > 0)
            {
                final Request[] requests = new Request[2 * children.length];
                for (int c = 0; c < children.length; c++)
                {
                    requests[2 * c] = comm.Isend(head, 0, ChunkHeadDescriptor.LENGTH, MPI.BYTE, children[c], kind.headTag);
                    requests[2 * c + 1] = comm.Isend(array, offset, length, MPI.BYTE, children[c], kind.dataTag);
                }
                forwards[slot] = requests;
            }
            if (Chunks.crc(array, offset, length) != ChunkHeadDescriptor.crc(head))
            {
                corrupt.set(index);
            }
            target.onChunk(index, length);
            final int next = index + window;
            if (next < chunkCount)
            {
                // The slot's head (and a scratch target's chunk) is reused: its forwards must be done.
                if (forwards[slot] != null)
                {
                    Request.Waitall(forwards[slot]);
                    forwards[slot] = null;
                }
                post(comm, parent, kind, sizeBytes, target, next, heads, headReceives, dataReceives);
            }
        }
        StreamSender.waitAll(forwards);
        return corrupt.stream().toArray();
    }

    /** Withdraws what is posted, passes the stall on to the children, and returns the failure to throw. */
    private static CacheException stalled(final Intracomm comm, final int parent, final int[] children, final StreamKind kind,
        final RelayStall stall, final int index, final Request[] headReceives, final Request[] dataReceives, final Request[][] forwards)
    {
        cancel(headReceives);
        cancel(dataReceives);
        StreamSender.waitAll(forwards);
        final CacheException failure = new CacheException(CacheException.Reason.SOURCE_TIMEOUT, "relay parent rank " + parent
            + " forwarded nothing for " + stall.limitMs() + " ms before chunk " + index + " (twice "
            + org.openmpj.cache.CacheConfig.BACKING_TIMEOUT_MS_PROP_NAME + ")");
        StreamSender.sendFailure(comm, children, kind, failure);
        return failure;
    }

    private static void post(final Intracomm comm, final int parent, final StreamKind kind, final long sizeBytes, final ChunkTarget target,
        final int index, final byte[][] heads, final Request[] headReceives, final Request[] dataReceives)
    {
        final int slot = index % heads.length;
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
