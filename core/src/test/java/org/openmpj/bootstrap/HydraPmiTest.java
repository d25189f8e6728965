package org.openmpj.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The PMI-1 client against MPICH's real process manager: {@code mpiexec.hydra} starts JVMs that exchange values
 * through it, over the inherited PMI_FD and, with {@code -pmi-port}, over PMI_PORT. Needs Debian's {@code mpich}.
 */
@Timeout(120)
class HydraPmiTest
{
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"PMI_FD", "PMI_PORT"})
    void jvmsStartedByHydraExchangeValues(final String model) throws Exception
    {
        final Path hydra = Path.of("/usr/bin/mpiexec.hydra");
        if (!Files.isExecutable(hydra))
        {
            fail("mpiexec.hydra not found at " + hydra + "; install MPICH's process manager (as root): apt-get install mpich");
        }
        final int ranks = 3;
        final List<String> command = new ArrayList<>(List.of(hydra.toString()));
        if ("PMI_PORT".equals(model))
        {
            command.add("-pmi-port");
        }
        command.addAll(List.of("-n", Integer.toString(ranks), Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "--enable-native-access=ALL-UNNAMED", "-cp", classPath(), HydraProbe.class.getName()));
        final Process job = new ProcessBuilder(command).redirectErrorStream(true).start();
        try
        {
            final boolean ended = job.waitFor(90, TimeUnit.SECONDS);
            final String output = new String(job.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(ended, "the job did not end within 90 s: " + output);
            assertEquals(0, job.exitValue(), output);
            for (int r = 0; r < ranks; r++)
            {
                assertTrue(output.contains("probe rank " + r + " of " + ranks + " read all " + ranks + " values"), output);
            }
        }
        finally
        {
            job.descendants().forEach(ProcessHandle::destroyForcibly);
            job.destroyForcibly();
        }
    }

    /** @return the directories of the main and the test classes of this module. */
    private static String classPath() throws Exception
    {
        final String tests = Path.of(HydraProbe.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        final String main = Path.of(PmiClient.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        return tests + File.pathSeparator + main;
    }
}
