package org.openmpj.conformance;

import mpi.CartParms;
import mpi.Cartcomm;
import mpi.Graphcomm;
import mpi.MPI;
import mpi.ShiftParms;

import org.openmpj.testing.Check;

/** Cartesian and graph topologies; any number of ranks. */
final class TopologyPrograms
{
    private TopologyPrograms()
    {
    }

    /** Dims_create keeps set dimensions and balances the rest in non-increasing order; impossible requests fail. */
    public static final class DimsCreate
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            Check.equal(new int[] {3, 2}, dims(6, new int[2]), "6 over 2 dimensions");
            Check.equal(new int[] {2, 3}, dims(6, new int[] {2, 0}), "6 with the first dimension set to 2");
            Check.equal(new int[] {3, 2, 2}, dims(12, new int[3]), "12 over 3 dimensions");
            Check.equal(new int[] {7, 1}, dims(7, new int[2]), "a prime over 2 dimensions");
            Check.equal(new int[] {4, 4}, dims(16, new int[2]), "16 over 2 dimensions");
            Check.equal(new int[] {2, 1, 4}, dims(8, new int[] {0, 1, 4}), "8 with two dimensions set");
            Check.fails(MPI.ERR_DIMS, () -> Cartcomm.Dims_create(7, new int[] {2, 0}), "7 nodes", "multiply to 2");
            Check.fails(MPI.ERR_DIMS, () -> Cartcomm.Dims_create(6, new int[] {-1, 0}), "dims[0]=-1");
            MPI.Finalize();
        }

        private static int[] dims(final int nodes, final int[] dims)
        {
            Cartcomm.Dims_create(nodes, dims);
            return dims;
        }
    }

    /** A 2-D grid over all ranks, periodic in one dimension: coordinates, shifts, ranks, sub-grids and a halo exchange. */
    public static final class CartesianGrid
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int size = MPI.COMM_WORLD.Size();
            final int[] dims = new int[2];
            Cartcomm.Dims_create(size, dims);
            final Cartcomm grid = MPI.COMM_WORLD.Create_cart(dims, new boolean[] {true, false}, false);
            Check.equal(MPI.CART, grid.Topo_test(), "Topo_test of a grid");
            Check.equal(MPI.UNDEFINED, MPI.COMM_WORLD.Topo_test(), "Topo_test of the world");
            final int rank = grid.Rank();
            final CartParms parms = grid.Get();
            Check.equal(dims, parms.dims, "dims");
            Check.equal(new int[] {rank / dims[1], rank % dims[1]}, parms.coords, "row-major coordinates");
            Check.equal(rank, grid.Rank(parms.coords), "rank of my coordinates");

            final ShiftParms down = grid.Shift(0, 1);
            Check.equal(grid.Rank(new int[] {parms.coords[0] + 1, parms.coords[1]}), down.rank_dest, "periodic shift wraps");
            final ShiftParms right = grid.Shift(1, 1);
            Check.equal(parms.coords[1] + 1 < dims[1] ? rank + 1 : MPI.PROC_NULL, right.rank_dest, "non-periodic shift at the edge");
            Check.equal(parms.coords[1] > 0 ? rank - 1 : MPI.PROC_NULL, right.rank_source, "non-periodic shift source at the edge");

            // A halo exchange along the non-periodic dimension: the ends get nothing from PROC_NULL.
            final int[] fromLeft = {-1};
            grid.Sendrecv(new int[] {rank}, 0, 1, MPI.INT, right.rank_dest, 0, fromLeft, 0, 1, MPI.INT, right.rank_source, 0);
            Check.equal(parms.coords[1] > 0 ? rank - 1 : -1, fromLeft[0], "value from the left neighbour");

            final Cartcomm row = grid.Sub(new boolean[] {false, true});
            Check.equal(dims[1], row.Size(), "a row holds a rank per column");
            Check.equal(parms.coords[1], row.Rank(), "rank in my row is my column");
            final int[] rowSum = new int[1];
            row.Allreduce(new int[] {rank}, 0, rowSum, 0, 1, MPI.INT, MPI.SUM);
            final int first = parms.coords[0] * dims[1];
            Check.equal(dims[1] * first + dims[1] * (dims[1] - 1) / 2, rowSum[0], "sum over my row");

            final Cartcomm copy = (Cartcomm)grid.clone();
            Check.equal(dims, copy.Get().dims, "a clone keeps the grid");
            Check.fails(MPI.ERR_ARG, () -> grid.Shift(2, 1), "direction=2");
            Check.fails(MPI.ERR_DIMS, () -> MPI.COMM_WORLD.Create_cart(new int[] {size + 1}, new boolean[1], false), "needs " + (size + 1));
            MPI.Finalize();
        }
    }

    /** A grid smaller than the communicator leaves the last rank out; a ring graph gives each node its two neighbours. */
    public static final class SmallerGridAndGraph
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            final int gridSize = Math.max(1, size - 1);
            final Cartcomm grid = MPI.COMM_WORLD.Create_cart(new int[] {gridSize}, new boolean[] {true}, true);
            if (rank < gridSize)
            {
                Check.equal(gridSize, grid.Size(), "grid size");
                grid.Barrier();
            }
            else
            {
                Check.that(grid == MPI.COMM_NULL, "the rank beyond the grid gets COMM_NULL");
            }
            Check.equal(rank < gridSize ? rank : MPI.UNDEFINED, MPI.COMM_WORLD.Create_cart(new int[] {size}, new boolean[1], false)
                .Map(new int[] {gridSize}, new boolean[] {true}), "Map onto a smaller grid");

            final int[] index = new int[size];
            final int[] edges = new int[2 * size];
            for (int node = 0; node < size; node++)
            {
                index[node] = 2 * (node + 1);
                edges[2 * node] = (node + size - 1) % size;
                edges[2 * node + 1] = (node + 1) % size;
            }
            final Graphcomm ring = MPI.COMM_WORLD.Create_graph(index, edges, false);
            Check.equal(MPI.GRAPH, ring.Topo_test(), "Topo_test of a graph");
            Check.equal(new int[] {(rank + size - 1) % size, (rank + 1) % size}, ring.Neighbours(rank), "my ring neighbours");
            Check.equal(index, ring.Get().index, "graph index");
            Check.equal(edges, ring.Get().edges, "graph edges");
            Check.fails(MPI.ERR_RANK, () -> ring.Neighbours(size), "rank=" + size);
            MPI.Finalize();
        }
    }
}
