package org.openmpj.conformance;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Intercommunicators between the two halves of the world, as programs run at 2, 3, 4, 5 and 8 ranks (one rank has
 * no second group); every device runs this suite through a subclass.
 */
public abstract class AbstractIntercommSuite extends AbstractConformanceSuite
{
    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 3, 4, 5, 8})
    void createAndTalkAcross(final int processes)
    {
        runClean(processes, IntercommPrograms.CreateAndTalkAcross.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 3, 4, 5, 8})
    void mergeOrdersTheGroups(final int processes)
    {
        runClean(processes, IntercommPrograms.MergeOrdersTheGroups.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 3, 4, 5, 8})
    void collectivesAcross(final int processes)
    {
        runClean(processes, IntercommPrograms.CollectivesAcross.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 3, 4, 5, 8})
    void nonBlockingCollectivesAcross(final int processes)
    {
        runClean(processes, NonBlockingIntercommPrograms.AllInFlightAcross.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 3, 8})
    void partsWithDifferentFreeContexts(final int processes)
    {
        runClean(processes, IntercommPrograms.PartsWithDifferentFreeContexts.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 4, 6, 8})
    void createdOnThePeerBetweenEvenAndOddRanks(final int processes)
    {
        runClean(processes, IntercommCreationPrograms.EvenAndOdd.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 4, 6})
    void mismatchedCreationsFailOnEveryRank(final int processes)
    {
        runClean(processes, IntercommCreationPrograms.MismatchedCalls.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 3, 5})
    void badArguments(final int processes)
    {
        runClean(processes, IntercommPrograms.BadArguments.class);
    }
}
