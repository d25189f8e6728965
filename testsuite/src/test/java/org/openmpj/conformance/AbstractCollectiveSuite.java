package org.openmpj.conformance;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ArgumentsSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.openmpj.engine.CollectiveThresholds;
import org.openmpj.runtime.JobResult;

/**
 * The collective operations, as programs run at 1, 2, 3, 4 and 8 ranks (powers of two and not), each
 * checked against a serial computation inside the ranks; and each collective on both sides of the sizes at which
 * the engine switches algorithm ({@link CollectiveThresholds}), at every count from 1 to 8 ranks. Every device runs
 * this same suite through a subclass.
 */
public abstract class AbstractCollectiveSuite extends AbstractConformanceSuite
{
    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void barrierWaitsForEveryone(final int processes)
    {
        runClean(processes, CollectivePrograms.BarrierWaitsForEveryone.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void bcastFromEveryRoot(final int processes)
    {
        runClean(processes, CollectivePrograms.BcastFromEveryRoot.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void everyPredefinedOperationByReduceAndAllreduce(final int processes)
    {
        runClean(processes, CollectivePrograms.PredefinedOperations.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void nonCommutativeOperationsCombineInRankOrder(final int processes)
    {
        runClean(processes, CollectivePrograms.NonCommutativeInRankOrder.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void gatherAndScatterAtEveryRoot(final int processes)
    {
        runClean(processes, MovementPrograms.GatherAndScatter.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void allgatherAndAlltoall(final int processes)
    {
        runClean(processes, MovementPrograms.AllToEveryone.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void blocksAtOffsetsAndWithGaps(final int processes)
    {
        runClean(processes, MovementPrograms.OffsetsAndGaps.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void scanAndReduceScatter(final int processes)
    {
        runClean(processes, MovementPrograms.PrefixesAndScatteredSums.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void nonBlockingCollectivesAllInFlightAtOnce(final int processes)
    {
        runClean(processes, NonBlockingCollectivePrograms.AllInFlightAtOnce.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void nonBlockingCollectiveOverlappedWithOtherTraffic(final int processes)
    {
        runClean(processes, NonBlockingCollectivePrograms.OverlappedWithOtherTraffic.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void nonBlockingCollectivesOfDerivedDatatypes(final int processes)
    {
        runClean(processes, NonBlockingCollectivePrograms.DerivedDatatypes.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void nonBlockingCollectivesRefuseObjectsBadRootsAndCancel(final int processes)
    {
        runClean(processes, NonBlockingCollectivePrograms.Refusals.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void exscanAndReduceScatterBlock(final int processes)
    {
        runClean(processes, NonBlockingCollectivePrograms.ExscanAndReduceScatterBlock.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void aRankThatRefusesANonBlockingCollectiveFailsTheOthersWaits(final int processes)
    {
        runClean(processes, NonBlockingCollectivePrograms.OneRankRefuses.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void collectivesOfObjects(final int processes)
    {
        runClean(processes, MovementPrograms.ObjectCollectives.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void badCollectiveArgumentsAreNamed(final int processes)
    {
        runClean(processes, MovementPrograms.BadArguments.class);
    }
    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void everyCollectiveOnDerivedTypesWithHoles(final int processes)
    {
        runClean(processes, TypedMovementPrograms.EveryCollective.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void objectsIntoTheItemsOfADerivedType(final int processes)
    {
        runClean(processes, TypedMovementPrograms.ObjectsIntoHoles.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void mismatchedTypeSignaturesAreNamed(final int processes)
    {
        runClean(processes, TypedMovementPrograms.MismatchedSignatures.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void predefinedOperationsOnDerivedTypesCombineElements(final int processes)
    {
        runClean(processes, TypedReductionPrograms.PredefinedElementWise.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void userOperationsGetItemsLaidOutAsTheirType(final int processes)
    {
        runClean(processes, TypedReductionPrograms.UserOperationOnItems.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void objectReductionsInRankOrder(final int processes)
    {
        runClean(processes, ObjectReductionPrograms.NonCommutativeConcatenation.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
    void bcastOnBothSidesOfItsThreshold(final int processes)
    {
        runClean(processes, AlgorithmPrograms.BcastAcrossThreshold.class, around(CollectiveThresholds.BCAST_SCATTER_MIN_BYTES));
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
    void predefinedReductionsOnBothSidesOfTheirThresholds(final int processes)
    {
        runClean(processes, AlgorithmPrograms.PredefinedAcrossThresholds.class,
            around(CollectiveThresholds.ALLREDUCE_SPLIT_MIN_BYTES), around(CollectiveThresholds.REDUCE_SPLIT_MIN_BYTES),
            around(2 * CollectiveThresholds.REDUCE_SEGMENT_BYTES));
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
    void userOperationsOnBothSidesOfTheThresholdsKeepItemsWholeAndRankOrder(final int processes)
    {
        runClean(processes, AlgorithmPrograms.UserOperationsAcrossThresholds.class,
            around(CollectiveThresholds.ALLREDUCE_SPLIT_MIN_BYTES), around(CollectiveThresholds.REDUCE_SPLIT_MIN_BYTES),
            around(2 * CollectiveThresholds.REDUCE_SEGMENT_BYTES));
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
    void gatherAndScatterOnBothSidesOfTheirThreshold(final int processes)
    {
        runClean(processes, AlgorithmPrograms.GatherScatterAcrossThreshold.class, around(CollectiveThresholds.GATHER_TREE_MAX_BYTES));
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
    void allgatherOnBothSidesOfItsThreshold(final int processes)
    {
        runClean(processes, AlgorithmPrograms.AllgatherAcrossThreshold.class, around(CollectiveThresholds.ALLGATHER_BRUCK_MAX_BYTES));
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void aSteadyStreamOfCollectivesAllocatesNoTemporaries(final int processes)
    {
        runClean(processes, AlgorithmPrograms.SteadyStream.class);
    }

    /**
     * @return the size to test a threshold at: the threshold, or 1 MiB for one above that (such as one that is off by
     *         default), which the engine's own tests cross by calling each algorithm directly.
     */
    private static String around(final long thresholdBytes)
    {
        return Long.toString(Math.min(thresholdBytes, 1 << 20));
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2})
    void swappedRootsAreAnErrorNotAHang(final int processes)
    {
        runClean(processes, MismatchPrograms.SwappedRoots.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 3, 4, 8})
    void differentCollectivesAreAnErrorOnEveryRank(final int processes)
    {
        runClean(processes, MismatchPrograms.DifferentOperations.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2})
    void countsThatDoNotMatchNameBothSides(final int processes)
    {
        runClean(processes, MismatchPrograms.CountsThatDoNotMatch.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2})
    void twoRootsOfASmallBcastFailAtTheNextCall(final int processes)
    {
        runClean(processes, MismatchPrograms.TwoRootsThenAnotherCall.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 3, 4})
    void twoRootsOfASmallBcastFailTheJobAtFinalize(final int processes)
    {
        final JobResult result = runFailing(processes, MismatchPrograms.TwoRootsThenFinalize.class);
        assertTrue(result.failure().message().contains("mismatched collective calls"), result.failure().message());
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 3, 4, 8})
    void argumentsOnlyTheRootRefusesFailEveryRank(final int processes)
    {
        runClean(processes, MismatchPrograms.RootRefusesItsArguments.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {4})
    void aRankFarAheadOfAWaitingOneIsNoMismatch(final int processes)
    {
        runClean(processes, MismatchPrograms.FarAheadIsNoMismatch.class);
    }
}
