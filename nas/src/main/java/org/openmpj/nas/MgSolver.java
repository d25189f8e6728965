package org.openmpj.nas;

import java.util.Arrays;

import mpi.Intracomm;
import mpi.MPI;

/**
 * One process's part of MG: the approximate solution {@code u} and the residual {@code r} on every level, the
 * right-hand side {@code v} on the finest, and NPB's V-cycle over them. Every operator is followed by the ghost
 * exchange NPB follows it with, so each method is collective: all processes call it together.
 *
 * <p>All arrays and message buffers are allocated by the constructor; the cycle allocates nothing. Not thread-safe.
 */
public final class MgSolver
{
    /** The residual operator A: centre, faces (zero), edges, corners. */
    private static final double[] RESIDUAL = {-8.0 / 3.0, 0.0, 1.0 / 6.0, 1.0 / 12.0};
    /** The smoother S(a), for classes S, W and A. */
    private static final double[] SMOOTHER_A = {-3.0 / 8.0, 1.0 / 32.0, -1.0 / 64.0, 0.0};
    /** The smoother S(b), for the larger classes. */
    private static final double[] SMOOTHER_B = {-3.0 / 17.0, 1.0 / 33.0, -1.0 / 61.0, 0.0};

    private static final int RESID = 0;
    private static final int PSINV = 1;
    private static final int RPRJ3 = 2;
    private static final int INTERP = 3;
    private static final int NORM2U3 = 4;
    private static final int COMM3 = 5;

    private final PhaseClock clock = new PhaseClock("resid", "psinv", "rprj3", "interp", "norm2u3", "comm3");
    private final Intracomm comm;
    private final MgDecomposition grid;
    private final MgOperators operators;
    private final MgHalo halo;
    private final MgRightHandSide rightHandSide;
    private final double[] smoother;
    private final int top;
    /** [level]: the blocks; index 0 unused. */
    private final double[][] u;
    private final double[][] r;
    private final double[] v;
    private final double[] local = new double[2];
    private final double[] global = new double[1];
    private double l2Norm;
    private double uniformNorm;

    /**
     * @param comm      the communicator whose ranks are {@code grid}'s processes.
     * @param grid      this process's share of the hierarchy.
     * @param smootherB whether to smooth with NPB's S(b) (classes B and up) rather than S(a).
     */
    public MgSolver(final Intracomm comm, final MgDecomposition grid, final boolean smootherB)
    {
        this.comm = comm;
        this.grid = grid;
        this.top = grid.levels();
        this.smoother = smootherB ? SMOOTHER_B : SMOOTHER_A;
        int longestLine = 0;
        u = new double[top + 1][];
        r = new double[top + 1][];
        for (int level = 1; level <= top; level++)
        {
            u[level] = new double[grid.cells(level)];
            r[level] = new double[grid.cells(level)];
            longestLine = Math.max(longestLine, grid.extent(level, 0));
        }
        v = new double[grid.cells(top)];
        operators = new MgOperators(longestLine);
        halo = new MgHalo(comm, grid);
        rightHandSide = new MgRightHandSide(comm, grid);
    }

    /** @return where the time goes, by phase, named as NPB's timers name them. */
    PhaseClock clock()
    {
        return clock;
    }

    /** Sets {@code u} to zero and {@code v} to NPB's right-hand side. */
    public void initialise()
    {
        Arrays.fill(u[top], 0.0);
        rightHandSide.fill(v);
        halo.exchange(v, top);
    }

    /** {@code r = v - A u} on the finest level. */
    public void residual()
    {
        residual(u[top], v, r[top], top);
    }

    private void residual(final double[] uk, final double[] vk, final double[] rk, final int level)
    {
        clock.start();
        operators.residual(uk, vk, rk, grid.extent(level, 0), grid.extent(level, 1), grid.extent(level, 2), RESIDUAL);
        clock.stop(RESID);
        exchange(rk, level);
    }

    private void smooth(final int level)
    {
        clock.start();
        operators.smooth(r[level], u[level], grid.extent(level, 0), grid.extent(level, 1), grid.extent(level, 2), smoother);
        clock.stop(PSINV);
        exchange(u[level], level);
    }

    private void interpolate(final int level)
    {
        final int coarse = level - 1;
        clock.start();
        operators.interpolate(u[coarse], grid.extent(coarse, 0), grid.extent(coarse, 1), grid.extent(coarse, 2), u[level],
            grid.extent(level, 0), grid.extent(level, 1), grid.extent(level, 2));
        clock.stop(INTERP);
        clock.start();
        halo.exchangeExpanding(u[level], level);
        clock.stop(COMM3);
    }

    /**
     * One V-cycle: the residual restricted down to the coarsest level, smoothed there, then on the way up interpolated,
     * its residual taken and smoothed on each level, ending with the finest level's {@code u} updated and {@code r}
     * recomputed.
     */
    public void vCycle()
    {
        for (int level = top; level > 1; level--)
        {
            final int coarse = level - 1;
            clock.start();
            operators.restrict(r[level], grid.extent(level, 0), grid.extent(level, 1), grid.extent(level, 2), r[coarse],
                grid.extent(coarse, 0), grid.extent(coarse, 1), grid.extent(coarse, 2));
            clock.stop(RPRJ3);
            exchange(r[coarse], coarse);
        }
        Arrays.fill(u[1], 0.0);
        smooth(1);
        for (int level = 2; level < top; level++)
        {
            Arrays.fill(u[level], 0.0);
            interpolate(level);
            residual(u[level], r[level], r[level], level);
            smooth(level);
        }
        interpolate(top);
        residual(u[top], v, r[top], top);
        smooth(top);
    }

    /**
     * Computes the L2 norm (root mean square over the whole grid) and the uniform norm of the finest level's residual,
     * read afterwards with {@link #l2Norm()} and {@link #uniformNorm()}.
     */
    public void residualNorms()
    {
        norms(r[top]);
    }

    /** As {@link #residualNorms()}, of the right-hand side. */
    public void rightHandSideNorms()
    {
        norms(v);
    }

    private void exchange(final double[] field, final int level)
    {
        clock.start();
        halo.exchange(field, level);
        clock.stop(COMM3);
    }

    private void norms(final double[] field)
    {
        clock.start();
        MgOperators.localNorms(field, grid.extent(top, 0), grid.extent(top, 1), grid.extent(top, 2), local);
        comm.Allreduce(local, 1, global, 0, 1, MPI.DOUBLE, MPI.MAX);
        uniformNorm = global[0];
        comm.Allreduce(local, 0, global, 0, 1, MPI.DOUBLE, MPI.SUM);
        final double points = Math.pow(2.0, 3 * top);
        l2Norm = Math.sqrt(global[0] / points);
        clock.stop(NORM2U3);
    }

    /** @return the L2 norm the last norms call found. */
    public double l2Norm()
    {
        return l2Norm;
    }

    /** @return the uniform norm the last norms call found. */
    public double uniformNorm()
    {
        return uniformNorm;
    }
}
