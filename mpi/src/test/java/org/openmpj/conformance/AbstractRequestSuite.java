package org.openmpj.conformance;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Requests beyond a single send or receive, as programs run at 1, 2, 3, 4 and 8 ranks: persistent requests,
 * buffered sends, thousands of outstanding operations, and many threads per rank. Every device runs this same
 * suite through a subclass that supplies its runner.
 */
public abstract class AbstractRequestSuite extends AbstractConformanceSuite
{
    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void persistentRequestsOfEveryModeStartAgainAndAgain(final int processes)
    {
        runClean(processes, RequestPrograms.Persistent.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void bufferedSendsUseTheAttachedBuffer(final int processes)
    {
        runClean(processes, RequestPrograms.Buffered.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void nullEntriesAndRequestNullAreInactiveInRequestArrays(final int processes)
    {
        runClean(processes, RequestPrograms.NullRequests.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void tenThousandOutstandingOperationsCompleteWithWaits(final int processes)
    {
        runClean(processes, ScalePrograms.ManyOutstandingWaits.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void tenThousandOutstandingOperationsCompleteWithTests(final int processes)
    {
        runClean(processes, ScalePrograms.ManyOutstandingTests.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void threadMultipleWithFourThreadsPerRank(final int processes)
    {
        runClean(processes, ScalePrograms.ThreadMultiple.class);
    }
}
