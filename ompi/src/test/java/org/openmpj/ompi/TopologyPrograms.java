package org.openmpj.ompi;

import java.nio.IntBuffer;
import java.util.Arrays;

import mpi.CartComm;
import mpi.CartParms;
import mpi.DistGraphNeighbors;
import mpi.GraphComm;
import mpi.GraphParms;
import mpi.Info;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.ShiftParms;

/** Process topologies (Cartesian grids, graphs, distributed graphs) and the neighbour collectives over them. */
final class TopologyPrograms
{
    private TopologyPrograms()
    {
    }

    private static int[] filled(final int n, final int value)
    {
        final int[] values = new int[n];
        Arrays.fill(values, value);
        return values;
    }

    private static int[] read(final IntBuffer buffer, final int n)
    {
        final int[] values = new int[n];
        for (int i = 0; i < n; i++)
        {
            values[i] = buffer.get(i);
        }
        return values;
    }

    private static IntBuffer direct(final int... values)
    {
        final IntBuffer buffer = MPI.newIntBuffer(Math.max(1, values.length));
        buffer.put(values);
        return buffer;
    }

    /** A balanced 2-D grid, periodic in its first dimension: its description, coordinates, shifts, sub-grids, duplicates. */
    public static final class CartesianGrids
    {
        public static void main(final String[] args) throws MPIException
        {
            MPI.Init(args);
            final Intracomm world = MPI.COMM_WORLD;
            world.setErrhandler(MPI.ERRORS_RETURN);
            final int n = world.getSize();
            final int r = world.getRank();
            final int[] dims = new int[2];
            CartComm.createDims(n, dims);
            Check.equal(n, dims[0] * dims[1], "createDims fills to the number of ranks");
            Check.isTrue(dims[0] >= dims[1], "createDims in non-increasing order");
            final CartComm grid = world.createCart(dims, new boolean[] {true, false}, false);
            Check.equal(MPI.CART, grid.getTopology(), "topology of the grid");
            Check.equal(MPI.UNDEFINED, world.getTopology(), "topology of the world");
            final CartParms parms = grid.getTopo();
            Check.equal(2, parms.getDimCount(), "dimensions");
            Check.equal(dims[1], parms.getDim(1), "extent of dimension 1");
            Check.equal(true, parms.getPeriod(0), "dimension 0 wraps");
            Check.equal(false, parms.getPeriod(1), "dimension 1 does not");
            final int[] coords = grid.getCoords(r);
            Check.equal(new int[] {r / dims[1], r % dims[1]}, coords, "row-major coordinates");
            Check.equal(coords[0], parms.getCoord(0), "getTopo's coordinates");
            Check.equal(r, grid.getRank(coords), "rank of own coordinates");
            Check.equal(r, grid.getRank(new int[] {coords[0] + dims[0], coords[1]}), "periodic dimension wraps");
            final ShiftParms down = grid.shift(0, 1);
            Check.equal(((coords[0] + 1) % dims[0]) * dims[1] + coords[1], down.getRankDest(), "shift along a periodic dimension");
            Check.equal(((coords[0] - 1 + dims[0]) % dims[0]) * dims[1] + coords[1], down.getRankSource(), "source of the shift");
            final ShiftParms across = grid.shift(1, 1);
            Check.equal(coords[1] == dims[1] - 1 ? MPI.PROC_NULL : r + 1, across.getRankDest(), "shift off a non-periodic edge");
            Check.equal(coords[1] == 0 ? MPI.PROC_NULL : r - 1, across.getRankSource(), "shift from beyond a non-periodic edge");
            final CartComm row = grid.sub(new boolean[] {false, true});
            Check.equal(dims[1], row.getSize(), "a row's size");
            Check.equal(coords[1], row.getRank(), "rank in the row");
            Check.equal(1, row.getTopo().getDimCount(), "a row has one dimension");
            final int[] sum = new int[1];
            row.allReduce(new int[] {r}, sum, 1, MPI.INT, MPI.SUM);
            Check.equal(dims[1] * coords[0] * dims[1] + dims[1] * (dims[1] - 1) / 2, sum[0], "sum over a row");
            final CartComm copy = grid.dup();
            Check.equal(MPI.CART, copy.getTopology(), "a duplicate keeps the topology");
            Check.equal(coords, copy.getCoords(r), "and the grid");
            Check.equal(MPI.CART, grid.iDup().getTopology(), "iDup keeps the topology");
            Check.equal(MPI.CART, grid.clone().getTopology(), "clone keeps the topology");
            Check.equal(MPI.CART, grid.dupWithInfo(new Info()).getTopology(), "dupWithInfo keeps the topology");
            Check.equal(r, grid.map(new int[] {n}, new boolean[] {false}), "map keeps the ranks");
            Check.equal(r == 0 ? 0 : MPI.UNDEFINED, grid.map(new int[] {1}, new boolean[] {false}), "map beyond the grid");
            final CartComm smaller = world.createCart(new int[] {Math.max(1, n - 1)}, new boolean[] {true}, true);
            Check.equal(n > 1 && r == n - 1, smaller.isNull(), "the ranks beyond a smaller grid get the null communicator");
            if (!smaller.isNull())
            {
                Check.equal(Math.max(1, n - 1), smaller.getSize(), "size of the smaller grid");
                smaller.free();
            }
            Check.fails(MPI.ERR_DIMS, "needs more ranks", () -> world.createCart(new int[] {n + 1}, new boolean[] {false}, false));
            Check.fails(MPI.ERR_DIMS, "dims[0]=0", () -> world.createCart(new int[] {0}, new boolean[] {false}, false));
            Check.fails(MPI.ERR_RANK, "rank=" + n, () -> grid.getCoords(n));
            Check.fails(MPI.ERR_DIMS, "direction=2", () -> grid.shift(2, 1));
            Check.fails(MPI.ERR_DIMS, "", () -> CartComm.createDims(n, new int[] {n + 1, 0}));
            copy.free();
            row.free();
            grid.free();
            MPI.Finalize();
        }
    }

