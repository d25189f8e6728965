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
}
