package org.openmpj.bench;


import mpi.MPI;

/**
 * Ping-pong of {@code byte[]} messages between two MPI ranks with blocking {@code Send} and {@code Recv}:
 * rank 0 leads and prints the results, rank 1 echoes. The result lines name the device, e.g. {@code impl=openmpj-tcp}.
 * On more ranks (an even number), rank 0 leads and rank size/2 echoes while the others go straight to
 * {@code MPI.Finalize}: on a hybrid job of two JVMs, the pair then meets across the JVMs.
 *
 * <pre>
 * bin/mpjrun -np 2 -cp bench/target/openmpj-bench.jar org.openmpj.bench.PingPong [--max-bytes N] [--repetitions N] [--batch-ms N]
 * bin/mpjrun -np 4 -dev hybrid -threads 2 -cp bench/target/openmpj-bench.jar org.openmpj.bench.PingPong
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
        if (OptionParser.wantsHelp(programArgs))
        {
            printUsageAtRankZero(BenchOptions.usage());
            return;
        }
        final String name = impl != null ? impl : JobDevice.implOfThisJob();
        final int rank = MPI.COMM_WORLD.Rank();
        final int size = MPI.COMM_WORLD.Size();
        if (size < 2 || size % 2 != 0)
        {
            throw new IllegalStateException(name + " needs an even number of ranks (mpjrun -np 2), got " + size);
        }
        final BenchOptions options = BenchOptions.parse(programArgs);
        final int follower = size / 2;
        final byte fill = (byte)(rank + 1);
        final MpiMessages messages = objects ? MpiMessages.objects(fill) : MpiMessages.bytes(options.maxBytes(), fill);
        if (rank == MpiFollower.LEADER)
        {
            new PingPongBenchmark(name, options, new MpiLeader(messages, follower), System.out).run();
        }
        else if (rank == follower)
        {
            new MpiFollower(messages).run();
        }
        MPI.Finalize();
    }

    /** Prints {@code usage} once, at rank 0, and ends MPI: what a bench program does when asked for {@code --help}. */
    static void printUsageAtRankZero(final String usage)
    {
        if (MPI.COMM_WORLD.Rank() == 0)
        {
            System.out.print(usage);
        }
        MPI.Finalize();
    }
}
