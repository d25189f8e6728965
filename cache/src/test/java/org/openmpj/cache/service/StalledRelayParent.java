package org.openmpj.cache.service;

import mpi.Intracomm;
import mpi.MPI;

import org.openmpj.cache.CacheException;

/**
 * A job of two thread ranks: rank 1 receives a one-chunk stream from rank 0, which lives on but forwards nothing, and
 * must fail with {@code SOURCE_TIMEOUT} within the stall limit of {@code args[0]} ms and a second, naming its parent.
 */
public final class StalledRelayParent
{
    private StalledRelayParent()
    {
    }

    public static void main(final String[] args)
    {
        final String[] rest = MPI.Init(args);
        final long stallMs = Long.parseLong(rest[0]);
        final Intracomm comm = MPI.COMM_WORLD;
        if (comm.Rank() == 1)
        {
            final long startNs = System.nanoTime();
            try
            {
                StreamReceiver.receive(comm, 0, new int[0], StreamKind.FETCH, 1000, 1, ChunkTarget.intoArray(new byte[1000], 1024), stallMs);
                throw new IllegalStateException("the receive returned though its parent forwarded nothing");
            }
            catch (final CacheException ex)
            {
                final long tookMs = (System.nanoTime() - startNs) / 1_000_000;
                if (ex.reason() != CacheException.Reason.SOURCE_TIMEOUT
                    || !ex.getMessage().contains("relay parent rank 0 forwarded nothing for " + stallMs + " ms"))
                {
                    throw new IllegalStateException("expected the stall, naming rank 0, got: " + ex, ex);
                }
                if (tookMs < stallMs || tookMs > stallMs + 1_000)
                {
                    throw new IllegalStateException("the stall was reported after " + tookMs + " ms, with a limit of " + stallMs + " ms");
                }
                System.out.println("stalled relay parent reported after " + tookMs + " ms: " + ex.getMessage());
            }
        }
        // Rank 0 waits here the while: alive, forwarding nothing.
        comm.Barrier();
        MPI.Finalize();
    }
}
