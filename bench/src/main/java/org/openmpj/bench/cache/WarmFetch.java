package org.openmpj.bench.cache;

import java.nio.ByteBuffer;
import java.util.Locale;
import java.util.Properties;

import mpi.Intracomm;
import mpi.MPI;

import org.openmpj.cache.CacheClient;
import org.openmpj.cache.CacheConfig;
import org.openmpj.cache.MpjCache;

/**
 * A warm fetch against a ping-pong of the same size on the same transport, in alternating rounds: rank 0 serves,
 * client 0 fetches a file the server holds in memory (into a reused heap buffer) and ping-pongs messages of the file's
 * size with client 1. Prints one {@code warm} line per round: {@code bench/run-cache.sh} starts it.
 *
 * <pre>
 *   mpjrun -np 3 … org.openmpj.bench.cache.WarmFetch BACKING_DIR FILE ROUNDS SECONDS_PER_ROUND [key=value settings]
 * </pre>
 */
public final class WarmFetch
{
    private WarmFetch()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        MPI.Init(args);
        final Properties settings = new Properties();
        settings.setProperty(CacheConfig.BACKING_DIR_PROP_NAME, args[0]);
        for (int i = 4; i < args.length; i++)
        {
            settings.setProperty(args[i].substring(0, args[i].indexOf('=')), args[i].substring(args[i].indexOf('=') + 1));
        }
        final String file = args[1];
        final int rounds = Integer.parseInt(args[2]);
        final double secondsPerRound = Double.parseDouble(args[3]);
        try (MpjCache cache = MpjCache.join(MPI.COMM_WORLD, CacheConfig.of(settings)))
        {
            if (cache.isServer())
            {
                cache.serve();
            }
            else
            {
                measure(cache.client(), cache.clients(), file, rounds, secondsPerRound);
            }
        }
        MPI.Finalize();
    }

    private static void measure(final CacheClient client, final Intracomm clients, final String file, final int rounds,
        final double secondsPerRound)
    {
        final int size = (int) client.size(file);
        final byte[] message = new byte[size];
        final ByteBuffer destination = ByteBuffer.allocate(size);
        // Warm-up: both paths, for a whole round's time, so that the JIT has compiled them.
        for (int round = 0; round <= rounds; round++)
        {
            final double pingPong = pingPongBytesPerSecond(clients, message, secondsPerRound);
            final double fetch = fetchBytesPerSecond(client, clients, file, destination, secondsPerRound);
            if (round > 0 && clients.Rank() == 0)
            {
                System.out.printf(Locale.ROOT, "warm round=%d bytes=%d pingpong_MBps=%.1f fetch_MBps=%.1f ratio=%.3f%n", round, size,
                    pingPong / 1e6, fetch / 1e6, fetch / pingPong);
            }
        }
    }

    /** @return the one-way bandwidth of a ping-pong of {@code message} between clients 0 and 1. */
    private static double pingPongBytesPerSecond(final Intracomm clients, final byte[] message, final double seconds)
    {
        final int rank = clients.Rank();
        final long[] go = {1};
        long exchanges = 0;
        clients.Barrier();
        if (rank > 1)
        {
            return 0;
        }
        final long start = System.nanoTime();
        final long deadline = start + (long) (seconds * 1e9);
        while (go[0] == 1)
        {
            if (rank == 0)
            {
                clients.Send(message, 0, message.length, MPI.BYTE, 1, 7);
                clients.Recv(message, 0, message.length, MPI.BYTE, 1, 7);
                go[0] = System.nanoTime() < deadline ? 1 : 0;
            }
            else if (rank == 1)
            {
                clients.Recv(message, 0, message.length, MPI.BYTE, 0, 7);
                clients.Send(message, 0, message.length, MPI.BYTE, 0, 7);
            }
            exchanges++;
            // The leader tells the follower whether to go on, so both stop after the same exchange.
            if (rank == 0)
            {
                clients.Send(go, 0, 1, MPI.LONG, 1, 8);
            }
            else
            {
                clients.Recv(go, 0, 1, MPI.LONG, 0, 8);
            }
        }
        final double elapsed = (System.nanoTime() - start) / 1e9;
        return 2.0 * exchanges * message.length / elapsed;
    }

    /** @return the bandwidth of client 0's fetches of {@code file}, back to back. */
    private static double fetchBytesPerSecond(final CacheClient client, final Intracomm clients, final String file,
        final ByteBuffer destination, final double seconds)
    {
        clients.Barrier();
        double rate = 0;
        if (clients.Rank() == 0)
        {
            long fetches = 0;
            final long start = System.nanoTime();
            final long deadline = start + (long) (seconds * 1e9);
            while (System.nanoTime() < deadline)
            {
                client.fetch(file, destination);
                fetches++;
            }
            rate = (double) fetches * destination.capacity() / ((System.nanoTime() - start) / 1e9);
        }
        clients.Barrier();
        return rate;
    }
}
