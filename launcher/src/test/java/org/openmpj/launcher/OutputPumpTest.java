package org.openmpj.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openmpj.runtime.RankBlocks;

/** Output of several ranks into one stream: whole lines, prefixed, never mixed. */
@Timeout(60)
class OutputPumpTest
{
    @Test
    void linesOfConcurrentRanksArriveWholeWithTheirPrefix() throws Exception
    {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final PrintStream target = new PrintStream(bytes, false, StandardCharsets.UTF_8);
        final int ranks = 4;
        final int lines = 2000;
        final List<Thread> pumps = new ArrayList<>();
        for (int rank = 0; rank < ranks; rank++)
        {
            final StringBuilder text = new StringBuilder();
            for (int i = 0; i < lines; i++)
            {
                text.append("rank ").append(rank).append(" line ").append(i).append(" ").append("é-".repeat(i % 50)).append('\n');
            }
            pumps.add(OutputPump.start(new Dribble(text.toString().getBytes(StandardCharsets.UTF_8), rank), target, OutputPump.rankPrefix(rank),
                "pump-" + rank));
        }
        for (final Thread pump : pumps)
        {
            pump.join();
        }
        final int[] next = new int[ranks];
        for (final String line : bytes.toString(StandardCharsets.UTF_8).split("\n"))
        {
            final int rank = line.charAt(1) - '0';
            assertEquals("[" + rank + "] rank " + rank + " line " + next[rank] + " " + "é-".repeat(next[rank] % 50), line);
            next[rank]++;
        }
        assertEquals(List.of(lines, lines, lines, lines), List.of(next[0], next[1], next[2], next[3]));
    }

    @Test
    void aLastLineWithoutNewlineGetsOneAndNoPrefixMeansNone()
    {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new OutputPump(new ByteArrayInputStream("one\n\ntwo".getBytes(StandardCharsets.UTF_8)), new PrintStream(bytes, true, StandardCharsets.UTF_8),
            "").run();
        assertEquals("one\n\ntwo\n", bytes.toString(StandardCharsets.UTF_8));
    }

    /** A stream that hands out its bytes a few at a time, splitting lines and characters across reads. */
    private static final class Dribble extends InputStream
    {
        private final byte[] data;
        private final Random random;
        private int position;

        Dribble(final byte[] data, final long seed)
        {
            this.data = data;
            this.random = new Random(seed);
        }

        @Override
        public int read()
        {
            return position < data.length ? data[position++] & 0xff : -1;
        }

        @Override
        public int read(final byte[] buffer, final int offset, final int length)
        {
            if (position == data.length)
            {
                return -1;
            }
            final int count = Math.min(Math.min(length, 1 + random.nextInt(7)), data.length - position);
            System.arraycopy(data, position, buffer, offset, count);
            position += count;
            if (random.nextInt(64) == 0)
            {
                Thread.yield();
            }
            return count;
        }
    }

    @Test
    void aProcessOfSeveralRanksPrefixesItsLinesWithTheirRange()
    {
        assertEquals("[3] ", OutputPump.processPrefix(new RankBlocks(8, 1), 3));
        assertEquals("[4-7] ", OutputPump.processPrefix(new RankBlocks(8, 4), 1));
        assertEquals("[4-5] ", OutputPump.processPrefix(new RankBlocks(6, 4), 1));
        assertEquals("[4] ", OutputPump.processPrefix(new RankBlocks(5, 4), 1));
    }
}
