package org.openmpj.bench;


import mpi.MPI;

/**
 * Ping-pong of {@code byte[]} messages between two MPI ranks with blocking {@code Send} and {@code Recv}:
 * rank 0 leads and prints the results, rank 1 echoes.
 *
 * <pre>
 * bin/mpjrun -np 2 -cp bench/target/openmpj-bench.jar org.openmpj.bench.PingPong [--max-bytes N] [--repetitions N] [--batch-ms N]
 * </pre>
 */
public final class PingPong
{
    /** The name on the result lines. */
    public static final String IMPL = "openmpj-thread";

    private PingPong()
    {
    }

    public static void main(final String[] args)
    {
        run(args, IMPL, false);
    }

    /**
     * Runs the ping-pong as rank 0 (leading and printing) or rank 1 (echoing).
     *
     * @param impl    the name on the result lines.
     * @param objects whether messages travel as {@code MPI.OBJECT} (a {@code byte[]} in an {@code Object[]}).
     */
    static void run(final String[] args, final String impl, final boolean objects)
    {
        final String[] programArgs = MPI.Init(args);
        final int rank = MPI.COMM_WORLD.Rank();
        final int size = MPI.COMM_WORLD.Size();
        if (size != 2)
        {
            throw new IllegalStateException(impl + " needs exactly 2 ranks (mpjrun -np 2), got " + size);
        }
        final BenchOptions options = BenchOptions.parse(programArgs);
        final byte fill = (byte)(rank + 1);
        final MpiMessages messages = objects ? MpiMessages.objects(fill) : MpiMessages.bytes(options.maxBytes(), fill);
        if (rank == MpiFollower.LEADER)
        {
            new PingPongBenchmark(impl, options, new MpiLeader(messages), System.out).run();
        }
        else
        {
            new MpiFollower(messages).run();
        }
        MPI.Finalize();
    }
}
