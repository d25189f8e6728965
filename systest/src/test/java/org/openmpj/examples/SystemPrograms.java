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

    /**
     * Every rank sends every other rank messages from just over the shm device's eager limit to 8 MiB, bytes and doubles,
     * from and into the middle of arrays, all at once; each is checked byte for byte. Rank 0 prints how many it checked.
     */
    public static final class LargeMessages
    {
        private static final int[] BYTES = {64 * 1024 + 1, 1024 * 1024 + 8, 8 * 1024 * 1024};

        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            int checked = 0;
            for (int round = 0; round < 2; round++)
            {
                for (int s = 0; s < BYTES.length; s++)
                {
                    final int bytes = BYTES[s];
                    final java.util.List<mpi.Request> requests = new java.util.ArrayList<>();
                    final byte[][] in = new byte[size][];
                    final double[][] doublesIn = new double[size][];
                    for (int peer = 0; peer < size; peer++)
                    {
                        if (peer == rank)
                        {
                            continue;
                        }
                        in[peer] = new byte[bytes + 5];
                        doublesIn[peer] = new double[bytes / 8 + 2];
                        requests.add(MPI.COMM_WORLD.Irecv(in[peer], 5, bytes, MPI.BYTE, peer, 2 * s));
                        requests.add(MPI.COMM_WORLD.Irecv(doublesIn[peer], 1, bytes / 8, MPI.DOUBLE, peer, 2 * s + 1));
                        final byte[] out = new byte[bytes + 3];
                        System.arraycopy(pattern(rank, peer, bytes), 0, out, 3, bytes);
                        requests.add(MPI.COMM_WORLD.Isend(out, 3, bytes, MPI.BYTE, peer, 2 * s));
                        requests.add(MPI.COMM_WORLD.Isend(doubles(rank, peer, bytes / 8), 0, bytes / 8, MPI.DOUBLE, peer, 2 * s + 1));
                    }
                    mpi.Request.Waitall(requests.toArray(new mpi.Request[0]));
                    for (int peer = 0; peer < size; peer++)
                    {
                        if (peer == rank)
                        {
                            continue;
                        }
                        check(java.util.Arrays.equals(pattern(peer, rank, bytes), java.util.Arrays.copyOfRange(in[peer], 5, bytes + 5)),
                            bytes + " bytes from rank " + peer + " to rank " + rank);
                        check(java.util.Arrays.equals(doubles(peer, rank, bytes / 8), java.util.Arrays.copyOfRange(doublesIn[peer], 1,
                            bytes / 8 + 1)), bytes / 8 + " doubles from rank " + peer + " to rank " + rank);
                        checked += 2;
                    }
                }
            }
            final int[] total = {checked};
            MPI.COMM_WORLD.Allreduce(total, 0, total, 0, 1, MPI.INT, MPI.SUM);
            if (rank == 0)
            {
                System.out.println("large messages: " + total[0] + " checked byte for byte");
            }
            MPI.Finalize();
        }

        private static byte[] pattern(final int from, final int to, final int bytes)
        {
            final byte[] data = new byte[bytes];
            new java.util.Random(from * 31L + to * 7L + bytes).nextBytes(data);
            return data;
        }

        private static double[] doubles(final int from, final int to, final int count)
        {
            return new java.util.Random(from * 17L + to * 5L + count).doubles(count).toArray();
        }

        private static void check(final boolean same, final String what)
        {
            if (!same)
            {
                throw new IllegalStateException(what + " arrived changed");
            }
        }
    }

    /**
     * Ranks 0 and 1 bounce a message of 1 MiB and 8 bytes 40 times, each way changing it first, so that every message from
     * rank 0 meets a receive at rank 1 with nothing on its way back; every arrival is checked byte for byte. Rank 0 prints
     * how many.
     */
    public static final class LargePingPong
    {
        static final int BOUNCES = 40;

        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final byte[] message = new byte[1024 * 1024 + 8];
            new java.util.Random(42).nextBytes(message);
            final byte[] expected = message.clone();
            int checked = 0;
            for (int bounce = 0; bounce < BOUNCES && rank < 2; bounce++)
            {
                if (rank == 0)
                {
                    MPI.COMM_WORLD.Send(message, 0, message.length, MPI.BYTE, 1, bounce);
                    MPI.COMM_WORLD.Recv(message, 0, message.length, MPI.BYTE, 1, bounce);
                }
                else
                {
                    MPI.COMM_WORLD.Recv(message, 0, message.length, MPI.BYTE, 0, bounce);
                }
                // Both ranks turn the message the same way on every visit of rank 1.
                expected[bounce % expected.length]++;
                if (rank == 1)
                {
                    message[bounce % message.length]++;
                    LargeMessages.check(java.util.Arrays.equals(expected, message), "bounce " + bounce + " at rank 1");
                    MPI.COMM_WORLD.Send(message, 0, message.length, MPI.BYTE, 0, bounce);
                }
                else
                {
                    LargeMessages.check(java.util.Arrays.equals(expected, message), "bounce " + bounce + " at rank 0");
                }
                checked++;
            }
            if (rank == 0)
            {
                System.out.println("large ping-pong: " + checked + " bounces checked byte for byte");
            }
            MPI.Finalize();
        }
    }

    /**
     * Allgather, Alltoall, Reduce, Bcast and Allreduce of large blocks (32 KiB to 1 MiB), each result checked element for
     * element; rank 0 prints how many.
     */
    public static final class LargeCollectives
    {
        private static final int[] COUNTS = {4 * 1024, 16 * 1024 + 3, 128 * 1024};

        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            int checked = 0;
            for (int round = 0; round < 3; round++)
            {
                for (final int count : COUNTS)
                {
                    final double[] mine = new double[count];
                    java.util.Arrays.setAll(mine, i -> value(rank, i));
                    final double[] all = new double[size * count];
                    MPI.COMM_WORLD.Allgather(mine, 0, count, MPI.DOUBLE, all, 0, count, MPI.DOUBLE);
                    final double[] blocks = new double[size * count];
                    java.util.Arrays.setAll(blocks, i -> value(rank, i) * 3);
                    final double[] swapped = new double[size * count];
                    MPI.COMM_WORLD.Alltoall(blocks, 0, count, MPI.DOUBLE, swapped, 0, count, MPI.DOUBLE);
                    final double[] sum = new double[count];
                    MPI.COMM_WORLD.Reduce(mine, 0, sum, 0, count, MPI.DOUBLE, MPI.SUM, size - 1);
                    final double[] copy = rank == 0 ? mine.clone() : new double[count];
                    MPI.COMM_WORLD.Bcast(copy, 0, count, MPI.DOUBLE, 0);
                    final double[] total = new double[count];
                    MPI.COMM_WORLD.Allreduce(mine, 0, total, 0, count, MPI.DOUBLE, MPI.SUM);
                    for (int i = 0; i < count; i++)
                    {
                        double expected = 0;
                        for (int peer = 0; peer < size; peer++)
                        {
                            LargeMessages.check(all[peer * count + i] == value(peer, i), "Allgather element " + i + " of rank " + peer);
                            LargeMessages.check(swapped[peer * count + i] == value(peer, rank * count + i) * 3, "Alltoall element " + i
                                + " from rank " + peer);
                            expected += value(peer, i);
                        }
                        LargeMessages.check(rank != size - 1 || sum[i] == expected, "Reduce element " + i);
                        LargeMessages.check(total[i] == expected, "Allreduce element " + i);
                        LargeMessages.check(copy[i] == value(0, i), "Bcast element " + i);
                    }
                    checked += 5;
                }
            }
            final int[] total = {checked};
            MPI.COMM_WORLD.Allreduce(total, 0, total, 0, 1, MPI.INT, MPI.SUM);
            if (rank == 0)
            {
                System.out.println("large collectives: " + total[0] + " checked element for element");
            }
            MPI.Finalize();
        }

        private static double value(final int rank, final int i)
        {
            return rank * 0.5 + i * 0.25;
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

    /**
     * Runs until something outside ends it: rank 0 computes without a single MPI call, the others pass a number round a
     * ring of their own with {@code Sendrecv}.
     */
    public static final class BusyForever
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            if (rank == 0)
            {
                double sum = 0.0;
                for (long i = 0; sum >= 0.0; i++)
                {
                    sum += Math.sqrt(i);
                }
                System.out.println("rank 0 overflowed " + sum);
            }
            else if (size > 2)
            {
                final int[] token = {rank};
                final int[] received = new int[1];
                final int next = rank == size - 1 ? 1 : rank + 1;
                final int previous = rank == 1 ? size - 1 : rank - 1;
                while (true)
                {
                    MPI.COMM_WORLD.Sendrecv(token, 0, 1, MPI.INT, next, 0, received, 0, 1, MPI.INT, previous, 0);
                    token[0] = received[0] + 1;
                }
            }
            MPI.Finalize();
        }
    }

    /**
     * Rank 1 computes for the seconds given as the program's argument without a single MPI call while the others wait for
     * it in a barrier; then every rank prints {@code rank R done} and finalizes.
     */
    public static final class ComputesWithoutMpi
    {
        public static void main(final String[] args)
        {
            final String[] programArgs = MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            if (rank == 1)
            {
                final long endNs = System.nanoTime() + Long.parseLong(programArgs[0]) * 1_000_000_000L;
                double sum = 0.0;
                for (long i = 0; System.nanoTime() < endNs; i++)
                {
                    sum += Math.sqrt(i);
                }
                System.out.println("rank 1 computed " + sum);
            }
            MPI.COMM_WORLD.Barrier();
            System.out.println("rank " + rank + " done");
            MPI.Finalize();
        }
    }

    /**
     * Every rank passes a number to the next and takes one from the previous with {@code Sendrecv}, over and over, and
     * prints {@code ready} on rank 0 after the first thousand rounds; when a call fails, the rank says how long after its
     * last completed round, and what it was told.
     */
    public static final class ExchangesForever
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            final int[] token = {rank};
            final int[] received = new int[1];
            long lastRoundNs = System.nanoTime();
            try
            {
                for (long round = 1; ; round++)
                {
                    MPI.COMM_WORLD.Sendrecv(token, 0, 1, MPI.INT, (rank + 1) % size, 0, received, 0, 1, MPI.INT, (rank + size - 1) % size, 0);
                    token[0] = received[0] + 1;
                    lastRoundNs = System.nanoTime();
                    if (rank == 0 && round == 1000)
                    {
                        System.out.println("ready");
                        System.out.flush();
                    }
                }
            }
            catch (final MPIException ex)
            {
                System.out.println("rank " + rank + " learned after " + (System.nanoTime() - lastRoundNs) / 1_000_000 + " ms: " + ex.getMessage());
                throw ex;
            }
        }
    }

    /**
     * Run by {@code org.openmpj.cache.Launch}: client 0 throws right after its first fetch of {@code data.bin}, directly
     * ({@code after-fetch}) or inside {@code try (CacheClient c = ...)} while the others wait in a barrier of the clients
     * ({@code in-try}); with {@code after-fetch} the others go on fetching for 40 s. A client whose call fails says how
     * long after its first fetch, and what it was told.
     */
    public static final class CacheClientFails
    {
        public static void main(final String[] args)
        {
            final org.openmpj.cache.MpjCache cache = org.openmpj.cache.MpjCache.current();
            final mpi.Intracomm clients = cache.clients();
            final int client = clients.Rank();
            final boolean inTry = args[0].equals("in-try");
            long fetchedNs = System.nanoTime();
            try
            {
                if (client == 0)
                {
                    try (org.openmpj.cache.CacheClient own = cache.client())
                    {
                        own.fetch("data.bin");
                        throw new IllegalStateException("deliberate failure in client 0");
                    }
                }
                cache.client().fetch("data.bin");
                fetchedNs = System.nanoTime();
                if (inTry)
                {
                    clients.Barrier();
                }
                while (System.nanoTime() - fetchedNs < 40_000_000_000L)
                {
                    cache.client().fetch("data.bin");
                }
            }
            catch (final MPIException | org.openmpj.cache.CacheException ex)
            {
                System.out.println("client " + client + " learned after " + (System.nanoTime() - fetchedNs) / 1_000_000 + " ms: "
                    + ex.getMessage());
                throw ex;
            }
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
     * Rank 1 dies (its JVM halts, as if killed) while the others wait for messages from ranks that are alive, or, with
     * argument {@code bcast}, in a small Bcast from rank 1; each survivor prints how long it took to learn of the death and
     * what it was told, then fails.
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
                if (args.length > 0 && args[0].equals("bcast"))
                {
                    MPI.COMM_WORLD.Bcast(new int[1], 0, 1, MPI.INT, 1);
                }
                else
                {
                    MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, from, 1);
                }
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
