package org.openmpj.bench.report;

import java.nio.file.Path;

import org.openmpj.bench.BenchOptions;
import org.openmpj.bench.OptionPairs;

/**
 * The options of {@code PingPongReport}.
 *
 * @param home            the OpenMPJ checkout: where {@code bin/mpjrun} and the jars are.
 * @param results         where the report is written.
 * @param nativeBinary    the compiled {@code bench/native/pingpong.c}, built with Open MPI.
 * @param mpichBinary     the same program built with MPICH, run beside Open MPI on the shm device.
 * @param mpirun          Open MPI's launcher.
 * @param device          the OpenMPJ device measured; it chooses the floor and the native references too.
 * @param eagerLimitBytes the device's eager limit for the run.
 * @param cpus            the CPU list the programs are pinned to, in {@code taskset -c} syntax; with the tcp device
 *                        with a device of rank processes, the two processes of OpenMPJ (and with tcp of the floor)
 *                        take its first two CPUs, one each.
 * @param rounds          how many times each benchmark runs, the implementations taking turns.
 * @param bench           the options passed on to every benchmark program; repetitions are per round.
 */
public record ReportOptions(
    Path home, Path results, Path nativeBinary, Path mpichBinary, String mpirun, BenchDevice device, long eagerLimitBytes, String cpus,
    int rounds, BenchOptions bench)
{
    /** Three rounds of five timed batches: fifteen batches per size and implementation, as a single run has. */
    public static final int DEFAULT_ROUNDS = SharedReportOptions.DEFAULT_ROUNDS;
    /** Timed batches per size in each round. */
    public static final int DEFAULT_REPETITIONS_PER_ROUND = 5;

    /** The usage text. */
    public static final String USAGE = """
        Usage: PingPongReport [--home DIR] [--results DIR] [--native FILE] [--native-mpich FILE] [--mpirun FILE]
                              [--device thread|tcp|shm|hybrid|ucx-sm|ucx-tcp] [--eager-limit BYTES] [--cpus LIST] [--rounds N] [--max-bytes N]
                              [--repetitions N] [--batch-ms N]
          --home          the OpenMPJ checkout; default the current directory.
          --results       where to write the report; default HOME/bench/results.
          --native        bench/native/pingpong.c compiled with Open MPI; default HOME/bench/target/pingpong.
          --native-mpich  the same compiled with MPICH (shm and hybrid only); default HOME/bench/target/pingpong-mpich.
          --mpirun        Open MPI's launcher (mpirun.openmpi where MPICH owns mpirun); default mpirun.
          --device        thread: OpenMPJ's thread device, the two-thread Java floor and Open MPI's default transport,
                          written to pingpong.*; tcp: the tcp device (two processes), the Java socket floor and Open MPI
                          over TCP, written to pingpong-tcp.*; shm: the shm device (two processes), the two-thread Java
                          floor, Open MPI's and MPICH's shared memory, written to pingpong-shm.*; hybrid: as shm, on the
                          hybrid device with one rank per JVM, written to pingpong-hybrid.*; ucx-sm, ucx-tcp: the ucx
                          device (two processes), raw JUCX and Open MPI over UCX, all with UCX_TLS=sm,self or tcp,self,
                          written to pingpong-ucx-sm.* or pingpong-ucx-tcp.*. Default thread.
          --eager-limit   the device's eager limit in bytes; default the device's (thread %d, tcp %d, shm %d).
          --cpus          the cores the programs run on (taskset -c); tcp and shm need two, one per process; default 0,1.
          --rounds        how often each benchmark runs, the implementations taking turns; default %d.
          --max-bytes, --repetitions, --batch-ms: passed to every benchmark; defaults 16 MiB, %d per round, 30 ms.
        """.formatted(BenchDevice.THREAD.eagerLimitDefault(), BenchDevice.TCP.eagerLimitDefault(), BenchDevice.SHM.eagerLimitDefault(),
            DEFAULT_ROUNDS, DEFAULT_REPETITIONS_PER_ROUND);

    /** Checks that a device of processes has a CPU for each of its two. */
    public ReportOptions
    {
        if (device.startsRankProcesses() && CpuList.count(cpus) < 2)
        {
            throw new IllegalArgumentException("--cpus " + cpus + " names one CPU; the " + device.deviceName()
                + " device's two processes need one each");
        }
    }

    /**
     * @param args the command line.
     * @return the options.
     * @throws IllegalArgumentException naming the option that is unknown, lacks a value or is invalid.
     */
    public static ReportOptions parse(final String[] args)
    {
        final SharedReportOptions shared = new SharedReportOptions();
        Path mpichBinary = null;
        for (final OptionPairs.Option option : OptionPairs.of(args))
        {
            if (option.name().equals("--native-mpich"))
            {
                mpichBinary = Path.of(option.value()).toAbsolutePath();
            }
            else if (!shared.take(option))
            {
                shared.passOn(option);
            }
        }
        CpuList.count(shared.cpus);
        return new ReportOptions(
            shared.home,
            shared.results(),
            shared.nativeBinary("pingpong"),
            mpichBinary != null ? mpichBinary : shared.home.resolve("bench/target/pingpong-mpich"),
            shared.mpirun,
            shared.device,
            shared.eagerLimit(),
            shared.cpus,
            shared.rounds,
            BenchOptions.parse(shared.benchArgs.toArray(String[]::new), new BenchOptions(
                BenchOptions.DEFAULT_MAX_BYTES, DEFAULT_REPETITIONS_PER_ROUND, BenchOptions.DEFAULT_BATCH_MILLIS)));
    }

    /** @return the CPUs of {@link #cpus}, in the order given. */
    public int[] cpuList()
    {
        return CpuList.cpus(cpus);
    }
}
