package org.openmpj.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The state the machine was in during a report's run, judged from references measured in every round of that run. The
 * bench runs on a virtual machine whose speed changes with its host: in its slow state the Java floor took 84-91 µs per
 * 1 MiB one way, in its fast state 33 µs ({@code bench/reports/2026-11-25-pingpong-every-device} against
 * {@code 2026-11-24-shm-hybrid-pingpong}). A round in which a reference took {@link #SLOW_FACTOR} times its fastest
 * round's time or more ran in a slower state than that round. A state that lasts the whole run shows in no comparison
 * between its rounds, only in the references' own times, which the line states for comparison with other reports.
 * Stateless.
 */
public final class MachineState
{
    /**
     * Half again the fastest round's time: within one state the floor's rounds differed by up to 1.39× at 1 B and 1.06× at
     * 1 MiB (2026-11-25), while the change of state took its 1 MiB time up by 2.5× and more.
     */
    public static final double SLOW_FACTOR = 1.5;

    private MachineState()
    {
    }

    /**
     * One reference's time in each round.
     *
     * @param name           what was measured, e.g. {@code Java floor 1 MiB}.
     * @param microsPerRound its median time in each round, in µs, in round order; NaN where it was not measured.
     */
    public record Probe(String name, List<Double> microsPerRound)
    {
        /** Copies the times. */
        public Probe
        {
            microsPerRound = List.copyOf(microsPerRound);
        }

        /** @return the fastest round's time, or NaN when no round measured it. */
        double fastest()
        {
            return microsPerRound.stream().mapToDouble(Double::doubleValue).filter(micros -> !Double.isNaN(micros)).min().orElse(Double.NaN);
        }

        /** @return the slowest round's time, or NaN when no round measured it. */
        double slowest()
        {
            return microsPerRound.stream().mapToDouble(Double::doubleValue).filter(micros -> !Double.isNaN(micros)).max().orElse(Double.NaN);
        }
    }

    /**
     * @param probes the references, each measured in every round (or some).
     * @return the state in a line, e.g. {@code rounds 1-3: Java floor 1 MiB 22.6-23.4 µs; steady, every round within 1.5×
     *         of the fastest} or {@code ...; round 2: Java floor 1 MiB took 2.13× the fastest round's time: slow state in that round}.
     */
    public static String describe(final List<Probe> probes)
    {
        final List<Probe> measured = probes.stream().filter(probe -> !Double.isNaN(probe.fastest())).toList();
        if (measured.isEmpty())
        {
            return "not judged: " + String.join(" and ", probes.stream().map(Probe::name).toList()) + " not measured in any round";
        }
        final int rounds = measured.stream().mapToInt(probe -> probe.microsPerRound().size()).max().orElseThrow();
        final List<Integer> measuredRounds = new ArrayList<>();
        for (int round = 0; round < rounds; round++)
        {
            final int index = round;
            if (measured.stream().anyMatch(probe -> index < probe.microsPerRound().size() && !probe.microsPerRound().get(index).isNaN()))
            {
                measuredRounds.add(round + 1);
            }
        }
        final String ranges = String.join(", ", measured.stream().map(MachineState::range).toList());
        if (measuredRounds.size() == 1)
        {
            return "round " + measuredRounds.getFirst() + (rounds == 1 ? "" : " of " + rounds) + " only: " + ranges
                + "; no other round to compare it with";
        }
        final List<String> slowRounds = new ArrayList<>();
        for (int round = 0; round < rounds; round++)
        {
            double worst = 0;
            String worstName = "";
            for (final Probe probe : measured)
            {
                final double factor = round < probe.microsPerRound().size() ? probe.microsPerRound().get(round) / probe.fastest() : Double.NaN;
                if (factor > worst)
                {
                    worst = factor;
                    worstName = probe.name();
                }
            }
            if (worst >= SLOW_FACTOR)
            {
                slowRounds.add("round " + (round + 1) + ": " + worstName + " took " + String.format(Locale.ROOT, "%.2f", worst)
                    + "× the fastest round's time");
            }
        }
        final String prefix = (measuredRounds.size() == rounds ? "rounds 1-" + rounds
            : "rounds " + String.join(", ", measuredRounds.stream().map(String::valueOf).toList()) + " of " + rounds) + ": " + ranges + "; ";
        if (slowRounds.isEmpty())
        {
            return prefix + "steady, every round within " + SLOW_FACTOR + "× of the fastest";
        }
        return prefix + String.join("; ", slowRounds) + ": slow state in " + (slowRounds.size() == 1 ? "that round" : "those rounds");
    }

    /** @return e.g. {@code Java floor 1 MiB 22.6-23.4 µs}, or one time when every round took the same. */
    private static String range(final Probe probe)
    {
        final String fastest = MarkdownReport.micros(probe.fastest());
        final String slowest = MarkdownReport.micros(probe.slowest());
        return probe.name() + " " + (fastest.equals(slowest) ? fastest : fastest + "-" + slowest) + " µs";
    }
}