    /** Neighbour collectives on a periodic ring and a non-periodic line, blocking on arrays and non-blocking on direct buffers. */
    public static final class CartesianNeighbors
    {
        public static void main(final String[] args) throws MPIException
        {
            MPI.Init(args);
            final Intracomm world = MPI.COMM_WORLD;
            world.setErrhandler(MPI.ERRORS_RETURN);
            final int n = world.getSize();
            final int r = world.getRank();
            final int below = (r - 1 + n) % n;
            final int above = (r + 1) % n;
            final CartComm ring = world.createCart(new int[] {n}, new boolean[] {true}, false);
            final int[] gathered = new int[2];
            ring.neighborAllGather(new int[] {r}, 1, MPI.INT, gathered, 1, MPI.INT);
            Check.equal(new int[] {below, above}, gathered, "neighborAllGather on a ring: below, then above");
            final int[] received = new int[4];
            ring.neighborAllToAll(new int[] {10 * r, 10 * r + 1, 10 * r + 2, 10 * r + 3}, 2, MPI.INT, received, 2, MPI.INT);
            Check.equal(new int[] {10 * below + 2, 10 * below + 3, 10 * above, 10 * above + 1}, received,
                "neighborAllToAll on a ring: each gets the block meant for it");
            final int[] gatheredV = filled(5, -1);
            ring.neighborAllGatherv(new int[] {r, r}, 2, MPI.INT, gatheredV, new int[] {2, 2}, new int[] {3, 0}, MPI.INT);
            Check.equal(new int[] {above, above, -1, below, below}, gatheredV, "neighborAllGatherv at displacements");
            final int[] receivedV = filled(3, -1);
            ring.neighborAllToAllv(new int[] {7, 100 + r, 200 + r}, new int[] {1, 2}, new int[] {0, 1}, MPI.INT, receivedV,
                new int[] {2, 1}, new int[] {0, 2}, MPI.INT);
            Check.equal(new int[] {100 + below, 200 + below, 7}, receivedV, "neighborAllToAllv with counts per neighbour");
            final CartComm line = world.createCart(new int[] {n}, new boolean[] {false}, false);
            final IntBuffer mine = direct(r);
            final IntBuffer theirs = direct(-1, -1);
            final IntBuffer blocks = direct(10 * r, 10 * r + 1);
            final IntBuffer back = direct(-1, -1);
            final IntBuffer blocksV = direct(10 * r, 10 * r + 1);
            final IntBuffer backV = direct(-1, -1, -1);
            final IntBuffer gatherV = direct(-1, -1, -1);
            final Request[] started = {
                line.iNeighborAllGather(mine, 1, MPI.INT, theirs, 1, MPI.INT),
                line.iNeighborAllToAll(blocks, 1, MPI.INT, back, 1, MPI.INT),
                line.iNeighborAllToAllv(blocksV, new int[] {1, 1}, new int[] {0, 1}, MPI.INT, backV, new int[] {1, 1}, new int[] {2, 0},
                    MPI.INT),
                line.iNeighborAllGatherv(mine, 1, MPI.INT, gatherV, new int[] {1, 1}, new int[] {0, 2}, MPI.INT),
            };
            Request.waitAll(started);
            final int lower = r == 0 ? -1 : r - 1;
            final int upper = r == n - 1 ? -1 : r + 1;
            Check.equal(new int[] {lower, upper}, read(theirs, 2), "iNeighborAllGather on a line: nothing across an edge");
            Check.equal(new int[] {r == 0 ? -1 : 10 * lower + 1, upper == -1 ? -1 : 10 * upper}, read(back, 2), "iNeighborAllToAll");
            Check.equal(new int[] {upper == -1 ? -1 : 10 * upper, -1, r == 0 ? -1 : 10 * lower + 1}, read(backV, 3), "iNeighborAllToAllv");
            Check.equal(new int[] {lower, -1, upper}, read(gatherV, 3), "iNeighborAllGatherv");
            Check.fails(MPI.ERR_TOPOLOGY, "no process topology", () -> world.neighborAllGather(new int[] {r}, 1, MPI.INT, new int[2], 1,
                MPI.INT));
            Check.fails(MPI.ERR_TOPOLOGY, "no process topology", () -> world.iNeighborAllToAll(direct(r), 1, MPI.INT, direct(0), 1,
                MPI.INT));
            Check.fails(MPI.ERR_BUFFER, "", () -> ring.iNeighborAllGather(IntBuffer.allocate(1), 1, MPI.INT, direct(0, 0), 1, MPI.INT));
            ring.barrier();
            line.free();
            ring.free();
            MPI.Finalize();
        }
    }

