package org.openmpj.ompi;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Process topologies of the Open MPI façade and the neighbour collectives over them, blocking and non-blocking. */
abstract class AbstractTopologySuite extends AbstractOmpiSuite
{
    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void cartesianGrids(final int ranks)
    {
        runClean(ranks, TopologyPrograms.CartesianGrids.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void neighbourCollectivesOnGrids(final int ranks)
    {
        runClean(ranks, TopologyPrograms.CartesianNeighbors.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void graphs(final int ranks)
    {
        runClean(ranks, TopologyPrograms.Graphs.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void distributedGraphs(final int ranks)
    {
        runClean(ranks, TopologyPrograms.DistributedGraphs.class);
    }
}
