package org.openmpj.ompi;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Point-to-point communication of the Open MPI façade: blocking, non-blocking and persistent, probes, packing. */
abstract class AbstractPointToPointSuite extends AbstractOmpiSuite
{
    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void blockingMessagesOfEveryType(final int ranks)
    {
        runClean(ranks, PointToPointPrograms.RingOfEveryType.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void directAndHeapBuffersInBlockingCalls(final int ranks)
    {
        runClean(ranks, PointToPointPrograms.BufferKinds.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void nonBlockingWithEveryWaitAndTest(final int ranks)
    {
        runClean(ranks, PointToPointPrograms.NonBlocking.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void persistentRequests(final int ranks)
    {
        runClean(ranks, PointToPointPrograms.Persistent.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void sendModes(final int ranks)
    {
        runClean(ranks, PointToPointPrograms.Modes.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void sendRecvAndReplace(final int ranks)
    {
        runClean(ranks, PointToPointPrograms.SendRecv.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void probesAndMatchedProbes(final int ranks)
    {
        runClean(ranks, PointToPointPrograms.Probes.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void packAndUnpack(final int ranks)
    {
        runClean(ranks, PointToPointPrograms.PackUnpack.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void truncationIsAnError(final int ranks)
    {
        runClean(ranks, PointToPointPrograms.Truncate.class);
    }
}
