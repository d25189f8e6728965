package org.openmpj.examples;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a command of the project (such as {@code bin/mpjrun}) as a user would, from the project's top
 * directory, and collects its exit status and output. The process and all its descendants are ended when
 * the run is over, whatever happened.
 */
final class Launch
{
    static final Path PROJECT = findProject();
    private static final java.util.regex.Pattern LEARNED = java.util.regex.Pattern.compile("rank (\\d+) learned after (\\d+) ms: (.*)");

    private Launch()
    {
    }

    /** The outcome of one run. */
    record Outcome(int exitCode, String stdout, String stderr, Duration elapsed)
    {
        @Override
        public String toString()
        {
            return "exit " + exitCode + " after " + elapsed.toMillis() + " ms\n--- stdout\n" + stdout + "--- stderr\n" + stderr;
        }
    }

    /** Runs {@code command} (first element relative to the project, e.g. {@code bin/mpjrun}) with a time limit. */
    static Outcome run(final Duration limit, final String... command) throws IOException, InterruptedException
    {
        final List<String> line = new ArrayList<>(List.of(command));
        if (line.get(0).startsWith("bin/"))
        {
            line.set(0, PROJECT.resolve(line.get(0)).toString());
        }
        final Path out = Files.createTempFile("openmpj-it", ".out");
        final Path err = Files.createTempFile("openmpj-it", ".err");
        final ProcessBuilder builder = new ProcessBuilder(line)
            .directory(PROJECT.toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        final long start = System.nanoTime();
        final Process process = builder.start();
        try
        {
            if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS))
            {
                throw new AssertionError("'" + String.join(" ", command) + "' did not end within " + limit.toSeconds()
                    + " s\n--- stdout\n" + Files.readString(out) + "--- stderr\n" + Files.readString(err));
            }
            return new Outcome(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8), Duration.ofNanos(System.nanoTime() - start));
        }
        finally
        {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    /** Runs {@code mainClass} with plain {@code java}, no launcher: the program's classes plus the OpenMPJ jars. */
    static Outcome plainJava(final Duration limit, final String programClasspath, final String mainClass)
        throws IOException, InterruptedException
    {
        final String classpath = String.join(":", programClasspath,
            PROJECT.resolve("mpi/target/openmpj-mpi.jar").toString(),
            PROJECT.resolve("core/target/openmpj-core.jar").toString());
        final String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return run(limit, java, "-cp", classpath, mainClass);
    }

    /**
     * Checks the output of {@code SystemPrograms$RankDies} on {@code processes} ranks: every survivor reports that it
     * learned of rank 1's death in under 10 s, from a message that names rank 1.
     */
    static void assertEverySurvivorLearned(final Outcome run, final int processes)
    {
        final java.util.regex.Matcher learned = LEARNED.matcher(run.stdout());
        int survivors = 0;
        while (learned.find())
        {
            survivors++;
            if (Long.parseLong(learned.group(2)) >= 10_000 || !learned.group(3).contains("rank 1 "))
            {
                throw new AssertionError("rank " + learned.group(1) + " learned too late or was not told of rank 1: " + run);
            }
        }
        if (survivors != processes - 1)
        {
            throw new AssertionError((processes - 1) + " survivors should have reported, " + survivors + " did: " + run);
        }
    }

    /** @return the examples jar built by this module. */
    static String examplesJar()
    {
        return PROJECT.resolve("examples/target/openmpj-examples.jar").toString();
    }

    /** @return this module's compiled test programs. */
    static String testPrograms()
    {
        return PROJECT.resolve("examples/target/test-classes").toString();
    }

    private static Path findProject()
    {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isExecutable(dir.resolve("bin/mpjrun")))
        {
            dir = dir.getParent();
        }
        if (dir == null)
        {
            throw new IllegalStateException("cannot find bin/mpjrun above " + Path.of("").toAbsolutePath());
        }
        return dir;
    }
}
