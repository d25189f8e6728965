package org.openmpj.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Facts about this machine for the report, read from {@code /proc}. */
public final class MachineInfo
{
    private static final String UNKNOWN = "unknown";

    private MachineInfo()
    {
    }

    /** @return the first {@code model name} of {@code /proc/cpuinfo}, or {@code unknown}. */
    public static String cpuModel()
    {
        return readLines(Path.of("/proc/cpuinfo")).stream()
            .filter(line -> line.startsWith("model name"))
            .map(line -> line.substring(line.indexOf(':') + 1).trim())
            .findFirst()
            .orElse(UNKNOWN);
    }

    /** @return the 1-, 5- and 15-minute load averages, or {@code unknown}. */
    public static String loadAverage()
    {
        final List<String> lines = readLines(Path.of("/proc/loadavg"));
        if (lines.isEmpty())
        {
            return UNKNOWN;
        }
        final String[] fields = lines.getFirst().trim().split("\\s+");
        return fields.length >= 3 ? fields[0] + " " + fields[1] + " " + fields[2] : UNKNOWN;
    }

    /** @return the JDK running this JVM: version and vendor. */
    public static String jdk()
    {
        return System.getProperty("java.runtime.version") + " (" + System.getProperty("java.vendor") + ")";
    }

    private static List<String> readLines(final Path file)
    {
        try
        {
            return Files.readAllLines(file);
        }
        catch (final IOException | SecurityException ex)
        {
            return List.of();
        }
    }
}
