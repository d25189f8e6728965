package org.openmpj.nas;

import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;

/**
 * CG's inverse power method on one process's block: each {@link #step} solves {@code A z = x} with 25 unpreconditioned
 * conjugate-gradient iterations, then sets {@code x = z / ||z||} and gives {@code zeta = shift + 1 / (x . z)}, the estimate
 * of the smallest eigenvalue of the shifted matrix that NPB checks.
 *
 * <p>The vectors are split as the matrix columns are ({@link CgGrid}). A product {@code A.p} is summed across the grid
 * row and then exchanged with the transpose process, and dot products are summed across the grid row, all with
 * {@code Irecv}, {@code Send} and {@code Wait} between the same partners, with the same tags, as NPB's MPI version.
 *
 * <p>Not thread-safe. The vectors are allocated once; a step allocates nothing of its own (the MPI calls return their
 * request and status objects).
 */
final class CgSolver
{
    private static final int CG_ITERATIONS = 25;
    private static final int TRANSPOSE_TAG = 1;
    private static final int PRODUCT = 0;
    private static final int PRODUCT_EXCHANGE = 1;
    private static final int DOT_SUMS = 2;

    private final CgGrid grid;
    private final Intracomm comm;
    private final double shift;
    private final int[] rowStart;
    private final int[] column;
    private final double[] value;
    private final int rows;
    private final int columns;
    private final int vectorLength;

    private final double[] x;
    private final double[] z;
    private final double[] p;
    private final double[] q;
    private final double[] r;
    private final double[] w;
    private final double[] scalarOut = new double[2];
    private final double[] scalarIn = new double[2];

    private double residualNorm;
    private final PhaseClock clock = new PhaseClock("matrix-vector products", "their exchanges", "dot-product sums");

    /**
     * @param grid   this process's place in the grid.
     * @param matrix this process's block, with columns local to it.
     * @param size   the matrix order.
     * @param shift  the class's eigenvalue shift.
     * @param comm   the processes of the grid, rank for rank; used only when the grid has more than one column.
     */
    CgSolver(final CgGrid grid, final CgMatrix matrix, final int size, final double shift, final Intracomm comm)
    {
        this.grid = grid;
        this.comm = comm;
        this.shift = shift;
        this.rowStart = matrix.rowStart;
        this.column = matrix.column;
        this.value = matrix.value;
        this.rows = grid.rowCount;
        this.columns = grid.columnCount;
        // NPB's length, one past the most rows or columns a process can have.
        this.vectorLength = size / grid.gridRows + 2;
        x = new double[vectorLength];
        z = new double[vectorLength];
        p = new double[vectorLength];
        q = new double[vectorLength];
        r = new double[vectorLength];
        w = new double[vectorLength];
        resetX();
    }

    /** Sets the starting vector {@code x} to all ones. */
    void resetX()
    {
        for (int j = 0; j < vectorLength - 1; j++)
        {
            x[j] = 1.0;
        }
    }

    /** @return where the timed steps' time goes, by phase. */
    PhaseClock clock()
    {
        return clock;
    }

    /** @return {@code ||x - A z||} of the last step's solve. */
    double residualNorm()
    {
        return residualNorm;
    }

    /** One step of the inverse power method. @return zeta, the same on every process. */
    double step()
    {
        residualNorm = conjugateGradient();
        scalarOut[0] = dot(x, z);
        scalarOut[1] = dot(z, z);
        sumAcrossRow(2);
        final double zeta = shift + 1.0 / scalarOut[0];
        scale(x, 1.0 / Math.sqrt(scalarOut[1]), z);
        return zeta;
    }

    /** Solves {@code A z = x} approximately. @return {@code ||x - A z||}. */
    private double conjugateGradient()
    {
        startSolve();
        double rho = sumAcrossRow(dot(r, r));
        for (int iteration = 0; iteration < CG_ITERATIONS; iteration++)
        {
            multiply(p);
            sumAndTranspose(q);
            clearProduct();
            final double alpha = rho / sumAcrossRow(dot(p, q));
            final double rho0 = rho;
            advance(alpha);
            rho = sumAcrossRow(dot(r, r));
            turnDirection(rho / rho0);
        }
        // The residual from scratch: r = A z, then ||x - r||.
        multiply(z);
        sumAndTranspose(r);
        return Math.sqrt(sumAcrossRow(distanceSquared(x, r)));
    }

    // Each loop of the solve is a method of its own: the JIT compiles each once, small, instead of recompiling the
    // whole solve, with every MPI call inlined, for each loop it enters on the stack (on-stack replacement).

