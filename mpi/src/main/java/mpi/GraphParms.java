package mpi;

/** What {@link Graphcomm#Get()} returns: the graph as MPI describes it, cumulative degrees and the edges. */
public class GraphParms
{
    /** {@code index[i]} is the number of edges of nodes 0 to i. */
    public int[] index;
    /** The neighbours of node 0, then of node 1, and so on. */
    public int[] edges;

    /** An empty description, filled in by {@link Graphcomm#Get()}. */
    public GraphParms()
    {
    }
}
