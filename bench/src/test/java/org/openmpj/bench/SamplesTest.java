package org.openmpj.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SamplesTest
{
    @Test
    void medianOfOddCountIsTheMiddleValue()
    {
        assertEquals(3.0, Samples.median(new double[] {5, 1, 3, 9, 2}));
    }

    @Test
    void medianOfEvenCountIsTheMeanOfTheMiddleTwo()
    {
        assertEquals(2.5, Samples.median(new double[] {4, 1, 3, 2}));
    }

    @Test
    void medianLeavesTheInputUnsorted()
    {
        final double[] values = {3, 1, 2};
        Samples.median(values);
        assertArrayEquals(new double[] {3, 1, 2}, values);
    }

    @Test
    void minIsTheSmallest()
    {
        assertEquals(0.5, Samples.min(new double[] {2, 0.5, 7}));
    }

    @Test
    void noSamplesIsAnError()
    {
        assertThrows(IllegalArgumentException.class, () -> Samples.median(new double[0]));
        assertThrows(IllegalArgumentException.class, () -> Samples.min(new double[0]));
    }

    @Test
    void medianOfKnownSkipsTheValuesNotMeasuredAndIsNaNWhenNoneWas()
    {
        assertEquals(2.5, Samples.medianOfKnown(new double[] {4, Double.NaN, 1, 3, 2}));
        assertEquals(Double.NaN, Samples.medianOfKnown(new double[] {Double.NaN, Double.NaN}));
        assertEquals(Double.NaN, Samples.medianOfKnown(new double[0]));
    }
}
