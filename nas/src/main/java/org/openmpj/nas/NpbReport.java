package org.openmpj.nas;

import java.io.PrintStream;
import java.util.Locale;

/**
 * The report an NPB kernel prints when it ends, in NPB's layout, so that scripts written for NPB's output read ours:
 * a "Benchmark Completed" line, then one {@code key = value} line each for the class, size, iterations, time, process
 * count, Mop/s in total and per process, the operation counted, and whether verification succeeded.
 *
 * @param kernel        the kernel's two-letter name, e.g. {@code EP}.
 * @param problemClass  the class that ran.
 * @param size          the problem size as NPB prints it: one number, or {@code nx x ny x nz}.
 * @param iterations    the timed iterations (0 for a kernel that has none, as EP).
 * @param seconds       the timed section's wall-clock time, the slowest rank's.
 * @param mops          millions of the kernel's operations per second, over all processes.
 * @param processes     the processes that ran it.
 * @param operationType what {@code mops} counts, e.g. "Random numbers generated".
 * @param verified      whether the result matched NPB's verification values.
 */
public record NpbReport(String kernel, NpbClass problemClass, String size, int iterations, double seconds, double mops,
                        int processes, String operationType, boolean verified)
{
    /** The size of a three-dimensional grid as NPB prints it. */
    public static String gridSize(final int nx, final int ny, final int nz)
    {
        return String.format(Locale.ROOT, "%4dx%4dx%4d", nx, ny, nz);
    }

    /**
     * Prints the verification verdict and the report to {@code out}, then fails when verification did not succeed, so
     * that the job ends with a non-zero exit code as well as the verdict.
     *
     * @throws IllegalStateException naming the kernel and class, after printing, when {@code verified} is false.
     */
    public void conclude(final PrintStream out)
    {
        out.println(verified ? " VERIFICATION SUCCESSFUL" : " VERIFICATION UNSUCCESSFUL");
        out.println();
        out.println(" " + kernel + " Benchmark Completed.");
        line(out, "Class", problemClass.name());
        line(out, "Size", size.strip());
        line(out, "Iterations", Integer.toString(iterations));
        line(out, "Time in seconds", String.format(Locale.ROOT, "%.2f", seconds));
        line(out, "Total processes", Integer.toString(processes));
        line(out, "Mop/s total", String.format(Locale.ROOT, "%.2f", mops));
        line(out, "Mop/s/process", String.format(Locale.ROOT, "%.2f", mops / processes));
        line(out, "Operation type", operationType);
        line(out, "Verification", verified ? "SUCCESSFUL" : "UNSUCCESSFUL");
        line(out, "Version", "NPB 3.4 on OpenMPJ (mpiJava 1.2 API)");
        out.flush();
        if (!verified)
        {
            throw new IllegalStateException(kernel + " class " + problemClass + " on " + processes + " processes failed verification");
        }
    }

    private static void line(final PrintStream out, final String key, final String value)
    {
        out.printf(Locale.ROOT, " %-16s= %24s%n", key, value);
    }
}
