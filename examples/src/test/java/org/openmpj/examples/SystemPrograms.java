package org.openmpj.examples;

import mpi.MPI;
import mpi.MPIException;

/** Programs the system tests launch through bin/mpjrun to see how the launcher treats them. */
final class SystemPrograms
{
    private SystemPrograms()
    {
    }

    /** Prints the arguments MPI.Init returned, one per line between brackets, on rank 0. */
    public static final class EchoArgs
    {
        public static void main(final String[] args)
        {
            final String[] appArgs = MPI.Init(args);
            if (MPI.COMM_WORLD.Rank() == 0)
            {
                System.out.println("count=" + appArgs.length + " same=" + (appArgs == args));
                for (final String arg : appArgs)
                {
                    System.out.println("[" + arg + "]");
                }
            }
            MPI.Finalize();
        }
    }

    /** Rank 1 throws while every other rank waits for a message from it that never comes. */
    public static final class RankThrows
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            if (rank == 1)
            {
                throw new IllegalStateException("deliberate failure in rank 1");
            }
            MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 1, 0);
            MPI.Finalize();
        }
    }

    /** Rank 2 aborts the job with error code 7 while the others wait for it. */
    public static final class RankAborts
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            if (MPI.COMM_WORLD.Rank() == 2)
            {
                MPI.COMM_WORLD.Abort(7);
            }
            MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 2, 0);
            MPI.Finalize();
        }
    }

    /** Aborts at once with error code 3. */
    public static final class AbortsAtOnce
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            MPI.COMM_WORLD.Abort(3);
        }
    }

    /** Rank 0 waits for a message nobody sends: only a timeout ends it. */
    public static final class WaitsForever
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            if (MPI.COMM_WORLD.Rank() == 0)
            {
                MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
            }
            MPI.Finalize();
        }
    }

    /** Sets a static field to the rank and checks, after all ranks did so, that it still holds this rank. */
    public static final class StaticsPerRank
    {
        private static int myRank = -1;

        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            myRank = rank;
            final int[] token = new int[1];
            // A ring pass makes sure every rank has set its field before anyone checks.
            if (rank == 0)
            {
                MPI.COMM_WORLD.Send(token, 0, 1, MPI.INT, (rank + 1) % size, 0);
                MPI.COMM_WORLD.Recv(token, 0, 1, MPI.INT, size - 1, 0);
            }
            else
            {
                MPI.COMM_WORLD.Recv(token, 0, 1, MPI.INT, rank - 1, 0);
                MPI.COMM_WORLD.Send(token, 0, 1, MPI.INT, (rank + 1) % size, 0);
            }
            if (myRank != rank)
            {
                throw new IllegalStateException("static field shared between ranks: rank " + rank + " sees " + myRank);
            }
            System.out.println("rank " + rank + " keeps its own static");
            MPI.Finalize();
        }
    }

    /**
     * Rank 0 and rank size/2 exchange messages while every other rank waits in {@code MPI.Finalize}, long enough to fall
     * asleep there; the pair then finalizes too, waking them. On a hybrid job of two JVMs the sleepers share a JVM with one
     * of the pair, whose sends complete their requests from its own thread.
     */
    public static final class PairWhileOthersSleep
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int partner = MPI.COMM_WORLD.Size() / 2;
            final int[] token = new int[1];
            final long until = System.nanoTime() + 200_000_000L;
            if (rank == 0)
            {
                while (System.nanoTime() < until)
                {
                    MPI.COMM_WORLD.Send(token, 0, 1, MPI.INT, partner, 1);
                    MPI.COMM_WORLD.Recv(token, 0, 1, MPI.INT, partner, 1);
                }
                token[0] = -1;
                MPI.COMM_WORLD.Send(token, 0, 1, MPI.INT, partner, 1);
            }
            else if (rank == partner)
            {
                while (token[0] >= 0)
                {
                    MPI.COMM_WORLD.Recv(token, 0, 1, MPI.INT, 0, 1);
                    if (token[0] >= 0)
                    {
                        token[0]++;
                        MPI.COMM_WORLD.Send(token, 0, 1, MPI.INT, 0, 1);
                    }
                }
            }
            MPI.Finalize();
        }
    }

    /**
     * Rank 1 dies (its JVM halts, as if killed) while the others wait for messages from ranks that are alive; each
     * survivor prints how long it took to learn of the death and what it was told, then fails.
     */
    public static final class RankDies
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            final int from = (rank + 1) % size == 1 ? (rank + 2) % size : (rank + 1) % size;
            final long start = System.nanoTime();
            try
            {
                // Inside the try: when rank 1's death takes others of its JVM along, a survivor may still be in the barrier,
                // waiting for one of them.
                MPI.COMM_WORLD.Barrier();
                if (rank == 1)
                {
                    Runtime.getRuntime().halt(9);
                }
                MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, from, 1);
            }
            catch (final MPIException ex)
            {
                System.out.println("rank " + rank + " learned after " + (System.nanoTime() - start) / 1_000_000 + " ms: " + ex.getMessage());
                throw ex;
            }
        }
    }

    /**
     * MPJ-Cache with a server that dies: every rank joins the cache of the backing directory {@code args[0]}, then the
     * server's JVM halts and every client reports how soon its fetch learned of it.
     */
    public static final class CacheServerDies
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final java.util.Properties settings = new java.util.Properties();
            settings.setProperty(org.openmpj.cache.CacheConfig.BACKING_DIR_PROP_NAME, args[0]);
            final org.openmpj.cache.MpjCache cache = org.openmpj.cache.MpjCache.join(MPI.COMM_WORLD,
                org.openmpj.cache.CacheConfig.of(settings));
            final int rank = MPI.COMM_WORLD.Rank();
            MPI.COMM_WORLD.Barrier();
            if (cache.isServer())
            {
                // Dies once every client is past the barrier and, a moment later, waiting in its fetch.
                try
                {
                    Thread.sleep(200);
                }
                catch (final InterruptedException ex)
                {
                    Thread.currentThread().interrupt();
                }
                Runtime.getRuntime().halt(9);
            }
            final long start = System.nanoTime();
            try
            {
                cache.client().fetch("any.bin");
            }
            catch (final org.openmpj.cache.CacheException ex)
            {
                System.out.println("rank " + rank + " learned after " + (System.nanoTime() - start) / 1_000_000 + " ms: " + ex.reason() + " "
                    + ex.getMessage());
                throw ex;
            }
        }
    }
}
