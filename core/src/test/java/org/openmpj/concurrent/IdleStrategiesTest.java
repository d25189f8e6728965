package org.openmpj.concurrent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class IdleStrategiesTest
{
    @Test
    void autoSpinsOnlyWhileEveryRankHasACore()
    {
        assertEquals("auto-spin", IdleStrategies.choose("auto", 2, 2).name());
        assertNotSame(IdleStrategies.choose("auto", 1, 2), IdleStrategies.choose("auto", 1, 2), "each job counts its own spinners");
        assertEquals("backoff", IdleStrategies.choose("auto", 3, 2).name());
        assertEquals("backoff", IdleStrategies.choose("auto", 8, 2).name());
    }

    @Test
    void explicitChoicesAreHonoured()
    {
        assertEquals("spin", IdleStrategies.choose("spin", 8, 2).name());
        assertEquals("backoff", IdleStrategies.choose("backoff", 1, 2).name());
    }

    @Test
    void unknownNameIsNamedInTheError()
    {
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> IdleStrategies.choose("nap", 1, 1));
        assertTrue(error.getMessage().contains("openmpj.idle=nap"), error.getMessage());
    }

    @Test
    void backoffSpinsThenYieldsThenParks()
    {
        final BackoffIdleStrategy backoff = new BackoffIdleStrategy(3, 2, Long.MAX_VALUE, 1_000, 8_000);
        assertFalse(backoff.parksAt(0));
        assertFalse(backoff.parksAt(4));
        assertTrue(backoff.parksAt(5));
        int round = 0;
        for (int i = 0; i < 10; i++)
        {
            round = backoff.idle(round);
        }
        assertEquals(10, round);
        assertEquals(Integer.MAX_VALUE, backoff.idle(Integer.MAX_VALUE), "the round counter must not overflow");
    }

    @Test
    void aYieldThatOutlastsItsRoundCountsAsTheRoundsItsTimeHolds()
    {
        // A yield is a system call, far longer than ten nanoseconds, so the first one uses up the whole yield phase.
        final BackoffIdleStrategy backoff = new BackoffIdleStrategy(0, 10, 1, 1_000, 8_000);
        assertFalse(backoff.parksAt(0));
        assertEquals(10, backoff.idle(0));
        assertTrue(backoff.parksAt(10));
        assertEquals(1, backoff.parkedRounds(11));
    }

    @Test
    void whileTheJitIsAtWorkAWaitParksAfterItsShorterYieldPhase()
    {
        // Each yield counts one round (the round stands for far longer than any yield), so the phases end at known rounds.
        final boolean[] compiling = {true};
        final BackoffIdleStrategy backoff = new BackoffIdleStrategy(1, 1_000, Long.MAX_VALUE, 1_000, 8_000, 2, () -> compiling[0]);
        assertEquals(1, backoff.idle(0), "spinning");
        assertEquals(2, backoff.idle(1), "yielding");
        assertEquals(3, backoff.idle(2), "yielding");
        assertEquals(1_001, backoff.idle(3), "the JIT is at work: the next round parks");
        assertTrue(backoff.parksAt(1_001));
        compiling[0] = false;
        assertEquals(4, backoff.idle(3), "the JIT is quiet: the wait goes on yielding");
        assertFalse(backoff.parksAt(4));
    }

    @Test
    void threadRanksOverTheCoresBackOffAndCompiledCodeCountsAsRecentWork()
    {
        assertInstanceOf(BackoffIdleStrategy.class, IdleStrategies.chooseForThreadRanks("auto", 8, 2));
        assertInstanceOf(BudgetedSpinIdleStrategy.class, IdleStrategies.chooseForThreadRanks("auto", 2, 2));
        // The first look sees the total this JVM compiled so far, more than a millisecond by the time tests run.
        assertTrue(JitActivity.compiledRecently(), "a JVM running tests has compiled code");
    }

    @Test
    void busySpinNeverParks()
    {
        assertFalse(BusySpinIdleStrategy.INSTANCE.parksAt(Integer.MAX_VALUE));
    }

    @Test
    void backoffRejectsInconsistentSettings()
    {
        assertThrows(IllegalArgumentException.class, () -> new BackoffIdleStrategy(-1, 0, 1, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new BackoffIdleStrategy(0, 0, 1, 10, 5));
        assertThrows(IllegalArgumentException.class, () -> new BackoffIdleStrategy(0, 0, 0, 1, 1));
    }
}
