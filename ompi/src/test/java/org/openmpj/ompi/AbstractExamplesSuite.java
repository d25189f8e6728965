package org.openmpj.ompi;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openmpj.ompi.examples.Connectivity;
import org.openmpj.ompi.examples.Hello;
import org.openmpj.ompi.examples.Ring;

/** The examples of Open MPI's Java API, written afresh for OpenMPJ: each ends cleanly, having checked what it received. */
abstract class AbstractExamplesSuite extends AbstractOmpiSuite
{
    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void hello(final int ranks)
    {
        runClean(ranks, Hello.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void ring(final int ranks)
    {
        runClean(ranks, Ring.class, "5");
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void connectivity(final int ranks)
    {
        runClean(ranks, Connectivity.class);
    }
}
