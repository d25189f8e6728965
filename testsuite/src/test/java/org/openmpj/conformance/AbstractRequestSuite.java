package org.openmpj.conformance;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * Requests beyond a single send or receive, as programs run at 1, 2, 3, 4 and 8 ranks: persistent requests,
 * buffered sends, thousands of outstanding operations, and many threads per rank. Every device runs this same
 * suite through a subclass that supplies its runner.
 */
public abstract class AbstractRequestSuite extends AbstractConformanceSuite
{
    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void persistentRequestsOfEveryModeStartAgainAndAgain(final int processes)
    {
        runClean(processes, RequestPrograms.Persistent.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void bufferedSendsUseTheAttachedBuffer(final int processes)
    {
        runClean(processes, RequestPrograms.Buffered.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void nullEntriesAndRequestNullAreInactiveInRequestArrays(final int processes)
    {
        runClean(processes, RequestPrograms.NullRequests.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void tenThousandOutstandingOperationsCompleteWithWaits(final int processes)
    {
        runClean(processes, ScalePrograms.ManyOutstandingWaits.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void tenThousandOutstandingOperationsCompleteWithTests(final int processes)
    {
        runClean(processes, ScalePrograms.ManyOutstandingTests.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void threadMultipleWithFourThreadsPerRank(final int processes)
    {
        runClean(processes, ScalePrograms.ThreadMultiple.class);
    }
}
