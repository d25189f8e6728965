package org.openmpj.examples;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

import mpi.MPI;
import org.openmpj.SendMode;
import org.openmpj.device.Request;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.Session;

/**
 * Every rank sends every other rank messages in native memory through the engine (the façade has no call for them yet):
 * a byte, an eager size, sizes that go by rendezvous, each into a native segment, checked byte for byte; rank 0 prints
 * how many were checked, on how many ranks.
 */
public final class SegmentMessages
{
    private static final long[] BYTES = {1, 48 * 1024 + 3, 3 * 1024 * 1024 + 5, 40L * 1024 * 1024};

    private SegmentMessages()
    {
    }

    public static void main(final String[] args)
    {
        MPI.Init(args);
        final Communicator world = Session.forApiLoader(MPI.class.getClassLoader()).world();
        final int rank = world.rank();
        final int size = world.size();
        int checked = 0;
        try (Arena arena = Arena.ofShared())
        {
            for (int s = 0; s < BYTES.length; s++)
            {
                final long bytes = BYTES[s];
                final MemorySegment[] in = new MemorySegment[size];
                final List<Request> requests = new ArrayList<>();
                for (int peer = 0; peer < size; peer++)
                {
                    if (peer != rank)
                    {
                        in[peer] = arena.allocate(bytes);
                        requests.add(world.irecv(in[peer], peer, s));
                        requests.add(world.isend(pattern(arena.allocate(bytes), rank, peer), peer, s, SendMode.STANDARD));
                    }
                }
                for (final Request request : requests)
                {
                    world.await(request);
                }
                for (int peer = 0; peer < size; peer++)
                {
                    if (peer != rank)
                    {
                        final long differs = in[peer].mismatch(pattern(arena.allocate(bytes), peer, rank));
                        if (differs != -1)
                        {
                            throw new IllegalStateException(bytes + " bytes from rank " + peer + " to rank " + rank
                                + " differ from byte " + differs);
                        }
                        checked++;
                    }
                }
            }
        }
        final int[] total = {checked};
        MPI.COMM_WORLD.Allreduce(total, 0, total, 0, 1, MPI.INT, MPI.SUM);
        if (rank == 0)
        {
            System.out.println("segment messages: " + total[0] + " checked byte for byte on " + size + " ranks");
        }
        MPI.Finalize();
    }

    /** @return {@code segment}, filled with bytes that follow from their position and the pair of ranks. */
    private static MemorySegment pattern(final MemorySegment segment, final int from, final int to)
    {
        for (long at = 0; at < segment.byteSize(); at++)
        {
            segment.set(ValueLayout.JAVA_BYTE, at, (byte)(at * 131 + from * 7 + to));
        }
        return segment;
    }
}
