package org.openmpj.engine;

import java.util.Arrays;

/**
 * Whom a rank of a communicator with a process topology exchanges with in a neighbour collective: the ranks whose blocks
 * it receives, in the order of its receive buffer's blocks, the ranks it sends to, in the order of its send buffer's
 * blocks, and the order in which its sends start. Neighbours may repeat and may include the rank itself; a Cartesian
 * neighbour beyond a non-periodic edge is {@link Communicator#PROC_NULL}, with which nothing moves (its receive block is
 * left as it was).
 *
 * <p>Messages between a pair of ranks match in the order they start. So that a rank that is both a Cartesian neighbour's
 * neighbour below and above (a periodic dimension of 1 or 2 ranks) gets each block in its place, a Cartesian rank
 * receives from below before above, and sends the block for above before the block for below: the first block to arrive
 * from a rank below is the one that rank sent up.
 *
 * <p>Immutable.
 */
public final class Neighborhood
{
    private final int[] sources;
    private final int[] destinations;
    private final int[] sendOrder;

    private Neighborhood(final int[] sources, final int[] destinations, final int[] sendOrder)
    {
        this.sources = sources;
        this.destinations = destinations;
        this.sendOrder = sendOrder;
    }

    /**
     * @return the neighbourhood of {@code rank} in {@code grid}: for each dimension in turn, the rank one below and the
     *         rank one above, as sources and as destinations alike.
     */
    public static Neighborhood cartesian(final CartesianGrid grid, final int rank)
    {
        final int n = 2 * grid.dimensions();
        final int[] neighbours = new int[n];
        final int[] sendOrder = new int[n];
        for (int d = 0; d < grid.dimensions(); d++)
        {
            neighbours[2 * d] = grid.neighbour(rank, d, -1);
            neighbours[2 * d + 1] = grid.neighbour(rank, d, 1);
            sendOrder[2 * d] = 2 * d + 1;
            sendOrder[2 * d + 1] = 2 * d;
        }
        return new Neighborhood(neighbours, neighbours.clone(), sendOrder);
    }

    /**
     * @param index the graph's cumulative degrees, as {@code MPI_Graph_create} takes them.
     * @param edges the graph's edges, node after node.
     * @return the neighbourhood of {@code rank}: its edges, in their order, as sources and as destinations alike.
     */
    public static Neighborhood graph(final int[] index, final int[] edges, final int rank)
    {
        final int[] neighbours = Arrays.copyOfRange(edges, rank == 0 ? 0 : index[rank - 1], index[rank]);
        return of(neighbours, neighbours);
    }

    /** @return a neighbourhood of its own sources and destinations, as a distributed graph gives them; sends start in order. */
    public static Neighborhood of(final int[] sources, final int[] destinations)
    {
        final int[] sendOrder = new int[destinations.length];
        Arrays.setAll(sendOrder, i -> i);
        return new Neighborhood(sources.clone(), destinations.clone(), sendOrder);
    }

    /** @return how many blocks the rank receives. */
    public int inDegree()
    {
        return sources.length;
    }

    /** @return how many blocks the rank sends. */
    public int outDegree()
    {
        return destinations.length;
    }

    /** @return the rank whose block the rank receives as block {@code i}. */
    public int source(final int i)
    {
        return sources[i];
    }

    /** @return the rank the rank sends block {@code i} to. */
    public int destination(final int i)
    {
        return destinations[i];
    }

    /** @return the send block that starts {@code k}-th. */
    int sendBlock(final int k)
    {
        return sendOrder[k];
    }
}
