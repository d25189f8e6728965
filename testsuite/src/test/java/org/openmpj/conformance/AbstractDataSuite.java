package org.openmpj.conformance;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ArgumentsSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Message data, as programs run at 1, 2, 3, 4 and 8 ranks: every datatype with offsets, serialized objects,
 * and sizes from empty to 256 MiB. Every device runs this same suite through a subclass that supplies its
 * runner.
 */
public abstract class AbstractDataSuite extends AbstractConformanceSuite
{
    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void everyPrimitiveDatatypeWithOffsets(final int processes)
    {
        runClean(processes, DataPrograms.PrimitiveTypes.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void objectsArriveAsTheReceivingRanksClassesAndCountAsObjects(final int processes)
    {
        runClean(processes, DataPrograms.ObjectType.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 4})
    void objectGraphsArriveWholeWithSharedReferencesCyclesRecordsAndEnums(final int processes)
    {
        runClean(processes, ObjectPrograms.Graphs.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 4})
    void objectsThatCannotBeSentFailAtTheSenderAndUndecodableBytesAtTheReceiver(final int processes)
    {
        runClean(processes, ObjectPrograms.Failures.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void probeCountsTheObjectsOfAnObjectMessage(final int processes)
    {
        runClean(processes, DataPrograms.ProbedObjects.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void packedIntoMpjExpressBuffersAndSentAsPacked(final int processes)
    {
        runClean(processes, MpjbufPrograms.PackAndSend.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void messagesFromEmptyToOneMebibyte(final int processes)
    {
        runClean(processes, DataPrograms.Sizes.class);
    }

    /** At two ranks only: the message and its receive buffer take 512 MiB of the test JVM's heap. */
    @Test
    void aMessageOf256MebibytesAtTwoRanks()
    {
        runClean(2, DataPrograms.Huge.class);
    }
}
