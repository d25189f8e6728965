package org.openmpj.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Facts about this machine for the report, read from {@code lscpu} and {@code /proc}. Stateless. */
public final class MachineInfo
{
    private static final String UNKNOWN = "unknown";
    private static final String MODEL_NAME = "Model name";
    /** What tells apart two CPUs sold under one model name, as {@code lscpu} names it, in its order. */
    private static final List<String> MODEL_DETAILS = List.of("CPU family", "Model", "Stepping");

    private MachineInfo()
    {
    }

    /**
     * @return the CPU as {@code lscpu} prints it: its "Model name", then its "CPU family", "Model" and "Stepping" where it prints
     *         them, e.g. {@code AMD EPYC (CPU family 26, Model 2, Stepping 1)}; read from {@code /proc/cpuinfo}, which holds the
     *         same fields, where {@code lscpu} cannot run; {@code unknown} when neither names the model.
     */
    public static String cpuModel()
    {
        final String model = cpuModel(CommandRunner.lines(List.of("env", "LC_ALL=C", "lscpu")));
        return model.equals(UNKNOWN) ? cpuModel(readLines(Path.of("/proc/cpuinfo"))) : model;
    }

    /**
     * @param lines {@code lscpu}'s output ({@code Model name: AMD EPYC}) or {@code /proc/cpuinfo}'s ({@code model name : AMD EPYC});
     *              the first value of each field counts.
     * @return the model name with the family, model and stepping found, as {@link #cpuModel()} describes; {@code unknown} when
     *         no model name is found.
     */
    static String cpuModel(final List<String> lines)
    {
        final Map<String, String> fields = new LinkedHashMap<>();
        for (final String line : lines)
        {
            final int colon = line.indexOf(':');
            if (colon > 0)
            {
                fields.putIfAbsent(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
            }
        }
        final String name = fields.getOrDefault(MODEL_NAME.toLowerCase(Locale.ROOT), "");
        if (name.isEmpty())
        {
            return UNKNOWN;
        }
        final List<String> details = new ArrayList<>();
        for (final String detail : MODEL_DETAILS)
        {
            final String value = fields.getOrDefault(detail.toLowerCase(Locale.ROOT), "");
            if (!value.isEmpty())
            {
                details.add(detail + " " + value);
            }
        }
        return details.isEmpty() ? name : name + " (" + String.join(", ", details) + ")";
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
