package org.openmpj.conformance;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ArgumentsSource;

/** Communicators and groups, as programs run at 1, 2, 3, 4 and 8 ranks; every device runs this suite through a subclass. */
public abstract class AbstractCommunicatorSuite extends AbstractConformanceSuite
{
    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void groupOperations(final int processes)
    {
        runClean(processes, CommunicatorPrograms.GroupOperations.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void duplicatesAreSeparate(final int processes)
    {
        runClean(processes, CommunicatorPrograms.DuplicatesAreSeparate.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void splitAndCreate(final int processes)
    {
        runClean(processes, CommunicatorPrograms.SplitAndCreate.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void concurrentCreationNeverSharesAContext(final int processes)
    {
        runClean(processes, CommunicatorPrograms.ConcurrentCreation.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void freedContextIsNotReusedWhileBusy(final int processes)
    {
        runClean(processes, CommunicatorPrograms.FreedContextIsNotReusedWhileBusy.class);
    }
}
