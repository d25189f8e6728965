package mpi;

import java.util.Arrays;

import org.openmpj.ErrorClass;
import org.openmpj.engine.CartesianGrid;

/**
 * Making communicators with process topologies from an intracommunicator: the grid or graph is checked here, the ranks
 * keep their order (reordering is allowed by MPI, not done here), and the ranks beyond a grid or graph smaller than the
 * parent get a null communicator. A distributed graph given edge by edge ({@link Intracomm#createDistGraph}) is turned into
 * each rank's sources and destinations by one exchange over the parent. Failures are raised on the parent.
 */
final class Topologies
{
    /** The direction of an edge in the exchange of {@link #createDistGraph}: out of the rank it is sent to. */
    private static final int OUT = 0;
    /** The direction of an edge in the exchange of {@link #createDistGraph}: into the rank it is sent to. */
    private static final int IN = 1;

    private Topologies()
    {
    }

    static CartComm createCart(final Intracomm parent, final int[] dims, final boolean[] periods) throws MPIException
    {
        final int size = gridSize(parent, "createCart", dims, periods);
        final CartesianGrid grid = new CartesianGrid(dims.clone(), periods.clone());
        return CommCreation.prefix(parent, "createCart", size, name -> new CartComm(name, grid));
    }

    static GraphComm createGraph(final Intracomm parent, final int[] index, final int[] edges) throws MPIException
    {
        final int nodes = graphSize(parent, "createGraph", index, edges);
        final int[] ownIndex = index.clone();
        final int[] ownEdges = Arrays.copyOf(edges, nodes == 0 ? 0 : index[nodes - 1]);
        return CommCreation.prefix(parent, "createGraph", nodes, name -> GraphComm.graph(name, ownIndex, ownEdges));
    }

    static GraphComm createDistGraphAdjacent(final Intracomm parent, final int[] sources, final int[] sourceWeights,
        final int[] destinations, final int[] destWeights, final boolean weighted) throws MPIException
    {
        final String call = "createDistGraphAdjacent";
        final int size = parent.engine(call).size();
        ranks(parent, call, "sources", sources, size);
        ranks(parent, call, "destinations", destinations, size);
        final int[] inWeights = weights(parent, call, "sourceWeights", sourceWeights, sources.length, weighted);
        final int[] outWeights = weights(parent, call, "destWeights", destWeights, destinations.length, weighted);
        final DistGraphNeighbors own = new DistGraphNeighbors(sources.clone(), inWeights, destinations.clone(), outWeights, weighted);
        return CommCreation.dup(parent, call, name -> GraphComm.distributed(name, own));
    }

