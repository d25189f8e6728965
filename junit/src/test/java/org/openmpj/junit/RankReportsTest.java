package org.openmpj.junit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The files through which rank JVMs report to the test JVM, written and read in one JVM. */
class RankReportsTest
{
    @TempDir
    Path reports;

    @Test
    void aFailureComesBackAsTheSameExceptionWithItsStackTraceAndCause() throws IOException
    {
        final IllegalStateException thrown = new IllegalStateException("rank 3 saw 41", new ArithmeticException("off by one"));
        RankReports.writeFailure(reports, 3, thrown, true);
        final RankReports.Failure read = RankReports.readFailure(reports, 3, getClass().getClassLoader()).orElseThrow();
        assertTrue(read.followsFromAnother());
        final IllegalStateException failure = assertInstanceOf(IllegalStateException.class, read.failure());
        assertEquals("rank 3 saw 41", failure.getMessage());
        assertArrayEquals(thrown.getStackTrace(), failure.getStackTrace());
        assertEquals("java.lang.ArithmeticException: off by one", String.valueOf(failure.getCause()));
    }

    @Test
    void aFailureThatCannotBeSerializedComesBackAsACopyOfItItsCauseAndSuppressed() throws IOException
    {
        final RuntimeException cause = new JvmSamples.UnserializableFailure("the cause");
        final RuntimeException thrown = new JvmSamples.UnserializableFailure("the failure");
        thrown.initCause(cause);
        thrown.addSuppressed(new IllegalArgumentException("also"));
        RankReports.writeFailure(reports, 0, thrown, false);
        final RankReports.Failure read = RankReports.readFailure(reports, 0, getClass().getClassLoader()).orElseThrow();
        assertFalse(read.followsFromAnother());
        final ThrowableCopy copy = assertInstanceOf(ThrowableCopy.class, read.failure());
        assertEquals(thrown.toString(), copy.toString());
        assertEquals(JvmSamples.UnserializableFailure.class.getName(), copy.className());
        assertArrayEquals(thrown.getStackTrace(), copy.getStackTrace());
        assertEquals(cause.toString(), String.valueOf(copy.getCause()));
        assertEquals("java.lang.IllegalArgumentException: also", copy.getSuppressed()[0].toString());
    }

    @Test
    void aRankThatReportedNothingHasNoReportAndOneThatCannotBeReadIsNamed() throws IOException
    {
        assertEquals(Optional.empty(), RankReports.readFailure(reports, 1, getClass().getClassLoader()));
        assertEquals(Optional.empty(), RankReports.readStacks(reports, 1));
        Files.writeString(reports.resolve("rank-2.failure"), "not a report");
        final Throwable unreadable = RankReports.readFailure(reports, 2, getClass().getClassLoader()).orElseThrow().failure();
        assertInstanceOf(IOException.class, unreadable);
        assertTrue(unreadable.getMessage().startsWith("rank 2 reported a failure in " + reports.resolve("rank-2.failure")), unreadable.getMessage());
    }

    @Test
    void stacksComeBackAsWritten() throws IOException
    {
        RankReports.writeStacks(reports, 4, "rank 4 (JVM 7), thread \"main\" (WAITING):\n\tat here\n");
        assertEquals(Optional.of("rank 4 (JVM 7), thread \"main\" (WAITING):\n\tat here\n"), RankReports.readStacks(reports, 4));
        try (var left = Files.list(reports))
        {
            assertEquals(1, left.count(), "no partial file left");
        }
    }
}
