package org.openmpj.bootstrap;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The one-node Slurm of {@code tools/slurm-one-node} for tests that launch through it: as a JUnit extension
 * ({@code @ExtendWith(SlurmOneNode.class)}) it starts Slurm before the class's tests and stops it after them. Also a
 * way to run commands under it that always ends what they started.
 */
public final class SlurmOneNode implements BeforeAllCallback, AfterAllCallback
{
    private static final Path SCRIPT = Path.of("..", "tools", "slurm-one-node").toAbsolutePath().normalize();

    @Override
    public void beforeAll(final ExtensionContext context) throws Exception
    {
        start();
    }

    @Override
    public void afterAll(final ExtensionContext context) throws Exception
    {
        stop();
    }

    /** Starts the Slurm daemons (as root; installs Debian's slurm-wlm when missing) and waits until the node is up. */
    public static void start() throws Exception
    {
        final Outcome started = run(List.of(SCRIPT.toString(), "start"), 120);
        if (started.exitCode() != 0)
        {
            throw new IllegalStateException("tools/slurm-one-node start (needs root and Debian's slurm-wlm) failed: " + started.output());
        }
    }

    /** Stops the Slurm daemons that {@link #start()} started. */
    public static void stop() throws Exception
    {
        run(List.of(SCRIPT.toString(), "stop"), 60);
    }

    /**
     * Runs {@code command} to its end or for at most {@code seconds}, then ends it and whatever it started. The output
     * goes to a file, so that a command that prints much never waits for a reader.
     */
    public static Outcome run(final List<String> command, final int seconds) throws Exception
    {
        final Path log = Files.createTempFile("slurm-one-node", ".log");
        final Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try
        {
            final boolean ended = process.waitFor(seconds, TimeUnit.SECONDS);
            final String output = Files.readString(log, StandardCharsets.UTF_8) + (ended ? "" : "\n(still running after " + seconds + " s)");
            return new Outcome(ended ? process.exitValue() : -1, output);
        }
        finally
        {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            Files.deleteIfExists(log);
        }
    }

    /**
     * What a command printed and how it ended.
     *
     * @param exitCode its exit code, or -1 when it was still running at its time limit.
     * @param output   its standard output and error, interleaved.
     */
    public record Outcome(int exitCode, String output)
    {
    }
}
