package org.openmpj.ompi;

import java.nio.DoubleBuffer;
import java.nio.IntBuffer;

import mpi.Comm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/** The programs of the collectives suite on arrays and buffers, blocking and in place; every rank checks its results. */
final class CollectivePrograms
{
    private CollectivePrograms()
    {
    }

    /** Every blocking collective on arrays, with blocks of different sizes where the call allows. */
    public static final class BlockingOnArrays
    {
        public static void main(final String[] args) throws MPIException
        {
            MPI.Init(args);
            final Intracomm world = MPI.COMM_WORLD;
            final int n = world.getSize();
            final int r = world.getRank();
            final int root = n - 1;
            world.barrier();
            final int[] shared = r == root ? new int[] {7, 8, 9} : new int[3];
            world.bcast(shared, 3, MPI.INT, root);
            Check.equal(new int[] {7, 8, 9}, shared, "bcast");
            final int[] gathered = new int[2 * n];
            world.gather(new int[] {r, -r}, 2, MPI.INT, gathered, 2, MPI.INT, root);
            if (r == root)
            {
                Check.equal(Expect.blocks(n, 2, (i, k) -> k == 0 ? i : -i), gathered, "gather");
            }
            final int[] counts = new int[n];
            final int[] displs = new int[n];
            int total = 0;
            for (int i = 0; i < n; i++)
            {
                counts[i] = i + 1;
                displs[i] = total + i;
                total += i + 1 + i;
            }
            final int[] mine = new int[r + 1];
            java.util.Arrays.fill(mine, r);
            final int[] varied = new int[total];
            world.gatherv(mine, r + 1, MPI.INT, varied, counts, displs, MPI.INT, 0);
            if (r == 0)
            {
                Check.equal(Expect.varied(n), varied, "gatherv");
            }
            final int[] part = new int[2];
            world.scatter(r == root ? Expect.blocks(n, 2, (i, k) -> 10 * i + k) : null, 2, MPI.INT, part, 2, MPI.INT, root);
            Check.equal(new int[] {10 * r, 10 * r + 1}, part, "scatter");
            final int[] mineBack = new int[r + 1];
            world.scatterv(r == 0 ? Expect.varied(n) : null, counts, displs, MPI.INT, mineBack, r + 1, MPI.INT, 0);
            Check.equal(mine, mineBack, "scatterv");
            final int[] everyone = new int[2 * n];
            world.allGather(new int[] {r, -r}, 2, MPI.INT, everyone, 2, MPI.INT);
            Check.equal(Expect.blocks(n, 2, (i, k) -> k == 0 ? i : -i), everyone, "allGather");
            final int[] everyoneVaried = new int[total];
            world.allGatherv(mine, r + 1, MPI.INT, everyoneVaried, counts, displs, MPI.INT);
            Check.equal(Expect.varied(n), everyoneVaried, "allGatherv");
            final int[] toAll = new int[n];
            for (int i = 0; i < n; i++)
            {
                toAll[i] = 100 * r + i;
            }
            final int[] fromAll = new int[n];
            world.allToAll(toAll, 1, MPI.INT, fromAll, 1, MPI.INT);
            Check.equal(Expect.blocks(n, 1, (i, k) -> 100 * i + r), fromAll, "allToAll");
            final int[] sendCounts = new int[n];
            final int[] sendDispls = new int[n];
            final int[] recvDispls = new int[n];
            final int[] recvCounts = new int[n];
            for (int i = 0; i < n; i++)
            {
                sendCounts[i] = 1;
                sendDispls[i] = n - 1 - i;
                recvCounts[i] = 1;
                recvDispls[i] = i;
            }
            final int[] fromAllV = new int[n];
            world.allToAllv(toAll, sendCounts, sendDispls, MPI.INT, fromAllV, recvCounts, recvDispls, MPI.INT);
            Check.equal(Expect.blocks(n, 1, (i, k) -> 100 * i + n - 1 - r), fromAllV, "allToAllv");
            reductions(world, n, r, root);
            MPI.Finalize();
        }

