package org.openmpj.cache.service;

import java.nio.charset.StandardCharsets;
import java.util.BitSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;

import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;

import org.openmpj.cache.CacheException;
import org.openmpj.cache.store.Chunks;

/**
 * Receives a chunk stream from a relay parent into a {@link ChunkTarget}, forwarding every chunk to this member's
 * children as soon as it has arrived (before checking it, so the relay's pace is not held up here; each member checks
 * its own copy). Chunks whose CRC32C does not match are reported, for the caller to refetch. A failure sent down the
 * relay is forwarded and then thrown.
 *
 * <p>Each chunk's checksum is computed on the common pool while the next chunk arrives: on a transport that moves
 * data by a copy in the receiving thread (the thread device), checking in line would halve a fetch's speed, since the
 * checksum costs about what the copy does (8 and 7 GB/s measured here). When the pool is backed up, the receiving
 * thread checks in line.
 */
final class StreamReceiver
{
    /** Queued checks per pool worker beyond which a receiving thread checks its chunks itself. */
    private static final int BACKLOG_PER_WORKER = 4;

    private StreamReceiver()
    {
    }

    /**
     * @return the indices of the chunks that arrived corrupt, in order, or an empty array.
     * @throws CacheException the failure the relay carried instead of a chunk.
     */
    static int[] receive(final Intracomm comm, final int parent, final int[] children, final StreamKind kind, final int chunkCount,
        final ChunkTarget target)
    {
        final int window = StreamKind.WINDOW_CHUNKS;
        final Request[][] inFlight = new Request[window][];
        final byte[][] heads = new byte[window][ChunkHeadDescriptor.LENGTH];
        final CompletableFuture<?>[] checks = new CompletableFuture<?>[window];
        final BitSet corrupt = new BitSet();
        for (int index = 0; index < chunkCount; index++)
        {
            final int slot = index % window;
            if (inFlight[slot] != null)
            {
                Request.Waitall(inFlight[slot]);
                inFlight[slot] = null;
            }
            awaitCheck(checks, slot);
            final byte[] head = heads[slot];
            comm.Recv(head, 0, head.length, MPI.BYTE, parent, kind.headTag);
            final int length = ChunkHeadDescriptor.length(head);
            if (ChunkHeadDescriptor.status(head) != 0)
            {
                final byte[] text = new byte[length];
                comm.Recv(text, 0, length, MPI.BYTE, parent, kind.dataTag);
                StreamSender.waitAll(inFlight);
                for (int pending = 0; pending < window; pending++)
                {
                    awaitCheck(checks, pending);
                }
                for (final int child : children)
                {
                    comm.Send(head, 0, head.length, MPI.BYTE, child, kind.headTag);
                    comm.Send(text, 0, length, MPI.BYTE, child, kind.dataTag);
                }
                throw new CacheException(reasonOf(ChunkHeadDescriptor.status(head)), new String(text, StandardCharsets.UTF_8));
            }
            if (ChunkHeadDescriptor.index(head) != index)
            {
                throw new IllegalStateException("relay parent " + parent + " sent chunk " + ChunkHeadDescriptor.index(head)
                    + " where chunk " + index + " was due");
            }
            final byte[] array = target.array(index);
            final int offset = target.offset(index);
            comm.Recv(array, offset, length, MPI.BYTE, parent, kind.dataTag);
            if (children.length > 0)
            {
                final Request[] requests = new Request[2 * children.length];
                for (int c = 0; c < children.length; c++)
                {
                    requests[2 * c] = comm.Isend(head, 0, head.length, MPI.BYTE, children[c], kind.headTag);
                    requests[2 * c + 1] = comm.Isend(array, offset, length, MPI.BYTE, children[c], kind.dataTag);
                }
                inFlight[slot] = requests;
            }
            checks[slot] = check(array, offset, length, ChunkHeadDescriptor.crc(head), index, corrupt);
            target.onChunk(index, length);
        }
        StreamSender.waitAll(inFlight);
        for (int slot = 0; slot < window; slot++)
        {
            awaitCheck(checks, slot);
        }
        synchronized (corrupt)
        {
            return corrupt.stream().toArray();
        }
    }

    /** Checks a chunk's CRC32C, marking {@code index} in {@code corrupt} when it does not match; null when done in line. */
    private static CompletableFuture<?> check(final byte[] array, final int offset, final int length, final int expectedCrc,
        final int index, final BitSet corrupt)
    {
        final Runnable check = () ->
        {
            if (Chunks.crc(array, offset, length) != expectedCrc)
            {
                synchronized (corrupt)
                {
                    corrupt.set(index);
                }
            }
        };
        final ForkJoinPool pool = ForkJoinPool.commonPool();
        if (pool.getQueuedSubmissionCount() > BACKLOG_PER_WORKER * pool.getParallelism())
        {
            check.run();
            return null;
        }
        return CompletableFuture.runAsync(check, pool);
    }

    /** Waits for the check of the chunk last received into {@code slot}, before the slot is used again. */
    private static void awaitCheck(final CompletableFuture<?>[] checks, final int slot)
    {
        if (checks[slot] != null)
        {
            checks[slot].join();
            checks[slot] = null;
        }
    }

    static CacheException.Reason reasonOf(final int status)
    {
        final CacheException.Reason[] reasons = CacheException.Reason.values();
        return status >= 1 && status <= reasons.length ? reasons[status - 1] : CacheException.Reason.SERVER_FAILED;
    }
}
