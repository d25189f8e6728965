package org.openmpj.transport.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MeasuredLargeCopyTest
{
    private static final long MIB = 1 << 20;

    @Test
    void theFirstMessageIsPulledAndTheNextStreamedSoThatBothAreTimed()
    {
        final MeasuredLargeCopy choice = new MeasuredLargeCopy(2);
        assertTrue(choice.pulls(0, MIB));
        choice.landed(0, MIB, true, 100_000);
        assertFalse(choice.pulls(0, MIB));
        choice.landed(0, MIB, false, 200_000);
        assertTrue(choice.pulls(0, MIB), "the pull took half the stream's time");
        assertEquals(2, choice.pulled());
        assertEquals(1, choice.streamed());
    }

    @Test
    void theFasterWayIsTakenAndTheOtherTriedEverySixteenthMessage()
    {
        final MeasuredLargeCopy choice = timed(200_000, 100_000);
        for (int round = 0; round < 3; round++)
        {
            for (int message = 1; message < MeasuredLargeCopy.TRIAL_EVERY; message++)
            {
                assertFalse(choice.pulls(0, MIB), "message " + message + " of round " + round);
                choice.landed(0, MIB, false, 100_000);
            }
            assertTrue(choice.pulls(0, MIB), "the trial of round " + round);
            choice.landed(0, MIB, true, 200_000);
        }
    }

    @Test
    void oneSlowMessageDoesNotTurnTheChoiceButTwoDo()
    {
        final MeasuredLargeCopy choice = timed(100_000, 150_000);
        assertTrue(choice.pulls(0, MIB));
        choice.landed(0, MIB, true, 180_000);
        assertTrue(choice.pulls(0, MIB), "the mean of 100 and 180 µs is still below the stream's 150");
        choice.landed(0, MIB, true, 250_000);
        assertFalse(choice.pulls(0, MIB), "two slow pulls: the stream is faster now");
    }

    @Test
    void peersAndSizeClassesAreTimedApart()
    {
        final MeasuredLargeCopy choice = timed(200_000, 100_000);
        assertFalse(choice.pulls(0, MIB));
        assertTrue(choice.pulls(1, MIB), "peer 1 is not timed yet");
        assertTrue(choice.pulls(0, 2 * MIB), "2 MiB is a class of its own");
        assertTrue(choice.pulls(0, 64 * 1024 + 1), "so is 64 KiB and a byte");
        assertFalse(choice.pulls(0, 2 * MIB - 1), "1 MiB to 2 MiB less a byte is one class");
    }

    /** @return a choice for peer 0's 1 MiB messages with one pull and one stream timed at {@code pull} and {@code stream} ns. */
    private static MeasuredLargeCopy timed(final long pull, final long stream)
    {
        final MeasuredLargeCopy choice = new MeasuredLargeCopy(2);
        assertTrue(choice.pulls(0, MIB));
        choice.landed(0, MIB, true, pull);
        assertFalse(choice.pulls(0, MIB));
        choice.landed(0, MIB, false, stream);
        return choice;
    }
}