        private static void reductions(final Intracomm world, final int n, final int r, final int root) throws MPIException
        {
            final int sum = n * (n - 1) / 2;
            final int[] reduced = new int[2];
            world.reduce(new int[] {r, 1}, reduced, 2, MPI.INT, MPI.SUM, root);
            if (r == root)
            {
                Check.equal(new int[] {sum, n}, reduced, "reduce SUM");
            }
            final double[] product = new double[1];
            world.allReduce(new double[] {r + 1}, product, 1, MPI.DOUBLE, MPI.PROD);
            Check.equal((double)Expect.factorial(n), product[0], "allReduce PROD");
            final int[] maximum = new int[1];
            world.allReduce(new int[] {(r * 7) % n}, maximum, 1, MPI.INT, MPI.MAX);
            Check.equal(n - 1, maximum[0], "allReduce MAX");
            final int[] bits = new int[1];
            world.allReduce(new int[] {1 << r}, bits, 1, MPI.INT, MPI.BOR);
            Check.equal((1 << n) - 1, bits[0], "allReduce BOR");
            final boolean[] all = new boolean[1];
            world.allReduce(new boolean[] {r != 1}, all, 1, MPI.BOOLEAN, MPI.LAND);
            Check.equal(n < 2, all[0], "allReduce LAND");
            final int[] counts = new int[n];
            int total = 0;
            for (int i = 0; i < n; i++)
            {
                counts[i] = i + 1;
                total += i + 1;
            }
            final int[] contribution = new int[total];
            for (int i = 0; i < total; i++)
            {
                contribution[i] = i + r;
            }
            final int[] mine = new int[r + 1];
            world.reduceScatter(contribution, mine, counts, MPI.INT, MPI.SUM);
            final int first = r * (r + 1) / 2;
            for (int k = 0; k <= r; k++)
            {
                Check.equal(n * (first + k) + sum, mine[k], "reduceScatter element " + k);
            }
            final int[] block = new int[2];
            final int[] twoEach = new int[2 * n];
            for (int i = 0; i < 2 * n; i++)
            {
                twoEach[i] = i;
            }
            world.reduceScatterBlock(twoEach, block, 2, MPI.INT, MPI.SUM);
            Check.equal(new int[] {2 * r * n, (2 * r + 1) * n}, block, "reduceScatterBlock");
            final long[] prefix = new long[1];
            world.scan(new long[] {r + 1}, prefix, 1, MPI.LONG, MPI.SUM);
            Check.equal((long)(r + 1) * (r + 2) / 2, prefix[0], "scan");
            final long[] before = {-5};
            world.exScan(new long[] {r + 1}, before, 1, MPI.LONG, MPI.SUM);
            if (r > 0)
            {
                Check.equal((long)r * (r + 1) / 2, before[0], "exScan");
            }
            final int[] local = {1, 2, 3};
            Comm.reduceLocal(new int[] {10, 20, 30}, local, 3, MPI.INT, MPI.SUM);
            Check.equal(new int[] {11, 22, 33}, local, "reduceLocal");
        }
    }

