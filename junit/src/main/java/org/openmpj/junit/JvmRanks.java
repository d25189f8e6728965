package org.openmpj.junit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

import org.openmpj.device.ConfigOption;
import org.openmpj.launcher.LocalJob;
import org.openmpj.runtime.JobResult;
import org.openmpj.runtime.JobSpec;
import org.openmpj.runtime.JobState;
import org.openmpj.runtime.LaunchEnvironment;
import org.openmpj.runtime.Settings;

/**
 * A test method on ranks that are JVMs of their own, started as {@code mpjrun -np N -dev shm|tcp -prefix} starts them
 * ({@link LocalJob}), with the test JVM's {@code java} and class path, each running {@link JvmRankMain}. The ranks report
 * their failures, and at the deadline their threads' stacks, into a temporary directory, which is read once the job has
 * ended and then deleted; a rank that ended without a report is named by how its process ended.
 */
final class JvmRanks
{
    /** How long after the deadline, when the ranks write their stacks, the launcher stops the job: time to write them. */
    private static final Duration STACKS_GRACE = Duration.ofSeconds(1);

    private JvmRanks()
    {
    }

    /** @return the test's failure when any rank of {@code run} failed running {@code method} of {@code testClass}. */
    static Optional<AssertionError> run(final RankedRun run, final Class<?> testClass, final Method method)
    {
        final Path reports = reportDirectory();
        try
        {
            final long deadlineMillis = System.currentTimeMillis() + run.timeout().toMillis();
            final List<String> args = List.of(reports.toString(), Long.toString(deadlineMillis), testClass.getName(), method.getName());
            final JobSpec spec = new JobSpec(run.ranks(), run.device(), List.of(), JobSpec.paths(System.getProperty("java.class.path", "")),
                JvmRankMain.class.getName(), args, run.timeout().plus(STACKS_GRACE));
            final JobResult result = LocalJob.run(spec, Path.of(System.getProperty("java.home"), "bin", "java"),
                agentsOf(ManagementFactory.getRuntimeMXBean().getInputArguments()), tunables(), true, System.out, System.err);
            return result.succeeded() ? Optional.empty() : Optional.of(verdict(run, result, reports, testClass.getClassLoader()));
        }
        finally
        {
            delete(reports);
        }
    }

    /**
     * @return the Java agents among the test JVM's options, such as a coverage tool's, which the ranks get too so that they
     *         see the code the ranks run; a debugger's agent is left out, as the ranks cannot all listen where it does.
     */
    static List<String> agentsOf(final List<String> testJvmOptions)
    {
        return testJvmOptions.stream().filter(option -> option.startsWith("-javaagent:")).toList();
    }

    private static AssertionError verdict(final RankedRun run, final JobResult result, final Path reports, final ClassLoader loader)
    {
        final JobState.Failure first = result.failure();
        if (first.rank() < 0)
        {
            final String message = first.exitCode() == LocalJob.TIMEOUT_EXIT_CODE ? timedOut(run, reports) : first.message();
            return Verdict.jobFailed(run.device(), run.ranks(), message, first.cause());
        }
        // The job's first failure leads, then the others as the launcher saw them end, then those only their reports tell of.
        final Set<Integer> order = new LinkedHashSet<>(List.of(first.rank()));
        result.rankFailures().forEach(failure -> order.add(failure.rank()));
        for (int rank = 0; rank < run.ranks(); rank++)
        {
            order.add(rank);
        }
        final List<JobState.Failure> own = new ArrayList<>();
        for (final int rank : order)
        {
            final Optional<RankReports.Failure> reported = RankReports.readFailure(reports, rank, loader);
            if (reported.isPresent() && !reported.get().followsFromAnother())
            {
                final Throwable failure = reported.get().failure();
                own.add(new JobState.Failure(rank, "rank " + rank + " failed: " + failure, failure, 1));
            }
            else if (rank == first.rank())
            {
                // A rank that aborted the job (its own error follows from the abort), or whose JVM ended without a report.
                own.add(first);
            }
            else if (reported.isEmpty())
            {
                // Ended by itself without a report (halted, crashed): as the launcher saw it. Those the launcher stopped are not there.
                result.rankFailures().stream().filter(failure -> failure.rank() == rank).findFirst().ifPresent(own::add);
            }
        }
        return Verdict.ranksFailed(run.device(), run.ranks(), own);
    }

    /** @return that the job ran out of time, with the stacks of the ranks still running then. */
    private static String timedOut(final RankedRun run, final Path reports)
    {
        final List<String> running = new ArrayList<>();
        final StringBuilder stacks = new StringBuilder();
        for (int rank = 0; rank < run.ranks(); rank++)
        {
            final Optional<String> written = RankReports.readStacks(reports, rank);
            if (written.isPresent())
            {
                running.add(Integer.toString(rank));
                stacks.append(written.get());
            }
        }
        final String timeout = "the job did not finish within its timeout of " + run.timeout().toSeconds() + " s";
        if (running.isEmpty())
        {
            return timeout + "; no rank wrote its threads' stacks at the deadline (none was running its test yet, or could not)";
        }
        return timeout + "; ranks still running: " + String.join(", ", running) + "\n" + stacks;
    }

    /** @return the tunables {@code mpjrun --help-config} lists that the test JVM sets, for the ranks to have as thread ranks do. */
    private static Map<String, String> tunables()
    {
        final Map<String, String> set = new LinkedHashMap<>();
        for (final ConfigOption option : Settings.allOptions())
        {
            final String value = System.getProperty(option.name());
            // How ranks fall to JVMs is the launcher's to say: one rank per JVM here.
            final boolean layout = option.name().equals(LaunchEnvironment.THREADS_PROP_NAME)
                || option.name().equals(LaunchEnvironment.RANKS_PROP_NAME);
            if (value != null && !layout)
            {
                set.put(option.name(), value);
            }
        }
        return set;
    }

    private static Path reportDirectory()
    {
        try
        {
            // Readable by this user only, as the files in it are deserialized.
            return Files.createTempDirectory("openmpj-junit-");
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot make a directory for the rank JVMs' reports in java.io.tmpdir="
                + System.getProperty("java.io.tmpdir") + ": " + ex.getMessage(), ex);
        }
    }

    private static void delete(final Path directory)
    {
        try (Stream<Path> files = Files.walk(directory))
        {
            for (final Path file : files.sorted(Comparator.reverseOrder()).toList())
            {
                Files.deleteIfExists(file);
            }
        }
        catch (final IOException ex)
        {
            System.err.println("openmpj-junit: cannot delete the rank JVMs' report directory " + directory + ": " + ex);
        }
    }
}
