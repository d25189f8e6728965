package org.openmpj.conformance;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The collective operations, as programs run at 1, 2, 3, 4 and 8 ranks (powers of two and not), each
 * checked against a serial computation inside the ranks. Every device runs this same suite through a subclass.
 */
public abstract class AbstractCollectiveSuite extends AbstractConformanceSuite
{
    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void barrierWaitsForEveryone(final int processes)
    {
        runClean(processes, CollectivePrograms.BarrierWaitsForEveryone.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void bcastFromEveryRoot(final int processes)
    {
        runClean(processes, CollectivePrograms.BcastFromEveryRoot.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void everyPredefinedOperationByReduceAndAllreduce(final int processes)
    {
        runClean(processes, CollectivePrograms.PredefinedOperations.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void nonCommutativeOperationsCombineInRankOrder(final int processes)
    {
        runClean(processes, CollectivePrograms.NonCommutativeInRankOrder.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void gatherAndScatterAtEveryRoot(final int processes)
    {
        runClean(processes, MovementPrograms.GatherAndScatter.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void allgatherAndAlltoall(final int processes)
    {
        runClean(processes, MovementPrograms.AllToEveryone.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void scanAndReduceScatter(final int processes)
    {
        runClean(processes, MovementPrograms.PrefixesAndScatteredSums.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void collectivesOfObjects(final int processes)
    {
        runClean(processes, MovementPrograms.ObjectCollectives.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void badCollectiveArgumentsAreNamed(final int processes)
    {
        runClean(processes, MovementPrograms.BadArguments.class);
    }
    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void everyCollectiveOnDerivedTypesWithHoles(final int processes)
    {
        runClean(processes, TypedMovementPrograms.EveryCollective.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void objectsIntoTheItemsOfADerivedType(final int processes)
    {
        runClean(processes, TypedMovementPrograms.ObjectsIntoHoles.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void mismatchedTypeSignaturesAreNamed(final int processes)
    {
        runClean(processes, TypedMovementPrograms.MismatchedSignatures.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void predefinedOperationsOnDerivedTypesCombineElements(final int processes)
    {
        runClean(processes, TypedReductionPrograms.PredefinedElementWise.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void userOperationsGetItemsLaidOutAsTheirType(final int processes)
    {
        runClean(processes, TypedReductionPrograms.UserOperationOnItems.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void objectReductionsInRankOrder(final int processes)
    {
        runClean(processes, ObjectReductionPrograms.NonCommutativeConcatenation.class);
    }
}
