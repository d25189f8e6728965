package org.openmpj.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The PMI-1 client under Slurm: a one-node Slurm that the test starts itself ({@code tools/slurm-one-node}, as root)
 * runs JVMs with {@code srun --mpi=pmi2}, which exchange values through Slurm's PMI server over the inherited PMI_FD.
 * The test stops the Slurm daemons at the end.
 */
@Timeout(180)
@ExtendWith(SlurmOneNode.class)
class SlurmPmiTest
{
    @Test
    void jvmsStartedBySrunExchangeValues() throws Exception
    {
        final int ranks = 3;
        final SlurmOneNode.Outcome job = SlurmOneNode.run(List.of("srun", "--mpi=pmi2", "--overcommit", "-n", Integer.toString(ranks),
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
}
