package mpi;

/**
 * What {@link GraphComm#getDims()} gives: the graph as it was created, the cumulative degree of each node and the edges of
 * node 0, then node 1, and so on. Immutable; its arrays are its own.
 */
public final class GraphParms
{
    private final int[] index;
    private final int[] edges;

    GraphParms(final int[] index, final int[] edges)
    {
        this.index = index;
        this.edges = edges;
    }

    /** @return how many nodes the graph has. */
    public int getIndexCount()
    {
        return index.length;
    }

    /** @return how many edges nodes 0 to {@code i} have together. */
    public int getIndex(final int i)
    {
        return index[i];
    }

    /** @return how many edges the graph has. */
    public int getEdgeCount()
    {
        return edges.length;
    }

    /** @return edge {@code i}: the node it leads to. */
    public int getEdge(final int i)
    {
        return edges[i];
    }
}
