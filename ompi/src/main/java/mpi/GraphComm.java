package mpi;

import java.util.Arrays;

import org.openmpj.ErrorClass;
import org.openmpj.engine.Neighborhood;

/**
 * A communicator whose ranks are the nodes of a graph: either a graph every rank knows whole ({@link Intracomm#createGraph},
 * {@link MPI#GRAPH}), described by {@link #getDims()} and {@link #getNeighbors(int)}, or a distributed graph of which each
 * rank knows its own edges ({@link Intracomm#createDistGraph}, {@link Intracomm#createDistGraphAdjacent},
 * {@link MPI#DIST_GRAPH}), described by {@link #getDistGraphNeighbors()}. Asking one kind for the other's description
 * raises {@code ERR_TOPOLOGY}. Thread-safety: as {@link Comm}; the graph is immutable.
 */
public final class GraphComm extends Intracomm
{
    /** The cumulative degrees of a graph known whole; null for a distributed graph. */
    private final int[] index;
    /** The edges of a graph known whole; null for a distributed graph. */
    private final int[] edges;
    /** This rank's edges in a distributed graph; null for a graph known whole. */
    private final DistGraphNeighbors own;

    private GraphComm(final String name, final int[] index, final int[] edges, final DistGraphNeighbors own)
    {
        super(name);
        this.index = index;
        this.edges = edges;
        this.own = own;
    }

    /** @return a communicator of the graph {@code index} and {@code edges}, every rank's edges, named {@code name}. */
    static GraphComm graph(final String name, final int[] index, final int[] edges)
    {
        return new GraphComm(name, index, edges, null);
    }

    /** @return a communicator of a distributed graph in which this rank has the edges {@code own}, named {@code name}. */
    static GraphComm distributed(final String name, final DistGraphNeighbors own)
    {
        return new GraphComm(name, null, null, own);
    }

    /** @return a duplicate, as {@link #dup()}; an unchecked {@code IllegalStateException} when that fails. */
    @Override
    public GraphComm clone()
    {
        try
        {
            return dup();
        }
        catch (final MPIException ex)
        {
            throw new IllegalStateException(ex.getMessage(), ex);
        }
    }

    /**
     * @return a new communicator of the same graph with a context of its own and the same error handler. Collective.
     * @throws MPIException when the ranks cannot agree on a context.
     */
    @Override
    public GraphComm dup() throws MPIException
    {
        return CommCreation.dup(this, "dup", this::sameGraph);
    }

    /**
     * Duplicates the communicator as {@link #dup()}; the duplicate is ready at once and its {@link #getRequest()} is complete.
     *
     * @return the duplicate.
     * @throws MPIException as {@link #dup()}.
     */
    @Override
    public GraphComm iDup() throws MPIException
    {
        return completed(CommCreation.dup(this, "iDup", this::sameGraph));
    }

    /**
     * @param info hints for the duplicate, kept but not acted on.
     * @return a duplicate, as {@link #dup()}, with {@code info}.
     * @throws MPIException as {@link #dup()}.
     */
    @Override
    public GraphComm dupWithInfo(final Info info) throws MPIException
    {
        return withInfo(CommCreation.dup(this, "dupWithInfo", this::sameGraph), info);
    }

    /**
     * @return the graph as created: cumulative degrees and edges.
     * @throws MPIException {@code ERR_TOPOLOGY} for a distributed graph.
     */
    public GraphParms getDims() throws MPIException
    {
        whole("getDims");
        return new GraphParms(index.clone(), edges.clone());
    }

    /**
     * @return the neighbours of {@code rank}, in the order of its edges.
     * @throws MPIException {@code ERR_RANK} for a rank that is not a node of the graph; {@code ERR_TOPOLOGY} for a
     *                      distributed graph.
     */
    public int[] getNeighbors(final int rank) throws MPIException
    {
        whole("getNeighbors");
        if (rank < 0 || rank >= index.length)
        {
            throw raise(MPIException.of(ErrorClass.ERR_RANK, "getNeighbors: rank=" + rank + " is not a node of the graph of " + index.length
                + " nodes"));
        }
        return Arrays.copyOfRange(edges, rank == 0 ? 0 : index[rank - 1], index[rank]);
    }

    /**
     * @return the calling rank's edges in a distributed graph: its sources and destinations, with their weights.
     * @throws MPIException {@code ERR_TOPOLOGY} for a graph made by {@link Intracomm#createGraph}.
     */
    public DistGraphNeighbors getDistGraphNeighbors() throws MPIException
    {
        engine("getDistGraphNeighbors");
        if (own == null)
        {
            throw raise(MPIException.of(ErrorClass.ERR_TOPOLOGY, "getDistGraphNeighbors: " + this + " has a graph made by createGraph, not a"
                + " distributed graph; use getNeighbors"));
        }
        return own;
    }

    /**
     * @return the rank the caller would have in the graph {@code index}/{@code edges} laid over this communicator (ranks
     *         are not reordered here), or {@link MPI#UNDEFINED} when it would not be a node of it.
     * @throws MPIException {@code ERR_ARG} for a graph description that does not hold together.
     */
    public int map(final int[] index, final int[] edges) throws MPIException
    {
        return Topologies.mapToGraph(this, "map", index, edges);
    }

    @Override
    int topology()
    {
        return own == null ? MPI.GRAPH : MPI.DIST_GRAPH;
    }

    @Override
    Neighborhood neighborhood(final String call) throws MPIException
    {
        final int rank = engine(call).rank();
        return own == null ? Neighborhood.graph(index, edges, rank) : Neighborhood.of(own.sources(), own.destinations());
    }

    private GraphComm sameGraph(final String name)
    {
        return new GraphComm(name, index, edges, own);
    }

    private void whole(final String call) throws MPIException
    {
        engine(call);
        if (own != null)
        {
            throw raise(MPIException.of(ErrorClass.ERR_TOPOLOGY, call + ": " + this + " has a distributed graph, which no rank knows"
                + " whole; use getDistGraphNeighbors"));
        }
    }
}
