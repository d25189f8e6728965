package org.openmpj.bench.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LinePlotTest
{
    @Test
    void writesAPngOfTheGivenSizeWithSomethingDrawn(@TempDir final Path dir) throws IOException
    {
        final LinePlot plot = new LinePlot("title",
            Axis.log2("size", 1, 1024, value -> Long.toString((long)value)),
            Axis.log10("µs", 0.1, 100),
            List.of(
                new Series("one", new double[] {1, 32, 1024}, new double[] {0.2, 1, 50}),
                new Series("two", new double[] {1, 32, 1024}, new double[] {0.5, Double.NaN, 80})),
            List.of(new MarkerLine(64, "limit")));
        final Path file = dir.resolve("sub/plot.png");

        plot.writePng(file, 640, 400);

        assertTrue(Files.size(file) > 1000);
        final BufferedImage image = ImageIO.read(file.toFile());
        assertEquals(640, image.getWidth());
        assertEquals(400, image.getHeight());
        assertTrue(countNonWhite(image) > 1000, "lines, text and axes are drawn");
    }

    private static int countNonWhite(final BufferedImage image)
    {
        int count = 0;
        for (int y = 0; y < image.getHeight(); y++)
        {
            for (int x = 0; x < image.getWidth(); x++)
            {
                if ((image.getRGB(x, y) & 0xffffff) != 0xffffff)
                {
                    count++;
                }
            }
        }
        return count;
    }
}
