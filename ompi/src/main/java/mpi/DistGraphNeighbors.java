package mpi;

/**
 * What {@link GraphComm#getDistGraphNeighbors()} gives: the calling rank's neighbours in a distributed graph, the ranks it
 * receives from (sources) and sends to (destinations), in the order of the blocks of its neighbour collectives, with the
 * edges' weights when the graph was created with weights. Immutable; its arrays are its own.
 */
public final class DistGraphNeighbors
{
    private final int[] sources;
    private final int[] sourceWeights;
    private final int[] destinations;
    private final int[] destWeights;
    private final boolean weighted;

    DistGraphNeighbors(final int[] sources, final int[] sourceWeights, final int[] destinations, final int[] destWeights,
        final boolean weighted)
    {
        this.sources = sources;
        this.sourceWeights = sourceWeights;
        this.destinations = destinations;
        this.destWeights = destWeights;
        this.weighted = weighted;
    }

    /** @return how many edges lead into the calling rank. */
    public int getInDegree()
    {
        return sources.length;
    }

    /** @return how many edges lead out of the calling rank. */
    public int getOutDegree()
    {
        return destinations.length;
    }

    /** @return whether the graph was created with weights; without them the weights read as 1. */
    public boolean isWeighted()
    {
        return weighted;
    }

    /** @return the rank at the start of incoming edge {@code i}. */
    public int getSource(final int i)
    {
        return sources[i];
    }

    /** @return the weight of incoming edge {@code i}. */
    public int getSourceWeight(final int i)
    {
        return sourceWeights[i];
    }

    /** @return the rank at the end of outgoing edge {@code i}. */
    public int getDestination(final int i)
    {
        return destinations[i];
    }

    /** @return the weight of outgoing edge {@code i}. */
    public int getDestinationWeight(final int i)
    {
        return destWeights[i];
    }

    int[] sources()
    {
        return sources;
    }

    int[] destinations()
    {
        return destinations;
    }
}
