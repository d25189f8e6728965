package org.openmpj.concurrent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class BudgetedSpinIdleStrategyTest
{
    private static final int SOLO = BudgetedSpinIdleStrategy.SOLO_SPIN_ROUNDS;

    private final BudgetedSpinIdleStrategy strategy =
        new BudgetedSpinIdleStrategy(1, new BackoffIdleStrategy(0, 2, Long.MAX_VALUE, 1_000, 1_000));

    @Test
    void shortWaitsSpinWithoutCounting()
    {
        int round = 0;
        for (int i = 0; i < SOLO; i++)
        {
            round = strategy.idle(round);
        }
        assertEquals(0, strategy.longSpinners());
        strategy.endWait(round - 1);
        assertEquals(0, strategy.longSpinners());
    }

    @Test
    void waitersBeyondTheBudgetBackOffAndLeaveTheCountWhenDone()
    {
        final int first = spinPastSolo();
        assertEquals(1, strategy.longSpinners());
        assertEquals(SOLO + 1, strategy.idle(first), "within budget the first waiter keeps spinning");
        assertFalse(strategy.parksAt(SOLO + 1));

        int second = spinPastSolo();
        assertEquals(2, strategy.longSpinners());
        second = strategy.idle(second);
        second = strategy.idle(second);
        assertTrue(second > SOLO + 2, "over budget the second waiter moves through the backoff");
        assertTrue(strategy.parksAt(second));

        strategy.endWait(second);
        strategy.endWait(first);
        assertEquals(0, strategy.longSpinners());
    }

    private int spinPastSolo()
    {
        int round = 0;
        while (round <= SOLO)
        {
            round = strategy.idle(round);
        }
        return round;
    }
}
