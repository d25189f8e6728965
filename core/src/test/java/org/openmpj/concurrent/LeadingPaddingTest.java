package org.openmpj.concurrent;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;
import org.openmpj.matching.InlineMailbox;
import org.openmpj.matching.SendRequest;

/** Where the JVM puts the fields of padded classes: a cache line after the object's start, whatever their size. */
class LeadingPaddingTest
{
    private static final long CACHE_LINE_BYTES = 64;

    @Test
    void everyFieldBelowThePaddingLiesACacheLineIntoItsObject()
    {
        // PaddedCounter's int, after a superclass of longs alone, went into the gap after the header, at byte 12.
        for (final Class<?> padded : List.of(PaddedCounter.class, SpinLock.class, SendRequest.class, InlineMailbox.class))
        {
            final List<FieldLayout> own = ClassLayout.parseClass(padded).fields().stream()
                .filter(field -> !field.hostClass().equals(LeadingPadding.class.getName()))
                .toList();
            assertFalse(own.isEmpty(), padded.getName() + " has fields of its own");
            for (final FieldLayout field : own)
            {
                assertTrue(field.offset() >= CACHE_LINE_BYTES, padded.getName() + ": " + field.hostClass() + "." + field.name()
                    + " lies at byte " + field.offset() + " of its object, expected at least " + CACHE_LINE_BYTES);
            }
        }
    }
}
