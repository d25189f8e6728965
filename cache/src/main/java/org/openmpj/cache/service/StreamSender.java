package org.openmpj.cache.service;

import java.nio.charset.StandardCharsets;

import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;

import org.openmpj.cache.CacheException;
import org.openmpj.cache.store.CachedFile;
import org.openmpj.cache.store.StallClock;

/**
 * Sends a file's chunks from the server to the first members of a relay, each chunk as a {@link ChunkHeadDescriptor}
 * and then its bytes, while the loader may still be reading later chunks. Up to {@link StreamKind#WINDOW_CHUNKS} chunks
 * are in flight. When the file fails (the backing store errs or stalls), the failure goes down the relay in place of
 * the next chunk, so every member ends with the error instead of waiting.
 */
final class StreamSender
{
    private StreamSender()
    {
    }

    /**
     * @param stall      tells when waiting for the loader to publish the next chunk has become the store's stall, which
     *                   fails the file.
     * @param sourceName the backing store, for the stall's message.
     * @param counts     the file's counts, to which the bytes sent are added.
     * @throws CacheException the file's failure, after it has been sent down the relay.
     */
    static void send(final Intracomm comm, final CachedFile file, final int[] children, final StreamKind kind,
        final StallClock stall, final String sourceName, final StreamCounters.FileCounters counts) throws InterruptedException
    {
        final int window = StreamKind.WINDOW_CHUNKS;
        final Request[][] inFlight = new Request[window][];
        final byte[][] heads = new byte[window][ChunkHeadDescriptor.LENGTH];
        try
        {
            for (int index = 0; index < file.chunkCount(); index++)
            {
                final int slot = index % window;
                if (inFlight[slot] != null)
                {
                    Request.Waitall(inFlight[slot]);
                    file.release(index - window);
                }
                if (!file.awaitChunk(index, stall))
                {
                    file.fail(new CacheException(CacheException.Reason.SOURCE_TIMEOUT, "reading '" + file.path() + "' from "
                        + sourceName + " stalled: chunk " + index + " of " + file.chunkCount() + " did not come, and " + stall.silence()));
                    throw file.failure();
                }
                final byte[] data = file.chunk(index);
                ChunkHeadDescriptor.write(heads[slot], index, data.length, file.crc(index), 0);
                final Request[] requests = new Request[2 * children.length];
                for (int c = 0; c < children.length; c++)
                {
                    requests[2 * c] = comm.Isend(heads[slot], 0, ChunkHeadDescriptor.LENGTH, MPI.BYTE, children[c], kind.headTag);
                    requests[2 * c + 1] = comm.Isend(data, 0, data.length, MPI.BYTE, children[c], kind.dataTag);
                }
                inFlight[slot] = requests;
                counts.sent((long) data.length * children.length);
            }
        }
        catch (final CacheException failure)
        {
            waitAll(inFlight);
            sendFailure(comm, children, kind, failure);
            throw failure;
        }
        waitAll(inFlight);
        for (int index = Math.max(0, file.chunkCount() - window); index < file.chunkCount(); index++)
        {
            file.release(index);
        }
    }

    /** Sends {@code failure} to {@code children} in place of a chunk: a head with its status, carrying its text. */
    static void sendFailure(final Intracomm comm, final int[] children, final StreamKind kind, final CacheException failure)
    {
        sendFailure(comm, children, kind, failure, failure.reason().ordinal() + 1);
    }

    /** Sends {@code failure}'s text to {@code children} in place of a chunk, in a head of {@code status}. */
    static void sendFailure(final Intracomm comm, final int[] children, final StreamKind kind, final CacheException failure,
        final int status)
    {
        final byte[] text = String.valueOf(failure.getMessage()).getBytes(StandardCharsets.UTF_8);
        final int textLength = Math.min(text.length, ChunkHeadDescriptor.MAX_TEXT_BYTES);
        final byte[] head = new byte[ChunkHeadDescriptor.LENGTH + textLength];
        ChunkHeadDescriptor.write(head, -1, textLength, 0, status);
        System.arraycopy(text, 0, head, ChunkHeadDescriptor.LENGTH, textLength);
        for (final int child : children)
        {
            comm.Send(head, 0, head.length, MPI.BYTE, child, kind.headTag);
        }
    }

    static void waitAll(final Request[][] inFlight)
    {
        for (int slot = 0; slot < inFlight.length; slot++)
        {
            if (inFlight[slot] != null)
            {
                Request.Waitall(inFlight[slot]);
                inFlight[slot] = null;
            }
        }
    }
}
