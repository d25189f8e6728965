package org.openmpj.bench.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.openmpj.bench.OptionPairs;

/**
 * The options both reports take, as their parsers read them: the checkout, where results and the native program
 * are, Open MPI's launcher, the device and its eager limit, the CPUs and the rounds. Options it does not know are
 * left to the report.
 */
final class SharedReportOptions
{
    /** How often each benchmark runs by default, the implementations taking turns. */
    static final int DEFAULT_ROUNDS = 3;
    /**
     * Open MPI's launcher when none is given. Where MPICH is installed too, {@code mpirun} may be MPICH's: the bench
     * scripts find Open MPI's own and pass it.
     */
    static final String DEFAULT_MPIRUN = "mpirun";
    private static final int MAX_ROUNDS = 100;

    Path home = Path.of("").toAbsolutePath();
    BenchDevice device = BenchDevice.THREAD;
    String cpus = "0,1";
    String mpirun = DEFAULT_MPIRUN;
    int rounds = DEFAULT_ROUNDS;
    /** The options for the benchmark programs themselves, name then value. */
    final List<String> benchArgs = new ArrayList<>();
    private Path results;
    private Path nativeBinary;
    private Long eagerLimit;

    /**
     * Takes {@code option} if it is one of these.
     *
     * @return whether it was; the report handles it otherwise.
     */
    boolean take(final OptionPairs.Option option)
    {
        final String value = option.value();
        switch (option.name())
        {
            case "--home" -> home = Path.of(value).toAbsolutePath();
            case "--results" -> results = Path.of(value).toAbsolutePath();
            case "--native" -> nativeBinary = Path.of(value).toAbsolutePath();
            case "--mpirun" -> mpirun = value;
            case "--device" -> device = BenchDevice.parse(value);
            case "--eager-limit" -> eagerLimit = option.whole(0, Long.MAX_VALUE);
            case "--cpus" -> cpus = value;
            case "--rounds" -> rounds = option.wholeInt(1, MAX_ROUNDS);
            default ->
            {
                return false;
            }
        }
        return true;
    }

    /** Passes {@code option} on to the benchmark programs. */
    void passOn(final OptionPairs.Option option)
    {
        benchArgs.add(option.name());
        benchArgs.add(option.value());
    }

    /** @return the results directory given, else HOME/bench/results. */
    Path results()
    {
        return results != null ? results : home.resolve("bench/results");
    }

    /** @return the native program given, else {@code HOME/bench/target/<name>}. */
    Path nativeBinary(final String name)
    {
        return nativeBinary != null ? nativeBinary : home.resolve("bench/target/" + name);
    }

    /** @return the eager limit given, else the device's default. */
    long eagerLimit()
    {
        return eagerLimit != null ? eagerLimit : device.eagerLimitDefault();
    }
}
