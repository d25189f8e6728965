package org.openmpj.bench.report;

import java.nio.file.Path;
import java.util.List;

import org.openmpj.bench.OptionParser;
import org.openmpj.bench.OptionParser.Option;

/**
 * The options several reports share, declared once for {@link OptionParser}: where the checkout and the results are, the
 * rounds, and for the reports of OpenMPJ against native MPI on one device, that device, its eager limit, the CPUs, the
 * native program and Open MPI's launcher ({@link DeviceRun} reads them).
 */
public final class ReportOptions
{
    /** Three rounds: each implementation's numbers come from runs it took in turns with the others, three times. */
    public static final int DEFAULT_ROUNDS = 3;

    /** The OpenMPJ checkout. */
    public static final Option<Path> HOME = OptionParser.path("--home", "DIR",
        "the OpenMPJ checkout: bin/mpjrun and the jars", "the current directory");
    /** Where the report goes. */
    public static final Option<Path> RESULTS = OptionParser.path("--results", "DIR", "where to write the report", "HOME/bench/results");
    /** The rounds. */
    public static final Option<Integer> ROUNDS = OptionParser.whole("--rounds",
        "how often each implementation runs, the implementations taking turns", DEFAULT_ROUNDS, 1, 100);
    /** The CPUs every program is confined to. */
    public static final Option<String> CPUS = new Option<>("--cpus", "LIST",
        "the cores the programs run on (taskset -c); a device of rank processes needs two, one per process", "0,1", "0,1",
        value ->
        {
            CpuList.cpus(value);
            return value;
        });
    /** The native program. */
    public static final Option<Path> NATIVE = OptionParser.path("--native", "FILE",
        "the native benchmark (bench/native/*.c) compiled with Open MPI", "HOME/bench/target/PROGRAM");
    /**
     * Open MPI's {@code mpirun} options for more processes than cores, as its users run there: oversubscribed, unbound,
     * yielding while they wait.
     */
    public static final List<String> OPEN_MPI_OVERSUBSCRIBED = List.of("--oversubscribe", "--bind-to", "none", "--mca",
        "mpi_yield_when_idle", "1");
    /** Open MPI's launcher. */
    public static final Option<String> MPIRUN = OptionParser.text("--mpirun", "FILE",
        "Open MPI's launcher (mpirun.openmpi where MPICH owns mpirun; the scripts find it)", "mpirun");
    /** The device measured. */
    public static final Option<BenchDevice> DEVICE = new Option<>("--device", "NAME", "the OpenMPJ device measured",
        BenchDevice.THREAD, "thread", BenchDevice::parse);
    /** The device's eager limit. */
    public static final Option<Long> EAGER_LIMIT = new Option<>("--eager-limit", "BYTES", "the device's eager limit in bytes",
        null, "the device's (thread " + BenchDevice.THREAD.eagerLimitDefault() + ", tcp " + BenchDevice.TCP.eagerLimitDefault()
        + ", shm " + BenchDevice.SHM.eagerLimitDefault() + ")", value -> OptionParser.whole(value, 0, Long.MAX_VALUE));

    private ReportOptions()
    {
    }

    /** @return the checkout given, else the current directory. */
    public static Path home(final OptionParser.Values values)
    {
        final Path home = values.get(HOME);
        return home != null ? home : Path.of("").toAbsolutePath();
    }

    /** @return the results directory given, else HOME/bench/results. */
    public static Path results(final OptionParser.Values values)
    {
        return pathUnderHome(values, RESULTS, "bench/results");
    }

    /** @return the path the option gives, else {@code path} under the checkout, e.g. {@code bench/results}. */
    public static Path pathUnderHome(final OptionParser.Values values, final Option<Path> option, final String path)
    {
        final Path given = values.get(option);
        return given != null ? given : home(values).resolve(path);
    }
}
