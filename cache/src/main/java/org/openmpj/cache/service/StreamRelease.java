package org.openmpj.cache.service;

import java.io.IOException;
import java.util.List;
import java.util.stream.IntStream;

import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;

import org.openmpj.cache.CacheException;
import org.openmpj.cache.store.Chunks;

/**
 * What a relay node does once a fetch's stream has passed it: it sends each client it adopted the chunks that had
 * passed before that client joined, from its own copy; tells the server it is done ({@link Op#DONE}); and until the
 * server answers ({@link Tags#RELEASE}), adopts whoever the server still sends its way, with the whole file. The
 * server asks a node to adopt only until it has its {@code DONE}, so after the answer nobody waits on this node.
 *
 * <p>A node whose stream failed, or whose copy cannot be read back, declines: the joiners it already had are told it
 * cannot pass the file on ({@link ChunkHeadDescriptor#PASS_ON_FAILED_STATUS}, or the stream's failure when it failed),
 * and a joiner it is asked to adopt afterwards is told no ({@code -1}); either asks the server for a stream of its own.
 */
final class StreamRelease
{
    private final Intracomm comm;
    private final StreamReceiver stream;
    private final ChunkTarget target;
    private final byte[][] heads = new byte[StreamKind.WINDOW_CHUNKS][ChunkHeadDescriptor.LENGTH];

    private StreamRelease(final Intracomm comm, final StreamReceiver stream)
    {
        this.comm = comm;
        this.stream = stream;
        this.target = stream.target();
    }

    /** Passes on what a fetch's {@code stream} owes its adoptees and ends this node's part in the relay. */
    static void release(final Intracomm comm, final StreamReceiver stream)
    {
        new StreamRelease(comm, stream).release();
    }

    private void release()
    {
        final int server = stream.fetch().server();
        final List<StreamReceiver.Adoptee> adoptees = stream.adoptees();
        final boolean holdsCopy = !stream.failed() && target.canReadBack();
        if (holdsCopy)
        {
            passBacklog(adoptees);
        }
        else if (!stream.failed())
        {
            // The adoptees got the failure with the stream when it failed; else they wait for chunks this node lacks.
            final int[] waiting = adoptees.stream().mapToInt(StreamReceiver.Adoptee::rank).toArray();
            StreamSender.sendFailure(comm, waiting, stream.kind(), declined(), ChunkHeadDescriptor.PASS_ON_FAILED_STATUS);
        }
        stream.sayDone(holdsCopy);
        final int[] ask = new int[2];
        while (!stream.released())
        {
            comm.Recv(ask, 0, 2, MPI.INT, server, Tags.ADOPT);
            if (ask[0] == Tags.RELEASE)
            {
                return;
            }
            final int joiner = ask[1];
            final int[] start = {holdsCopy ? stream.firstIndex() : -1};
            comm.Send(start, 0, 1, MPI.INT, joiner, Tags.JOIN_START);
            if (holdsCopy)
            {
                passOn(new int[] {joiner}, new int[] {stream.chunkCount()});
            }
        }
    }

    /** Sends every adoptee the chunks that passed before it joined, all adoptees chunk by chunk together. */
    private void passBacklog(final List<StreamReceiver.Adoptee> adoptees)
    {
        final int[] ranks = new int[adoptees.size()];
        final int[] missed = new int[adoptees.size()];
        for (int a = 0; a < ranks.length; a++)
        {
            ranks[a] = adoptees.get(a).rank();
            missed[a] = target.position(adoptees.get(a).firstIndex());
        }
        passOn(ranks, missed);
    }

    /** Sends {@code ranks[a]} the chunks at positions 0 to {@code upTo[a]} (exclusive) of this node's order, in order. */
    private void passOn(final int[] ranks, final int[] upTo)
    {
        int positions = 0;
        for (final int count : upTo)
        {
            positions = Math.max(positions, count);
        }
        final Request[][] inFlight = new Request[heads.length][];
        for (int position = 0; position < positions; position++)
        {
            final int slot = position % heads.length;
            if (inFlight[slot] != null)
            {
                Request.Waitall(inFlight[slot]);
                inFlight[slot] = null;
            }
            final int index = stream.indexAt(position);
            final int length = Chunks.length(stream.sizeBytes(), target.chunkBytes, index);
            final byte[] data;
            try
            {
                data = target.readBack(index, length);
            }
            catch (final IOException ex)
            {
                StreamSender.waitAll(inFlight);
                StreamSender.sendFailure(comm, stillWaiting(ranks, upTo, position), stream.kind(), new CacheException(
                    CacheException.Reason.LOCAL_IO, "relay node rank " + comm.Rank() + " cannot read back chunk " + index + " to pass it on: "
                        + ex, ex), ChunkHeadDescriptor.PASS_ON_FAILED_STATUS);
                return;
            }
            final int offset = target.readBackOffset(index);
            ChunkHeadDescriptor.write(heads[slot], index, length, stream.crcOf(index), 0);
            final int[] to = stillWaiting(ranks, upTo, position);
            final Request[] requests = new Request[2 * to.length];
            for (int t = 0; t < to.length; t++)
            {
                requests[2 * t] = comm.Isend(heads[slot], 0, ChunkHeadDescriptor.LENGTH, MPI.BYTE, to[t], stream.kind().headTag);
                requests[2 * t + 1] = comm.Isend(data, offset, length, MPI.BYTE, to[t], stream.kind().dataTag);
            }
            inFlight[slot] = requests;
        }
        StreamSender.waitAll(inFlight);
    }

    /** @return the ranks that wait for the chunk at {@code position} and later ones. */
    private static int[] stillWaiting(final int[] ranks, final int[] upTo, final int position)
    {
        return IntStream.range(0, ranks.length).filter(a -> position < upTo[a]).map(a -> ranks[a]).toArray();
    }

    private CacheException declined()
    {
        final CacheException problem = target.problem();
        return new CacheException(CacheException.Reason.SERVER_FAILED, "relay node rank " + comm.Rank()
            + " cannot pass on the chunks that passed before this client joined" + (problem == null ? "" : ": " + problem.getMessage()));
    }
}