    /**
     * Makes a distributed graph from edges any rank may declare: edge j of source i runs from {@code sources[i]} to a
     * destination in {@code destinations}, {@code degrees[i]} of them per source in turn. Each rank sends every other the
     * edges that start or end there, as (direction, other end, weight) triples; a rank's sources and destinations are then
     * in the order of the declaring ranks and, within one, of the declarations, so both ends of a pair list their edges
     * in the same order.
     */
    static GraphComm createDistGraph(final Intracomm parent, final int[] sources, final int[] degrees, final int[] destinations,
        final int[] weights, final boolean weighted) throws MPIException
    {
        final String call = "createDistGraph";
        final int size = parent.engine(call).size();
        if (sources == null || degrees == null || destinations == null || sources.length != degrees.length)
        {
            throw parent.raise(MPIException.of(ErrorClass.ERR_ARG, call + ": sources and degrees need one entry per source; got "
                + length(sources) + " and " + length(degrees) + (destinations == null ? ", and destinations is null" : "")));
        }
        ranks(parent, call, "sources", sources, size);
        ranks(parent, call, "destinations", destinations, size);
        long edges = 0;
        for (int i = 0; i < degrees.length; i++)
        {
            if (degrees[i] < 0)
            {
                throw parent.raise(MPIException.of(ErrorClass.ERR_ARG, call + ": degrees[" + i + "]=" + degrees[i] + " is negative"));
            }
            edges += degrees[i];
        }
        if (edges > destinations.length)
        {
            throw parent.raise(MPIException.of(ErrorClass.ERR_ARG, call + ": degrees add up to " + edges + " edges but destinations has "
                + destinations.length));
        }
        final int[] edgeWeights = weights(parent, call, "weights", weights, (int)edges, weighted);
        final int[] counts = new int[size];
        for (int i = 0, e = 0; i < sources.length; i++)
        {
            for (int j = 0; j < degrees[i]; j++, e++)
            {
                counts[sources[i]] += 3;
                counts[destinations[e]] += 3;
            }
        }
        final int[] displs = new int[size];
        for (int r = 1; r < size; r++)
        {
            displs[r] = displs[r - 1] + counts[r - 1];
        }
        final int[] triples = new int[size == 0 ? 0 : displs[size - 1] + counts[size - 1]];
        final int[] at = displs.clone();
        for (int i = 0, e = 0; i < sources.length; i++)
        {
            for (int j = 0; j < degrees[i]; j++, e++)
            {
                at[sources[i]] = put(triples, at[sources[i]], OUT, destinations[e], edgeWeights[e]);
                at[destinations[e]] = put(triples, at[destinations[e]], IN, sources[i], edgeWeights[e]);
            }
        }
        final int[] incoming = new int[size];
        parent.allToAll(counts, 1, MPI.INT, incoming, 1, MPI.INT);
        final int[] inDispls = new int[size];
        for (int r = 1; r < size; r++)
        {
            inDispls[r] = inDispls[r - 1] + incoming[r - 1];
        }
        final int[] received = new int[inDispls[size - 1] + incoming[size - 1]];
        parent.allToAllv(triples, counts, displs, MPI.INT, received, incoming, inDispls, MPI.INT);
        return CommCreation.dup(parent, call, name -> GraphComm.distributed(name, ownEdges(received, weighted)));
    }

    private static int put(final int[] triples, final int at, final int direction, final int other, final int weight)
    {
        triples[at] = direction;
        triples[at + 1] = other;
        triples[at + 2] = weight;
        return at + 3;
    }

    private static DistGraphNeighbors ownEdges(final int[] triples, final boolean weighted)
    {
        int in = 0;
        for (int t = 0; t < triples.length; t += 3)
        {
            in += triples[t] == IN ? 1 : 0;
        }
        final int out = triples.length / 3 - in;
        final int[] sources = new int[in];
        final int[] sourceWeights = new int[in];
        final int[] destinations = new int[out];
        final int[] destWeights = new int[out];
        for (int t = 0, i = 0, o = 0; t < triples.length; t += 3)
        {
            if (triples[t] == IN)
            {
                sources[i] = triples[t + 1];
                sourceWeights[i++] = triples[t + 2];
            }
            else
            {
                destinations[o] = triples[t + 1];
                destWeights[o++] = triples[t + 2];
            }
        }
        return new DistGraphNeighbors(sources, sourceWeights, destinations, destWeights, weighted);
    }

    static int mapToGrid(final Intracomm comm, final String call, final int[] dims, final boolean[] periods) throws MPIException
    {
        final int size = gridSize(comm, call, dims, periods);
        final int rank = comm.engine(call).rank();
        return rank < size ? rank : MPI.UNDEFINED;
    }

    static int mapToGraph(final Intracomm comm, final String call, final int[] index, final int[] edges) throws MPIException
    {
        final int nodes = graphSize(comm, call, index, edges);
        final int rank = comm.engine(call).rank();
        return rank < nodes ? rank : MPI.UNDEFINED;
    }

