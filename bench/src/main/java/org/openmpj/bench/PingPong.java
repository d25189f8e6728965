package org.openmpj.bench;


import mpi.MPI;

/**
 * Ping-pong of {@code byte[]} messages between two MPI ranks with blocking {@code Send} and {@code Recv}:
 * rank 0 leads and prints the results, rank 1 echoes. The result lines name the device, e.g. {@code impl=openmpj-tcp}.
 *
 * <pre>
 * bin/mpjrun -np 2 -cp bench/target/openmpj-bench.jar org.openmpj.bench.PingPong [--max-bytes N] [--repetitions N] [--batch-ms N]
 * </pre>
 */
public final class PingPong
{
    private PingPong()
    {
    }

    public static void main(final String[] args)
    {
        run(args, null, false);
    }

    /**
     * Runs the ping-pong as rank 0 (leading and printing) or rank 1 (echoing).
     *
     * @param impl    the name on the result lines; null for the job's device's ({@link JobDevice}).
     * @param objects whether messages travel as {@code MPI.OBJECT} (a {@code byte[]} in an {@code Object[]}).
     */
    static void run(final String[] args, final String impl, final boolean objects)
    {
        final String[] programArgs = MPI.Init(args);
        final String name = impl != null ? impl : JobDevice.implOfThisJob();
        final int rank = MPI.COMM_WORLD.Rank();
        final int size = MPI.COMM_WORLD.Size();
        if (size != 2)
        {
            throw new IllegalStateException(name + " needs exactly 2 ranks (mpjrun -np 2), got " + size);
        }
        final BenchOptions options = BenchOptions.parse(programArgs);
        final byte fill = (byte)(rank + 1);
        final MpiMessages messages = objects ? MpiMessages.objects(fill) : MpiMessages.bytes(options.maxBytes(), fill);
        if (rank == MpiFollower.LEADER)
        {
            new PingPongBenchmark(name, options, new MpiLeader(messages), System.out).run();
        }
        else
        {
            new MpiFollower(messages).run();
        }
        MPI.Finalize();
    }
}
