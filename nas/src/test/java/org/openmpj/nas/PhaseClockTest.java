package org.openmpj.nas;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PhaseClockTest
{
    @Test
    void aPhaseCountsOnlyTheTimeBetweenItsStartAndStop() throws InterruptedException
    {
        final PhaseClock clock = new PhaseClock(true, "exchanges", "sums");
        clock.start();
        Thread.sleep(30);
        clock.stop(0);
        Thread.sleep(30);
        clock.start();
        clock.stop(1);

        final double[] figures = clock.seconds(1.0);
        assertEquals(1.0, figures[0]);
        assertTrue(figures[1] >= 0.029 && figures[1] < 0.029 + 1, "exchanges " + figures[1]);
        assertTrue(figures[2] < 0.02, "sums " + figures[2]);
    }

    @Test
    void resetForgetsTheTimeBeforeTheTimedSection() throws InterruptedException
    {
        final PhaseClock clock = new PhaseClock(true, "exchanges");
        clock.start();
        Thread.sleep(20);
        clock.stop(0);
        clock.reset();

        assertArrayEquals(new double[] {2.0, 0.0}, clock.seconds(2.0));
    }

    @Test
    void offItCountsNothing() throws InterruptedException
    {
        final PhaseClock clock = new PhaseClock(false, "exchanges");
        clock.start();
        Thread.sleep(20);
        clock.stop(0);

        assertArrayEquals(new double[] {2.0, 0.0}, clock.seconds(2.0));
    }

    @Test
    void theLineGivesEachPhaseAndTheRestWithTheirShares()
    {
        final PhaseClock clock = new PhaseClock(true, "products", "exchanges");

        assertEquals(" CG phases, rank 1: timed section 2.000 s, products 1.000 s (50%), exchanges 0.500 s (25%), rest 0.500 s (25%)",
            clock.line("CG", 1, new double[] {2.0, 1.0, 0.5}));
    }
}