    /** Blocking collectives on direct buffers, which the engine stages through arrays. */
    public static final class BlockingOnBuffers
    {
        public static void main(final String[] args) throws MPIException
        {
            MPI.Init(args);
            final Intracomm world = MPI.COMM_WORLD;
            final int n = world.getSize();
            final int r = world.getRank();
            final IntBuffer shared = MPI.newIntBuffer(4);
            if (r == 0)
            {
                shared.put(new int[] {4, 3, 2, 1});
            }
            world.bcast(shared, 4, MPI.INT, 0);
            Check.equal(new int[] {4, 3, 2, 1}, Expect.ints(shared, 4), "bcast of a direct buffer");
            final IntBuffer everyone = MPI.newIntBuffer(n);
            final IntBuffer mine = MPI.newIntBuffer(1);
            mine.put(0, r * r);
            world.allGather(mine, 1, MPI.INT, everyone, 1, MPI.INT);
            Check.equal(Expect.blocks(n, 1, (i, k) -> i * i), Expect.ints(everyone, n), "allGather of direct buffers");
            final DoubleBuffer sum = MPI.newDoubleBuffer(2);
            final DoubleBuffer in = MPI.newDoubleBuffer(2);
            in.put(0, r).put(1, 0.5);
            world.allReduce(in, sum, 2, MPI.DOUBLE, MPI.SUM);
            Check.equal((double)n * (n - 1) / 2, sum.get(0), "allReduce of direct buffers");
            Check.equal(n * 0.5, sum.get(1), "allReduce second element");
            // Heap buffers over arrays, and a slice, in a reduce.
            final int[] result = new int[3];
            world.reduce(IntBuffer.wrap(new int[] {-1, r, 1}, 1, 2).slice(), MPI.slice(result, 1), 2, MPI.INT, MPI.SUM, 0);
            if (r == 0)
            {
                Check.equal(new int[] {0, n * (n - 1) / 2, n}, result, "reduce of heap buffers");
            }
            final IntBuffer toAll = MPI.newIntBuffer(n);
            for (int i = 0; i < n; i++)
            {
                toAll.put(i, 100 * r + i);
            }
            final IntBuffer fromAll = MPI.newIntBuffer(n);
            world.allToAll(toAll, 1, MPI.INT, fromAll, 1, MPI.INT);
            Check.equal(Expect.blocks(n, 1, (i, k) -> 100 * i + r), Expect.ints(fromAll, n), "allToAll of direct buffers");
            final IntBuffer prefix = MPI.newIntBuffer(1);
            final IntBuffer one = MPI.newIntBuffer(1);
            one.put(0, 1);
            world.scan(one, prefix, 1, MPI.INT, MPI.SUM);
            Check.equal(r + 1, prefix.get(0), "scan of direct buffers");
            MPI.Finalize();
        }
    }