    /** {@code z = q = w = 0}, {@code r = p = x}. */
    private void startSolve()
    {
        for (int j = 0; j < vectorLength - 1; j++)
        {
            q[j] = 0.0;
            z[j] = 0.0;
            r[j] = x[j];
            p[j] = x[j];
            w[j] = 0.0;
        }
    }

    private void clearProduct()
    {
        for (int j = 0, clear = Math.max(rows, columns); j < clear; j++)
        {
            w[j] = 0.0;
        }
    }

    /** {@code z += alpha p}, {@code r -= alpha q}. */
    private void advance(final double alpha)
    {
        for (int j = 0; j < columns; j++)
        {
            z[j] += alpha * p[j];
            r[j] -= alpha * q[j];
        }
    }

    /** {@code p = r + beta p}. */
    private void turnDirection(final double beta)
    {
        for (int j = 0; j < columns; j++)
        {
            p[j] = r[j] + beta * p[j];
        }
    }

    /** {@code target = factor v}. */
    private void scale(final double[] target, final double factor, final double[] v)
    {
        for (int j = 0; j < columns; j++)
        {
            target[j] = factor * v[j];
        }
    }

    private double distanceSquared(final double[] a, final double[] b)
    {
        double sum = 0.0;
        for (int j = 0; j < columns; j++)
        {
            final double d = a[j] - b[j];
            sum += d * d;
        }
        return sum;
    }

    private double dot(final double[] a, final double[] b)
    {
        double sum = 0.0;
        for (int j = 0; j < columns; j++)
        {
            sum += a[j] * b[j];
        }
        return sum;
    }

    /** {@code w = (this block) . v}, row by row. */
    private void multiply(final double[] v)
    {
        clock.start();
        final int[] starts = rowStart;
        final int[] cols = column;
        final double[] values = value;
        for (int j = 0; j < rows; j++)
        {
            double sum = 0.0;
            for (int k = starts[j], end = starts[j + 1]; k < end; k++)
            {
                sum += values[k] * v[cols[k]];
            }
            w[j] = sum;
        }
        clock.stop(PRODUCT);
    }

    /**
     * Sums the blocks' products {@code w} across the grid row, then swaps this process's part of the sum with the
     * transpose process, so that {@code target} ends with the product for this process's columns.
     */
    private void sumAndTranspose(final double[] target)
    {
        clock.start();
        final int start = grid.sendStart;
        for (int step = grid.reduceSteps - 1; step >= 0; step--)
        {
            final int partner = grid.reducePartner[step];
            final int length = grid.reduceReceiveLength[step];
            final Request request = comm.Irecv(target, start, length, MPI.DOUBLE, partner, step + 1);
            comm.Send(w, grid.reduceSendStart[step], grid.reduceSendLength[step], MPI.DOUBLE, partner, step + 1);
            request.Wait();
            addInto(w, target, start, length);
        }
        if (grid.reduceSteps != 0)
        {
            final Request request = comm.Irecv(target, 0, columns, MPI.DOUBLE, grid.transposePartner, TRANSPOSE_TAG);
            comm.Send(w, start, grid.sendLength, MPI.DOUBLE, grid.transposePartner, TRANSPOSE_TAG);
            request.Wait();
        }
        else
        {
            System.arraycopy(w, 0, target, 0, columns);
        }
        clock.stop(PRODUCT_EXCHANGE);
    }

    private static void addInto(final double[] sum, final double[] addend, final int start, final int length)
    {
        for (int j = start, end = start + length; j < end; j++)
        {
            sum[j] += addend[j];
        }
    }

    /** @return {@code value} summed over the grid row. */
    private double sumAcrossRow(final double value)
    {
        scalarOut[0] = value;
        sumAcrossRow(1);
        return scalarOut[0];
    }

    /** Sums {@code scalarOut[0 .. count - 1]} over the grid row, in place, by a butterfly of exchanges. */
    private void sumAcrossRow(final int count)
    {
        clock.start();
        for (int step = 0; step < grid.reduceSteps; step++)
        {
            final int partner = grid.reducePartner[step];
            final Request request = comm.Irecv(scalarIn, 0, count, MPI.DOUBLE, partner, step + 1);
            comm.Send(scalarOut, 0, count, MPI.DOUBLE, partner, step + 1);
            request.Wait();
            for (int i = 0; i < count; i++)
            {
                scalarOut[i] += scalarIn[i];
            }
        }
        clock.stop(DOT_SUMS);
    }
}
