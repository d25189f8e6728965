package org.openmpj.bench.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;

import org.junit.jupiter.api.Test;

class AxisTest
{
    @Test
    void log2AxisSpansWholePowersAndLabelsEverySecondOne()
    {
        final Axis axis = Axis.log2("size", 1, 16 * 1024 * 1024, value -> Long.toString((long)value));
        assertEquals(25, axis.ticks().size());
        assertEquals(new Tick(1, "1"), axis.ticks().getFirst());
        assertEquals(new Tick(2, ""), axis.ticks().get(1));
        assertEquals(new Tick(16 * 1024 * 1024, "16777216"), axis.ticks().getLast());
        assertEquals(0.0, axis.fraction(1), 1e-12);
        assertEquals(0.5, axis.fraction(4096), 1e-12);
        assertEquals(1.0, axis.fraction(16 * 1024 * 1024), 1e-12);
    }

    @Test
    void log10AxisWidensToWholeDecades()
    {
        final Axis axis = Axis.log10("time", 0.05, 3000);
        final List<String> labels = axis.ticks().stream().filter(Tick::isMajor).map(Tick::label).toList();
        assertEquals(List.of("0.01", "0.1", "1", "10", "100", "1000", "10000"), labels);
        assertEquals(0.5, axis.fraction(10), 1e-12);
        assertFalse(axis.canShow(0));
    }

    @Test
    void linearAxisRoundsUpToANiceTick()
    {
        final Axis axis = Axis.linear("GB/s", 0, 13.2);
        final List<String> labels = axis.ticks().stream().map(Tick::label).toList();
        assertEquals(List.of("0", "2", "4", "6", "8", "10", "12", "14"), labels);
        assertEquals(1.0, axis.fraction(14), 1e-12);
    }
}
