package org.openmpj.ompi;

import java.nio.IntBuffer;

import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;

/** Intercommunicators between the even and the odd ranks of the world: point-to-point, collectives across, merge, dup. */
final class IntercommPrograms
{
    private IntercommPrograms()
    {
    }

    /** Every blocking collective across the two groups, checked on both sides; what is not available says so. */
    public static final class EvenAndOdd
    {
        public static void main(final String[] args) throws MPIException
        {
            MPI.Init(args);
            final Intracomm world = MPI.COMM_WORLD;
            world.setErrhandler(MPI.ERRORS_RETURN);
            Check.isTrue(Intercomm.getParent().isNull(), "no parent: nothing was spawned");
            final int n = world.getSize();
            final int r = world.getRank();
            if (n < 2)
            {
                MPI.Finalize();
                return;
            }
            final boolean even = r % 2 == 0;
            final int evens = (n + 1) / 2;
            final int odds = n / 2;
            final int mySize = even ? evens : odds;
            final int theirSize = even ? odds : evens;
            final Intracomm local = world.split(r % 2, r);
            final Intercomm ic = world.createIntercomm(local, 0, even ? 1 : 0, 7);
            Check.isTrue(ic.isInter(), "isInter");
            Check.isTrue(!local.isInter(), "an intracommunicator is not inter");
            Check.equal(mySize, ic.getSize(), "getSize: this group");
            Check.equal(r / 2, ic.getRank(), "getRank: in this group");
            Check.equal(theirSize, ic.getRemoteSize(), "getRemoteSize");
            Check.equal(theirSize, ic.getRemoteGroup().getSize(), "the remote group's size");
            Check.equal(mySize, ic.getGroup().getSize(), "the local group's size");
            final int me = r / 2;
            // Rank 0 of each group: the evens' sends to the odds', which answers.
            if (me == 0)
            {
                final int[] got = new int[1];
                if (even)
                {
                    ic.send(new int[] {41}, 1, MPI.INT, 0, 3);
                    final Status status = ic.recv(got, 1, MPI.INT, 0, 4);
                    Check.equal(0, status.getSource(), "source: a rank of the other group");
                    Check.equal(42, got[0], "the answer");
                }
                else
                {
                    ic.recv(got, 1, MPI.INT, 0, 3);
                    Check.equal(41, got[0], "point-to-point across");
                    ic.send(new int[] {got[0] + 1}, 1, MPI.INT, 0, 4);
                }
            }
            ic.barrier();
            final int[] value = {even ? -1 : -2};
            if (even)
            {
                value[0] = 99;
                ic.bcast(value, 1, MPI.INT, me == 0 ? MPI.ROOT : MPI.PROC_NULL);
                Check.equal(99, value[0], "bcast leaves the root's group as it is");
            }
            else
            {
                ic.bcast(value, 1, MPI.INT, 0);
                Check.equal(99, value[0], "bcast from the other group");
            }
            int theirSum = 0;
            final int[] theirRanks = new int[theirSize];
            for (int i = 0; i < theirSize; i++)
            {
                theirRanks[i] = 2 * i + (even ? 1 : 0);
                theirSum += theirRanks[i];
            }
            final int[] sum = new int[1];
            ic.allReduce(new int[] {r}, sum, 1, MPI.INT, MPI.SUM);
            Check.equal(theirSum, sum[0], "allReduce: the other group's sum");
            final int[] everyone = new int[theirSize];
            ic.allGather(new int[] {r}, 1, MPI.INT, everyone, 1, MPI.INT);
            Check.equal(theirRanks, everyone, "allGather: the other group's ranks");
            final int[] blocks = new int[theirSize];
            final int[] expected = new int[theirSize];
            for (int i = 0; i < theirSize; i++)
            {
                blocks[i] = 100 * r + i;
                expected[i] = 100 * theirRanks[i] + me;
            }
            final int[] exchanged = new int[theirSize];
            ic.allToAll(blocks, 1, MPI.INT, exchanged, 1, MPI.INT);
            Check.equal(expected, exchanged, "allToAll across");
            final int[] gathered = new int[odds];
            final int[] reduced = new int[1];
            final int[] scattered = new int[1];
            if (even)
            {
                ic.gather(null, 0, MPI.INT, gathered, 1, MPI.INT, me == 0 ? MPI.ROOT : MPI.PROC_NULL);
                ic.reduce(new int[] {r}, null, 1, MPI.INT, MPI.SUM, 0);
                final int[] parts = new int[odds];
                for (int i = 0; i < odds; i++)
                {
                    parts[i] = 10 + i;
                }
                ic.scatter(parts, 1, MPI.INT, null, 0, MPI.INT, me == 0 ? MPI.ROOT : MPI.PROC_NULL);
                if (me == 0)
                {
                    Check.equal(theirRanks, gathered, "gather at the root from the other group");
                }
            }
            else
            {
                ic.gather(new int[] {r}, 1, MPI.INT, null, 0, MPI.INT, 0);
                ic.reduce(null, reduced, 1, MPI.INT, MPI.SUM, me == 0 ? MPI.ROOT : MPI.PROC_NULL);
                ic.scatter(null, 0, MPI.INT, scattered, 1, MPI.INT, 0);
                if (me == 0)
                {
                    Check.equal(theirSum, reduced[0], "reduce at the root from the other group");
                }
                Check.equal(10 + me, scattered[0], "scatter from the other group");
            }
            final int[] counts = new int[mySize];
            counts[0] = 4;
            final int[] piece = new int[4];
            ic.reduceScatter(new int[] {r, r, r, r}, piece, counts, MPI.INT, MPI.SUM);
            if (me == 0)
            {
                Check.equal(new int[] {theirSum, theirSum, theirSum, theirSum}, piece, "reduceScatter: all to this group's first rank");
            }
            final Intracomm merged = ic.merge(!even);
            Check.equal(n, merged.getSize(), "merged size");
            Check.equal(even ? me : evens + me, merged.getRank(), "the low group first");
            final int[] all = new int[1];
            merged.allReduce(new int[] {r}, all, 1, MPI.INT, MPI.SUM);
            Check.equal(n * (n - 1) / 2, all[0], "allReduce on the merged communicator");
            final Intercomm copy = ic.dup();
            Check.isTrue(copy.isInter(), "a duplicate is an intercommunicator");
            Check.equal(theirSize, copy.getRemoteSize(), "of the same groups");
            copy.barrier();
            Check.equal(MPI.CONGRUENT, mpi.Comm.compare(ic, copy), "a duplicate of an intercommunicator is congruent");
            Check.equal(MPI.UNEQUAL, mpi.Comm.compare(ic, local), "an intercommunicator and an intracommunicator");
            // The non-blocking forms on direct buffers, several in flight at once.
            final IntBuffer mineDirect = MPI.newIntBuffer(1);
            mineDirect.put(0, r);
            final IntBuffer sumDirect = MPI.newIntBuffer(1);
            final IntBuffer everyoneDirect = MPI.newIntBuffer(theirSize);
            final IntBuffer bcastDirect = MPI.newIntBuffer(1);
            if (even)
            {
                bcastDirect.put(0, 77);
            }
            final Request[] started = {
                ic.iBarrier(),
                ic.iAllReduce(mineDirect, sumDirect, 1, MPI.INT, MPI.SUM),
                ic.iAllGather(mineDirect, 1, MPI.INT, everyoneDirect, 1, MPI.INT),
                ic.iBcast(bcastDirect, 1, MPI.INT, even ? (me == 0 ? MPI.ROOT : MPI.PROC_NULL) : 0),
            };
            Request.waitAll(started);
            Check.equal(theirSum, sumDirect.get(0), "iAllReduce: the other group's sum");
            final int[] everyoneRead = new int[theirSize];
            for (int i = 0; i < theirSize; i++)
            {
                everyoneRead[i] = everyoneDirect.get(i);
            }
            Check.equal(theirRanks, everyoneRead, "iAllGather: the other group's ranks");
            Check.equal(77, bcastDirect.get(0), "iBcast across");
            Check.fails(MPI.ERR_BUFFER, "", () -> ic.iAllReduce(java.nio.IntBuffer.allocate(1), sumDirect, 1, MPI.INT, MPI.SUM));
            Check.fails(MPI.ERR_COMM, "is an intercommunicator", () -> ic.iAllReduce(sumDirect, 1, MPI.INT, MPI.SUM));
            Check.fails(MPI.ERR_COMM, "is an intercommunicator", () -> ic.allReduce(new int[1], 1, MPI.INT, MPI.SUM));
            copy.free();
            merged.free();
            ic.free();
            Check.isTrue(ic.isNull(), "a freed intercommunicator is null");
            local.free();
            MPI.Finalize();
        }
    }
}
