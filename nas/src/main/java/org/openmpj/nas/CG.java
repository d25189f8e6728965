package org.openmpj.nas;

import java.util.Locale;

import mpi.Intracomm;
import mpi.MPI;

/**
 * NPB's CG kernel: estimates the smallest eigenvalue of a large sparse symmetric positive-definite matrix by the inverse
 * power method, each step solving a linear system with 25 conjugate-gradient iterations. As in NPB's MPI version the
 * processes (a power of two) form a 2-D grid that splits the matrix into blocks ({@link CgGrid}); every process makes
 * its block from NPB's generator ({@link CgMatrix}) and the solver exchanges partial products and dot products with
 * point-to-point messages ({@link CgSolver}).
 *
 * <p>One step runs untimed first, then the starting vector is reset and the class's iterations are timed; the time
 * reported is the slowest process's. Mop/s is NPB's operation count for the class over that time. The final zeta is
 * checked against NPB's value to NPB's relative tolerance of 1e-10.
 *
 * <p>Usage: {@code mpjrun -np N -cp openmpj-nas.jar org.openmpj.nas.CG [S|W|A|B|C]}.
 */
public final class CG
{
    private static final double EPSILON = 1.0e-10;
    /** The most processes accepted, IS's limit too; class S's blocks still have 43 or 44 rows and columns there. */
    private static final int MOST_PROCESSES = 1024;

    private final NpbClass problemClass;
    private final Problem problem;
    private final Intracomm comm;
    private final int rank;
    private final int processes;

    private CG(final NpbClass problemClass, final Intracomm comm)
    {
        this.problemClass = problemClass;
        this.problem = Problem.of(problemClass);
        this.comm = comm;
        this.rank = comm.Rank();
        this.processes = comm.Size();
        ProcessCount.requirePowerOfTwo("CG", processes, MOST_PROCESSES);
    }

    /** Runs CG for the class the first argument names (S when none) on every process of the job. */
    public static void main(final String[] args)
    {
        final String[] rest = MPI.Init(args);
        final NpbClass problemClass = NpbClass.fromArgs(rest);
        new CG(problemClass, MPI.COMM_WORLD).run();
        MPI.Finalize();
    }

    private void run()
    {
        if (rank == 0)
        {
            System.out.printf(Locale.ROOT, "%n NAS Parallel Benchmarks 3.4 -- CG Benchmark%n%n");
            System.out.printf(Locale.ROOT, " Size: %10d  (class %s)%n", problem.size, problemClass);
            System.out.printf(Locale.ROOT, " Iterations: %5d%n", problem.iterations);
            System.out.printf(Locale.ROOT, " Number of nonzeroes per row: %8d%n", problem.nonzer);
            System.out.printf(Locale.ROOT, " Eigenvalue shift: %9.3f%n", problem.shift);
            System.out.printf(Locale.ROOT, " Total number of processes: %6d%n", processes);
        }
        final CgGrid grid = new CgGrid(problem.size, processes, rank);
        final CgMatrix matrix = CgMatrix.generate(problem.size, problem.nonzer, problem.shift, grid.firstRow, grid.rowCount,
            grid.firstColumn, grid.columnCount, CgMatrix.capacity(problem.size, problem.nonzer, processes, grid.gridColumns),
            grid.firstColumn);
        final CgSolver solver = new CgSolver(grid, matrix, problem.size, problem.shift, comm);

        // One step untimed, as NPB does, so that the timed ones find code compiled and pages touched.
        solver.step();
        solver.resetX();
        solver.clock().reset();

        comm.Barrier();
        final double start = MPI.Wtime();
        double zeta = 0.0;
        for (int iteration = 1; iteration <= problem.iterations; iteration++)
        {
            zeta = solver.step();
            if (rank == 0 && (iteration == 1 || iteration == problem.iterations || iteration % 5 == 0))
            {
                if (iteration == 1)
                {
                    System.out.printf(Locale.ROOT, "%n   iteration           ||r||                 zeta%n");
                }
                System.out.printf(Locale.ROOT, "    %5d       %20.14e%20.13f%n", iteration, solver.residualNorm(), zeta);
            }
        }
        final double[] time = {MPI.Wtime() - start};
        final double[] slowest = new double[1];
        comm.Reduce(time, 0, slowest, 0, 1, MPI.DOUBLE, MPI.MAX, 0);
        solver.clock().report(comm, "CG", time[0]);

        if (rank == 0)
        {
            final double error = Math.abs(zeta - problem.zeta) / problem.zeta;
            final boolean verified = error <= EPSILON;
            System.out.printf(Locale.ROOT, "%n Benchmark completed%n");
            System.out.printf(Locale.ROOT, " Zeta is     %20.13e (NPB's %20.13e)%n Error is    %20.13e%n", zeta, problem.zeta, error);
            final double seconds = slowest[0];
            final double nonzer = problem.nonzer;
            final double operations = 2.0 * problem.iterations * problem.size
                * (3.0 + nonzer * (nonzer + 1) + 25.0 * (5.0 + nonzer * (nonzer + 1)) + 3.0);
            final double mops = seconds > 0 ? operations / seconds / 1.0e6 : 0.0;
            new NpbReport("CG", problemClass, Integer.toString(problem.size), problem.iterations, seconds, mops, processes,
                "floating point", verified).conclude(System.out);
        }
    }

    /**
     * A class's problem and NPB's verification value.
     *
     * @param size       the matrix order (NPB's {@code na}).
     * @param nonzer     the random entries of each generating vector.
     * @param iterations the timed inverse-power steps.
     * @param shift      the eigenvalue shift.
     * @param zeta       NPB's zeta after the last step.
     */
    private record Problem(int size, int nonzer, int iterations, double shift, double zeta)
    {
        static Problem of(final NpbClass problemClass)
        {
            return switch (problemClass)
            {
                case S -> new Problem(1400, 7, 15, 10.0, 8.5971775078648);
                case W -> new Problem(7000, 8, 15, 12.0, 10.362595087124);
                case A -> new Problem(14000, 11, 15, 20.0, 17.130235054029);
                case B -> new Problem(75000, 13, 75, 60.0, 22.712745482631);
                case C -> new Problem(150000, 15, 75, 110.0, 28.973605592845);
            };
        }
    }
}
