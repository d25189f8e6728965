package org.openmpj.examples;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.openmpj.runtime.JobResult;
import org.openmpj.runtime.JobState;
import org.openmpj.testing.JobRunner;
import org.openmpj.testing.ThreadJobRunner;

/**
 * Runs the conformance suites' programs as jobs of real JVMs through {@code bin/mpjrun}, as a user would: every rank a JVM
 * of its own, or on the hybrid device JVMs of {@code threads} ranks each. A job that fails is reported with the message
 * of {@code mpjrun}'s "job failed" line, and the rank that line starts with.
 */
public final class MpjRunJobRunner implements JobRunner
{
    private static final String FAILED = "mpjrun: job failed: ";
    /** The rank a "job failed" message starts with, when one rank failed it. */
    private static final Pattern FAILED_RANK = Pattern.compile("rank (\\d+) ");
    /** How long past the job's own timeout the launcher gets to end it before the test gives up on it. */
    private static final Duration LAUNCHER_GRACE = Duration.ofSeconds(30);

    private final String device;
    private final int threads;
    /** Options for every job's mpjrun, such as tunables ({@code -Dname=value}). */
    private final List<String> options;

    /**
     * @param device  the device, as {@code mpjrun -dev} takes it.
     * @param threads ranks per JVM on a device that holds several (jobs of a size that is not a multiple get one per JVM);
     *                1 for one rank per JVM.
     */
    public MpjRunJobRunner(final String device, final int threads)
    {
        this(device, threads, List.of());
    }

    /** As above, with {@code options} (such as {@code -Dname=value}) on every job's {@code mpjrun} command line. */
    public MpjRunJobRunner(final String device, final int threads, final List<String> options)
    {
        this.device = device;
        this.threads = threads;
        this.options = List.copyOf(options);
    }

    @Override
    public JobResult run(final int processes, final Class<?> program, final Duration timeout, final String... args)
    {
        final List<String> command = new ArrayList<>(List.of("bin/mpjrun", "-np", Integer.toString(processes), "-dev", device));
        if (threads > 1 && processes % threads == 0)
        {
            command.addAll(List.of("-threads", Integer.toString(threads)));
        }
        command.addAll(options);
        command.addAll(List.of("-timeout", Long.toString(timeout.toSeconds()), "-cp", ThreadJobRunner.locationOf(program).toString(),
            program.getName()));
        command.addAll(List.of(args));
        final Launch.Outcome run;
        try
        {
            run = Launch.run(timeout.plus(LAUNCHER_GRACE), command.toArray(String[]::new));
        }
        catch (final IOException ex)
        {
            throw new IllegalStateException("cannot run " + command, ex);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + command, ex);
        }
        if (run.exitCode() == 0)
        {
            return new JobResult(0, null);
        }
        final String message = run.stderr().lines().filter(line -> line.startsWith(FAILED)).map(line -> line.substring(FAILED.length()))
            .findFirst().orElse("mpjrun exited with " + run.exitCode() + " without saying why: " + run);
        final Matcher rank = FAILED_RANK.matcher(message);
        return new JobResult(run.exitCode(), new JobState.Failure(rank.lookingAt() ? Integer.parseInt(rank.group(1)) : -1,
            message + "\n" + run, null, run.exitCode()));
    }

    @Override
    public String device()
    {
        return device + (threads > 1 ? " (JVMs of " + threads + " ranks)" : " (a JVM per rank)") + (options.isEmpty() ? "" : " " + options);
    }
}
