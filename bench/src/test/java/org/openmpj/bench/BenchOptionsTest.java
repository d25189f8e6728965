package org.openmpj.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class BenchOptionsTest
{
    @Test
    void noArgumentsGiveTheDefaults()
    {
        assertEquals(BenchOptions.defaults(), BenchOptions.parse(new String[0]));
    }

    @Test
    void parsesEveryOptionAndRoundTripsThroughArgs()
    {
        final BenchOptions options = BenchOptions.parse(new String[] {"--batch-ms", "5", "--max-bytes", "1024", "--repetitions", "3"});
        assertEquals(new BenchOptions(1024, 3, 5), options);
        assertEquals(options, BenchOptions.parse(options.toArgs()));
    }

    @Test
    void theHelpThatAnUnknownOptionPointsToListsEveryOption()
    {
        final String usage = BenchOptions.usage();
        for (final String option : new String[] {"--help", "--max-bytes", "--repetitions", "--batch-ms"})
        {
            assertTrue(usage.contains(option), option + " missing from: " + usage);
        }
        assertTrue(OptionParser.wantsHelp(new String[] {"--max-bytes", "8", "--help"}));
    }

    @Test
    void rejectsUnknownMissingAndOutOfRangeValues()
    {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BenchOptions.parse(new String[] {"--size", "1"}))
            .getMessage().contains("--size"));
        assertThrows(IllegalArgumentException.class, () -> BenchOptions.parse(new String[] {"--repetitions"}));
        assertThrows(IllegalArgumentException.class, () -> BenchOptions.parse(new String[] {"--repetitions", "0"}));
        assertThrows(IllegalArgumentException.class, () -> BenchOptions.parse(new String[] {"--max-bytes", "x"}));
    }
}
