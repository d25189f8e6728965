package org.openmpj.junit;

import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.openmpj.runtime.JobResult;
import org.openmpj.runtime.JobSpec;
import org.openmpj.runtime.JobState;
import org.openmpj.runtime.ThreadJob;

/**
 * One run of a test method on its ranks: a job of thread ranks on a device, each running {@link RankMain} with the test
 * JVM's class path, and the verdict drawn from how the job ended.
 *
 * @param device  the device the ranks talk through.
 * @param ranks   how many ranks.
 * @param timeout how long the job may run.
 */
record RankedRun(String device, int ranks, Duration timeout)
{
    RankedRun
    {
        if (ranks < 1)
        {
            throw new IllegalArgumentException("@MpiTest(ranks = " + ranks + ") is not a number of ranks; expected 1 or more");
        }
        if (timeout.isNegative() || timeout.isZero())
        {
            throw new IllegalArgumentException("@MpiTest(timeoutSeconds = " + timeout.toSeconds() + ") is not a timeout; expected 1 or more");
        }
    }

    /** Runs {@code method} of {@code testClass} on the ranks; throws an {@link AssertionError} when any rank failed. */
    void run(final Class<?> testClass, final Method method)
    {
        final List<Path> classpath = JobSpec.paths(System.getProperty("java.class.path", ""));
        final JobSpec spec = new JobSpec(ranks, device, List.of(apiLocation(testClass)), classpath, RankMain.class.getName(),
            List.of(testClass.getName(), method.getName()), timeout);
        final JobResult result = ThreadJob.run(spec);
        if (!result.succeeded())
        {
            throw verdict(result);
        }
    }

    /** @return the failure of the test: every rank's own failure, the first as the cause, the others suppressed. */
    private AssertionError verdict(final JobResult result)
    {
        final JobState.Failure first = result.failure();
        if (first.rank() < 0)
        {
            return new AssertionError("on " + ranks + " " + device + " ranks: " + first.message(), first.cause());
        }
        // The job's first failure leads even when no rank threw it (a rank's MPI.Abort), and so is never missing; then
        // each other rank's own failure, one per rank (an aborting rank also throws out of its Abort).
        final List<JobState.Failure> own = new ArrayList<>(List.of(first));
        final java.util.Set<Integer> named = new java.util.HashSet<>(List.of(first.rank()));
        for (final JobState.Failure failure : result.rankFailures())
        {
            if (!followsFrom(failure, first) && named.add(failure.rank()))
            {
                own.add(failure);
            }
        }
        final StringBuilder message = new StringBuilder().append(own.size()).append(" of ").append(ranks).append(' ').append(device)
            .append(" ranks failed");
        for (final JobState.Failure failure : own)
        {
            message.append(System.lineSeparator()).append("  rank ").append(failure.rank()).append(": ")
                .append(failure.cause() != null ? failure.cause() : failure.message());
        }
        final AssertionError error = new AssertionError(message.toString(), own.get(0).cause());
        for (int i = 1; i < own.size(); i++)
        {
            if (own.get(i).cause() != null)
            {
                error.addSuppressed(own.get(i).cause());
            }
        }
        return error;
    }

    /** @return whether {@code failure} is only another rank's wait ending because {@code first} failed the job. */
    private static boolean followsFrom(final JobState.Failure failure, final JobState.Failure first)
    {
        final Throwable cause = failure.cause();
        if (cause == null)
        {
            return true;
        }
        final String type = cause.getClass().getName();
        return (type.equals("mpi.MPIException") || type.equals("org.openmpj.OpenMpjException"))
            && String.valueOf(cause.getMessage()).contains(first.message());
    }

    /** @return where the {@code mpi} API the test class compiles against comes from. */
    private static Path apiLocation(final Class<?> testClass)
    {
        try
        {
            final Class<?> mpi = Class.forName("mpi.MPI", false, testClass.getClassLoader());
            return Path.of(mpi.getProtectionDomain().getCodeSource().getLocation().toURI());
        }
        catch (final ClassNotFoundException ex)
        {
            throw new IllegalStateException("@MpiTest needs an mpi API (openmpj-mpi or openmpj-ompi) on the test class path", ex);
        }
        catch (final URISyntaxException ex)
        {
            throw new IllegalStateException("cannot locate the mpi API's classes", ex);
        }
    }
}
