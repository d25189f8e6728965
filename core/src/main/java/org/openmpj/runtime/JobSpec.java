package org.openmpj.runtime;

import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What to run: how many ranks, on which device, which program with which arguments.
 *
 * @param processes    the number of ranks, at least 1.
 * @param device       the device name or alias, e.g. {@code thread}.
 * @param apiClasspath where the {@code mpi} API classes come from; loaded once per rank.
 * @param classpath    the program's classpath; loaded once per rank.
 * @param mainClass    the class whose {@code main} each rank runs.
 * @param args         the program's own arguments, passed unchanged.
 * @param timeout      how long the job may run before it is failed, or null for no limit.
 */
public record JobSpec(
    int processes, String device, List<Path> apiClasspath, List<Path> classpath,
    String mainClass, List<String> args, Duration timeout)
{
    public JobSpec
    {
        if (processes < 1)
        {
            throw new IllegalArgumentException("a job needs at least 1 process, got " + processes);
        }
        apiClasspath = List.copyOf(apiClasspath);
        classpath = List.copyOf(classpath);
        args = List.copyOf(args);
    }

    /** @return the entries of a class path string, separated by {@link File#pathSeparator}, blank ones left out. */
    public static List<Path> paths(final String classpath)
    {
        final List<Path> paths = new ArrayList<>();
        for (final String entry : classpath.split(File.pathSeparator))
        {
            if (!entry.isBlank())
            {
                paths.add(Path.of(entry));
            }
        }
        return paths;
    }
}
