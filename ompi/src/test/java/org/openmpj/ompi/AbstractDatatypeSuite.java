package org.openmpj.ompi;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Datatypes of the Open MPI façade: extents in base-type units, the constructors, structs and pairs in messages. */
abstract class AbstractDatatypeSuite extends AbstractOmpiSuite
{
    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void extentsSizesAndBoundsInOpenMpisUnits(final int ranks)
    {
        runClean(ranks, DatatypePrograms.Extents.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void messagesOfDerivedStructPairAndComplexTypes(final int ranks)
    {
        runClean(ranks, DatatypePrograms.DerivedMessages.class);
    }
}