    /** A complete graph given whole: its description and the neighbour collectives over it. */
    public static final class Graphs
    {
        public static void main(final String[] args) throws MPIException
        {
            MPI.Init(args);
            final Intracomm world = MPI.COMM_WORLD;
            world.setErrhandler(MPI.ERRORS_RETURN);
            final int n = world.getSize();
            final int r = world.getRank();
            final int[] index = new int[n];
            final int[] edges = new int[n * (n - 1)];
            for (int i = 0, e = 0; i < n; i++)
            {
                for (int j = 0; j < n; j++)
                {
                    if (j != i)
                    {
                        edges[e++] = j;
                    }
                }
                index[i] = e;
            }
            final GraphComm graph = world.createGraph(index, edges, false);
            Check.equal(MPI.GRAPH, graph.getTopology(), "topology of the graph");
            final GraphParms parms = graph.getDims();
            Check.equal(n, parms.getIndexCount(), "nodes");
            Check.equal(n * (n - 1), parms.getEdgeCount(), "edges");
            Check.equal(index[n - 1], parms.getIndex(n - 1), "the last cumulative degree");
            final int[] others = graph.getNeighbors(r);
            Check.equal(n - 1, others.length, "degree in a complete graph");
            final int[] gathered = new int[n - 1];
            graph.neighborAllGather(new int[] {r}, 1, MPI.INT, gathered, 1, MPI.INT);
            Check.equal(others, gathered, "neighborAllGather: each neighbour's rank, in the order of the edges");
            final int[] send = new int[n - 1];
            final int[] expected = new int[n - 1];
            for (int k = 0; k < n - 1; k++)
            {
                send[k] = 100 * r + others[k];
                expected[k] = 100 * others[k] + r;
            }
            final int[] received = new int[n - 1];
            graph.neighborAllToAll(send, 1, MPI.INT, received, 1, MPI.INT);
            Check.equal(expected, received, "neighborAllToAll: the block each neighbour meant for this rank");
            final IntBuffer back = MPI.newIntBuffer(Math.max(1, n - 1));
            graph.iNeighborAllToAll(direct(send), 1, MPI.INT, back, 1, MPI.INT).waitFor();
            Check.equal(expected, read(back, n - 1), "iNeighborAllToAll");
            final GraphComm copy = graph.dup();
            Check.equal(others, copy.getNeighbors(r), "a duplicate keeps the graph");
            Check.equal(r, graph.map(index, edges), "map keeps the ranks");
            Check.fails(MPI.ERR_TOPOLOGY, "distributed", graph::getDistGraphNeighbors);
            Check.fails(MPI.ERR_RANK, "rank=" + n, () -> graph.getNeighbors(n));
            Check.fails(MPI.ERR_ARG, "edges[0]", () -> world.createGraph(new int[] {1}, new int[] {3}, false));
            final GraphComm single = world.createGraph(new int[] {0}, new int[0], false);
            Check.equal(r != 0, single.isNull(), "ranks beyond the graph's nodes get the null communicator");
            copy.free();
            graph.free();
            MPI.Finalize();
        }
    }

