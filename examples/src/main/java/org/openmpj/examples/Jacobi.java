package org.openmpj.examples;

import mpi.MPI;

/**
 * Jacobi iteration for the Laplace equation on an N x N grid whose top edge is held at 1 and other edges at 0.
 * The interior rows are split into blocks, one per rank; each sweep exchanges boundary rows with the
 * neighbours (Sendrecv, PROC_NULL at the ends) and finds the largest change (Allreduce with MAX). Rank 0
 * gathers the grid (Gatherv) and checks it against the same iteration run serially: Jacobi updates every
 * point from the previous sweep only, so the results must be equal bit for bit.
 *
 * <p>Arguments: grid size N (default 64), sweeps (default 500).
 */
public final class Jacobi
{
    private static final int TAG_UP = 1;
    private static final int TAG_DOWN = 2;

    private Jacobi()
    {
    }

    public static void main(final String[] args)
    {
        final String[] appArgs = MPI.Init(args);
        final int n = appArgs.length > 0 ? Integer.parseInt(appArgs[0]) : 64;
        final int sweeps = appArgs.length > 1 ? Integer.parseInt(appArgs[1]) : 500;
        final int rank = MPI.COMM_WORLD.Rank();
        final int size = MPI.COMM_WORLD.Size();
        final int interior = n - 2;
        if (interior < size)
        {
            throw new IllegalArgumentException("a grid of " + n + " has " + interior + " interior rows, fewer than the " + size
                + " ranks; use a grid of at least " + (size + 2));
        }
        final int[] rowCounts = new int[size];
        final int[] firstRows = new int[size];
        for (int r = 0, row = 1; r < size; r++)
        {
            rowCounts[r] = interior / size + (r < interior % size ? 1 : 0);
            firstRows[r] = row;
            row += rowCounts[r];
        }
        final int rows = rowCounts[rank];
        // Local block with one halo row above and below: local row 0 is global row firstRows[rank] - 1.
        double[] grid = new double[(rows + 2) * n];
        double[] next = new double[(rows + 2) * n];
        if (firstRows[rank] == 1)
        {
            java.util.Arrays.fill(grid, 0, n, 1.0);
            java.util.Arrays.fill(next, 0, n, 1.0);
        }
        final int up = rank == 0 ? MPI.PROC_NULL : rank - 1;
        final int down = rank == size - 1 ? MPI.PROC_NULL : rank + 1;
        final double[] change = new double[1];
        final double[] largest = new double[1];
        final double start = MPI.Wtime();
        for (int sweep = 0; sweep < sweeps; sweep++)
        {
            if (rows > 0)
            {
                MPI.COMM_WORLD.Sendrecv(grid, n, n, MPI.DOUBLE, up, TAG_UP, grid, (rows + 1) * n, n, MPI.DOUBLE, down, TAG_UP);
                MPI.COMM_WORLD.Sendrecv(grid, rows * n, n, MPI.DOUBLE, down, TAG_DOWN, grid, 0, n, MPI.DOUBLE, up, TAG_DOWN);
            }
            change[0] = sweep(grid, next, rows, n);
            final double[] swap = grid;
            grid = next;
            next = swap;
            MPI.COMM_WORLD.Allreduce(change, 0, largest, 0, 1, MPI.DOUBLE, MPI.MAX);
        }
        final double elapsed = MPI.Wtime() - start;

        final double[] whole = rank == 0 ? new double[n * n] : null;
        final int[] counts = new int[size];
        final int[] displs = new int[size];
        for (int r = 0; r < size; r++)
        {
            counts[r] = rowCounts[r] * n;
            displs[r] = firstRows[r] * n;
        }
        MPI.COMM_WORLD.Gatherv(grid, n, rows * n, MPI.DOUBLE, whole, 0, counts, displs, MPI.DOUBLE, 0);
        if (rank == 0)
        {
            java.util.Arrays.fill(whole, 0, n, 1.0);
            final double[] serial = serial(n, sweeps);
            double difference = 0;
            for (int i = 0; i < n * n; i++)
            {
                difference = Math.max(difference, Math.abs(serial[i] - whole[i]));
            }
            System.out.printf("Jacobi %dx%d, %d sweeps on %d ranks in %.3f s: last change %.3e, centre %.6f, %s%n",
                n, n, sweeps, size, elapsed, largest[0], whole[n / 2 * n + n / 2],
                difference == 0 ? "equal to the serial result" : "DIFFERS from the serial result by " + difference);
            if (difference != 0)
            {
                throw new IllegalStateException("parallel result differs from the serial one by " + difference);
            }
        }
        MPI.Finalize();
    }

    /** One Jacobi sweep over local rows 1..rows; returns the largest change. */
    private static double sweep(final double[] grid, final double[] next, final int rows, final int n)
    {
        double largest = 0;
        for (int row = 1; row <= rows; row++)
        {
            for (int col = 1; col < n - 1; col++)
            {
                final int at = row * n + col;
                final double value = 0.25 * (grid[at - n] + grid[at + n] + grid[at - 1] + grid[at + 1]);
                largest = Math.max(largest, Math.abs(value - grid[at]));
                next[at] = value;
            }
        }
        return largest;
    }

    private static double[] serial(final int n, final int sweeps)
    {
        double[] grid = new double[n * n];
        double[] next = new double[n * n];
        java.util.Arrays.fill(grid, 0, n, 1.0);
        java.util.Arrays.fill(next, 0, n, 1.0);
        for (int sweep = 0; sweep < sweeps; sweep++)
        {
            sweep(grid, next, n - 2, n);
            final double[] swap = grid;
            grid = next;
            next = swap;
        }
        return grid;
    }
}
