package org.openmpj.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The NAS kernels as a user runs them, through {@code bin/mpjrun}: each must print NPB's report with "VERIFICATION
 * SUCCESSFUL" for the class and process count it ran, and end the job with exit code 0.
 */
@Timeout(300)
class NasKernelsSystemIT
{
    private static final Duration LIMIT = Duration.ofSeconds(240);

    @ParameterizedTest(name = "{0} class S on {1} thread ranks")
    @CsvSource({"EP, 1", "EP, 2", "EP, 4", "IS, 1", "IS, 2", "IS, 4", "CG, 1", "CG, 2", "CG, 4", "MG, 1", "MG, 2", "MG, 4",
        "FT, 1", "FT, 2", "FT, 4"})
    void classSVerifiesOnThreads(final String kernel, final int processes) throws Exception
    {
        assertVerifies(kernel, "S", processes, "thread");
    }

    @ParameterizedTest(name = "{0} class W on 4 tcp ranks")
    @CsvSource({"CG", "IS"})
    void classWVerifiesOverTcp(final String kernel) throws Exception
    {
        assertVerifies(kernel, "W", 4, "tcp");
    }

    @Test
    void anUnknownClassFailsTheJobNamingIt() throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", "2", "-cp", Launch.nasJar(), "org.openmpj.nas.EP", "Q");
        assertNotEquals(0, run.exitCode(), run::toString);
        assertTrue(run.stderr().contains("class 'Q' is not one of S, W, A, B, C"), run::toString);
    }

    private static void assertVerifies(final String kernel, final String problemClass, final int processes, final String device)
        throws Exception
    {
        final Launch.Outcome run = Launch.run(LIMIT, "bin/mpjrun", "-np", Integer.toString(processes), "-dev", device,
            "-cp", Launch.nasJar(), "org.openmpj.nas." + kernel, problemClass);
        assertEquals(0, run.exitCode(), run::toString);
        final String out = run.stdout();
        assertTrue(out.contains(" VERIFICATION SUCCESSFUL"), run::toString);
        assertTrue(Pattern.compile("^ " + kernel + " Benchmark Completed\\.$", Pattern.MULTILINE).matcher(out).find(), run::toString);
        assertTrue(Pattern.compile("^ Class\\s+=\\s+" + problemClass + "$", Pattern.MULTILINE).matcher(out).find(), run::toString);
        assertTrue(Pattern.compile("^ Total processes\\s+=\\s+" + processes + "$", Pattern.MULTILINE).matcher(out).find(), run::toString);
        assertTrue(Pattern.compile("^ Verification\\s+=\\s+SUCCESSFUL$", Pattern.MULTILINE).matcher(out).find(), run::toString);
    }
}
