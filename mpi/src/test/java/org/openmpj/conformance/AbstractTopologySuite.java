package org.openmpj.conformance;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Process topologies, as programs run at 1, 2, 3, 4 and 8 ranks; every device runs this suite through a subclass. */
public abstract class AbstractTopologySuite extends AbstractConformanceSuite
{
    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void dimsCreateKeepsSetDimensions(final int processes)
    {
        runClean(processes, TopologyPrograms.DimsCreate.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void cartesianGrid(final int processes)
    {
        runClean(processes, TopologyPrograms.CartesianGrid.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void smallerGridAndGraph(final int processes)
    {
        runClean(processes, TopologyPrograms.SmallerGridAndGraph.class);
    }
}
