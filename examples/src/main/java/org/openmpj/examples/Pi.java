package org.openmpj.examples;

import mpi.MPI;

/**
 * Computes π as the integral of 4/(1+x²) over [0,1] by the midpoint rule; each rank sums every size-th
 * interval and sends its part to rank 0. The number of intervals is the first argument (default 10,000,000).
 */
public final class Pi
{
    private static final int TAG = 1;

    private Pi()
    {
    }

    public static void main(final String[] args)
    {
        final String[] appArgs = MPI.Init(args);
        final long intervals = appArgs.length > 0 ? Long.parseLong(appArgs[0]) : 10_000_000L;
        final int rank = MPI.COMM_WORLD.Rank();
        final int size = MPI.COMM_WORLD.Size();
        final double start = MPI.Wtime();

        final double width = 1.0 / intervals;
        double sum = 0;
        for (long i = rank; i < intervals; i += size)
        {
            final double x = (i + 0.5) * width;
            sum += 4.0 / (1.0 + x * x);
        }
        final double[] part = {sum * width};

        if (rank == 0)
        {
            double pi = part[0];
            final double[] incoming = new double[1];
            for (int source = 1; source < size; source++)
            {
                MPI.COMM_WORLD.Recv(incoming, 0, 1, MPI.DOUBLE, source, TAG);
                pi += incoming[0];
            }
            System.out.printf("pi is approximately %.12f, error %.3e, %d intervals on %d ranks in %.3f s%n",
                pi, Math.abs(pi - Math.PI), intervals, size, MPI.Wtime() - start);
        }
        else
        {
            MPI.COMM_WORLD.Send(part, 0, 1, MPI.DOUBLE, 0, TAG);
        }
        MPI.Finalize();
    }
}
