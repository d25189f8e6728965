package org.openmpj.bench;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import mpi.MPI;

/**
 * The collectives benchmark on the mpiJava API: Bcast, Reduce (doubles, {@code SUM}, to rank 0), Allreduce (doubles,
 * {@code SUM}), Allgather and Alltoall over message sizes, and Barrier latency, at whatever rank count the job has.
 * Every rank runs the schedule of {@link CollectivesBenchmark}; rank 0 prints the results, naming the device
 * ({@code impl=openmpj-tcp}).
 *
 * <pre>
 * bin/mpjrun -np 4 -cp bench/target/openmpj-bench.jar org.openmpj.bench.Collectives
 *     [--min-bytes N] [--max-bytes N] [--step N] [--repetitions N] [--batch-ms N]
 * </pre>
 */
public final class Collectives
{
    private Collectives()
    {
    }

    public static void main(final String[] args)
    {
        final String[] programArgs = MPI.Init(args);
        if (OptionParser.wantsHelp(programArgs))
        {
            PingPong.printUsageAtRankZero(CollectiveOptions.usage());
            return;
        }
        final CollectiveOptions options = CollectiveOptions.parse(programArgs);
        final boolean printing = MPI.COMM_WORLD.Rank() == 0;
        final PrintStream out = printing ? System.out : new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8);
        new CollectivesBenchmark(JobDevice.implOfThisJob(), options, new MpiCollectiveBatches(options.maxBytes()), out).run();
        MPI.Finalize();
    }
}
