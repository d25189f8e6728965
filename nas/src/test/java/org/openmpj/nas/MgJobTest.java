package org.openmpj.nas;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openmpj.runtime.JobResult;

/** MG's parallel pieces, and the kernel itself, run as jobs of thread ranks. */
@Timeout(120)
class MgJobTest
{
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 8, 16})
    void theHaloExchangeFillsEveryGhostWithItsPeriodicNeighboursValue(final int processes)
    {
        final JobResult result = ThreadRanks.run(processes, MgHaloCheck.class, "16");
        assertTrue(result.succeeded(), () -> result.failure().message());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 8})
    void theChargesAreTheWholeGridsExtremesOnAnyProcessCount(final int processes)
    {
        final JobResult result = ThreadRanks.run(processes, MgRightHandSideCheck.class, "16");
        assertTrue(result.succeeded(), () -> result.failure().message());
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 16})
    void classSVerifies(final int processes)
    {
        final JobResult result = ThreadRanks.run(processes, MG.class, "S");
        assertTrue(result.succeeded(), () -> result.failure().message());
    }

    @Test
    void aProcessCountThatIsNoPowerOfTwoFailsNamingIt()
    {
        final JobResult result = ThreadRanks.run(3, MG.class, "S");
        assertNotNull(result.failure());
        assertTrue(result.failure().message().contains("MG runs on a power of two processes up to 2048 for this class, not 3"),
            result.failure().message());
    }
}
