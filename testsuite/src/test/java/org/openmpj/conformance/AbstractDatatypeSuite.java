package org.openmpj.conformance;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * Derived datatypes and Pack/Unpack, as programs run at 1, 2, 3, 4 and 8 ranks: every constructor and base
 * type through every path a message takes, counts of whole and partial items, truncation and bad arguments.
 * Every device runs this same suite through a subclass that supplies its runner.
 */
public abstract class AbstractDatatypeSuite extends AbstractConformanceSuite
{
    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void everyConstructorNestedAndWithMarkersThroughEveryPath(final int processes)
    {
        runClean(processes, DatatypePrograms.Constructors.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void derivedTypesOfEveryBaseTypeObjectsIncluded(final int processes)
    {
        runClean(processes, DatatypePrograms.EveryBaseType.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void persistentBufferedAndCombinedOperations(final int processes)
    {
        runClean(processes, DatatypePrograms.OtherPaths.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void aSteadyStreamOfPackedMessagesAllocatesNoScratchMemory(final int processes)
    {
        runClean(processes, DatatypePrograms.SteadyStream.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void getCountCountsWholeItemsAndGetElementsEveryElement(final int processes)
    {
        runClean(processes, DatatypeCheckPrograms.PartialItems.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void aMessageLongerThanTheItemsIsTruncated(final int processes)
    {
        runClean(processes, DatatypeCheckPrograms.Truncation.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void itemsOfATypeOfNoDataAreEmptyMessages(final int processes)
    {
        runClean(processes, DatatypeCheckPrograms.NoDataItems.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ArgumentsSource(RankCounts.class)
    void badArgumentsFailWithTheirClassAndValue(final int processes)
    {
        runClean(processes, DatatypeCheckPrograms.BadArguments.class);
    }
}
