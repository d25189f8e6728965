package org.openmpj.bench.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Checks that charts come out as real PNG files with their lines drawn; {@link #count} serves the reports' chart tests too. */
public class LineChartTest
{
    private static final byte[] PNG_SIGNATURE = {(byte)0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    private static final int BLUE = 0x1f77b4;
    private static final int RED = 0xd62728;

    @Test
    void writesARealPngOfTheGivenSizeWithTheLinesDrawn(@TempDir final Path dir) throws IOException
    {
        final LineChart chart = new LineChart("title",
            new LineChart.Axis("size", LineChart.Scale.LOG2, value -> Long.toString(value.longValue())),
            new LineChart.Axis("µs", LineChart.Scale.LOG10))
            .line("one", new double[] {1, 32, 1024}, new double[] {0.2, 1, 50})
            .line("two", new double[] {1, 32, 1024}, new double[] {0.5, Double.NaN, 80})
            .marker(64, "limit");
        final Path file = dir.resolve("sub/plot.png");

        chart.writePng(file, 640, 400);

        try (InputStream in = Files.newInputStream(file))
        {
            final byte[] head = in.readNBytes(PNG_SIGNATURE.length);
            assertEquals(java.util.Arrays.toString(PNG_SIGNATURE), java.util.Arrays.toString(head), "a PNG file, not just any bytes");
        }
        final BufferedImage image = ImageIO.read(file.toFile());
        assertEquals(640, image.getWidth());
        assertEquals(400, image.getHeight());
        assertTrue(count(image, BLUE) > 50, "the first line in the first colour");
        assertTrue(count(image, RED) > 50, "the second line in the second colour");
    }

    @Test
    void leavesOutLinesWithNothingToShowAndStillDraws()
    {
        final BufferedImage image = new LineChart("t", new LineChart.Axis("x", LineChart.Scale.LINEAR),
            new LineChart.Axis("y", LineChart.Scale.LOG10))
            .line("nothing positive", new double[] {1, 2}, new double[] {0, -1})
            .render(400, 300);

        assertEquals(0, count(image, BLUE));
        assertEquals(400, image.getWidth());
    }

    @Test
    void rejectsMismatchedLines()
    {
        final LineChart chart = new LineChart("t", new LineChart.Axis("x", LineChart.Scale.LINEAR), new LineChart.Axis("y", LineChart.Scale.LINEAR));
        assertThrows(IllegalArgumentException.class, () -> chart.line("a", new double[] {1}, new double[] {1, 2}));
        assertThrows(IllegalArgumentException.class, () -> chart.line("a", new double[] {1}, new double[] {1}, -2, false));
    }

    /** @return how many pixels have exactly this colour. */
    public static int count(final BufferedImage image, final int rgb)
    {
        int count = 0;
        for (int y = 0; y < image.getHeight(); y++)
        {
            for (int x = 0; x < image.getWidth(); x++)
            {
                if ((image.getRGB(x, y) & 0xffffff) == rgb)
                {
                    count++;
                }
            }
        }
        return count;
    }
}
