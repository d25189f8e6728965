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
        assertEquals("--rounds 0 is out of range; expected 1 to 100",
            assertThrows(IllegalArgumentException.class, () -> PARSER.parse(new String[] {"--rounds", "0"})).getMessage());
        assertEquals("--rounds x is not a whole number",
            assertThrows(IllegalArgumentException.class, () -> PARSER.parse(new String[] {"--rounds", "x"})).getMessage());
        assertEquals("--bogus is not an option of Test kind; see --help",
            assertThrows(IllegalArgumentException.class, () -> PARSER.parse(new String[] {"--bogus", "1"})).getMessage());
        assertEquals("--rounds needs a value (N)",
            assertThrows(IllegalArgumentException.class, () -> PARSER.parse(new String[] {"--rounds"})).getMessage());
        assertEquals("--ranks 2,0 has 0, which is out of range; expected 1 to 64",
            assertThrows(IllegalArgumentException.class, () -> PARSER.parse(new String[] {"--ranks", "2,0"})).getMessage());
        assertEquals("--names a,B has B, which is not lower-case letters",
            assertThrows(IllegalArgumentException.class, () -> PARSER.parse(new String[] {"--names", "a,B"})).getMessage());
        assertEquals("--ranks , names nothing",
            assertThrows(IllegalArgumentException.class, () -> PARSER.parse(new String[] {"--ranks", ","})).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new OptionParser("p", "s", List.of(ROUNDS, ROUNDS)));
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
