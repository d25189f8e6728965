package org.openmpj.bench.report;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/** Runs one benchmark program to completion, echoing and logging what it prints. */
public final class CommandRunner
{
    private static final int TAIL_LINES = 20;

    private final PrintStream echo;
    /** The program running now, for {@link #stopRunning} from another thread. */
    private volatile Process running;

    /** @param echo where each output line is echoed as it arrives, so a long run shows progress. */
    public CommandRunner(final PrintStream echo)
    {
        this.echo = echo;
    }

    /**
     * How a run ended.
     *
     * @param lines    the output lines, stdout and stderr together.
     * @param exitCode the exit code.
     * @param timedOut whether it was ended for running longer than its time limit.
     * @param log      where the output was saved.
     */
    public record Outcome(List<String> lines, int exitCode, boolean timedOut, Path log)
    {
        /** Copies the lines. */
        public Outcome
        {
            lines = List.copyOf(lines);
        }

        /** @return whether the program ran to its end and exited with 0. */
        public boolean succeeded()
        {
            return exitCode == 0 && !timedOut;
        }

        /** @return how it ended, in a few words, e.g. {@code exited with 1} or {@code ended after the 600 s time limit}. */
        public String ending(final long timeoutSeconds)
        {
            return timedOut ? "ended after the " + timeoutSeconds + " s time limit" : "exited with " + exitCode;
        }

        /** @return a failure's description: the command, how it ended, its last lines and where all of it is. */
        public String failure(final List<String> command, final long timeoutSeconds)
        {
            final List<String> tail = lines.subList(Math.max(0, lines.size() - TAIL_LINES), lines.size());
            return String.join(" ", command) + " " + ending(timeoutSeconds) + "; its last lines:\n" + String.join("\n", tail)
                + "\n(all of it in " + log + ")";
        }
    }

    /**
     * Runs a program to its end, or until its time limit, when it and every process it started are killed.
     *
     * @param command        the program and its arguments.
     * @param environment    variables to set on top of this process's environment.
     * @param log            where the combined stdout and stderr are saved.
     * @param timeoutSeconds the time limit; 0 for none.
     * @return how it ended.
     * @throws IOException when the program cannot start or the log cannot be written.
     */
    public Outcome run(final List<String> command, final Map<String, String> environment, final Path log, final long timeoutSeconds)
        throws IOException, InterruptedException
    {
        final ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(environment);
        final Process process = builder.start();
        running = process;
        final AtomicBoolean timedOut = new AtomicBoolean();
        final Thread watchdog = timeoutSeconds == 0 ? null : Thread.ofVirtual().start(() -> endAfter(process, timeoutSeconds, timedOut));
        final List<String> lines = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
             Writer out = Files.newBufferedWriter(log, StandardCharsets.UTF_8))
        {
            String line;
            while ((line = reader.readLine()) != null)
            {
                lines.add(line);
                out.write(line);
                out.write('\n');
                echo.println("  " + line);
            }
        }
        final int exit = process.waitFor();
        running = null;
        if (watchdog != null)
        {
            watchdog.interrupt();
        }
        return new Outcome(lines, exit, timedOut.get(), log);
    }

    /** Kills the program running now, if any, and everything it started: for a runner that is being stopped. */
    public void stopRunning()
    {
        final Process process = running;
        if (process != null)
        {
            kill(process);
        }
    }

    /** Kills a program, then what it started (listed first, so that none is left with no parent to be found by). */
    private static void kill(final Process process)
    {
        final List<ProcessHandle> started = process.descendants().toList();
        process.destroyForcibly();
        started.forEach(ProcessHandle::destroyForcibly);
    }

    /** Kills the process and everything it started once the time limit has passed, unless interrupted first. */
    private static void endAfter(final Process process, final long timeoutSeconds, final AtomicBoolean timedOut)
    {
        try
        {
            if (process.waitFor(timeoutSeconds, TimeUnit.SECONDS))
            {
                return;
            }
        }
        catch (final InterruptedException ex)
        {
            return;
        }
        timedOut.set(true);
        kill(process);
    }

    /**
     * @return the first line a short command prints, or {@code fallback} when it cannot run or fails.
     */
    public static String firstLine(final List<String> command, final String fallback)
    {
        return lines(command).stream().map(String::trim).filter(line -> !line.isEmpty()).findFirst().orElse(fallback);
    }

    /**
     * @return the lines a short command prints, stdout and stderr together; none when it cannot run or fails.
     */
    public static List<String> lines(final List<String> command)
    {
        try
        {
            final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return process.waitFor() == 0 ? output.lines().toList() : List.of();
        }
        catch (final IOException ex)
        {
            return List.of();
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            return List.of();
        }
    }
}
