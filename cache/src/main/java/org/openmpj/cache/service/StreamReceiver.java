package org.openmpj.cache.service;

import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32C;

import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;

import org.openmpj.cache.CacheException;

/**
 * Receives a chunk stream from a relay parent into a {@link ChunkTarget}, forwarding every chunk to this member's
 * children as soon as it has arrived (before checking it, so the relay's pace is not held up here; each member checks
 * its own copy). Chunks whose CRC32C does not match are reported, for the caller to refetch. A failure sent down the
 * relay is forwarded and then thrown.
 */
final class StreamReceiver
{
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
        final CRC32C crc = new CRC32C();
        int[] corrupt = new int[0];
        for (int index = 0; index < chunkCount; index++)
        {
            final int slot = index % window;
            if (inFlight[slot] != null)
            {
                Request.Waitall(inFlight[slot]);
                inFlight[slot] = null;
            }
            final byte[] head = heads[slot];
            comm.Recv(head, 0, head.length, MPI.BYTE, parent, kind.headTag);
            final int length = ChunkHeadDescriptor.length(head);
            if (ChunkHeadDescriptor.status(head) != 0)
            {
                final byte[] text = new byte[length];
                comm.Recv(text, 0, length, MPI.BYTE, parent, kind.dataTag);
                StreamSender.waitAll(inFlight);
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
            crc.reset();
            crc.update(array, offset, length);
            if ((int) crc.getValue() != ChunkHeadDescriptor.crc(head))
            {
                corrupt = java.util.Arrays.copyOf(corrupt, corrupt.length + 1);
                corrupt[corrupt.length - 1] = index;
            }
            target.onChunk(index, length);
        }
        StreamSender.waitAll(inFlight);
        return corrupt;
    }

    static CacheException.Reason reasonOf(final int status)
    {
        final CacheException.Reason[] reasons = CacheException.Reason.values();
        return status >= 1 && status <= reasons.length ? reasons[status - 1] : CacheException.Reason.SERVER_FAILED;
    }
}
