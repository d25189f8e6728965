package org.openmpj.os;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** The lines of {@code /proc/PID/task/TID/syscall}, as the kernel prints them, and lines it never prints. */
class TaskSyscallTest
{
    @Test
    void aBlockedCallGivesItsNumberAndSixArguments()
    {
        final long[] into = new long[TaskSyscall.SLOTS];
        assertTrue(parse("271 0x7ff314506a30 0x2 0x7ff314509450 0x0 0x1234 0x69d4bd7fc 0x7ff2bbffe048 0x7ff31c87c829\n", into));
        assertArrayEquals(new long[] {271, 0x7ff314506a30L, 2, 0x7ff314509450L, 0, 0x1234, 0x69d4bd7fcL}, into);
    }

    @Test
    void argumentsAreReadAsSixtyFourUnsignedBits()
    {
        final long[] into = new long[TaskSyscall.SLOTS];
        assertTrue(parse("202 0xffffffffffffff9c 0x0 0x0 0x0 0x0 0xfffffffffffffffe 0x1 0x2", into));
        assertArrayEquals(new long[] {202, -100, 0, 0, 0, 0, -2}, into);
    }

    @Test
    void aRunningThreadOrOneBlockedOutsideACallGivesNothing()
    {
        final long[] into = new long[TaskSyscall.SLOTS];
        assertFalse(parse("running\n", into));
        assertFalse(parse("-1 0x7ffd1a2b3c40 0x7f0000001234\n", into));
    }

    @Test
    void linesOfAnotherFormAreRefused()
    {
        final long[] into = new long[TaskSyscall.SLOTS];
        assertFalse(parse("", into), "empty");
        assertFalse(parse("271 0x1 0x2 0x3", into), "too few arguments");
        assertFalse(parse("271 1 2 3 4 5 6 7 8", into), "arguments without 0x");
        assertFalse(parse("271 0x1 0x2 0x3 0x4 0x5 0xg6 0x7 0x8", into), "a digit that is not hexadecimal");
        assertFalse(parse("27a 0x1 0x2 0x3 0x4 0x5 0x6 0x7 0x8", into), "a number that is not decimal");
        assertFalse(parse("271 0x1 0x2 0x3 0x4 0x5 0x11112222333344445 0x7 0x8", into), "an argument over 64 bits");
    }

    private static boolean parse(final String line, final long[] into)
    {
        final byte[] text = line.getBytes(StandardCharsets.US_ASCII);
        return TaskSyscall.parse(text, text.length, into);
    }
}
