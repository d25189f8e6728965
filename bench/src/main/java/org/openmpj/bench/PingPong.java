package org.openmpj.bench;

import java.util.Arrays;

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
        final String[] programArgs = MPI.Init(args);
        final int rank = MPI.COMM_WORLD.Rank();
        final int size = MPI.COMM_WORLD.Size();
        if (size != 2)
        {
            throw new IllegalStateException("PingPong needs exactly 2 ranks (mpjrun -np 2), got " + size);
        }
        final BenchOptions options = BenchOptions.parse(programArgs);
        final byte[] buffer = new byte[options.maxBytes()];
        Arrays.fill(buffer, (byte)(rank + 1));
        if (rank == MpiFollower.LEADER)
        {
            new PingPongBenchmark(IMPL, options, new MpiLeader(buffer), System.out).run();
        }
        else
        {
            new MpiFollower(buffer).run();
        }
        MPI.Finalize();
    }
}
