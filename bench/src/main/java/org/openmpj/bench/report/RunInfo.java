package org.openmpj.bench.report;

import java.util.List;

/**
 * Where and how a report's numbers were measured.
 *
 * @param date             when the run started, ISO-8601.
 * @param nproc            the processors the JVM could use.
 * @param cpuModel         the CPU model name.
 * @param jdk              the JDK the Java programs ran on.
 * @param mpiLibrary       the native MPI library's version line.
 * @param openmpjRevision  the OpenMPJ source revision, {@code -dirty} when the tree had local changes.
 * @param eagerLimitBytes  the thread device's eager limit during the run.
 * @param loadAverage      the 1-, 5- and 15-minute load averages at the start and at the end of the run: the
 *                         benchmarks keep two cores busy, so a 1-minute figure well above 2 at the end means
 *                         something else competed for the cores.
 * @param runQueue         how often something besides the benchmark wanted the cores during the run.
 * @param rounds           how many times each benchmark ran, the implementations taking turns.
 * @param batchMillis      the calibrated length of each timed batch.
 * @param repetitions      timed batches per size in each round.
 * @param commands         the command lines run, one per implementation.
 */
public record RunInfo(
    String date, int nproc, String cpuModel, String jdk, String mpiLibrary, String openmpjRevision,
    long eagerLimitBytes, String loadAverage, String runQueue, int rounds, int batchMillis, int repetitions, List<String> commands)
{
    /** Copies the command list. */
    public RunInfo
    {
        commands = List.copyOf(commands);
    }
}
