package org.openmpj.conformance;

import mpi.Comm;
import mpi.Group;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Status;

import org.openmpj.testing.Check;

/**
 * Intercommunicators between the lower and the upper part of the world ({@link Halves}): creation, point-to-point
 * across, duplicates, comparison, merging, freeing, and every collective MPI defines on them.
 */
final class IntercommPrograms
{
    private static final int TAG = 77;

    private IntercommPrograms()
    {
    }

    /** The world split into a lower part (ranks below {@code (size + 1) / 2}) and an upper part, joined by an intercommunicator. */
    static final class Halves
    {
        final int worldRank = MPI.COMM_WORLD.Rank();
        final int worldSize = MPI.COMM_WORLD.Size();
        final int lowerSize = (worldSize + 1) / 2;
        final boolean lower = worldRank < lowerSize;
        final Intracomm part = MPI.COMM_WORLD.Split(lower ? 0 : 1, worldRank);
        final Intercomm inter = MPI.COMM_WORLD.Create_intercomm(part, 0, lower ? lowerSize : 0, TAG);

        /** @return the world rank of rank {@code rank} of the other part. */
        int remoteWorldRank(final int rank)
        {
            return lower ? lowerSize + rank : rank;
        }

        /** @return the world rank of rank {@code rank} of this part. */
        int localWorldRank(final int rank)
        {
            return lower ? rank : lowerSize + rank;
        }
    }

    /** Sizes, ranks and groups of both sides; messages across in both directions; a duplicate's messages stay apart. */
    public static final class CreateAndTalkAcross
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final Halves halves = new Halves();
            final Intercomm inter = halves.inter;
            final int rank = inter.Rank();
            final int localSize = inter.Size();
            final int remoteSize = inter.Remote_size();
            Check.that(inter.Test_inter(), "Test_inter of an intercommunicator");
            Check.that(!MPI.COMM_WORLD.Test_inter(), "Test_inter of the world");
            Check.equal(halves.lower ? halves.lowerSize : halves.worldSize - halves.lowerSize, localSize, "local size");
            Check.equal(halves.worldSize - localSize, remoteSize, "remote size");
            Check.equal(halves.part.Rank(), rank, "rank in the local group");
            final Group world = MPI.COMM_WORLD.Group();
            final int[] remoteInWorld = Group.Translate_ranks(inter.Remote_group(), java.util.stream.IntStream.range(0, remoteSize).toArray(),
                world);
            final int[] localInWorld = Group.Translate_ranks(inter.Group(), java.util.stream.IntStream.range(0, localSize).toArray(), world);
            for (int r = 0; r < remoteSize; r++)
            {
                Check.equal(halves.remoteWorldRank(r), remoteInWorld[r], "world rank of remote rank " + r);
            }
            for (int r = 0; r < localSize; r++)
            {
                Check.equal(halves.localWorldRank(r), localInWorld[r], "world rank of local rank " + r);
            }
            Check.equal(MPI.UNDEFINED, inter.Remote_group().Rank(), "this rank in the remote group");

            // Every rank sends its world rank to each rank of the other side, and receives from each of them by any source.
            final mpi.Request[] sends = new mpi.Request[remoteSize];
            for (int r = 0; r < remoteSize; r++)
            {
                sends[r] = inter.Isend(new int[] {halves.worldRank, r}, 0, 2, MPI.INT, r, 5);
            }
            final boolean[] heard = new boolean[remoteSize];
            for (int i = 0; i < remoteSize; i++)
            {
                final int[] in = new int[2];
                final Status status = inter.Recv(in, 0, 2, MPI.INT, MPI.ANY_SOURCE, 5);
                Check.equal(halves.remoteWorldRank(status.source), in[0], "sender's world rank against its source in the status");
                Check.equal(rank, in[1], "the rank the sender addressed");
                Check.that(!heard[status.source], "two messages from remote rank " + status.source);
                heard[status.source] = true;
            }
            mpi.Request.Waitall(sends);
            Check.fails(MPI.ERR_RANK, () -> inter.Send(new int[1], 0, 1, MPI.INT, remoteSize, 0), "dest=" + remoteSize);

