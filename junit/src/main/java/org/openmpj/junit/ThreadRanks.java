package org.openmpj.junit;

import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.openmpj.runtime.JobResult;
import org.openmpj.runtime.JobSpec;
import org.openmpj.runtime.JobState;
import org.openmpj.runtime.ThreadJob;

/**
 * A test method on ranks that are threads of the test JVM: a thread job, each rank running {@link RankMain} through its own
 * class loader on the test JVM's class path, and the verdict drawn from how the job ended.
 */
final class ThreadRanks
{
    private ThreadRanks()
    {
    }

    /** @return the test's failure when any rank of {@code run} failed running {@code method} of {@code testClass}. */
    static Optional<AssertionError> run(final RankedRun run, final Class<?> testClass, final Method method)
    {
        final List<Path> classpath = JobSpec.paths(System.getProperty("java.class.path", ""));
        final JobSpec spec = new JobSpec(run.ranks(), run.device(), List.of(apiLocation(testClass)), classpath, RankMain.class.getName(),
            List.of(testClass.getName(), method.getName()), run.timeout());
        final JobResult result = ThreadJob.run(spec);
        return result.succeeded() ? Optional.empty() : Optional.of(verdict(run, result));
    }

    private static AssertionError verdict(final RankedRun run, final JobResult result)
    {
        final JobState.Failure first = result.failure();
        if (first.rank() < 0)
        {
            return Verdict.jobFailed(run.device(), run.ranks(), first.message(), first.cause());
        }
        // The job's first failure leads even when no rank threw it (a rank's MPI.Abort), and so is never missing; then
        // each other rank's own failure, one per rank (an aborting rank also throws out of its Abort).
        final List<JobState.Failure> own = new ArrayList<>(List.of(first));
        final Set<Integer> named = new HashSet<>(List.of(first.rank()));
        for (final JobState.Failure failure : result.rankFailures())
        {
            if (!followsFrom(failure, first) && named.add(failure.rank()))
            {
                own.add(failure);
            }
        }
        return Verdict.ranksFailed(run.device(), run.ranks(), own);
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
