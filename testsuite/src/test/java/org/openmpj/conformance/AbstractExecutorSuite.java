package org.openmpj.conformance;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * Task pools over a device, as programs run at 1, 2, 3, 4 and 8 ranks: results and failures coming back from the workers,
 * invokeAll and invokeAny, shutdown and cancellation, a pool left open until MPI.Finalize, bad arguments. Every device
 * runs this same suite through a subclass that supplies its runner.
 */
public abstract class AbstractExecutorSuite extends AbstractConformanceSuite
{
    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void resultsComeBackFromEveryWorker(final int processes)
    {
        runClean(processes, ExecutorPrograms.ResultsComeBackFromEveryWorker.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void invokeAllKeepsTheOrderAndInvokeAnyTakesASuccess(final int processes)
    {
        runClean(processes, ExecutorPrograms.InvokeAllAndInvokeAny.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void failuresComeBackWithTheWorkersRankAndThePoolGoesOn(final int processes)
    {
        runClean(processes, ExecutorPrograms.FailuresComeBackAndThePoolGoesOn.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void shutdownRunsWhatWasQueuedAndCancelledTasksNeverRun(final int processes)
    {
        runClean(processes, ExecutorPrograms.ShutdownAndCancellation.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void aPoolNeverShutDownEndsAtFinalize(final int processes)
    {
        runClean(processes, ExecutorPrograms.NeverShutDown.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void badArgumentsAreRefusedOnEveryRank(final int processes)
    {
        runClean(processes, ExecutorPrograms.BadArguments.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void outcomesNobodyWaitsForStillComeBack(final int processes)
    {
        runClean(processes, ExecutorWaitingPrograms.OutcomesNobodyWaitsFor.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void aThreadWaitingForOneTaskReceivesTheOthersOutcomes(final int processes)
    {
        runClean(processes, ExecutorWaitingPrograms.AWaiterReceivesForOthers.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void aTaskThatCannotBeEncodedFailsAloneAndTheOthersRun(final int processes)
    {
        runClean(processes, ExecutorWaitingPrograms.ATaskThatCannotTravelFailsAlone.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void anAnswerTheRootCannotDecodeEndsThePoolOnEveryRank(final int processes)
    {
        runClean(processes, ExecutorWaitingPrograms.AnAnswerTheRootCannotDecodeEndsThePool.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void aTaskTheWorkersCannotDecodeFailsAloneAndTheOthersRun(final int processes)
    {
        runClean(processes, ExecutorWaitingPrograms.ATaskTheWorkerCannotDecodeFailsAlone.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void anInterruptedThreadGetsInterruptedExceptionInsteadOfWaiting(final int processes)
    {
        runClean(processes, ExecutorWaitingPrograms.AnInterruptedWaiterDoesNotWait.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void threadsThatSubmitAndWaitAtOnceEachGetTheirOwnValue(final int processes)
    {
        runClean(processes, ExecutorWaitingPrograms.ThreadsSubmitAndWaitAtOnce.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void mapKeepsTheOrderAndTakesInputsOnlyAsResultsAreConsumed(final int processes)
    {
        runClean(processes, ExecutorMapPrograms.MapWithBackPressure.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void progressIsToldToTheEnd(final int processes)
    {
        runClean(processes, ExecutorMapPrograms.ProgressIsTold.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void largePrimitiveArraysComeBackWhole(final int processes)
    {
        runClean(processes, ExecutorMapPrograms.LargeArraysComeBack.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void aProgramRunsAsTheRootOfAPoolOfTheWholeJob(final int processes)
    {
        runClean(processes, ExecutorMapPrograms.ExecutorsStarts.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void largeTasksAndLargeResultsCrossWithoutWaitingForEachOther(final int processes)
    {
        runClean(processes, ExecutorMapPrograms.LargeBothWays.class);
    }
}
