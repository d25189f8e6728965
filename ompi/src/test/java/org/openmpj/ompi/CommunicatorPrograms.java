package org.openmpj.ompi;

import mpi.Comm;
import mpi.Group;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/** New communicators: duplicates, splits and subsets, their comparison, error handlers and attributes, and freeing them. */
final class CommunicatorPrograms
{
    private CommunicatorPrograms()
    {
    }

    /** Splits by parity and in reverse, a subset of the even ranks, a duplicate; collectives on each. */
    public static final class SplitAndCreate
    {
        public static void main(final String[] args) throws MPIException
        {
            MPI.Init(args);
            final Intracomm world = MPI.COMM_WORLD;
            final int n = world.getSize();
            final int r = world.getRank();
            world.setErrhandler(MPI.ERRORS_RETURN);
            final Intracomm parity = world.split(r % 2, r);
            Check.equal((n + 1 - r % 2) / 2, parity.getSize(), "size of the parity communicator");
            Check.equal(r / 2, parity.getRank(), "rank in the parity communicator");
            Check.equal(MPI.ERRORS_RETURN, parity.getErrhandler(), "inherited error handler");
            final int[] sum = new int[1];
            parity.allReduce(new int[] {r}, sum, 1, MPI.INT, MPI.SUM);
            int expected = 0;
            for (int i = r % 2; i < n; i += 2)
            {
                expected += i;
            }
            Check.equal(expected, sum[0], "sum over the ranks of one parity");
            final Intracomm reversed = world.split(0, -r);
            Check.equal(n - 1 - r, reversed.getRank(), "rank ordered by key");
            Check.equal(n == 1 ? MPI.CONGRUENT : MPI.SIMILAR, Comm.compare(world, reversed), "world against its reverse");
            final Intracomm none = world.split(r == 0 ? MPI.UNDEFINED : 1, 0);
            Check.equal(r == 0, none.isNull(), "UNDEFINED colour gives the null communicator");
            if (r == 0)
            {
                Check.fails(MPI.ERR_COMM, "null communicator", none::getSize);
            }
            else
            {
                Check.equal(n - 1, none.getSize(), "the others' communicator");
                none.free();
            }
            final Group evens = world.getGroup().rangeIncl(new int[][] {{0, n - 1, 2}});
            final Intracomm evenComm = world.create(evens);
            Check.equal(r % 2 == 1, evenComm.isNull(), "outside the group: the null communicator");
            if (r % 2 == 0)
            {
                Check.equal(r / 2, evenComm.getRank(), "rank in the subset");
                evenComm.barrier();
                Check.equal(MPI.IDENT, Group.compare(evens, evenComm.getGroup()), "the subset's group");
            }
            final Intracomm copy = world.dup();
            Check.equal(MPI.CONGRUENT, Comm.compare(world, copy), "a duplicate is congruent");
            final int[] everyone = new int[n];
            copy.allGather(new int[] {r}, 1, MPI.INT, everyone, 1, MPI.INT);
            Check.equal(CollectivePrograms.Expect.blocks(n, 1, (i, k) -> i), everyone, "allGather on the duplicate");
            final Intracomm started = world.iDup();
            Check.isTrue(started.getRequest() != null && started.getRequest().test(), "iDup's request completes");
            final int key = Comm.createKeyval();
            copy.setAttr(key, "mine");
            Check.equal("mine", copy.getAttr(key), "attribute");
            Check.isTrue(world.getAttr(key) == null, "no attribute on the world");
            copy.deleteAttr(key);
            Check.isTrue(copy.getAttr(key) == null, "deleted attribute");
            copy.setName("copy of the world");
            Check.equal("copy of the world", copy.getName(), "name");
            copy.free();
            Check.isTrue(copy.isNull(), "a freed communicator is null");
            Check.fails(MPI.ERR_COMM, "null communicator", copy::barrier);
            Check.fails(MPI.ERR_ARG, "colour=-3", () -> world.split(-3, 0));
            parity.free();
            reversed.free();
            started.free();
            MPI.Finalize();
        }
    }

    /** splitType by host (every rank of these jobs shares one host) and createGroup called by a group's members only. */
    public static final class SplitTypeAndCreateGroup
    {
        public static void main(final String[] args) throws MPIException
        {
            MPI.Init(args);
            final Intracomm world = MPI.COMM_WORLD;
            final int n = world.getSize();
            final int r = world.getRank();
            world.setErrhandler(MPI.ERRORS_RETURN);
            final Intracomm host = world.splitType(Comm.TYPE_SHARED, -r, new mpi.Info());
            Check.equal(n, host.getSize(), "the ranks of one host");
            Check.equal(n - 1 - r, host.getRank(), "ordered by key");
            final int[] sum = new int[1];
            host.allReduce(new int[] {r}, sum, 1, MPI.INT, MPI.SUM);
            Check.equal(n * (n - 1) / 2, sum[0], "allReduce on the host's communicator");
            final Intracomm none = world.splitType(r == 0 ? MPI.UNDEFINED : Comm.TYPE_SHARED, 0, new mpi.Info());
            Check.equal(r == 0, none.isNull(), "UNDEFINED gives the null communicator");
            Check.fails(MPI.ERR_ARG, "splitType=7", () -> world.splitType(7, 0, new mpi.Info()));
            // The even ranks and the odd ranks each make their communicator, at the same time, with one tag.
            final Group parity = world.getGroup().rangeIncl(new int[][] {{r % 2, n - 1, 2}});
            final Intracomm mine = world.createGroup(parity, 5);
            Check.equal((n + 1 - r % 2) / 2, mine.getSize(), "size of the parity's communicator");
            Check.equal(r / 2, mine.getRank(), "rank in it");
            final int[] paritySum = new int[1];
            mine.allReduce(new int[] {r}, paritySum, 1, MPI.INT, MPI.SUM);
            int expected = 0;
            for (int i = r % 2; i < n; i += 2)
            {
                expected += i;
            }
            Check.equal(expected, paritySum[0], "allReduce on a communicator made by createGroup");
            if (r == n - 1)
            {
                // Only this rank calls: a group of one needs no one else.
                final Intracomm alone = world.createGroup(world.getGroup().incl(new int[] {r}), 0);
                Check.equal(1, alone.getSize(), "a group of one");
                alone.free();
            }
            world.barrier();
            if (n > 1)
            {
                Check.fails(MPI.ERR_GROUP, "not in the group", () -> world.createGroup(world.getGroup().incl(new int[] {(r + 1) % n}), 0));
            }
            mine.free();
            host.free();
            MPI.Finalize();
        }
    }
}
