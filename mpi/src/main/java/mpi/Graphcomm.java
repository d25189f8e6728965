package mpi;

import java.util.Arrays;

import org.openmpj.ErrorClass;
import org.openmpj.engine.Neighborhood;

/** A communicator whose ranks are the nodes of a graph: the graph's description and each node's neighbours. */
public class Graphcomm extends Intracomm
{
    private final int[] index;
    private final int[] edges;

    Graphcomm(final String name, final int[] index, final int[] edges)
    {
        super(name);
        this.index = index;
        this.edges = edges;
    }

    /** @return the graph: cumulative degrees and edges. */
    public GraphParms Get()
    {
        engine("Get");
        final GraphParms parms = new GraphParms();
        parms.index = index.clone();
        parms.edges = edges.clone();
        return parms;
    }

    /** @return the neighbours of {@code rank}. */
    public int[] Neighbours(final int rank)
    {
        engine("Neighbours");
        if (rank < 0 || rank >= index.length)
        {
            throw raise(MPIException.of(ErrorClass.ERR_RANK, "Neighbours: rank=" + rank + " is not a node of the graph of "
                + index.length + " nodes"));
        }
        return Arrays.copyOfRange(edges, rank == 0 ? 0 : index[rank - 1], index[rank]);
    }

    /** @return the rank this process would have in the graph {@code index}/{@code edges}, or {@code MPI.UNDEFINED}. */
    public int Map(final int[] index, final int[] edges)
    {
        return Topologies.mapToGraph(this, "Map", index, edges);
    }

    /** @return this rank's neighbours in the graph, in their order. */
    @Override
    Neighborhood neighborhood(final String call)
    {
        return Neighborhood.graph(index, edges, Rank());
    }

    /** @return {@code MPI.GRAPH}. */
    @Override
    public int Topo_test()
    {
        engine("Topo_test");
        return MPI.GRAPH;
    }

    /** @return a duplicate with the same graph; collective. */
    @Override
    public Object clone()
    {
        return Communicators.prefix(this, "clone", Size(), name -> new Graphcomm(name, index.clone(), edges.clone()));
    }
}
