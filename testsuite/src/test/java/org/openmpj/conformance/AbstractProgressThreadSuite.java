package org.openmpj.conformance;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * Non-blocking collectives with a progress thread in every rank ({@code -Dopenmpj.progress=thread}, which a subclass's
 * runner sets): operations that complete while the ranks make no call, and the collective programs of the other suites,
 * whose waits now share the work with the thread.
 */
@RankCounts.Only({2, 3, 8})
public abstract class AbstractProgressThreadSuite extends AbstractConformanceSuite
{
    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void operationsCompleteWhileEveryRankSleeps(final int processes)
    {
        runClean(processes, ProgressThreadPrograms.CompleteWhileRanksSleep.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void allInFlightAtOnce(final int processes)
    {
        runClean(processes, NonBlockingCollectivePrograms.AllInFlightAtOnce.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void overlappedWithOtherTraffic(final int processes)
    {
        runClean(processes, NonBlockingCollectivePrograms.OverlappedWithOtherTraffic.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void derivedDatatypes(final int processes)
    {
        runClean(processes, NonBlockingCollectivePrograms.DerivedDatatypes.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void acrossAnIntercommunicator(final int processes)
    {
        runClean(processes, NonBlockingIntercommPrograms.AllInFlightAcross.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void neighbourCollectivesOnARing(final int processes)
    {
        runClean(processes, NeighborPrograms.Ring.class);
    }
}
