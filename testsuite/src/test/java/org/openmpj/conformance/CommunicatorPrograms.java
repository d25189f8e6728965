package org.openmpj.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import mpi.Comm;
import mpi.Group;
import mpi.Intracomm;
import mpi.MPI;

import org.openmpj.testing.Check;

/** Communicators and groups: duplicates, splits, subsets, comparison, freeing, and concurrent creation. */
final class CommunicatorPrograms
{
    private CommunicatorPrograms()
    {
    }

    /** The set operations and rank translation of groups, on the world group. */
    public static final class GroupOperations
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            final Group world = MPI.COMM_WORLD.Group();
            Check.equal(size, world.Size(), "world group size");
            Check.equal(rank, world.Rank(), "rank in the world group");

            final int[] evenRanks = java.util.stream.IntStream.range(0, size).filter(r -> r % 2 == 0).toArray();
            final Group even = world.Incl(evenRanks);
            final Group odd = world.Excl(evenRanks);
            Check.equal(evenRanks.length, even.Size(), "even group size");
            Check.equal(size - evenRanks.length, odd.Size(), "odd group size");
            Check.equal(rank % 2 == 0 ? rank / 2 : MPI.UNDEFINED, even.Rank(), "rank in the even group");
            Check.equal(MPI.UNEQUAL, Group.Compare(even, odd), "even vs odd");
            Check.equal(0, Group.Intersection(even, odd).Size(), "even and odd intersect in nothing");
            final Group union = Group.Union(odd, even);
            Check.equal(size, union.Size(), "odd union even");
            Check.equal(size > 1 && size % 2 == 0 || size > 2 ? MPI.SIMILAR : MPI.IDENT, Group.Compare(union, world),
                "odd-then-even against the world");
            Check.equal(MPI.IDENT, Group.Compare(Group.Difference(world, MPI.GROUP_EMPTY), world), "world minus nothing");
            Check.equal(0, Group.Difference(world, world).Size(), "world minus world");
            final Group firstHalf = world.Range_incl(new int[][] {{0, (size - 1) / 2, 1}});
            Check.equal((size - 1) / 2 + 1, firstHalf.Size(), "Range_incl size");
            Check.equal(size - firstHalf.Size(), world.Range_excl(new int[][] {{0, (size - 1) / 2, 1}}).Size(), "Range_excl size");
            final int[] translated = Group.Translate_ranks(world, new int[] {0, size - 1, MPI.PROC_NULL}, even);
            Check.equal(0, translated[0], "world rank 0 in the even group");
            Check.equal((size - 1) % 2 == 0 ? (size - 1) / 2 : MPI.UNDEFINED, translated[1], "last world rank in the even group");
            Check.equal(MPI.PROC_NULL, translated[2], "PROC_NULL translates to itself");
            Check.fails(MPI.ERR_RANK, () -> world.Incl(new int[] {size}), "rank " + size);
            Check.fails(MPI.ERR_RANK, () -> world.Incl(new int[] {0, 0}), "appears twice");
            MPI.Finalize();
        }
    }

    /** A duplicate has the same group and its own context: messages on one are never received on the other. */
    public static final class DuplicatesAreSeparate
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            final Intracomm dup = MPI.COMM_WORLD.Dup();
            final Comm world = MPI.COMM_WORLD;
            final Intracomm clone = (Intracomm)world.clone();
            Check.equal(MPI.CONGRUENT, Comm.Compare(MPI.COMM_WORLD, dup), "world vs its dup");
            Check.equal(MPI.CONGRUENT, Comm.Compare(dup, clone), "dup vs clone");
            Check.equal(MPI.IDENT, Comm.Compare(dup, dup), "dup vs itself");
            Check.equal(rank, dup.Rank(), "rank in the dup");
            final int next = (rank + 1) % size;
            final int prev = (rank + size - 1) % size;
            final mpi.Request sent = dup.Isend(new int[] {rank}, 0, 1, MPI.INT, next, 3);
            dup.Barrier();
            Check.that(MPI.COMM_WORLD.Iprobe(MPI.ANY_SOURCE, MPI.ANY_TAG) == null, "a message on the dup is visible on the world");
            final int[] in = new int[1];
            dup.Recv(in, 0, 1, MPI.INT, prev, 3);
            sent.Wait();
            Check.equal(prev, in[0], "message on the dup");
            final int[] sum = new int[1];
            clone.Allreduce(new int[] {rank}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
            Check.equal(size * (size - 1) / 2, sum[0], "Allreduce on the clone");
            dup.Free();
            clone.Free();
            Check.fails(MPI.ERR_COMM, () -> dup.Rank(), "has been freed");
            Check.fails(MPI.ERR_COMM, () -> MPI.COMM_WORLD.Free(), "cannot be freed");
            MPI.Finalize();
        }
    }

    /** Split by parity with the key reversing the order; Create of the even ranks; null for those left out. */
    public static final class SplitAndCreate
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            final Intracomm half = MPI.COMM_WORLD.Split(rank % 2, -rank);
            final int members = rank % 2 == 0 ? (size + 1) / 2 : size / 2;
            Check.equal(members, half.Size(), "size of my half");
            Check.equal(members - 1 - rank / 2, half.Rank(), "rank in my half, ordered by key (reversed)");
            final int[] sum = new int[1];
            half.Allreduce(new int[] {rank}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
            int expected = 0;
            for (int r = rank % 2; r < size; r += 2)
            {
                expected += r;
            }
            Check.equal(expected, sum[0], "sum over my half");
            final int[] root = new int[1];
            if (half.Rank() == 0)
            {
                root[0] = rank;
            }
            half.Bcast(root, 0, 1, MPI.INT, 0);
            Check.equal(rank % 2 == 0 ? 2 * ((size - 1) / 2) : 2 * (size / 2) - 1, root[0], "world rank of my half's rank 0");

            final Intracomm none = MPI.COMM_WORLD.Split(rank == 0 ? 0 : MPI.UNDEFINED, 0);
            Check.that(rank == 0 ? none != null && none.Size() == 1 : none == MPI.COMM_NULL, "UNDEFINED gives COMM_NULL");

            final Group even = MPI.COMM_WORLD.Group().Incl(java.util.stream.IntStream.range(0, size).filter(r -> r % 2 == 0).toArray());
            final Intracomm evens = MPI.COMM_WORLD.Create(even);
            if (rank % 2 == 0)
            {
                Check.equal(rank / 2, evens.Rank(), "rank among the evens");
                evens.Barrier();
                // The same members; the half has them in reverse order (its key), so they differ in order when there are two or more.
                Check.equal(half.Size() > 1 ? MPI.SIMILAR : MPI.CONGRUENT, Comm.Compare(evens, half), "evens vs the even half");
            }
            else
            {
                Check.that(evens == MPI.COMM_NULL, "odd ranks get COMM_NULL from Create");
            }
            Check.fails(MPI.ERR_ARG, () -> MPI.COMM_WORLD.Split(-5, 0), "color=-5");
            MPI.Finalize();
        }
    }

    /** Four threads per rank each duplicate their own communicator again and again at once; no two share a context. */
    public static final class ConcurrentCreation
    {
        public static void main(final String[] args) throws InterruptedException
        {
            MPI.initThread(MPI.THREAD_MULTIPLE, MPI.THREAD_MULTIPLE, args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            final int threads = 4;
            final Intracomm[] own = new Intracomm[threads];
            for (int t = 0; t < threads; t++)
            {
                own[t] = MPI.COMM_WORLD.Dup();
            }
            final AtomicReference<Throwable> failure = new AtomicReference<>();
            final List<Thread> workers = new ArrayList<>();
            for (int t = 0; t < threads; t++)
            {
                final int thread = t;
                final Thread worker = new Thread(() ->
                {
                    try
                    {
                        Intracomm comm = own[thread];
                        for (int round = 0; round < 20; round++)
                        {
                            final Intracomm next = comm.Dup();
                            final int[] sum = new int[1];
                            next.Allreduce(new int[] {thread * 1000 + rank}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
                            Check.equal(size * thread * 1000 + size * (size - 1) / 2, sum[0], "sum on thread " + thread + "'s communicator");
                            comm.Free();
                            comm = next;
                        }
                        comm.Free();
                    }
                    catch (final Throwable ex)
                    {
                        failure.compareAndSet(null, ex);
                    }
                });
                workers.add(worker);
                worker.start();
            }
            for (final Thread worker : workers)
            {
                worker.join();
            }
            if (failure.get() != null)
            {
                throw new AssertionError("a thread failed", failure.get());
            }
            MPI.Finalize();
        }
    }

    /**
     * A receive still posted on a freed communicator keeps its context from being reused: a communicator created
     * afterwards gets another, so its messages never land in the old receive, which can still be cancelled.
     */
    public static final class FreedContextIsNotReusedWhileBusy
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int last = MPI.COMM_WORLD.Size() - 1;
            final Intracomm dup = MPI.COMM_WORLD.Dup();
            final int[] old = {-1};
            final mpi.Request pending = rank == 0 ? dup.Irecv(old, 0, 1, MPI.INT, last, 5) : null;
            dup.Free();
            final Intracomm next = MPI.COMM_WORLD.Dup();
            final mpi.Request sent = rank == last ? next.Isend(new int[] {2}, 0, 1, MPI.INT, 0, 5) : null;
            if (rank == 0)
            {
                final int[] in = new int[1];
                next.Recv(in, 0, 1, MPI.INT, last, 5);
                Check.equal(2, in[0], "the message on the new communicator");
                Check.that(pending.Test() == null, "the receive posted on the freed communicator took a message of the new one");
                pending.Cancel();
                Check.that(pending.Wait().Test_cancelled(), "the old receive is cancelled");
                Check.equal(-1, old[0], "the old receive's buffer");
            }
            if (sent != null)
            {
                sent.Wait();
            }
            next.Free();
            MPI.Finalize();
        }
    }
}
