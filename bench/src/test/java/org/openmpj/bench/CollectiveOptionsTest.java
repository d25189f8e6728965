package org.openmpj.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CollectiveOptionsTest
{
    @Test
    void defaultsRunFrom16BytesTo4MebibytesByFactorsOfFour()
    {
        final CollectiveOptions defaults = CollectiveOptions.parse(new String[0]);
        assertEquals(CollectiveOptions.defaults(), defaults);
        assertArrayEquals(new int[] {16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304}, defaults.sizes());
    }

    @Test
    void parsesEveryOptionAndRoundTripsThroughArgs()
    {
        final CollectiveOptions options = CollectiveOptions.parse(new String[]
        {
            "--batch-ms", "5", "--max-bytes", "1000", "--repetitions", "3", "--min-bytes", "8", "--step", "2",
        });
        assertEquals(new CollectiveOptions(8, 1000, 2, 3, 5), options);
        assertEquals(options, CollectiveOptions.parse(options.toArgs()));
        assertArrayEquals(new int[] {8, 16, 32, 64, 128, 256, 512}, options.sizes(), "the largest size only when on the grid");
        assertArrayEquals(new int[] {8, 16}, options.withMaxBytes(16).sizes());
    }

    @Test
    void rejectsSizesAllreduceCannotSumAndOtherBadValues()
    {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CollectiveOptions.parse(new String[] {"--min-bytes", "12"}))
            .getMessage().contains("multiple of 8"));
        assertThrows(IllegalArgumentException.class, () -> CollectiveOptions.parse(new String[] {"--min-bytes", "64", "--max-bytes", "32"}));
        assertThrows(IllegalArgumentException.class, () -> CollectiveOptions.parse(new String[] {"--step", "1"}));
        assertThrows(IllegalArgumentException.class, () -> CollectiveOptions.parse(new String[] {"--repetitions"}));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CollectiveOptions.parse(new String[] {"--size", "1"}))
            .getMessage().contains("--size"));
    }
}
