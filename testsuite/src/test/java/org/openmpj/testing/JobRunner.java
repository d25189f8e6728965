package org.openmpj.testing;

import java.time.Duration;

import org.openmpj.runtime.JobResult;

/** Runs an MPI program as a job on some device; the conformance suites run the same programs through each one. */
public interface JobRunner
{
    /**
     * Runs {@code program}'s {@code main} on {@code processes} ranks and returns how the job ended.
     *
     * @param timeout the job is failed if it runs longer.
     */
    JobResult run(int processes, Class<?> program, Duration timeout, String... args);

    /** @return the device name, for test names. */
    String device();
}
