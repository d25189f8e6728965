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
        assertArrayEquals(new int[] {8, 16, 32, 64, 128, 256, 512, 1000}, options.sizes(), "the largest size, off the grid, ends it");
        assertArrayEquals(new int[] {8, 16}, options.withMaxBytes(16).sizes());
        assertArrayEquals(new int[] {8}, options.withMaxBytes(8).sizes());
    }

    @Test
    void theLargestSizeIsMeasuredWhereTheFactorsStepOverIt()
    {
        final CollectiveOptions options = CollectiveOptions.parse(new String[] {"--min-bytes", "8", "--max-bytes", "1048576", "--step", "4"});
        assertArrayEquals(new int[] {8, 32, 128, 512, 2048, 8192, 32768, 131072, 524288, 1048576}, options.sizes());
        assertArrayEquals(new int[] {8, 32, 128, 512, 2048, 8192, 32768, 65536}, options.withMaxBytes(65536).sizes());
        assertArrayEquals(new int[] {16, 64, 256, 1024}, new CollectiveOptions(16, 1024, 4, 1, 1).sizes(), "on the grid: no size twice");
    }

    @Test
    void rejectsSizesAllreduceCannotSumAndOtherBadValues()
    {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CollectiveOptions.parse(new String[] {"--min-bytes", "12"}))
            .getMessage().contains("multiple of 8"));
        assertEquals("--max-bytes 1001 is not a multiple of 8 (Reduce and Allreduce sum doubles)",
            assertThrows(IllegalArgumentException.class, () -> CollectiveOptions.parse(new String[] {"--max-bytes", "1001"})).getMessage());
        assertThrows(IllegalArgumentException.class, () -> CollectiveOptions.parse(new String[] {"--min-bytes", "64", "--max-bytes", "32"}));
        assertThrows(IllegalArgumentException.class, () -> CollectiveOptions.parse(new String[] {"--step", "1"}));
        assertThrows(IllegalArgumentException.class, () -> CollectiveOptions.parse(new String[] {"--repetitions"}));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CollectiveOptions.parse(new String[] {"--size", "1"}))
            .getMessage().contains("--size"));
    }
}