    /** Distributed graphs given edge by edge and adjacent, weighted and not, and the neighbour collectives over them. */
    public static final class DistributedGraphs
    {
        public static void main(final String[] args) throws MPIException
        {
            MPI.Init(args);
            final Intracomm world = MPI.COMM_WORLD;
            world.setErrhandler(MPI.ERRORS_RETURN);
            final int n = world.getSize();
            final int r = world.getRank();
            final int next = (r + 1) % n;
            final int previous = (r - 1 + n) % n;
            // Each rank gives the edge to its successor; rank 0 also gives an edge from every rank to the last one.
            final int[] sources = r == 0 ? new int[n + 1] : new int[] {r};
            final int[] degrees = filled(sources.length, 1);
            final int[] destinations = r == 0 ? filled(n + 1, n - 1) : new int[] {next};
            final int[] weights = filled(sources.length, 3);
            if (r == 0)
            {
                destinations[0] = next;
                weights[0] = 5;
                for (int i = 1; i <= n; i++)
                {
                    sources[i] = i - 1;
                }
            }
            else
            {
                weights[0] = 5 + r;
            }
            final GraphComm graph = world.createDistGraph(sources, degrees, destinations, weights, new Info(), false);
            Check.equal(MPI.DIST_GRAPH, graph.getTopology(), "topology of the distributed graph");
            final DistGraphNeighbors own = graph.getDistGraphNeighbors();
            Check.isTrue(own.isWeighted(), "weighted");
            Check.equal(1 + (r == n - 1 ? n : 0), own.getInDegree(), "in-degree");
            Check.equal(2, own.getOutDegree(), "out-degree: the successor and the last rank");
            final int[] outs = {own.getDestination(0), own.getDestination(1)};
            Arrays.sort(outs);
            Check.equal(new int[] {Math.min(next, n - 1), Math.max(next, n - 1)}, outs, "destinations");
            boolean fromPrevious = false;
            for (int k = 0; k < own.getInDegree(); k++)
            {
                if (own.getSource(k) == previous && own.getSourceWeight(k) == 5 + previous)
                {
                    fromPrevious = true;
                }
            }
            Check.isTrue(fromPrevious, "the edge from the previous rank, with its weight, is among the sources");
            final int[] gathered = filled(own.getInDegree(), -1);
            graph.neighborAllGather(new int[] {r}, 1, MPI.INT, gathered, 1, MPI.INT);
            for (int k = 0; k < own.getInDegree(); k++)
            {
                Check.equal(own.getSource(k), gathered[k], "neighborAllGather block " + k + " comes from source " + k);
            }
            final int[] send = new int[own.getOutDegree()];
            for (int k = 0; k < send.length; k++)
            {
                send[k] = 1000 * r + own.getDestination(k);
            }
            final IntBuffer received = MPI.newIntBuffer(own.getInDegree());
            graph.iNeighborAllToAll(direct(send), 1, MPI.INT, received, 1, MPI.INT).waitFor();
            for (int k = 0; k < own.getInDegree(); k++)
            {
                Check.equal(1000 * own.getSource(k) + r, received.get(k), "iNeighborAllToAll block " + k);
            }
            final GraphComm ring = world.createDistGraphAdjacent(new int[] {previous}, new int[] {next}, new Info(), false);
            Check.isTrue(!ring.getDistGraphNeighbors().isWeighted(), "unweighted");
            final int[] fromRing = new int[1];
            ring.neighborAllToAll(new int[] {r}, 1, MPI.INT, fromRing, 1, MPI.INT);
            Check.equal(previous, fromRing[0], "neighborAllToAll on an adjacent ring");
            final GraphComm weighted = world.createDistGraphAdjacent(new int[] {previous}, new int[] {2}, new int[] {next}, new int[] {2},
                new Info(), false);
            Check.equal(2, weighted.getDistGraphNeighbors().getDestinationWeight(0), "weight of an adjacent edge");
            Check.equal(MPI.DIST_GRAPH, weighted.dup().getTopology(), "a duplicate keeps the topology");
            Check.fails(MPI.ERR_TOPOLOGY, "distributed graph", graph::getDims);
            Check.fails(MPI.ERR_RANK, "destinations[0]=" + n, () -> world.createDistGraphAdjacent(new int[0], new int[] {n}, new Info(),
                false));
            weighted.free();
            ring.free();
            graph.free();
            MPI.Finalize();
        }
    }
}
