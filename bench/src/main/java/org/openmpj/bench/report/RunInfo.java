package org.openmpj.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * Where and how a report's numbers were measured.
 *
 * @param date             when the run started, ISO-8601.
 * @param nproc            the processors the JVM could use.
 * @param cpuModel         the CPU as lscpu names it: model name, family, model and stepping ({@link MachineInfo#cpuModel()}).
 * @param jdk              the JDK the Java programs ran on.
 * @param mpiLibrary       the native MPI libraries' version lines.
 * @param openmpjRevision  the OpenMPJ source revision, {@code -dirty} when the tree had local changes.
 * @param device           the OpenMPJ device measured, e.g. {@code tcp}.
 * @param eagerLimitBytes  that device's eager limit during the run.
 * @param loadAverage      the 1-, 5- and 15-minute load averages at the start and at the end of the run: the
 *                         benchmarks keep two cores busy, so a 1-minute figure well above 2 at the end means
 *                         something else competed for the cores.
 * @param runQueue         how often something besides the benchmark wanted the cores during the run.
 * @param rounds           how many times each benchmark ran, the implementations taking turns.
 * @param batchMillis      the calibrated length of each timed batch.
 * @param repetitions      timed batches per size in each round.
 * @param commands         the command lines run, one per implementation.
 * @param repeatedRuns     runs that failed and were run again, each with why: only floors known to fail on their own.
 */
public record RunInfo(
    String date, int nproc, String cpuModel, String jdk, String mpiLibrary, String openmpjRevision,
    String device, long eagerLimitBytes, String loadAverage, String runQueue, int rounds, int batchMillis, int repetitions,
    List<String> commands, List<String> repeatedRuns)
{
    /**
     * What a report says of its run beside the machine's facts.
     *
     * @param device          the OpenMPJ device or devices measured, e.g. {@code tcp}.
     * @param eagerLimitBytes that device's eager limit during the run; -1 when the report names none (several devices).
     * @param batchMillis     the calibrated length of each timed batch; 0 when the programs time themselves otherwise.
     * @param repetitions     timed batches per size in each round.
     */
    public record Setting(String device, long eagerLimitBytes, int batchMillis, int repetitions)
    {
    }

    /** Copies the lists. */
    public RunInfo
    {
        commands = List.copyOf(commands);
        repeatedRuns = List.copyOf(repeatedRuns);
    }

    /** @return now, in UTC to the second, ISO-8601: a run's {@link #date}. */
    public static String now()
    {
        return OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.SECONDS).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
    }

    /**
     * The facts of a run that has just ended on this machine: the JDK running this JVM, the native MPIs' versions,
     * the checkout's revision and when its core jar was built, and the load average now.
     *
     * @param home             the OpenMPJ checkout measured.
     * @param date             when the run started ({@link #now()} then).
     * @param versionCommands  the commands that print the native MPIs' versions on their first line, e.g.
     *                         {@code mpirun --version}.
     * @param loadAverageStart the load average when the run started.
     * @param setting          the device, its eager limit and the batches.
     * @param runQueue         the run queue summary of the run.
     * @param rounds           how many times each benchmark ran.
     * @param commands         the command lines run.
     * @param repeatedRuns     the runs that failed and were run again, each with why.
     * @return the run's facts.
     */
    public static RunInfo measured(
        final Path home, final String date, final List<List<String>> versionCommands, final String loadAverageStart, final Setting setting,
        final String runQueue, final int rounds, final List<String> commands, final List<String> repeatedRuns)
    {
        return new RunInfo(
            date,
            Runtime.getRuntime().availableProcessors(),
            MachineInfo.cpuModel(),
            MachineInfo.jdk(),
            String.join("; ", versionCommands.stream()
                .map(command -> CommandRunner.firstLine(command, "unknown").replaceAll("\\s+", " ")).toList()),
            CommandRunner.firstLine(List.of("git", "-C", home.toString(), "describe", "--always", "--dirty"), "unknown") + jarsBuilt(home),
            setting.device(),
            setting.eagerLimitBytes(),
            "start " + loadAverageStart + ", end " + MachineInfo.loadAverage(),
            runQueue,
            rounds,
            setting.batchMillis(),
            setting.repetitions(),
            commands,
            repeatedRuns);
    }

    /** The jars may be older than the sources: a report must say which build it measured. */
    private static String jarsBuilt(final Path home)
    {
        try
        {
            return ", core jar built " + Files.getLastModifiedTime(home.resolve("core/target/openmpj-core.jar")).toInstant()
                .truncatedTo(ChronoUnit.SECONDS);
        }
        catch (final IOException ex)
        {
            return "";
        }
    }
}
