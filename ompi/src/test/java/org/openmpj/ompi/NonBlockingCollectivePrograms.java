package org.openmpj.ompi;

import static org.openmpj.ompi.CollectivePrograms.Expect.blocks;
import static org.openmpj.ompi.CollectivePrograms.Expect.ints;
import static org.openmpj.ompi.CollectivePrograms.Expect.varied;

import java.nio.IntBuffer;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/** The non-blocking collectives on direct buffers: every one started, many in flight at once, then waited for together. */
final class NonBlockingCollectivePrograms
{
    private NonBlockingCollectivePrograms()
    {
    }

    private static IntBuffer direct(final int... values)
    {
        final IntBuffer buffer = MPI.newIntBuffer(Math.max(1, values.length));
        buffer.put(values);
        return buffer;
    }

    /** Every non-blocking collective, started one after another and completed by one waitAll. */
    public static final class AllInFlight
    {
        public static void main(final String[] args) throws MPIException
        {
            MPI.Init(args);
            final Intracomm world = MPI.COMM_WORLD;
            final int n = world.getSize();
            final int r = world.getRank();
            final int root = n - 1;
            final int[] counts = new int[n];
            final int[] displs = new int[n];
            int total = 0;
            for (int i = 0; i < n; i++)
            {
                counts[i] = i + 1;
                displs[i] = total + i;
                total += 2 * i + 1;
            }
            final int[] mineValues = new int[r + 1];
            java.util.Arrays.fill(mineValues, r);
            final IntBuffer mine = direct(mineValues);
            final IntBuffer pair = direct(r, -r);
            final IntBuffer shared = r == 0 ? direct(5, 6) : MPI.newIntBuffer(2);
            final IntBuffer gathered = MPI.newIntBuffer(2 * n);
            final IntBuffer gatheredV = MPI.newIntBuffer(total);
            final IntBuffer part = MPI.newIntBuffer(2);
            final IntBuffer mineBack = MPI.newIntBuffer(r + 1);
            final IntBuffer everyone = MPI.newIntBuffer(2 * n);
            final IntBuffer everyoneV = MPI.newIntBuffer(total);
            final IntBuffer toAll = MPI.newIntBuffer(n);
            final IntBuffer fromAll = MPI.newIntBuffer(n);
            final IntBuffer fromAllV = MPI.newIntBuffer(n);
            final int[] ones = new int[n];
            java.util.Arrays.fill(ones, 1);
            final int[] ordered = new int[n];
            for (int i = 0; i < n; i++)
            {
                toAll.put(i, 100 * r + i);
                ordered[i] = i;
            }
            final IntBuffer reduced = MPI.newIntBuffer(2);
            final IntBuffer summed = MPI.newIntBuffer(2);
            final IntBuffer scattered = MPI.newIntBuffer(r + 1);
            final IntBuffer block = MPI.newIntBuffer(2);
            final IntBuffer prefix = MPI.newIntBuffer(1);
            final IntBuffer before = direct(-5);
            final IntBuffer inPlace = direct(r, 1);
            final int[] twoEach = new int[2 * n];
            final int[] contribution = new int[total];
            for (int i = 0; i < twoEach.length; i++)
            {
                twoEach[i] = i;
            }
            java.util.Arrays.fill(contribution, 1);
            final Request[] requests = {
                world.iBarrier(),
                world.iBcast(shared, 2, MPI.INT, 0),
                world.iGather(pair, 2, MPI.INT, gathered, 2, MPI.INT, root),
                world.iGatherv(mine, r + 1, MPI.INT, gatheredV, counts, displs, MPI.INT, 0),
                world.iScatter(r == root ? direct(blocks(n, 2, (i, k) -> 10 * i + k)) : null, 2, MPI.INT, part, 2, MPI.INT, root),
                world.iScatterv(r == 0 ? direct(varied(n)) : null, counts, displs, MPI.INT, mineBack, r + 1, MPI.INT, 0),
                world.iAllGather(pair, 2, MPI.INT, everyone, 2, MPI.INT),
                world.iAllGatherv(mine, r + 1, MPI.INT, everyoneV, counts, displs, MPI.INT),
                world.iAllToAll(toAll, 1, MPI.INT, fromAll, 1, MPI.INT),
                world.iAllToAllv(toAll, ones, ordered, MPI.INT, fromAllV, ones, ordered, MPI.INT),
                world.iReduce(direct(r, 1), reduced, 2, MPI.INT, MPI.SUM, root),
                world.iAllReduce(direct(r, 2), summed, 2, MPI.INT, MPI.SUM),
                world.iReduceScatter(direct(contribution), scattered, counts, MPI.INT, MPI.SUM),
                world.iReduceScatterBlock(direct(twoEach), block, 2, MPI.INT, MPI.SUM),
                world.iScan(direct(r + 1), prefix, 1, MPI.INT, MPI.SUM),
                world.iExScan(direct(r + 1), before, 1, MPI.INT, MPI.SUM),
                world.iAllReduce(inPlace, 2, MPI.INT, MPI.MAX),
            };
            Request.waitAll(requests);
            for (final Request request : requests)
            {
                Check.isTrue(request.isNull(), "a completed collective's request is null");
            }
            final int sum = n * (n - 1) / 2;
            Check.equal(new int[] {5, 6}, ints(shared, 2), "iBcast");
            if (r == root)
            {
                Check.equal(blocks(n, 2, (i, k) -> k == 0 ? i : -i), ints(gathered, 2 * n), "iGather");
                Check.equal(new int[] {sum, n}, ints(reduced, 2), "iReduce");
            }
            if (r == 0)
            {
                Check.equal(varied(n), ints(gatheredV, total), "iGatherv");
            }
            Check.equal(new int[] {10 * r, 10 * r + 1}, ints(part, 2), "iScatter");
            Check.equal(mineValues, ints(mineBack, r + 1), "iScatterv");
            Check.equal(blocks(n, 2, (i, k) -> k == 0 ? i : -i), ints(everyone, 2 * n), "iAllGather");
            Check.equal(varied(n), ints(everyoneV, total), "iAllGatherv");
            Check.equal(blocks(n, 1, (i, k) -> 100 * i + r), ints(fromAll, n), "iAllToAll");
            Check.equal(blocks(n, 1, (i, k) -> 100 * i + r), ints(fromAllV, n), "iAllToAllv");
            Check.equal(new int[] {sum, 2 * n}, ints(summed, 2), "iAllReduce");
            final int[] all = new int[r + 1];
            java.util.Arrays.fill(all, n);
            Check.equal(all, ints(scattered, r + 1), "iReduceScatter");
            Check.equal(new int[] {2 * r * n, (2 * r + 1) * n}, ints(block, 2), "iReduceScatterBlock");
            Check.equal((r + 1) * (r + 2) / 2, prefix.get(0), "iScan");
            if (r > 0)
            {
                Check.equal(r * (r + 1) / 2, before.get(0), "iExScan");
            }
            Check.equal(new int[] {n - 1, 1}, ints(inPlace, 2), "iAllReduce in place");
            MPI.Finalize();
        }
    }

