package org.openmpj.conformance;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ArgumentsSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * MPI point-to-point semantics, as programs run at 1, 2, 3, 4 and 8 ranks: message order and matching,
 * probes, truncation, send modes, cancellation, {@code PROC_NULL}, the combined send-receive, and large messages in
 * every direction at once. Every device runs this same suite through a subclass that supplies its runner.
 */
public abstract class AbstractPointToPointSuite extends AbstractConformanceSuite
{
    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void ringOfBlockingSends(final int processes)
    {
        runClean(processes, Programs.Ring.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void messagesWithOneTagArriveInOrder(final int processes)
    {
        runClean(processes, Programs.SameTagOrder.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void receivesSelectByTagAndKeepOrderWithinATag(final int processes)
    {
        runClean(processes, Programs.TagOrder.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void wildcardsMatchAndStatusNamesTheRealSourceAndTag(final int processes)
    {
        runClean(processes, Programs.Wildcards.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void eagerAndRendezvousMessagesKeepTheirOrder(final int processes)
    {
        runClean(processes, Programs.EagerRendezvousOrder.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void probeReportsAMessageWithoutReceivingIt(final int processes)
    {
        runClean(processes, Programs.ProbeThenReceive.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void wildcardProbeSizesTheReceiveOfExactlyThatMessage(final int processes)
    {
        runClean(processes, Programs.ProbeAnySource.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void aLoopOfIprobesSeesAMessageSentWhileItSlept(final int processes)
    {
        runClean(processes, PollingPrograms.IprobeLoop.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 4})
    void loopsOfTestTestanyAndTestallCompleteReceives(final int processes)
    {
        runClean(processes, PollingPrograms.TestLoops.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void communicatorsDoNotMatchEachOthersMessages(final int processes)
    {
        runClean(processes, Programs.Contexts.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void aMessageLongerThanTheBufferFailsWithErrTruncate(final int processes)
    {
        runClean(processes, ModePrograms.Truncation.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void synchronousStandardAndReadyModes(final int processes)
    {
        runClean(processes, ModePrograms.SendModes.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void cancelledOperationsCompleteAsCancelled(final int processes)
    {
        runClean(processes, ModePrograms.Cancel.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void procNullOperationsCompleteAtOnce(final int processes)
    {
        runClean(processes, ModePrograms.ProcNull.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void sendrecvAroundTheRing(final int processes)
    {
        runClean(processes, ModePrograms.SendrecvRing.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void largeMessagesInEveryDirectionAndRingShiftsBothWays(final int processes)
    {
        runClean(processes, LargeMessagePrograms.AllDirections.class, Integer.toString(largestMessageBytes()));
    }

    /**
     * @return the largest message the large-message program sends: a few MiB, unless the device under test is set up to move
     *         each byte slowly on purpose.
     */
    protected int largestMessageBytes()
    {
        return LargeMessagePrograms.LARGEST_BYTES;
    }
}
