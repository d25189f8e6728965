package org.openmpj.nas;

import java.util.Arrays;
import java.util.Locale;

import mpi.Intracomm;
import mpi.MPI;

/**
 * Where a kernel's timed section goes, per process, in the spirit of NPB's optional timers: the seconds each process spent
 * in each named phase (its exchanges, say), and the rest of the section as computation. Off unless the JVM runs with
 * {@value #PROP_NAME}{@code =true}; then the kernel prints, after NPB's report, one line per process. Off, a phase's start
 * and stop cost a field read each.
 *
 * <p>Not thread-safe: one clock per process (per thread rank).
 */
final class PhaseClock
{
    /** The system property that turns the clocks on. */
    static final String PROP_NAME = "openmpj.nas.phases";

    private final boolean on;
    private final String[] phases;
    private final long[] nanos;
    private long startedAt;

    /** @param phases the phases' names, in the order of their indices; on when {@value #PROP_NAME} is {@code true}. */
    PhaseClock(final String... phases)
    {
        this(Boolean.getBoolean(PROP_NAME), phases);
    }

    /**
     * @param on     whether the clock counts.
     * @param phases the phases' names, in the order of their indices.
     */
    PhaseClock(final boolean on, final String... phases)
    {
        this.on = on;
        this.phases = phases.clone();
        this.nanos = new long[phases.length];
    }

    /** Marks the start of a phase. */
    void start()
    {
        if (on)
        {
            startedAt = System.nanoTime();
        }
    }

    /** Adds the time since {@link #start} to phase {@code phase}. */
    void stop(final int phase)
    {
        if (on)
        {
            nanos[phase] += System.nanoTime() - startedAt;
        }
    }

    /** Forgets the time counted so far: called where the timed section starts. */
    void reset()
    {
        Arrays.fill(nanos, 0);
    }

    /**
     * When the clocks are on, gathers every process's phases to rank 0, which prints a line per process: the timed
     * section's seconds, each phase's seconds and share, and the rest as computation. Every process of {@code comm} calls it.
     *
     * @param sectionSeconds this process's time in the timed section.
     */
    void report(final Intracomm comm, final String kernel, final double sectionSeconds)
    {
        if (!on)
        {
            return;
        }
        final int size = comm.Size();
        final double[] mine = seconds(sectionSeconds);
        final double[] all = new double[mine.length * size];
        comm.Gather(mine, 0, mine.length, MPI.DOUBLE, all, 0, mine.length, MPI.DOUBLE, 0);
        if (comm.Rank() != 0)
        {
            return;
        }
        for (int rank = 0; rank < size; rank++)
        {
            System.out.println(line(kernel, rank, Arrays.copyOfRange(all, rank * mine.length, (rank + 1) * mine.length)));
        }
    }

    /** @return this process's figures as {@link #report} gathers them: the section's seconds, then each phase's. */
    double[] seconds(final double sectionSeconds)
    {
        final double[] figures = new double[phases.length + 1];
        figures[0] = sectionSeconds;
        for (int i = 0; i < phases.length; i++)
        {
            figures[i + 1] = nanos[i] / 1e9;
        }
        return figures;
    }

    /**
     * @param figures a process's section seconds, then its seconds in each phase.
     * @return the line {@link #report} prints for the process, e.g. {@code  CG phases, rank 1: timed section 1.000 s, products
     *         0.600 s (60%), rest 0.400 s (40%)}.
     */
    String line(final String kernel, final int rank, final double[] figures)
    {
        final double section = figures[0];
        final StringBuilder line = new StringBuilder(String.format(Locale.ROOT, " %s phases, rank %d: timed section %.3f s", kernel, rank,
            section));
        double rest = section;
        for (int i = 0; i < phases.length; i++)
        {
            final double seconds = figures[i + 1];
            rest -= seconds;
            line.append(String.format(Locale.ROOT, ", %s %.3f s (%.0f%%)", phases[i], seconds, share(seconds, section)));
        }
        return line.append(String.format(Locale.ROOT, ", rest %.3f s (%.0f%%)", rest, share(rest, section))).toString();
    }

    private static double share(final double part, final double whole)
    {
        return whole > 0 ? 100 * part / whole : 0;
    }
}
