package org.openmpj.cache.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openmpj.cache.CacheClient;
import org.openmpj.cache.service.StalledRelayParent;
import org.openmpj.runtime.JobResult;
import org.openmpj.runtime.JobSpec;
import org.openmpj.runtime.RankLayout;
import org.openmpj.runtime.ThreadJob;

/** A relay member whose parent lives on but forwards nothing fails its receive at the stall limit, naming the parent. */
class RelayStallTest
{
    @Test
    @Timeout(60)
    void aParentThatForwardsNothingFailsTheReceiveAtTheStallLimit()
    {
        final List<Path> api = List.of(CacheJobTest.locationOf(mpi.MPI.class), CacheJobTest.locationOf(CacheClient.class));
        final JobSpec spec = new JobSpec(2, "thread", api, List.of(CacheJobTest.locationOf(StalledRelayParent.class)),
            StalledRelayParent.class.getName(), List.of("400"), Duration.ofSeconds(30));
        final JobResult result = ThreadJob.run(spec, (RankLayout)null);
        assertEquals(0, result.exitCode(), () -> "job failed: " + result.failure());
    }
}