            final Intercomm dup = inter.Dup();
            Check.that(dup.Test_inter(), "a duplicate is an intercommunicator");
            Check.equal(MPI.CONGRUENT, Comm.Compare(inter, dup), "intercommunicator against its duplicate");
            Check.equal(MPI.IDENT, Comm.Compare(inter, inter), "intercommunicator against itself");
            Check.equal(MPI.UNEQUAL, Comm.Compare(inter, MPI.COMM_WORLD), "intercommunicator against the world");
            final int partner = rank % remoteSize;
            // Rank r of each side sends to rank r mod the other size on the duplicate first, then on the original.
            final mpi.Request onDup = dup.Isend(new int[] {1}, 0, 1, MPI.INT, partner, 9);
            final mpi.Request onInter = inter.Isend(new int[] {2}, 0, 1, MPI.INT, partner, 9);
            for (int source = 0; source < remoteSize; source++)
            {
                if (source % localSize == rank)
                {
                    final int[] in = new int[1];
                    inter.Recv(in, 0, 1, MPI.INT, source, 9);
                    Check.equal(2, in[0], "message on the original from remote rank " + source);
                    dup.Recv(in, 0, 1, MPI.INT, source, 9);
                    Check.equal(1, in[0], "message on the duplicate from remote rank " + source);
                }
            }
            onDup.Wait();
            onInter.Wait();
            dup.Free();
            Check.fails(MPI.ERR_COMM, dup::Size, "freed");
            inter.Free();
            MPI.Finalize();
        }
    }

    /** Merge orders the groups by {@code high}, and by their leaders' world ranks on a tie; the result is a working intracommunicator. */
    public static final class MergeOrdersTheGroups
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final Halves halves = new Halves();
            final int size = halves.worldSize;
            final int upperSize = size - halves.lowerSize;
            final Intracomm lowFirst = halves.inter.Merge(!halves.lower);
            Check.equal(size, lowFirst.Size(), "merged size");
            Check.equal(halves.worldRank, lowFirst.Rank(), "rank with the lower part first");
            final Intracomm highFirst = halves.inter.Merge(halves.lower);
            Check.equal(halves.lower ? upperSize + halves.worldRank : halves.worldRank - halves.lowerSize, highFirst.Rank(),
                "rank with the upper part first");
            final Intracomm tie = halves.inter.Merge(true);
            Check.equal(halves.worldRank, tie.Rank(), "rank when both parts pass the same high");
            final int[] sum = new int[1];
            highFirst.Allreduce(new int[] {highFirst.Rank()}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
            Check.equal(size * (size - 1) / 2, sum[0], "a collective on the merged communicator");
            Check.equal(MPI.SIMILAR, Comm.Compare(lowFirst, highFirst), "merged in different orders");
            Check.equal(MPI.CONGRUENT, Comm.Compare(lowFirst, MPI.COMM_WORLD), "merged lower-first against the world");
            lowFirst.Free();
            highFirst.Free();
            tie.Free();
            halves.inter.Free();
            MPI.Finalize();
        }
    }

    /**
     * Every intercommunicator collective, with each rank of either part as the root: data flows from one part to
     * the other, and reductions combine the other part's contributions in its rank order.
     */
    public static final class CollectivesAcross
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final Halves halves = new Halves();
            final Intercomm inter = halves.inter;
            final int rank = inter.Rank();
            final int localSize = inter.Size();
            final int remoteSize = inter.Remote_size();
            inter.Barrier();
            for (final boolean lowerIsRoot : new boolean[] {true, false})
            {
                final boolean rootSide = halves.lower == lowerIsRoot;
                final int rootSideSize = rootSide ? localSize : remoteSize;
                for (int root = 0; root < rootSideSize; root++)
                {
                    final int arg = rootSide ? (rank == root ? MPI.ROOT : MPI.PROC_NULL) : root;
                    rooted(halves, rootSide, root, arg);
                }
            }

            // Allreduce: each part receives the rank-ordered product of the other part's matrices.
            final int[] product = new int[4];
            inter.Allreduce(NonCommutative.matrix(halves.worldRank), 0, product, 0, 4, MPI.INT, NonCommutative.MATRIX_PRODUCT);
            Check.equal(NonCommutative.orderedProduct(halves.remoteWorldRank(0), remoteSize), product, "Allreduce across");

            // Allgather: every rank receives the other part's world ranks, in their rank order.
            final int[] gathered = new int[2 * remoteSize];
            inter.Allgather(new int[] {halves.worldRank, -halves.worldRank}, 0, 2, MPI.INT, gathered, 0, 2, MPI.INT);
            for (int r = 0; r < remoteSize; r++)
            {
                Check.equal(halves.remoteWorldRank(r), gathered[2 * r], "Allgather block of remote rank " + r);
                Check.equal(-halves.remoteWorldRank(r), gathered[2 * r + 1], "Allgather block of remote rank " + r);
            }
            // Allgatherv: remote rank r contributes r + 1 ints, placed in reverse order of ranks.
            final int[] counts = reversedCounts(remoteSize);
            final int[] displs = reversedDispls(remoteSize);
            final int[] varied = new int[remoteSize * (remoteSize + 1) / 2];
            final int[] mine = new int[rank + 1];
            java.util.Arrays.fill(mine, halves.worldRank);
            inter.Allgatherv(mine, 0, rank + 1, MPI.INT, varied, 0, counts, displs, MPI.INT);
            for (int r = 0; r < remoteSize; r++)
            {
                for (int k = 0; k < r + 1; k++)
                {
                    Check.equal(halves.remoteWorldRank(r), varied[displs[r] + k], "Allgatherv from remote rank " + r);
                }
            }

            // Allgather into a strided type: each remote rank's three ints land at every other element, the holes untouched.
            final mpi.Datatype everyOther = mpi.Datatype.Vector(3, 1, 2, MPI.INT);
            everyOther.Commit();
            final int[] strided = new int[5 * remoteSize];
            java.util.Arrays.fill(strided, -1);
            inter.Allgather(new int[] {halves.worldRank, halves.worldRank + 1, halves.worldRank + 2}, 0, 3, MPI.INT, strided, 0, 1, everyOther);
            for (int r = 0; r < remoteSize; r++)
            {
                final int w = halves.remoteWorldRank(r);
                Check.equal(new int[] {w, -1, w + 1, -1, w + 2}, java.util.Arrays.copyOfRange(strided, 5 * r, 5 * r + 5),
                    "strided Allgather block of remote rank " + r);
            }
            objects(halves);

            // Alltoall: block j goes to remote rank j and holds (sender's world rank, j).
            final int[] out = new int[2 * remoteSize];
            for (int j = 0; j < remoteSize; j++)
            {
                out[2 * j] = halves.worldRank;
                out[2 * j + 1] = j;
            }
            final int[] in = new int[2 * remoteSize];
            inter.Alltoall(out, 0, 2, MPI.INT, in, 0, 2, MPI.INT);
            for (int r = 0; r < remoteSize; r++)
            {
                Check.equal(halves.remoteWorldRank(r), in[2 * r], "Alltoall block from remote rank " + r);
                Check.equal(rank, in[2 * r + 1], "Alltoall block addressed to this rank");
            }

            // Reduce_scatter: both parts split a vector of 2 * lowerSize ints; local rank i gets recvcounts[i] of them.
            final int total = 2 * halves.lowerSize;
            final int[] recvcounts = new int[localSize];
            for (int i = 0; i < localSize; i++)
            {
                recvcounts[i] = total / localSize + (i < total % localSize ? 1 : 0);
            }
            final int[] contribution = new int[total];
            for (int k = 0; k < total; k++)
            {
                contribution[k] = halves.worldRank * 100 + k;
            }
            final int[] share = new int[recvcounts[rank]];
            inter.Reduce_scatter(contribution, 0, share, 0, recvcounts, MPI.INT, MPI.SUM);
            int first = 0;
            for (int i = 0; i < rank; i++)
            {
                first += recvcounts[i];
            }
            int remoteWorldSum = 0;
            for (int r = 0; r < remoteSize; r++)
            {
                remoteWorldSum += halves.remoteWorldRank(r);
            }
            for (int k = 0; k < share.length; k++)
            {
                Check.equal(remoteWorldSum * 100 + remoteSize * (first + k), share[k], "Reduce_scatter element " + (first + k));
            }
            inter.Free();
            MPI.Finalize();
        }

        /** Object collectives across: the data arrives, and a non-commutative reduction combines in the other part's rank order. */
        private static void objects(final Halves halves)
        {
            final Intercomm inter = halves.inter;
            final int remoteSize = inter.Remote_size();
            final Object[] names = new Object[remoteSize];
            inter.Allgather(new Object[] {"w" + halves.worldRank}, 0, 1, MPI.OBJECT, names, 0, 1, MPI.OBJECT);
            final StringBuilder expected = new StringBuilder();
            for (int r = 0; r < remoteSize; r++)
            {
                Check.equal("w" + halves.remoteWorldRank(r), names[r], "object from remote rank " + r);
                expected.append("w").append(halves.remoteWorldRank(r));
            }
            final mpi.Op concat = new mpi.Op(new mpi.User_function()
            {
                @Override
                public void Call(final Object in, final int inOffset, final Object inout, final int inoutOffset, final int count,
                    final mpi.Datatype type)
                {
                    final Object[] a = (Object[])in;
                    final Object[] b = (Object[])inout;
                    for (int i = 0; i < count; i++)
                    {
                        b[inoutOffset + i] = (String)a[inOffset + i] + b[inoutOffset + i];
                    }
                }
            }, false);
            final Object[] joined = new Object[1];
            inter.Allreduce(new Object[] {"w" + halves.worldRank}, 0, joined, 0, 1, MPI.OBJECT, concat);
            Check.equal(expected.toString(), joined[0], "objects joined in the other part's rank order");
            // Bcast from rank 0 of the lower part to every rank of the upper one.
            final Object[] message = {halves.lower && inter.Rank() == 0 ? "from the lower part" : null};
            inter.Bcast(message, 0, 1, MPI.OBJECT, halves.lower ? (inter.Rank() == 0 ? MPI.ROOT : MPI.PROC_NULL) : 0);
            Check.equal(halves.lower && inter.Rank() != 0 ? null : "from the lower part", message[0], "object Bcast across");
        }

        /** Bcast, Reduce, Gather(v) and Scatter(v) with the given root, seen from one rank. */
        private static void rooted(final Halves halves, final boolean rootSide, final int root, final int arg)
        {
            final Intercomm inter = halves.inter;
            final int rank = inter.Rank();
            final int otherSize = rootSide ? inter.Remote_size() : inter.Size();
            final boolean isRoot = rootSide && rank == root;
            final String where = " (root " + root + " of the " + (rootSide == halves.lower ? "lower" : "upper") + " part)";

            final int[] data = isRoot ? new int[] {7, root, 9} : new int[] {-1, -1, -1};
            inter.Bcast(data, 0, 3, MPI.INT, arg);
            Check.equal(rootSide && !isRoot ? new int[] {-1, -1, -1} : new int[] {7, root, 9}, data, "Bcast" + where);

            final int[] reduced = {-1, -1, -1, -1};
            inter.Reduce(NonCommutative.matrix(halves.worldRank), 0, reduced, 0, 4, MPI.INT, NonCommutative.MATRIX_PRODUCT, arg);
            if (isRoot)
            {
                Check.equal(NonCommutative.orderedProduct(halves.remoteWorldRank(0), otherSize), reduced, "Reduce" + where);
            }

            final int[] gathered = new int[isRoot ? otherSize : 0];
            inter.Gather(new int[] {halves.worldRank}, 0, 1, MPI.INT, gathered, 0, 1, MPI.INT, arg);
            for (int r = 0; isRoot && r < otherSize; r++)
            {
                Check.equal(halves.remoteWorldRank(r), gathered[r], "Gather from remote rank " + r + where);
            }

            final int[] scattered = {-1, -1};
            final int[] source = new int[isRoot ? 2 * otherSize : 0];
            for (int k = 0; k < source.length; k++)
            {
                source[k] = 1000 * root + k;
            }
            inter.Scatter(source, 0, 2, MPI.INT, scattered, 0, 2, MPI.INT, arg);
            Check.equal(rootSide ? new int[] {-1, -1} : new int[] {1000 * root + 2 * rank, 1000 * root + 2 * rank + 1}, scattered,
                "Scatter" + where);

            // Scatterv and Gatherv with rank r of the other part taking r + 1 items, in reverse order in the root's buffer.
            final int[] counts = reversedCounts(otherSize);
            final int[] displs = reversedDispls(otherSize);
            final int[] vector = new int[isRoot ? otherSize * (otherSize + 1) / 2 : 0];
            for (int k = 0; k < vector.length; k++)
            {
                vector[k] = 10 * k + root;
            }
            final int[] piece = new int[rank + 1];
            inter.Scatterv(vector, 0, counts, displs, MPI.INT, piece, 0, rank + 1, MPI.INT, arg);
            if (!rootSide)
            {
                final int[] myDispls = reversedDispls(inter.Size());
                for (int k = 0; k <= rank; k++)
                {
                    Check.equal(10 * (myDispls[rank] + k) + root, piece[k], "Scatterv element " + k + where);
                }
            }
            final int[] back = new int[vector.length];
            inter.Gatherv(piece, 0, rank + 1, MPI.INT, back, 0, counts, displs, MPI.INT, arg);
            if (isRoot)
            {
                Check.equal(vector, back, "Gatherv of what Scatterv sent" + where);
            }
        }

        /** @return rank r's count, r + 1, for blocks placed in reverse rank order. */
        private static int[] reversedCounts(final int n)
        {
            return java.util.stream.IntStream.rangeClosed(1, n).toArray();
        }

        /** @return rank r's displacement when rank r has r + 1 items and the blocks are placed in reverse rank order. */
        private static int[] reversedDispls(final int n)
        {
            final int[] displs = new int[n];
            int at = 0;
            for (int r = n - 1; r >= 0; r--)
            {
                displs[r] = at;
                at += r + 1;
            }
            return displs;
        }
    }

    /** The product of 2x2 matrices, a non-commutative operation, and its rank-ordered results. */
    static final class NonCommutative
    {
        static final mpi.Op MATRIX_PRODUCT = new mpi.Op(new mpi.User_function()
        {
            @Override
            public void Call(final Object invec, final int inoffset, final Object inoutvec, final int inoutoffset, final int count,
                final mpi.Datatype datatype)
            {
                final int[] a = (int[])invec;
                final int[] b = (int[])inoutvec;
                for (int m = 0; m < count / 4; m++)
                {
                    final int[] product = CollectivePrograms.NonCommutativeInRankOrder.multiply(a, inoffset + 4 * m, b, inoutoffset + 4 * m);
                    System.arraycopy(product, 0, b, inoutoffset + 4 * m, 4);
                }
            }
        }, false);

        private NonCommutative()
        {
        }

        static int[] matrix(final int worldRank)
        {
            return CollectivePrograms.NonCommutativeInRankOrder.matrix(worldRank);
        }

        /** @return the product, in order, of the matrices of world ranks {@code first} to {@code first + count - 1}. */
        static int[] orderedProduct(final int first, final int count)
        {
            int[] product = matrix(first);
            for (int r = first + 1; r < first + count; r++)
            {
                product = CollectivePrograms.NonCommutativeInRankOrder.multiply(product, 0, matrix(r), 0);
            }
            return product;
        }
    }

    /**
     * The lower part holds more communicators than the upper one when they join, so the contexts free on the two
     * parts differ: the intercommunicator's context must still be one both parts agree on.
     */
    public static final class PartsWithDifferentFreeContexts
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int worldRank = MPI.COMM_WORLD.Rank();
            final boolean lower = worldRank < (MPI.COMM_WORLD.Size() + 1) / 2;
            final Intracomm part = MPI.COMM_WORLD.Split(lower ? 0 : 1, worldRank);
            final Intracomm[] held = lower ? new Intracomm[] {part.Dup(), part.Dup(), part.Dup()} : new Intracomm[0];
            final Intercomm inter = MPI.COMM_WORLD.Create_intercomm(part, 0, lower ? (MPI.COMM_WORLD.Size() + 1) / 2 : 0, TAG);
            final int[] in = new int[1];
            final int partner = inter.Rank() % inter.Remote_size();
            final mpi.Request sent = inter.Isend(new int[] {worldRank}, 0, 1, MPI.INT, partner, 1);
            for (int source = 0; source < inter.Remote_size(); source++)
            {
                if (source % inter.Size() == inter.Rank())
                {
                    inter.Recv(in, 0, 1, MPI.INT, source, 1);
                }
            }
            sent.Wait();
            final Intracomm merged = inter.Merge(!lower);
            final int[] sum = new int[1];
            merged.Allreduce(new int[] {1}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
            Check.equal(MPI.COMM_WORLD.Size(), sum[0], "a collective on the merged communicator");
            for (final Intracomm comm : held)
            {
                comm.Free();
            }
            MPI.Finalize();
        }
    }

    /** Bad arguments: found by each rank, or by the leader alone and then reported on every rank of its group. */
    public static final class BadArguments
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final Halves halves = new Halves();
            Check.fails(MPI.ERR_RANK, () -> MPI.COMM_WORLD.Create_intercomm(halves.part, halves.part.Size(), 0, TAG),
                "localLeader=" + halves.part.Size());
            final String[] expected = halves.part.Rank() == 0
                ? new String[] {"remoteLeader=" + halves.worldSize}
                : new String[] {"remoteLeader=" + halves.worldSize, "found by the local leader, rank 0"};
            Check.fails(MPI.ERR_RANK, () -> MPI.COMM_WORLD.Create_intercomm(halves.part, 0, halves.worldSize, TAG), expected);
            Check.fails(MPI.ERR_COMM, () -> MPI.COMM_WORLD.Create_intercomm(halves.inter, 0, 0, TAG), "is an intercommunicator");
            Check.fails(MPI.ERR_ROOT, () -> halves.inter.Bcast(new int[1], 0, 1, MPI.INT, halves.inter.Remote_size()),
                "root=" + halves.inter.Remote_size());
            Check.fails(MPI.ERR_ROOT, () -> halves.inter.Bcast(new int[1], 0, 1, MPI.INT, -7), "root=-7", "MPI.ROOT");
            // Both parts still work after the failures.
            halves.inter.Barrier();
            halves.inter.Free();
            MPI.Finalize();
        }
    }
}
