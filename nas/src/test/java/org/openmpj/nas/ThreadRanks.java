package org.openmpj.nas;

import java.time.Duration;
import java.util.List;

import org.openmpj.runtime.JobResult;
import org.openmpj.runtime.JobSpec;
import org.openmpj.runtime.ThreadJob;
import org.openmpj.testing.ThreadJobRunner;

/** Runs a program of this module as a job of thread ranks inside the test's JVM, each rank with its own loader. */
final class ThreadRanks
{
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private ThreadRanks()
    {
    }

    static JobResult run(final int processes, final Class<?> program, final String... args)
    {
        final JobSpec spec = new JobSpec(processes, "thread", List.of(ThreadJobRunner.locationOf(mpi.MPI.class)),
            List.of(ThreadJobRunner.locationOf(MG.class), ThreadJobRunner.locationOf(program)), program.getName(), List.of(args), TIMEOUT);
        return ThreadJob.run(spec);
    }
}
