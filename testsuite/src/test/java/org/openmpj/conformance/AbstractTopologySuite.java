package org.openmpj.conformance;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ArgumentsSource;

/** Process topologies, as programs run at 1, 2, 3, 4 and 8 ranks; every device runs this suite through a subclass. */
public abstract class AbstractTopologySuite extends AbstractConformanceSuite
{
    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void dimsCreateKeepsSetDimensions(final int processes)
    {
        runClean(processes, TopologyPrograms.DimsCreate.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void cartesianGrid(final int processes)
    {
        runClean(processes, TopologyPrograms.CartesianGrid.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void smallerGridAndGraph(final int processes)
    {
        runClean(processes, TopologyPrograms.SmallerGridAndGraph.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void neighborCollectivesOnARing(final int processes)
    {
        runClean(processes, NeighborPrograms.Ring.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void neighborCollectivesOnAGridWithEdges(final int processes)
    {
        runClean(processes, NeighborPrograms.GridWithEdges.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void neighborCollectivesOnAGraph(final int processes)
    {
        runClean(processes, NeighborPrograms.Graph.class);
    }
}
