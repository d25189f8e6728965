package org.openmpj.nas;

import java.io.PrintStream;
import java.util.Locale;

import mpi.Intracomm;
import mpi.MPI;

/**
 * NAS Parallel Benchmarks kernel FT: solves a three-dimensional diffusion equation {@code du/dt = alpha laplace(u)} with
 * spectral methods. The random initial field is transformed forward once; each time step then multiplies the spectrum
 * by the evolution factors, transforms it back, and takes NPB's checksum, which must match NPB's official value for
 * the class and step.
 *
 * <p>Decomposition: NPB's 1-D (slab) layout on any power of two processes up to the smaller of ny and nz, with one
 * global transpose by Alltoall per 3-D transform (see {@link SlabFft3d}); on one process the same code runs without the
 * Alltoall. NPB's 2-D (pencil) layout, which it needs only beyond nz processes, is not implemented.
 *
 * <p>As in NPB, the whole computation runs once untimed to touch the data and warm the code up, then again timed:
 * setting up the evolution factors, initial conditions and roots, the forward transform, the time steps with their
 * checksums, and the verification. The reported time is the slowest rank's.
 *
 * <p>Argument: the class, S (default), W, A, B or C.
 */
public final class FT
{
    private static final int ROOT = 0;

    private static final int SETUP = 0;
    private static final int EVOLVE = 1;
    private static final int CHECKSUM = 2;
    private static final int FFT_PHASES = 3;

    private final FtProblem problem;
    private final Intracomm comm;
    private final SlabLayout layout;
    private final StockhamFft fft;
    private final SlabFft3d transform;
    private final FtEvolution evolution;
    /** The transformed initial conditions, multiplied by the evolution factors once per step (frequency shape). */
    private final double[] u0;
    /** The current step's spectrum, consumed by the inverse transform (frequency shape, then scratch). */
    private final double[] u1;
    /** The current step's field in space, which the checksum reads (space shape). */
    private final double[] u2;
    private final double[] partialSum = new double[2];
    private final double[] sums;
    private final PhaseClock clock = new PhaseClock("setup", "evolve", "checksum", "1-D transforms", "local transposes",
        "alltoall");

    private FT(final FtProblem problem, final Intracomm comm)
    {
        this.problem = problem;
        this.comm = comm;
        layout = new SlabLayout(problem.nx(), problem.ny(), problem.nz(), comm.Size(), comm.Rank());
        fft = new StockhamFft(Math.max(problem.nx(), Math.max(problem.ny(), problem.nz())));
        transform = new SlabFft3d(layout, fft, this::allToAll, clock, FFT_PHASES);
        evolution = new FtEvolution(layout);
        final int doubles = 2 * layout.localPoints();
        u0 = new double[doubles];
        u1 = new double[doubles];
        u2 = new double[doubles];
        sums = new double[2 * problem.iterations()];
    }

    /** Runs FT for the class the first argument names. */
    public static void main(final String[] args)
    {
        final String[] rest = MPI.Init(args);
        final FtProblem problem = FtProblem.of(NpbClass.fromArgs(rest));
        final int processes = MPI.COMM_WORLD.Size();
        ProcessCount.requirePowerOfTwo("FT", processes, Math.min(problem.ny(), problem.nz()));
        new FT(problem, MPI.COMM_WORLD).run();
        MPI.Finalize();
    }

    private void run()
    {
        final boolean root = comm.Rank() == ROOT;
        final PrintStream out = System.out;
        if (root)
        {
            printHeader(out);
        }

        final double warmStart = MPI.Wtime();
        setUp();
        transform.forward(u1, u0);
        final double warmSeconds = slowest(MPI.Wtime() - warmStart);
        if (root)
        {
            out.printf(Locale.ROOT, "%n Initialization time =%12.4f%n%n", warmSeconds);
        }

        comm.Barrier();
        clock.reset();
        final double start = MPI.Wtime();
        clock.start();
        setUp();
        clock.stop(SETUP);
        transform.forward(u1, u0);
        for (int step = 0; step < problem.iterations(); step++)
        {
            clock.start();
            evolution.step(u0, u1);
            clock.stop(EVOLVE);
            transform.inverse(u1, u2);
            clock.start();
            checksum(step, root, out);
            clock.stop(CHECKSUM);
        }
        final boolean verified = problem.verify(sums);
        final double mySeconds = MPI.Wtime() - start;
        final double seconds = slowest(mySeconds);

        if (root)
        {
            new NpbReport("FT", problem.problemClass(), NpbReport.gridSize(problem.nx(), problem.ny(), problem.nz()),
                problem.iterations(), seconds, problem.mops(seconds), layout.processes(), "floating point", verified)
                .conclude(out);
        }
        clock.report(comm, "FT", mySeconds);
    }

    /** The timed set-up NPB repeats: evolution factors, initial conditions (into u1), roots of unity. */
    private void setUp()
    {
        evolution.computeFactors();
        FtInitialConditions.fill(u1, layout);
        fft.computeRoots();
    }

    private void checksum(final int step, final boolean root, final PrintStream out)
    {
        FtChecksum.local(u2, layout, partialSum);
        comm.Allreduce(partialSum, 0, sums, 2 * step, 2, MPI.DOUBLE, MPI.SUM);
        if (root)
        {
            out.printf(Locale.ROOT, " T =%5d     Checksum =%22.12e%22.12e%n", step + 1, sums[2 * step], sums[2 * step + 1]);
        }
    }

    /** The transpose's global step: block p of {@code send} to rank p, on contiguous slices of the two arrays. */
    private void allToAll(final double[] send, final double[] receive, final int blockDoubles)
    {
        comm.Alltoall(send, 0, blockDoubles, MPI.DOUBLE, receive, 0, blockDoubles, MPI.DOUBLE);
    }

    /** @return the largest of every rank's {@code seconds}. */
    private double slowest(final double seconds)
    {
        final double[] mine = {seconds};
        final double[] largest = new double[1];
        comm.Allreduce(mine, 0, largest, 0, 1, MPI.DOUBLE, MPI.MAX);
        return largest[0];
    }

    private void printHeader(final PrintStream out)
    {
        out.println();
        out.println();
        out.println(" NAS Parallel Benchmarks 3.4 -- FT Benchmark");
        out.println();
        out.printf(Locale.ROOT, " Size                : %4dx%4dx%4d  (class %s)%n", problem.nx(), problem.ny(), problem.nz(),
            problem.problemClass());
        out.printf(Locale.ROOT, " Iterations          : %14d%n", problem.iterations());
        out.printf(Locale.ROOT, " Number of processes : %14d%n", layout.processes());
        out.printf(Locale.ROOT, " Processor array     : %9dx%4d%n", 1, layout.processes());
        out.printf(Locale.ROOT, " Layout type         : %14s%n", "1D");
    }
}
