package org.openmpj.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

class MachineStateTest
{
    private static final double NONE = Double.NaN;

    @Test
    void roundsWithinHalfAgainTheFastestAreSteady()
    {
        assertEquals("rounds 1-3: floor 1 B 0.050-0.060 µs, floor 1 MiB 22.6-23.4 µs; steady, every round within 1.5× of the fastest",
            MachineState.describe(List.of(new MachineState.Probe("floor 1 B", List.of(0.05, 0.06, 0.055)),
                new MachineState.Probe("floor 1 MiB", List.of(23.4, 22.6, 23.0)))));
    }

    @Test
    void aRoundAtHalfAgainTheFastestOrMoreRanInASlowerState()
    {
        assertEquals("rounds 1-3: floor 1 B 0.050-0.055 µs, floor 1 MiB 22.6-48.0 µs; round 2: floor 1 MiB took 2.12× the fastest "
            + "round's time: slow state in that round",
            MachineState.describe(List.of(new MachineState.Probe("floor 1 B", List.of(0.05, 0.055, 0.05)),
                new MachineState.Probe("floor 1 MiB", List.of(22.6, 48.0, 23.0)))));
        assertEquals("rounds 1-3: floor 1 B 0.050-0.100 µs; round 1: floor 1 B took 2.00× the fastest round's time; round 3: floor 1 B "
            + "took 1.60× the fastest round's time: slow state in those rounds",
            MachineState.describe(List.of(new MachineState.Probe("floor 1 B", List.of(0.1, 0.05, 0.08)))));
    }

    @Test
    void roundsThatDidNotMeasureAProbeAreLeftOut()
    {
        assertEquals("rounds 1, 3 of 3: C Barrier 1.000-1.100 µs; steady, every round within 1.5× of the fastest",
            MachineState.describe(List.of(new MachineState.Probe("C Barrier", List.of(1.0, NONE, 1.1)))));
        assertEquals("round 1 only: C Barrier 1.000 µs; no other round to compare it with",
            MachineState.describe(List.of(new MachineState.Probe("C Barrier", List.of(1.0)))));
        assertEquals("not judged: C Barrier and C Allreduce 8 B not measured in any round",
            MachineState.describe(List.of(new MachineState.Probe("C Barrier", List.of(NONE)),
                new MachineState.Probe("C Allreduce 8 B", List.of(NONE, NONE)))));
    }
}
