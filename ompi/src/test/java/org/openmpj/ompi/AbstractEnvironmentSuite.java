package org.openmpj.ompi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openmpj.runtime.JobResult;

/** The environment of the Open MPI façade: start and end, constants, groups, error handlers, buffers and slices. */
abstract class AbstractEnvironmentSuite extends AbstractOmpiSuite
{
    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void initQueriesAndFinalize(final int ranks)
    {
        runClean(ranks, EnvironmentPrograms.InitAndQuery.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void errorsReturnThrowsAndTheJobGoesOn(final int ranks)
    {
        runClean(ranks, EnvironmentPrograms.ErrorsReturn.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void errorsAreFatalByDefaultAndAbortTheJob(final int ranks)
    {
        final JobResult result = runFailing(ranks, EnvironmentPrograms.ErrorsAreFatal.class);
        assertTrue(result.failure().message().contains("dest=" + (ranks + 3) + " out of range for communicator of size " + ranks),
            result.failure().message());
        assertEquals(mpiErrRank(), result.exitCode(), "exit code: the error class");
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void abortEndsTheJobWithItsCode(final int ranks)
    {
        final JobResult result = runFailing(ranks, EnvironmentPrograms.Abort.class);
        assertEquals(42, result.exitCode(), "exit code");
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void groups(final int ranks)
    {
        runClean(ranks, EnvironmentPrograms.Groups.class);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void buffersSlicesAndBufferedSends(final int ranks)
    {
        runClean(ranks, EnvironmentPrograms.BuffersAndSlices.class);
    }

    /** @return MPI.ERR_RANK, read from the façade the test class path holds. */
    private static int mpiErrRank()
    {
        return mpi.MPI.ERR_RANK;
    }
}
