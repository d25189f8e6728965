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

/** Runs one benchmark program to completion, echoing and logging what it prints. */
public final class CommandRunner
{
    private static final int TAIL_LINES = 20;

    private final PrintStream echo;

    /** @param echo where each output line is echoed as it arrives, so a long run shows progress. */
    public CommandRunner(final PrintStream echo)
    {
        this.echo = echo;
    }

    /**
     * @param command     the program and its arguments.
     * @param environment variables to set on top of this process's environment.
     * @param log         where the combined stdout and stderr are saved.
     * @return the output lines.
     * @throws IOException when the program cannot start or exits non-zero; the message quotes its last lines.
     */
    public List<String> run(final List<String> command, final Map<String, String> environment, final Path log)
        throws IOException, InterruptedException
    {
        final ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(environment);
        final Process process = builder.start();
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
        if (exit != 0)
        {
            final List<String> tail = lines.subList(Math.max(0, lines.size() - TAIL_LINES), lines.size());
            throw new IOException(String.join(" ", command) + " exited with " + exit + "; its last lines:\n"
                + String.join("\n", tail) + "\n(all of it in " + log + ")");
        }
        return lines;
    }

    /**
     * @return the first line a short command prints, or {@code fallback} when it cannot run or fails.
     */
    public static String firstLine(final List<String> command, final String fallback)
    {
        try
        {
            final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (process.waitFor() != 0)
            {
                return fallback;
            }
            return output.lines().map(String::trim).filter(line -> !line.isEmpty()).findFirst().orElse(fallback);
        }
        catch (final IOException ex)
        {
            return fallback;
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            return fallback;
        }
    }
}
