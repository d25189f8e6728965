package org.openmpj.conformance;

import mpi.Cartcomm;
import mpi.Datatype;
import mpi.Graphcomm;
import mpi.MPI;
import mpi.Request;

import org.openmpj.testing.Check;

/**
 * The neighbour collectives the mpiJava façade offers as an extension (MPI-3's {@code MPI_Neighbor_allgather} …),
 * blocking and non-blocking, on a periodic ring (where at 1 and 2 ranks a rank is its neighbour's neighbour twice), a
 * grid with edges and a graph; and the refusals. Any number of ranks.
 */
final class NeighborPrograms
{
    private NeighborPrograms()
    {
    }

    /** A periodic ring: each rank gets its lower neighbour's block for above and its upper neighbour's block for below. */
    public static final class Ring
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int size = MPI.COMM_WORLD.Size();
            final Cartcomm ring = MPI.COMM_WORLD.Create_cart(new int[] {size}, new boolean[] {true}, false);
            final int rank = ring.Rank();
            final int below = (rank - 1 + size) % size;
            final int above = (rank + 1) % size;

            final int[] ranks = {-1, -1};
            ring.Neighbor_allgather(new int[] {rank}, 0, 1, MPI.INT, ranks, 0, 1, MPI.INT);
            Check.equal(new int[] {below, above}, ranks, "Neighbor_allgather of ranks");

            // Block 0 goes down, block 1 goes up: from below comes what that rank sent up.
            final long[] blocks = {rank * 10L, rank * 10L + 1};
            final long[] got = new long[2];
            ring.Neighbor_alltoall(blocks, 0, 1, MPI.LONG, got, 0, 1, MPI.LONG);
            Check.equal(new long[] {below * 10L + 1, above * 10L}, got, "Neighbor_alltoall");

            final double[] sent = {rank, rank + 0.5, rank + 0.25};
            final double[] received = new double[6];
            final Request started = ring.Ineighbor_alltoallv(sent, 0, new int[] {1, 2}, new int[] {0, 1}, MPI.DOUBLE, received, 1,
                new int[] {2, 1}, new int[] {0, 3}, MPI.DOUBLE);
            started.Wait();
            // Below sent its two-element block up; above sent its one-element block down.
            Check.equal(new double[] {0, below + 0.5, below + 0.25, 0, above, 0}, received, "Ineighbor_alltoallv");

            final int[] strided = new int[6];
            final Datatype everyOther = Datatype.Vector(2, 1, 2, MPI.INT);
            everyOther.Commit();
            ring.Ineighbor_allgatherv(new int[] {rank, -rank}, 0, 2, MPI.INT, strided, 0, new int[] {1, 1}, new int[] {0, 1}, everyOther).Wait();
            // Two items of the vector type, its extent 3 elements apart.
            Check.equal(new int[] {below, 0, -below, above, 0, -above}, strided, "Ineighbor_allgatherv into every other element");

            Check.fails(MPI.ERR_TOPOLOGY, () -> MPI.COMM_WORLD.Neighbor_allgather(new int[1], 0, 1, MPI.INT, new int[size], 0, 1, MPI.INT),
                "no process topology");
            Check.fails(MPI.ERR_TYPE, () -> ring.Neighbor_alltoall(new Object[2], 0, 1, MPI.OBJECT, new Object[2], 0, 1, MPI.OBJECT),
                "not objects");
            MPI.Finalize();
        }
    }

    /** A grid without wrap-around: the blocks from beyond an edge stay as they were. */
    public static final class GridWithEdges
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int size = MPI.COMM_WORLD.Size();
            final int[] dims = new int[2];
            Cartcomm.Dims_create(size, dims);
            final Cartcomm grid = MPI.COMM_WORLD.Create_cart(dims, new boolean[] {false, false}, false);
            final int rank = grid.Rank();
            final int[] got = {-1, -1, -1, -1};
            grid.Ineighbor_allgather(new int[] {rank}, 0, 1, MPI.INT, got, 0, 1, MPI.INT).Wait();
            final int[] expected = new int[4];
            for (int d = 0; d < 2; d++)
            {
                final mpi.ShiftParms shift = grid.Shift(d, 1);
                expected[2 * d] = shift.rank_source == MPI.PROC_NULL ? -1 : shift.rank_source;
                expected[2 * d + 1] = shift.rank_dest == MPI.PROC_NULL ? -1 : shift.rank_dest;
            }
            Check.equal(expected, got, "Ineighbor_allgather on a " + dims[0] + " x " + dims[1] + " grid");
            MPI.Finalize();
        }
    }

    /** A ring graph: each node gets its neighbours' values in the order of its edges. */
    public static final class Graph
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int size = MPI.COMM_WORLD.Size();
            final int[] index = new int[size];
            final int[] edges = new int[2 * size];
            for (int node = 0; node < size; node++)
            {
                index[node] = 2 * (node + 1);
                edges[2 * node] = (node + 1) % size;
                edges[2 * node + 1] = (node + size - 1) % size;
            }
            final Graphcomm graph = MPI.COMM_WORLD.Create_graph(index, edges, false);
            final int rank = graph.Rank();
            final int[] got = new int[2];
            graph.Neighbor_allgather(new int[] {rank * 3}, 0, 1, MPI.INT, got, 0, 1, MPI.INT);
            Check.equal(new int[] {edges[2 * rank] * 3, edges[2 * rank + 1] * 3}, got, "Neighbor_allgather on a graph");
            Check.fails(MPI.ERR_ARG, () -> graph.Neighbor_alltoallv(new int[2], 0, new int[1], new int[1], MPI.INT, new int[2], 0, new int[2],
                new int[2], MPI.INT), "2 entries each, one per neighbour");
            MPI.Finalize();
        }
    }
}
