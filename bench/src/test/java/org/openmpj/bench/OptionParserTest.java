package org.openmpj.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

class OptionParserTest
{
    private static final OptionParser.Option<Integer> ROUNDS = OptionParser.whole("--rounds", "how often", 3, 1, 100);
    private static final OptionParser.Option<List<Integer>> RANKS = OptionParser.wholeList("--ranks", "job sizes", List.of(2, 4), 1, 64);
    private static final OptionParser.Option<Boolean> QUICK = OptionParser.flag("--quick", "fewer sizes");
    private static final OptionParser.Option<Path> OUT = OptionParser.path("--out", "DIR", "where", "HOME/out");
    private static final OptionParser.Option<List<String>> NAMES = OptionParser.list("--names", "A,B", "names", List.of("a"),
        value ->
        {
            if (!value.matches("[a-z]+"))
            {
                throw new IllegalArgumentException("is not lower-case letters");
            }
            return value;
        });
    private static final OptionParser PARSER = new OptionParser("Test kind", "Does a test.", List.of(ROUNDS, RANKS, QUICK, OUT, NAMES));

    @Test
    void readsValuesFlagsAndListsAndKeepsDefaults()
    {
        final OptionParser.Values values = PARSER.parse(new String[] {"--ranks", "8,2,8", "--quick", "--rounds", " 5 ", "--names", "x,y,x"});

        assertEquals(5, values.get(ROUNDS));
        assertEquals(List.of(2, 8), values.get(RANKS), "ascending, each once");
        assertTrue(values.get(QUICK));
        assertEquals(List.of("x", "y"), values.get(NAMES));
        assertNull(values.get(OUT), "a default the program works out itself");
        assertFalse(values.given(OUT));
        final OptionParser.Values none = PARSER.parse(new String[0]);
        assertEquals(3, none.get(ROUNDS));
        assertFalse(none.get(QUICK));
        assertEquals(List.of(2, 4), none.get(RANKS));
    }

    @Test
    void anOptionDeclaredWithAnotherDefaultReadsTheSameValueAndTheDeclaredDefault()
    {
        final OptionParser parser = new OptionParser("p", "s", List.of(ROUNDS.withDefault(7)));

        assertEquals(7, parser.parse(new String[0]).get(ROUNDS), "the parser's declaration gives the default");
        assertEquals(2, parser.parse(new String[] {"--rounds", "2"}).get(ROUNDS));
    }

    @Test
    void errorsNameTheOptionAndTheValue()
    {
        assertRefused("--rounds 0 is out of range; expected 1 to 100", "--rounds", "0");
        assertRefused("--rounds x is not a whole number", "--rounds", "x");
        assertRefused("--bogus is not an option of Test kind; see --help", "--bogus", "1");
        assertRefused("--rounds needs a value (N)", "--rounds");
        assertRefused("--ranks 2,0 has 0, which is out of range; expected 1 to 64", "--ranks", "2,0");
        assertRefused("--names a,B has B, which is not lower-case letters", "--names", "a,B");
        assertRefused("--ranks , names nothing", "--ranks", ",");
        assertThrows(IllegalArgumentException.class, () -> new OptionParser("p", "s", List.of(ROUNDS, ROUNDS)));
    }

    private static void assertRefused(final String message, final String... args)
    {
        assertEquals(message, assertThrows(IllegalArgumentException.class, () -> PARSER.parse(args)).getMessage());
    }

    @Test
    void theHelpListsEveryOptionWithItsDefault()
    {
        final String usage = PARSER.usage();

        assertTrue(usage.startsWith("Usage: Test kind [--help] [--rounds N] [--ranks N,N,...] [--quick] [--out DIR] [--names A,B]\n\nDoes a test.\n"),
            usage);
        assertTrue(usage.contains("  --rounds N              how often; default 3.\n"), usage);
        assertTrue(usage.contains("  --ranks N,N,...         job sizes; default 2,4.\n"), usage);
        assertTrue(usage.contains("  --quick                 fewer sizes.\n"), usage);
        assertTrue(usage.contains("  --out DIR               where; default HOME/out.\n"), usage);
        assertTrue(OptionParser.wantsHelp(new String[] {"--rounds", "1", "-h"}));
        assertFalse(OptionParser.wantsHelp(new String[] {"--rounds", "1"}));
    }
}