    /** @return the number of ranks in a grid of {@code dims}, after checking {@code dims} and {@code periods}. */
    private static int gridSize(final Intracomm comm, final String call, final int[] dims, final boolean[] periods) throws MPIException
    {
        final int available = comm.engine(call).size();
        if (dims == null || periods == null || dims.length != periods.length)
        {
            throw comm.raise(MPIException.of(ErrorClass.ERR_DIMS, call + ": dims and periods need one entry per dimension; got "
                + length(dims) + " and " + (periods == null ? "null" : periods.length)));
        }
        long size = 1;
        for (int d = 0; d < dims.length; d++)
        {
            if (dims[d] <= 0)
            {
                throw comm.raise(MPIException.of(ErrorClass.ERR_DIMS, call + ": dims[" + d + "]=" + dims[d] + "; expected 1 or more"));
            }
            size *= dims[d];
            if (size > available)
            {
                throw comm.raise(MPIException.of(ErrorClass.ERR_DIMS, call + ": a grid of " + Arrays.toString(dims) + " needs more ranks"
                    + " than the " + available + " of " + comm));
            }
        }
        return (int)size;
    }

    /** @return the number of nodes of the graph, after checking its description. */
    private static int graphSize(final Intracomm comm, final String call, final int[] index, final int[] edges) throws MPIException
    {
        final int available = comm.engine(call).size();
        if (index == null || edges == null)
        {
            throw comm.raise(MPIException.of(ErrorClass.ERR_ARG, call + ": index and edges must not be null"));
        }
        final int nodes = index.length;
        if (nodes > available)
        {
            throw comm.raise(MPIException.of(ErrorClass.ERR_ARG, call + ": a graph of " + nodes + " nodes needs more ranks than the "
                + available + " of " + comm));
        }
        for (int i = 0; i < nodes; i++)
        {
            if (index[i] < (i == 0 ? 0 : index[i - 1]) || index[i] > edges.length)
            {
                throw comm.raise(MPIException.of(ErrorClass.ERR_ARG, call + ": index[" + i + "]=" + index[i]
                    + " is not a cumulative edge count within the " + edges.length + " edges"));
            }
        }
        for (int e = 0; e < (nodes == 0 ? 0 : index[nodes - 1]); e++)
        {
            if (edges[e] < 0 || edges[e] >= nodes)
            {
                throw comm.raise(MPIException.of(ErrorClass.ERR_ARG, call + ": edges[" + e + "]=" + edges[e] + " is not a node of the graph of "
                    + nodes + " nodes"));
            }
        }
        return nodes;
    }

    private static void ranks(final Intracomm comm, final String call, final String name, final int[] ranks, final int size)
        throws MPIException
    {
        if (ranks == null)
        {
            throw comm.raise(MPIException.of(ErrorClass.ERR_ARG, call + ": " + name + " is null"));
        }
        for (int i = 0; i < ranks.length; i++)
        {
            if (ranks[i] < 0 || ranks[i] >= size)
            {
                throw comm.raise(MPIException.of(ErrorClass.ERR_RANK, call + ": " + name + "[" + i + "]=" + ranks[i]
                    + " out of range for communicator of size " + size));
            }
        }
    }

    /** @return the weights of {@code n} edges: a copy of {@code weights}, checked, or ones when the graph is unweighted. */
    private static int[] weights(final Intracomm comm, final String call, final String name, final int[] weights, final int n,
        final boolean weighted) throws MPIException
    {
        final int[] checked = new int[n];
        if (!weighted)
        {
            Arrays.fill(checked, 1);
            return checked;
        }
        if (weights == null || weights.length < n)
        {
            throw comm.raise(MPIException.of(ErrorClass.ERR_ARG, call + ": " + name + " needs " + n + " entries, one per edge; got "
                + length(weights)));
        }
        for (int i = 0; i < n; i++)
        {
            if (weights[i] < 0)
            {
                throw comm.raise(MPIException.of(ErrorClass.ERR_ARG, call + ": " + name + "[" + i + "]=" + weights[i]
                    + " is negative; expected 0 or more"));
            }
            checked[i] = weights[i];
        }
        return checked;
    }

    private static String length(final int[] values)
    {
        return values == null ? "null" : String.valueOf(values.length);
    }
}
