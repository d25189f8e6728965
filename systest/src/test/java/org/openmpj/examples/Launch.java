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
    /** Where the shm and hybrid devices put their segment files. */
    static final Path SHM = Path.of("/dev/shm");
    static final String SEGMENT_PREFIX = "openmpj-shm-";
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
        assertSurvivorsLearned(run, processes - 1, "rank 1 ");
    }

    /**
     * As {@link #assertEverySurvivorLearned}, for jobs where rank 1's death takes others with it: {@code expected} survivors
     * report, each from a message that contains {@code dead}.
     */
    static void assertSurvivorsLearned(final Outcome run, final int expected, final String dead)
    {
        final java.util.regex.Matcher learned = LEARNED.matcher(run.stdout());
        int survivors = 0;
        while (learned.find())
        {
            survivors++;
            if (Long.parseLong(learned.group(2)) >= 10_000 || !learned.group(3).contains(dead))
            {
                throw new AssertionError("rank " + learned.group(1) + " learned too late or was not told of '" + dead + "': " + run);
            }
        }
        if (survivors != expected)
        {
            throw new AssertionError(expected + " survivors should have reported, " + survivors + " did: " + run);
        }
    }

    /** @return the names of the shared-memory segment files in {@code /dev/shm}, sorted. */
    static List<String> segments() throws IOException
    {
        try (java.util.stream.Stream<Path> files = Files.list(SHM))
        {
            return files.map(file -> file.getFileName().toString()).filter(name -> name.startsWith(SEGMENT_PREFIX)).sorted().toList();
        }
    }

    /**
     * @return the pids of rank JVMs running {@code program} (a pgrep pattern), not counting a launcher whose command line
     *         names it too ({@code mpiexec.hydra}, {@code srun}).
     */
    static List<Long> rankPids(final String program) throws IOException, InterruptedException
    {
        final Outcome found = run(Duration.ofSeconds(10), "pgrep", "-f", "ProcessRank.*" + program);
        return found.stdout().lines().map(String::trim).filter(line -> !line.isEmpty()).map(Long::parseLong)
            .filter(pid -> ProcessHandle.of(pid).flatMap(process -> process.info().command()).map(command -> command.endsWith("/java"))
                .orElse(false))
            .toList();
    }

    /** Fails when any process running {@code program} (a pgrep pattern) is left. */
    static void assertNoRankLeft(final String program) throws IOException, InterruptedException
    {
        final Outcome left = run(Duration.ofSeconds(10), "pgrep", "-f", program);
        if (left.exitCode() != 1)
        {
            throw new AssertionError("JVMs left running: " + left.stdout());
        }
    }

    /**
     * Starts {@code bin/mpjrun} with {@code options} on {@code SystemPrograms$WaitsForever}, waits until its {@code jvms}
     * rank JVMs are up and no segment file is left in {@code /dev/shm} (every rank mapped it), kills every rank JVM at
     * once, and checks that the launcher then ends with a failure and leaves no JVM.
     */
    static void assertKillingEveryRankLeavesNothing(final int jvms, final String... options) throws IOException, InterruptedException
    {
        final String program = "SystemPrograms\\$WaitsForever";
        try (RunningJob job = RunningJob.start(jvms, program, mpjrunCommand("org.openmpj.examples.SystemPrograms$WaitsForever", options)))
        {
            for (final long pid : rankPids(program))
            {
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            }
            if (!job.launcher.waitFor(30, TimeUnit.SECONDS))
            {
                throw new AssertionError("mpjrun did not end after its ranks were killed: " + job.output());
            }
            if (job.launcher.exitValue() == 0)
            {
                throw new AssertionError("mpjrun reported success after its ranks were killed: " + job.output());
            }
            assertNoRankLeft(program);
        }
    }

    /**
     * Starts {@code bin/mpjrun} with {@code options} on {@code SystemPrograms$BusyForever}, waits until its {@code jvms}
     * rank JVMs are up and busy, kills the launcher with SIGKILL, and checks that every rank JVM then ends within
     * {@code limitMs} and leaves nothing in {@code /dev/shm}.
     *
     * @return how long the last rank JVM took to end after the launcher was gone, in milliseconds.
     */
    static long assertKillingTheLauncherEndsEveryRank(final long limitMs, final int jvms, final String... options)
        throws IOException, InterruptedException
    {
        return assertKillingTheLauncherEndsEveryRank(limitMs, jvms, mpjrunCommand("org.openmpj.examples.SystemPrograms$BusyForever", options));
    }

    /**
     * As {@link #assertKillingTheLauncherEndsEveryRank(long, int, String...)}, for any launcher: {@code command} starts it
     * on {@code SystemPrograms$BusyForever} through {@code org.openmpj.runtime.ProcessRank}.
     */
    static long assertKillingTheLauncherEndsEveryRank(final long limitMs, final int jvms, final List<String> command)
        throws IOException, InterruptedException
    {
        final String program = "SystemPrograms\\$BusyForever";
        try (RunningJob job = RunningJob.start(jvms, program, command))
        {
            // Taken before the kill: once the launcher is gone, nothing ties its ranks to it.
            final List<ProcessHandle> ranks = rankPids(program).stream().map(ProcessHandle::of).flatMap(java.util.Optional::stream).toList();
            final long tookMs;
            try
            {
                job.launcher.destroyForcibly();
                if (!job.launcher.waitFor(10, TimeUnit.SECONDS))
                {
                    throw new AssertionError("mpjrun did not end on SIGKILL");
                }
                final long goneNs = System.nanoTime();
                final long deadlineNs = goneNs + TimeUnit.MILLISECONDS.toNanos(limitMs);
                while (ranks.stream().anyMatch(Launch::running))
                {
                    if (System.nanoTime() > deadlineNs)
                    {
                        throw new AssertionError(ranks.stream().filter(Launch::running).count() + " of " + ranks.size()
                            + " processes of the job still ran " + limitMs + " ms after their launcher was killed: " + job.output());
                    }
                    Thread.sleep(20);
                }
                tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - goneNs);
            }
            finally
            {
                ranks.forEach(ProcessHandle::destroyForcibly);
            }
            assertNoRankLeft(program);
            if (!segments().isEmpty())
            {
                throw new AssertionError("segment files left in /dev/shm after the launcher was killed: " + segments());
            }
            return tookMs;
        }
    }

    /**
     * @return whether {@code process} still runs: a process that ended but was not yet reaped (a zombie, as the ranks of a
     *         killed launcher are until whoever adopted them reaps them) does not.
     */
    private static boolean running(final ProcessHandle process)
    {
        try
        {
            final String stat = Files.readString(Path.of("/proc", Long.toString(process.pid()), "stat"));
            return process.isAlive() && stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
        }
        catch (final IOException ex)
        {
            return false;
        }
    }

    /** @return the command that runs {@code mainClass} of the test programs under {@code bin/mpjrun} with {@code options}. */
    private static List<String> mpjrunCommand(final String mainClass, final String... options)
    {
        final List<String> command = new ArrayList<>(List.of(PROJECT.resolve("bin/mpjrun").toString()));
        command.addAll(List.of(options));
        command.addAll(List.of("-cp", testPrograms(), mainClass));
        return command;
    }

    /** A job of a launcher whose ranks are up; closing it ends the launcher and every process it started. */
    private static final class RunningJob implements AutoCloseable
    {
        final Process launcher;
        private final Path out;

        private RunningJob(final Process launcher, final Path out)
        {
            this.launcher = launcher;
            this.out = out;
        }

        /**
         * Starts {@code mainClass} under {@code bin/mpjrun} with {@code options} and waits until {@code jvms} rank JVMs
         * running {@code program} (a pgrep pattern) are up, no segment file is left in {@code /dev/shm}, and a second more.
         */
        static RunningJob start(final int jvms, final String program, final List<String> command) throws IOException, InterruptedException
        {
            final Path out = Files.createTempFile("openmpj-it", ".out");
            final ProcessBuilder builder = new ProcessBuilder(command).directory(PROJECT.toFile()).redirectErrorStream(true)
                .redirectOutput(out.toFile());
            builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
            final RunningJob job = new RunningJob(builder.start(), out);
            try
            {
                final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (rankPids(program).size() < jvms || !segments().isEmpty())
                {
                    if (System.nanoTime() > deadline || !job.launcher.isAlive())
                    {
                        throw new AssertionError("the ranks did not start: " + job.output());
                    }
                    Thread.sleep(100);
                }
                Thread.sleep(1000);
                return job;
            }
            catch (final IOException | InterruptedException | RuntimeException | Error ex)
            {
                job.close();
                throw ex;
            }
        }

        String output()
        {
            return readQuietly(out);
        }

        @Override
        public void close() throws IOException
        {
            launcher.descendants().forEach(ProcessHandle::destroyForcibly);
            launcher.destroyForcibly();
            Files.deleteIfExists(out);
        }
    }

    /**
     * On two namespace hosts ({@link #onTwoNamespaceHosts}), runs {@code SystemPrograms$ExchangesForever} under
     * {@code bin/mpjrun} with {@code options} (which place ranks on both hosts) and a liveness limit of 3 s, takes the link
     * of {@code openmpj-h2} down once the ranks exchange (its packets vanish; no connection closes), and checks that each of
     * {@code survivors}, on {@code openmpj-h1}, fails within the limit and a beat and a second, naming a rank of
     * {@code openmpj-h2} and its address, and that the launcher ends the job with a failure and leaves no JVM. With no
     * survivors, every rank runs on {@code openmpj-h2} (they go on exchanging among themselves, unaware), and the launcher
     * must find the silence itself, on its key-value connections, and name the silent host's JVM and address. The ranks of
     * {@code openmpj-h2} still run, cut off: each of {@code cutOff} must fail as well, naming a rank of {@code openmpj-h1}.
     *
     * @param silentRank   a pattern of the ranks of {@code openmpj-h2} a survivor may name, e.g. {@code [13]}.
     * @param cutOff       the ranks on {@code openmpj-h2} that find the silence of the other side themselves.
     * @param cutOffFrom   a pattern of the ranks of {@code openmpj-h1} they may name, e.g. {@code [02]}.
     * @return what was measured, for the test's output.
     */
    static String assertASilentHostFailsTheJob(final int[] survivors, final String silentRank, final int[] cutOff, final String cutOffFrom,
        final String... options) throws Exception
    {
        final long silenceLimitMs = 3_000;
        // After a failure, mpjrun gives ranks 3 s to end on their own, then stops them and waits up to 2 s more.
        final long launcherTeardownMs = 5_000;
        final StringBuilder measured = new StringBuilder();
        onTwoNamespaceHosts(() ->
        {
            final Path out = Files.createTempFile("openmpj-it", ".out");
            final Path err = Files.createTempFile("openmpj-it", ".err");
            final List<String> command = new ArrayList<>(List.of(PROJECT.resolve("bin/mpjrun").toString()));
            command.addAll(List.of(options));
            command.addAll(List.of("-hosts", survivors.length == 0 ? "openmpj-h2" : "openmpj-h1,openmpj-h2", "-oversubscribe",
                "-Dopenmpj.launcher.rsh=ip netns exec {host} env HOSTNAME={host} sh -c", "-Dopenmpj.liveness.timeoutMs=" + silenceLimitMs,
                "-cp", testPrograms(), "org.openmpj.examples.SystemPrograms$ExchangesForever"));
            final ProcessBuilder builder = new ProcessBuilder(command).directory(PROJECT.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile());
            builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
            final Process launcher = builder.start();
            try
            {
                final long readyDeadlineNs = System.nanoTime() + 60_000_000_000L;
                while (!Files.readString(out).contains("ready"))
                {
                    if (!launcher.isAlive() || System.nanoTime() > readyDeadlineNs)
                    {
                        throw new AssertionError("the job did not start exchanging: " + readQuietly(out) + readQuietly(err));
                    }
                    Thread.sleep(50);
                }
                final Outcome down = run(Duration.ofSeconds(10), "ip", "link", "set", "ompj-v2", "down");
                if (down.exitCode() != 0)
                {
                    throw new AssertionError("could not take openmpj-h2's link down: " + down);
                }
                final long silentNs = System.nanoTime();
                if (!launcher.waitFor(60, TimeUnit.SECONDS))
                {
                    throw new AssertionError("mpjrun still ran 60 s after openmpj-h2 fell silent: " + readQuietly(out) + readQuietly(err));
                }
                final long endedMs = (System.nanoTime() - silentNs) / 1_000_000;
                final String stdout = Files.readString(out);
                final String outcome = "exit " + launcher.exitValue() + " after " + endedMs + " ms\n--- stdout\n" + stdout + "--- stderr\n"
                    + Files.readString(err);
                final String silence = "rank " + silentRank + " \\(on 10\\.210\\.0\\.2\\) sent nothing";
                // The launcher names the silent rank and host as the others found it, or the silent host's JVM when that one
                // ended first: here its remote shell is a local process, whose end the launcher sees despite the silence. With
                // no survivors, only the launcher's own watch can find it.
                final String named = survivors.length == 0 ? "(JVM|rank) .*\\(on 10\\.210\\.0\\.2\\) answered nothing to the launcher"
                    : "(" + silence + "|on host openmpj-h2)";
                if (launcher.exitValue() == 0 || !java.util.regex.Pattern.compile("mpjrun: job failed: .*" + named).matcher(outcome).find()
                    || survivors.length == 0 && endedMs > silenceLimitMs * 5 / 4 + launcherTeardownMs + 1_000)
                {
                    throw new AssertionError("mpjrun did not report the job's failure naming the silent rank or host: " + outcome);
                }
                measured.append(assertLearned(survivors, silence, silenceLimitMs, stdout, outcome));
                measured.append(assertLearned(cutOff, "rank " + cutOffFrom + " \\(on 10\\.210\\.0\\.1\\) sent nothing", silenceLimitMs, stdout,
                    outcome));
                measured.append("mpjrun ended ").append(endedMs).append(" ms after the link went down");
            }
            finally
            {
                launcher.descendants().forEach(ProcessHandle::destroyForcibly);
                launcher.destroyForcibly();
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
            assertNoRankLeft("SystemPrograms\\$ExchangesForever");
        });
        return measured.toString();
    }

    /**
     * Checks that each of {@code ranks} printed that it learned of the silence within the limit, plus up to one beat
     * interval before the check runs, plus a second for the VM, naming a rank that {@code silence} matches, or, when
     * another rank of its side found the silence first and ended, that rank's end.
     *
     * @return what was measured, for the test's output.
     */
    private static String assertLearned(final int[] ranks, final String silence, final long silenceLimitMs, final String stdout,
        final String outcome)
    {
        final StringBuilder measured = new StringBuilder();
        for (final int rank : ranks)
        {
            final java.util.regex.Matcher learned = java.util.regex.Pattern.compile("rank " + rank + " learned after (\\d+) ms: (.*)")
                .matcher(stdout);
            if (!learned.find())
            {
                throw new AssertionError("rank " + rank + " did not fail: " + outcome);
            }
            final long afterMs = Long.parseLong(learned.group(1));
            if (afterMs > silenceLimitMs * 5 / 4 + 1_000 || !java.util.regex.Pattern.compile(silence + "|rank \\d+ .*ended|is gone")
                .matcher(learned.group(2)).find())
            {
                throw new AssertionError("rank " + rank + " learned too late, or was told neither of the silence (" + silence
                    + ") nor of the end of a rank that found it: " + outcome);
            }
            measured.append("rank ").append(rank).append(" failed ").append(afterMs).append(" ms after its last exchange, ");
        }
        return measured.toString();
    }

    /** A check that runs while network namespaces stand in for hosts. */
    interface OnHosts
    {
        void run() throws Exception;
    }

    /**
     * Makes two network namespaces into hosts {@code openmpj-h1} and {@code openmpj-h2} ({@code tools/netns-hosts}, as
     * root), runs {@code check}, and removes them again.
     */
    static void onTwoNamespaceHosts(final OnHosts check) throws Exception
    {
        final Outcome started = run(Duration.ofSeconds(30), "tools/netns-hosts", "start", "2");
        if (started.exitCode() != 0)
        {
            throw new AssertionError("tools/netns-hosts start (needs root and iproute2) failed: " + started);
        }
        try
        {
            check.run();
        }
        finally
        {
            run(Duration.ofSeconds(30), "tools/netns-hosts", "stop");
        }
    }

    /** @return bytes received so far by interface {@code name} of this namespace (the host side of a veth pair). */
    private static long receivedBytes(final String name) throws IOException
    {
        return Long.parseLong(Files.readString(Path.of("/sys/class/net", name, "statistics", "rx_bytes")).trim());
    }

    /**
     * What the interfaces of the two namespace hosts ({@link #onTwoNamespaceHosts}) had received when it was made, to tell
     * later that ranks of the two hosts met over the network.
     */
    record HostTraffic(long host1Bytes, long host2Bytes)
    {
        /** @return the counts now. */
        static HostTraffic count() throws IOException
        {
            return new HostTraffic(receivedBytes("ompj-v1"), receivedBytes("ompj-v2"));
        }

        /** Requires each host's interface to have received more than {@code leastBytes} since {@link #count}, naming {@code run}. */
        void assertEachHostReceivedMoreThan(final long leastBytes, final Outcome run) throws IOException
        {
            final long crossed1 = receivedBytes("ompj-v1") - host1Bytes;
            final long crossed2 = receivedBytes("ompj-v2") - host2Bytes;
            if (crossed1 <= leastBytes || crossed2 <= leastBytes)
            {
                throw new AssertionError("bytes through the namespaces' interfaces: " + crossed1 + " and " + crossed2 + ", expected more than "
                    + leastBytes + " each\n" + run);
            }
        }
    }

    /** @return the text of {@code file}, or a note that it cannot be read. */
    static String readQuietly(final Path file)
    {
        try
        {
            return Files.readString(file);
        }
        catch (final IOException ex)
        {
            return "(unreadable: " + ex.getMessage() + ")";
        }
    }

    /** @return the examples jar, built by the examples module. */
    static String examplesJar()
    {
        return PROJECT.resolve("examples/target/openmpj-examples.jar").toString();
    }

    /** @return the NAS kernels' jar, built by the nas module. */
    static String nasJar()
    {
        return PROJECT.resolve("nas/target/openmpj-nas.jar").toString();
    }

    /** @return this module's compiled test programs. */
    static String testPrograms()
    {
        return PROJECT.resolve("systest/target/test-classes").toString();
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
