package org.openmpj.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ByteSizesTest
{
    @Test
    void wholeMultiplesUseBinaryUnits()
    {
        assertEquals("1 B", ByteSizes.label(1));
        assertEquals("512 B", ByteSizes.label(512));
        assertEquals("1000 B", ByteSizes.label(1000));
        assertEquals("64 KiB", ByteSizes.label(65536));
        assertEquals("16 MiB", ByteSizes.label(16L * 1024 * 1024));
        assertEquals("0 B", ByteSizes.label(0));
    }
}
