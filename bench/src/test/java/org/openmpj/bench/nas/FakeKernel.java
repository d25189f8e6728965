package org.openmpj.bench.nas;

import java.util.Locale;

import mpi.MPI;

/**
 * A stand-in for the nas module's kernels, for smoke runs of the NAS report: {@code FakeKernel KERNEL CLASS} prints NPB's
 * report as the kernels do. Class S verifies; class W does not verify and ends with an error, as a kernel that fails
 * verification does; kernel FT dies without a report. Mop/s grows with the ranks, so that the speed-ups are not all 1.
 */
public final class FakeKernel
{
    private FakeKernel()
    {
    }

    public static void main(final String[] args)
    {
        final String[] programArgs = MPI.Init(args);
        final String kernel = programArgs[0];
        final String problemClass = programArgs[1];
        final int rank = MPI.COMM_WORLD.Rank();
        final int size = MPI.COMM_WORLD.Size();
        if (kernel.equals("FT"))
        {
            throw new IllegalStateException("FakeKernel: FT dies before its report");
        }
        final boolean verified = !problemClass.equals("W");
        MPI.COMM_WORLD.Barrier();
        if (rank == 0)
        {
            final double mops = 100.0 * size / (1 + 0.1 * (size - 1));
            System.out.println(verified ? " VERIFICATION SUCCESSFUL" : " VERIFICATION UNSUCCESSFUL");
            System.out.println();
            System.out.println(" " + kernel + " Benchmark Completed.");
            line("Class", problemClass);
            line("Time in seconds", String.format(Locale.ROOT, "%.2f", 1000 / mops));
            line("Total processes", Integer.toString(size));
            line("Mop/s total", String.format(Locale.ROOT, "%.2f", mops));
            line("Verification", verified ? "SUCCESSFUL" : "UNSUCCESSFUL");
        }
        MPI.Finalize();
        if (!verified)
        {
            throw new IllegalStateException(kernel + " class " + problemClass + " failed verification");
        }
    }

    private static void line(final String key, final String value)
    {
        System.out.printf(Locale.ROOT, " %-16s= %24s%n", key, value);
    }
}
