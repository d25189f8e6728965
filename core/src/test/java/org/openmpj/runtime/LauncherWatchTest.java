package org.openmpj.runtime;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.openmpj.OpenMpjException;

class LauncherWatchTest
{
    @Test
    void aLauncherVariableThatHoldsNoProcessIdIsNamedWithWhatWasExpected()
    {
        final OpenMpjException error = assertThrows(OpenMpjException.class,
            () -> LauncherWatch.startIfNamed(Map.of(LaunchEnvironment.LAUNCHER_PID_ENV_NAME, "12ab"), "rank 0"));
        assertTrue(error.getMessage().contains(LaunchEnvironment.LAUNCHER_PID_ENV_NAME + "=12ab") && error.getMessage().contains("process id"),
            error::getMessage);
    }

    @Test
    void withoutTheVariableNothingIsWatched()
    {
        final long watchesBefore = watchThreads();
        LauncherWatch.startIfNamed(Map.of(), "rank 0");
        assertTrue(watchThreads() == watchesBefore, "a launcher watch started without " + LaunchEnvironment.LAUNCHER_PID_ENV_NAME);
    }

    private static long watchThreads()
    {
        return Thread.getAllStackTraces().keySet().stream().filter(thread -> thread.getName().equals("openmpj-launcher-watch")).count();
    }
}