    /** The one-buffer, in-place forms of the collectives. */
    public static final class InPlace
    {
        public static void main(final String[] args) throws MPIException
        {
            MPI.Init(args);
            final Intracomm world = MPI.COMM_WORLD;
            final int n = world.getSize();
            final int r = world.getRank();
            final int root = n / 2;
            final int[] gathered = r == root ? new int[2 * n] : new int[] {r, -r};
            if (r == root)
            {
                gathered[2 * root] = root;
                gathered[2 * root + 1] = -root;
            }
            world.gather(gathered, 2, MPI.INT, root);
            if (r == root)
            {
                Check.equal(Expect.blocks(n, 2, (i, k) -> k == 0 ? i : -i), gathered, "gather in place");
            }
            final int[] counts = new int[n];
            final int[] displs = new int[n];
            int total = 0;
            for (int i = 0; i < n; i++)
            {
                counts[i] = i + 1;
                displs[i] = total + i;
                total += i + 1 + i;
            }
            final int[] mine = new int[r + 1];
            java.util.Arrays.fill(mine, r);
            if (r == 0)
            {
                final int[] varied = new int[total];
                java.util.Arrays.fill(varied, 0, 1, 0);
                world.gatherv(varied, counts, displs, MPI.INT, 0);
                Check.equal(Expect.varied(n), varied, "gatherv in place");
                world.scatterv(varied, counts, displs, MPI.INT, 0);
            }
            else
            {
                world.gatherv(mine, r + 1, MPI.INT, 0);
                final int[] back = new int[r + 1];
                world.scatterv(back, r + 1, MPI.INT, 0);
                Check.equal(mine, back, "scatterv in place, away from the root");
            }
            final int[] scattered = r == root ? Expect.blocks(n, 2, (i, k) -> 10 * i + k) : new int[2];
            world.scatter(scattered, 2, MPI.INT, root);
            Check.equal(10 * r, scattered[r == root ? 2 * root : 0], "scatter in place");
            final int[] everyone = new int[2 * n];
            everyone[2 * r] = r;
            everyone[2 * r + 1] = -r;
            world.allGather(everyone, 2, MPI.INT);
            Check.equal(Expect.blocks(n, 2, (i, k) -> k == 0 ? i : -i), everyone, "allGather in place");
            final int[] variedAll = new int[total];
            System.arraycopy(mine, 0, variedAll, displs[r], r + 1);
            world.allGatherv(variedAll, counts, displs, MPI.INT);
            Check.equal(Expect.varied(n), variedAll, "allGatherv in place");
            final int sum = n * (n - 1) / 2;
            final int[] reduced = {r, 1};
            world.reduce(reduced, 2, MPI.INT, MPI.SUM, root);
            if (r == root)
            {
                Check.equal(new int[] {sum, n}, reduced, "reduce in place");
            }
            final int[] both = {r, 1};
            world.allReduce(both, 2, MPI.INT, MPI.SUM);
            Check.equal(new int[] {sum, n}, both, "allReduce in place");
            final int[] twoEach = new int[2 * n];
            for (int i = 0; i < 2 * n; i++)
            {
                twoEach[i] = i;
            }
            world.reduceScatterBlock(twoEach, 2, MPI.INT, MPI.SUM);
            Check.equal(new int[] {2 * r * n, (2 * r + 1) * n}, new int[] {twoEach[0], twoEach[1]}, "reduceScatterBlock in place");
            final int[] ones = new int[total];
            java.util.Arrays.fill(ones, 1);
            world.reduceScatter(ones, counts, MPI.INT, MPI.SUM);
            Check.equal(n, ones[r], "reduceScatter in place");
            final int[] prefix = {r + 1};
            world.scan(prefix, 1, MPI.INT, MPI.SUM);
            Check.equal((r + 1) * (r + 2) / 2, prefix[0], "scan in place");
            final int[] before = {r + 1};
            world.exScan(before, 1, MPI.INT, MPI.SUM);
            if (r > 0)
            {
                Check.equal(r * (r + 1) / 2, before[0], "exScan in place");
            }
            final DoubleBuffer direct = MPI.newDoubleBuffer(1);
            direct.put(0, r);
            world.allReduce(direct, 1, MPI.DOUBLE, MPI.MAX);
            Check.equal((double)n - 1, direct.get(0), "allReduce in place on a direct buffer");
            MPI.Finalize();
        }
    }

    /** Expected results of the collective programs. */
    static final class Expect
    {
        private Expect()
        {
        }

        /** What element k of rank i's block holds. */
        @FunctionalInterface
        interface Element
        {
            int of(int rank, int k);
        }

        /** @return {@code n} blocks of {@code size} elements, block i's element k being {@code element.of(i, k)}. */
        static int[] blocks(final int n, final int size, final Element element)
        {
            final int[] all = new int[n * size];
            for (int i = 0; i < n; i++)
            {
                for (int k = 0; k < size; k++)
                {
                    all[i * size + k] = element.of(i, k);
                }
            }
            return all;
        }

        /** @return the blocks of the v-variants: rank i's i + 1 copies of i, at displacement (sum of the earlier) + i, gaps 0. */
        static int[] varied(final int n)
        {
            int total = 0;
            for (int i = 0; i < n; i++)
            {
                total += 2 * i + 1;
            }
            final int[] all = new int[total];
            int at = 0;
            for (int i = 0; i < n; i++)
            {
                at += i;
                for (int k = 0; k <= i; k++)
                {
                    all[at++] = i;
                }
            }
            return all;
        }

        static long factorial(final int n)
        {
            long product = 1;
            for (int i = 2; i <= n; i++)
            {
                product *= i;
            }
            return product;
        }

        static int[] ints(final IntBuffer buffer, final int count)
        {
            final int[] values = new int[count];
            for (int i = 0; i < count; i++)
            {
                values[i] = buffer.get(i);
            }
            return values;
        }
    }
}
