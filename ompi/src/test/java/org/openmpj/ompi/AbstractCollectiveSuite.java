package org.openmpj.ompi;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Collectives of the Open MPI façade, blocking and non-blocking, on arrays and direct buffers, in place, with predefined,
 * pair and user-defined reductions; and the communicators split, created and duplicated from the world.
 */
abstract class AbstractCollectiveSuite extends AbstractOmpiSuite
{
    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void blockingCollectivesOnArrays(final int ranks)
    {
        runClean(ranks, CollectivePrograms.BlockingOnArrays.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void blockingCollectivesOnBuffers(final int ranks)
    {
        runClean(ranks, CollectivePrograms.BlockingOnBuffers.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void allToAllwWithADatatypePerBlock(final int ranks)
    {
        runClean(ranks, AlltoallwPrograms.MixedTypes.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void inPlaceForms(final int ranks)
    {
        runClean(ranks, CollectivePrograms.InPlace.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void everyNonBlockingCollectiveInFlightAtOnce(final int ranks)
    {
        runClean(ranks, NonBlockingCollectivePrograms.AllInFlight.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void nonBlockingInPlaceFormsCompletedByTests(final int ranks)
    {
        runClean(ranks, NonBlockingCollectivePrograms.InPlaceByTests.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void maxlocAndMinlocOnCStructPairs(final int ranks)
    {
        runClean(ranks, ReductionPrograms.LocOperations.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void userDefinedOperations(final int ranks)
    {
        runClean(ranks, ReductionPrograms.UserOperations.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void splitCreateDupAndFree(final int ranks)
    {
        runClean(ranks, CommunicatorPrograms.SplitAndCreate.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void splitTypeAndCreateGroup(final int ranks)
    {
        runClean(ranks, CommunicatorPrograms.SplitTypeAndCreateGroup.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void intercommunicatorsBetweenEvenAndOddRanks(final int ranks)
    {
        runClean(ranks, IntercommPrograms.EvenAndOdd.class);
    }
}
