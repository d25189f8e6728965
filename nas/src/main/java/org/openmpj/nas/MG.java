package org.openmpj.nas;

import java.io.PrintStream;
import java.util.Locale;

import mpi.Intracomm;
import mpi.MPI;

/**
 * The NPB MG kernel: V-cycle multigrid for the discrete Poisson problem {@code A u = v} on a periodic cube, {@code v}
 * being zero except for ten +1 and ten -1 charges. After one untimed cycle to warm up, the problem is set up again
 * and {@code nit} V-cycles are timed; the L2 norm of the final residual is checked against NPB's value.
 *
 * <p>Runs on a power of two processes (see {@link MgProblem#largestProcessCount()}), with NPB's MPI decomposition
 * ({@link MgDecomposition}). Argument: the class, S (default), W, A, B or C. Rank 0 prints NPB's report.
 */
public final class MG
{
    private final Intracomm comm;
    private final MgProblem problem;
    private final int rank;
    private final int processes;
    private final PrintStream out = System.out;

    private MG(final Intracomm comm, final MgProblem problem)
    {
        this.comm = comm;
        this.problem = problem;
        this.rank = comm.Rank();
        this.processes = comm.Size();
    }

    public static void main(final String[] args)
    {
        final String[] rest = MPI.Init(args);
        final MgProblem problem = MgProblem.of(NpbClass.fromArgs(rest));
        ProcessCount.requirePowerOfTwo("MG", MPI.COMM_WORLD.Size(), problem.largestProcessCount());
        final NpbReport report = new MG(MPI.COMM_WORLD, problem).run();
        MPI.Finalize();
        if (report != null)
        {
            report.conclude(System.out);
        }
    }

    /** @return the report on rank 0, null elsewhere. */
    private NpbReport run()
    {
        comm.Barrier();
        final double initStart = MPI.Wtime();
        if (rank == 0)
        {
            out.println();
            out.println();
            out.println(" NAS Parallel Benchmarks 3.4 -- MG Benchmark");
            out.println();
        }
        final int n = problem.points();
        final MgSolver solver = new MgSolver(comm, new MgDecomposition(processes, rank, n), problem.smootherB());
        solver.initialise();
        solver.rightHandSideNorms();
        if (rank == 0)
        {
            out.printf(Locale.ROOT, " Size: %4dx%4dx%4d  (class %s)%n", n, n, n, problem.problemClass());
            out.printf(Locale.ROOT, " Iterations: %4d%n", problem.iterations());
            out.printf(Locale.ROOT, " Total number of processes: %6d%n", processes);
            out.println();
        }
        // One untimed cycle touches every array and warms the code up; then the problem starts afresh.
        solver.residual();
        solver.residualNorms();
        solver.vCycle();
        solver.residual();
        solver.initialise();
        if (rank == 0)
        {
            out.printf(Locale.ROOT, "%n Initialization time: %15.3f seconds%n%n", MPI.Wtime() - initStart);
        }

        comm.Barrier();
        solver.clock().reset();
        final double start = MPI.Wtime();
        solver.residual();
        solver.residualNorms();
        final int iterations = problem.iterations();
        for (int it = 1; it <= iterations; it++)
        {
            if (rank == 0 && (it == 1 || it == iterations || it % 5 == 0))
            {
                out.printf(Locale.ROOT, "  iter %4d%n", it);
            }
            solver.vCycle();
            solver.residual();
        }
        solver.residualNorms();
        final double[] elapsed = {MPI.Wtime() - start};
        final double[] slowest = new double[1];
        comm.Reduce(elapsed, 0, slowest, 0, 1, MPI.DOUBLE, MPI.MAX, 0);
        solver.clock().report(comm, "MG", elapsed[0]);
        return rank == 0 ? report(solver.l2Norm(), slowest[0]) : null;
    }

    private NpbReport report(final double l2Norm, final double seconds)
    {
        out.println();
        out.println(" Benchmark completed");
        final boolean verified = problem.verifies(l2Norm);
        if (verified)
        {
            out.printf(Locale.ROOT, " L2 Norm is %20.13E%n", l2Norm);
            out.printf(Locale.ROOT, " Error is   %20.13E%n", problem.relativeError(l2Norm));
        }
        else
        {
            out.printf(Locale.ROOT, " L2 Norm is             %20.13E%n", l2Norm);
            out.printf(Locale.ROOT, " The correct L2 Norm is %20.13E%n", problem.verifyL2Norm());
        }
        final double mops = seconds > 0 ? problem.millionsOfOperations() / seconds : 0.0;
        final int n = problem.points();
        return new NpbReport("MG", problem.problemClass(), NpbReport.gridSize(n, n, n), problem.iterations(), seconds, mops,
            processes, "floating point", verified);
    }
}
