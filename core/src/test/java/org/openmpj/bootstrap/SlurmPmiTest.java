package org.openmpj.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The PMI-1 client under Slurm: a one-node Slurm that the test starts itself ({@code tools/slurm-one-node}, as root)
 * runs JVMs with {@code srun --mpi=pmi2}, which exchange values through Slurm's PMI server over the inherited PMI_FD.
 * The test stops the Slurm daemons at the end.
 */
@Timeout(180)
class SlurmPmiTest
{
    private static final Path SCRIPT = Path.of("..", "tools", "slurm-one-node").toAbsolutePath().normalize();

    @BeforeAll
    static void startSlurm() throws Exception
    {
        final ProcessResult started = run(List.of(SCRIPT.toString(), "start"), 120);
        assertEquals(0, started.exitCode(), "tools/slurm-one-node start (needs root and Debian's slurm-wlm) failed: " + started.output());
    }

    @AfterAll
    static void stopSlurm() throws Exception
    {
        run(List.of(SCRIPT.toString(), "stop"), 60);
    }

    @Test
    void jvmsStartedBySrunExchangeValues() throws Exception
    {
        final int ranks = 3;
        final ProcessResult job = run(List.of("srun", "--mpi=pmi2", "--overcommit", "-n", Integer.toString(ranks),
            Path.of(System.getProperty("java.home"), "bin", "java").toString(), "--enable-native-access=ALL-UNNAMED",
            "-cp", classPath(), HydraProbe.class.getName()), 120);
        assertEquals(0, job.exitCode(), job.output());
        for (int r = 0; r < ranks; r++)
        {
            assertTrue(job.output().contains("probe rank " + r + " of " + ranks + " read all " + ranks + " values"), job.output());
        }
    }

    private static String classPath() throws Exception
    {
        final String tests = Path.of(HydraProbe.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        final String main = Path.of(PmiClient.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        return tests + File.pathSeparator + main;
    }

    /** Runs {@code command} to its end or for at most {@code seconds}, then ends it and whatever it started. */
    private static ProcessResult run(final List<String> command, final int seconds) throws Exception
    {
        final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        try
        {
            final boolean ended = process.waitFor(seconds, TimeUnit.SECONDS);
            final String output = ended ? new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
                : "(still running after " + seconds + " s)";
            return new ProcessResult(ended ? process.exitValue() : -1, output);
        }
        finally
        {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }

    /** What a command printed and how it ended. */
    private record ProcessResult(int exitCode, String output)
    {
    }
}