    /** The in-place forms of the non-blocking collectives, completed by tests alone, and the refusal of heap buffers. */
    public static final class InPlaceByTests
    {
        public static void main(final String[] args) throws MPIException
        {
            MPI.Init(args);
            final Intracomm world = MPI.COMM_WORLD;
            final int n = world.getSize();
            final int r = world.getRank();
            final IntBuffer everyone = MPI.newIntBuffer(n);
            everyone.put(r, r * 3);
            final IntBuffer reduced = direct(r, 1);
            final IntBuffer gathered = r == 0 ? MPI.newIntBuffer(n) : direct(r + 7);
            final IntBuffer prefix = direct(2);
            final IntBuffer exclusive = direct(2);
            final IntBuffer scattered = r == 0 ? direct(blocks(n, 1, (i, k) -> -i)) : MPI.newIntBuffer(1);
            final Request[] requests = {
                world.iAllGather(everyone, 1, MPI.INT),
                world.iReduce(reduced, 2, MPI.INT, MPI.SUM, 0),
                world.iGather(gathered, 1, MPI.INT, 0),
                world.iScan(prefix, 1, MPI.INT, MPI.PROD),
                world.iExScan(exclusive, 1, MPI.INT, MPI.SUM),
                world.iScatter(scattered, 1, MPI.INT, 0),
            };
            while (!Request.testAll(requests))
            {
                Thread.onSpinWait();
            }
            Check.equal(blocks(n, 1, (i, k) -> i * 3), ints(everyone, n), "iAllGather in place");
            if (r == 0)
            {
                Check.equal(new int[] {n * (n - 1) / 2, n}, ints(reduced, 2), "iReduce in place");
                final int[] expected = blocks(n, 1, (i, k) -> i + 7);
                expected[0] = 0;
                Check.equal(expected, ints(gathered, n), "iGather in place");
            }
            else
            {
                Check.equal(-r, scattered.get(0), "iScatter in place");
            }
            Check.equal(1 << (r + 1), prefix.get(0), "iScan in place");
            if (r > 0)
            {
                Check.equal(2 * r, exclusive.get(0), "iExScan in place");
            }
            world.setErrhandler(MPI.ERRORS_RETURN);
            Check.fails(MPI.ERR_BUFFER, "heap buffer", () -> world.iAllReduce(IntBuffer.allocate(1), 1, MPI.INT, MPI.SUM));
            final Request barrier = world.iBarrier();
            Check.fails(MPI.ERR_REQUEST, "cannot be cancelled", barrier::cancel);
            barrier.waitFor();
            MPI.Finalize();
        }
    }
}
