package org.openmpj.bench.report;

import java.nio.file.Path;

import org.openmpj.bench.OptionParser;

/**
 * What the reports of OpenMPJ against native MPI on one device are given, as {@link ReportOptions} declares it.
 *
 * @param home            the OpenMPJ checkout: where {@code bin/mpjrun} and the jars are.
 * @param results         where the report is written.
 * @param nativeBinary    the native benchmark, built with Open MPI.
 * @param mpirun          Open MPI's launcher.
 * @param device          the OpenMPJ device measured; it chooses the native references' transport too.
 * @param eagerLimitBytes the device's eager limit for the run: as given, or the device's default.
 * @param eagerLimitGiven whether {@code --eager-limit} set it; otherwise every job keeps its device's own default.
 * @param cpus            the CPU list the programs are confined to, in {@code taskset -c} syntax.
 * @param rounds          how many times each benchmark runs, the implementations taking turns.
 */
public record DeviceRun(
    Path home, Path results, Path nativeBinary, String mpirun, BenchDevice device, long eagerLimitBytes, boolean eagerLimitGiven,
    String cpus, int rounds)
{
    /**
     * @param values     the parsed command line.
     * @param nativeName the native program's name under {@code HOME/bench/target}, when {@code --native} does not name it.
     * @return the setting, each absent option at its default.
     */
    public static DeviceRun of(final OptionParser.Values values, final String nativeName)
    {
        final Path home = ReportOptions.home(values);
        final Path nativeBinary = values.get(ReportOptions.NATIVE);
        final BenchDevice device = values.get(ReportOptions.DEVICE);
        final Long eagerLimit = values.get(ReportOptions.EAGER_LIMIT);
        return new DeviceRun(home, ReportOptions.results(values), nativeBinary != null ? nativeBinary : home.resolve("bench/target/" + nativeName),
            values.get(ReportOptions.MPIRUN), device, eagerLimit != null ? eagerLimit : device.eagerLimitDefault(), eagerLimit != null,
            values.get(ReportOptions.CPUS), values.get(ReportOptions.ROUNDS));
    }

    /** @return the CPUs of {@link #cpus}, in the order given. */
    public int[] cpuList()
    {
        return CpuList.cpus(cpus);
    }

    /** @return how many cores {@link #cpus} names. */
    public int cores()
    {
        return CpuList.count(cpus);
    }

    /** @return the base of the report's file names, e.g. {@code pingpong-tcp} for {@code pingpong}. */
    public String fileBase(final String report)
    {
        return report + device.fileSuffix();
    }
}
