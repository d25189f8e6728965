package org.openmpj.bench.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.geom.AffineTransform;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import javax.imageio.ImageIO;

/**
 * A line chart drawn with Java2D into an image: a title, two axes with ticks, grid and titles, one line with
 * point markers per series (solid or dashed, coloured by position or by choice), a legend, and optional vertical dashed
 * marker lines. Needs no display.
 */
public final class LinePlot
{
    private static final Color[] PALETTE =
    {
        new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c), new Color(0x9467bd), new Color(0xff7f0e),
    };
    private static final Color GRID = new Color(0xe4e4e4);
    private static final Color MARKER = new Color(0x555555);
    private static final int MARGIN_LEFT = 90;
    private static final int MARGIN_RIGHT = 30;
    private static final int MARGIN_TOP = 50;
    private static final int MARGIN_BOTTOM = 70;
    private static final int TICK_LENGTH = 6;
    private static final int MINOR_TICK_LENGTH = 3;
    private static final double POINT_DIAMETER = 6;

    private final String title;
    private final Axis x;
    private final Axis y;
    private final List<Series> series;
    private final List<MarkerLine> markers;

    /**
     * @param title   drawn above the plot.
     * @param x       the horizontal axis.
     * @param y       the vertical axis.
     * @param series  the lines, drawn in order, coloured from a fixed palette.
     * @param markers vertical dashed lines.
     */
    public LinePlot(final String title, final Axis x, final Axis y, final List<Series> series, final List<MarkerLine> markers)
    {
        this.title = title;
        this.x = x;
        this.y = y;
        this.series = List.copyOf(series);
        this.markers = List.copyOf(markers);
    }

    /** Renders the plot and writes it as a PNG, creating the parent directories. */
    public void writePng(final Path file, final int width, final int height) throws IOException
    {
        final Path parent = file.toAbsolutePath().getParent();
        if (parent != null)
        {
            Files.createDirectories(parent);
        }
        if (!ImageIO.write(render(width, height), "png", file.toFile()))
        {
            throw new IOException("no PNG writer in this JVM");
        }
    }

    /** @return the plot drawn on a white image of the given size. */
    public BufferedImage render(final int width, final int height)
    {
        if (width < MARGIN_LEFT + MARGIN_RIGHT + 50 || height < MARGIN_TOP + MARGIN_BOTTOM + 50)
        {
            throw new IllegalArgumentException("a plot needs at least 200 x 170 pixels, got " + width + " x " + height);
        }
        final BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        final Graphics2D g = image.createGraphics();
        try
        {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, width, height);
            final Frame frame = new Frame(MARGIN_LEFT, MARGIN_TOP, width - MARGIN_LEFT - MARGIN_RIGHT, height - MARGIN_TOP - MARGIN_BOTTOM);
            drawTitle(g, width);
            drawXAxis(g, frame);
            drawYAxis(g, frame);
            g.setClip(frame.left, frame.top, frame.width + 1, frame.height + 1);
            drawMarkers(g, frame);
            drawSeries(g, frame);
            g.setClip(null);
            g.setColor(Color.BLACK);
            g.setStroke(new BasicStroke(1f));
            g.drawRect(frame.left, frame.top, frame.width, frame.height);
            drawLegend(g, frame);
        }
        finally
        {
            g.dispose();
        }
        return image;
    }

    private void drawTitle(final Graphics2D g, final int width)
    {
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
        g.setColor(Color.BLACK);
        final FontMetrics metrics = g.getFontMetrics();
        g.drawString(title, (width - metrics.stringWidth(title)) / 2, MARGIN_TOP - 18);
    }

    private void drawXAxis(final Graphics2D g, final Frame frame)
    {
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        final FontMetrics metrics = g.getFontMetrics();
        final int bottom = frame.top + frame.height;
        for (final Tick tick : x.ticks())
        {
            final int px = frame.xPixel(x, tick.value());
            if (tick.isMajor())
            {
                g.setColor(GRID);
                g.drawLine(px, frame.top, px, bottom);
                g.setColor(Color.BLACK);
                g.drawLine(px, bottom, px, bottom + TICK_LENGTH);
                g.drawString(tick.label(), px - metrics.stringWidth(tick.label()) / 2, bottom + TICK_LENGTH + metrics.getAscent() + 2);
            }
            else
            {
                g.setColor(Color.BLACK);
                g.drawLine(px, bottom, px, bottom + MINOR_TICK_LENGTH);
            }
        }
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
        final FontMetrics titleMetrics = g.getFontMetrics();
        g.drawString(x.title(), frame.left + (frame.width - titleMetrics.stringWidth(x.title())) / 2, bottom + MARGIN_BOTTOM - 18);
    }

    private void drawYAxis(final Graphics2D g, final Frame frame)
    {
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        final FontMetrics metrics = g.getFontMetrics();
        for (final Tick tick : y.ticks())
        {
            final int py = frame.yPixel(y, tick.value());
            if (tick.isMajor())
            {
                g.setColor(GRID);
                g.drawLine(frame.left, py, frame.left + frame.width, py);
                g.setColor(Color.BLACK);
                g.drawLine(frame.left - TICK_LENGTH, py, frame.left, py);
                g.drawString(tick.label(), frame.left - TICK_LENGTH - 4 - metrics.stringWidth(tick.label()),
                    py + metrics.getAscent() / 2 - 1);
            }
            else
            {
                g.setColor(Color.BLACK);
                g.drawLine(frame.left - MINOR_TICK_LENGTH, py, frame.left, py);
            }
        }
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
        final FontMetrics titleMetrics = g.getFontMetrics();
        final AffineTransform saved = g.getTransform();
        g.rotate(-Math.PI / 2);
        g.drawString(y.title(), -(frame.top + (frame.height + titleMetrics.stringWidth(y.title())) / 2), 22);
        g.setTransform(saved);
    }

    private void drawMarkers(final Graphics2D g, final Frame frame)
    {
        g.setFont(new Font(Font.SANS_SERIF, Font.ITALIC, 12));
        final FontMetrics metrics = g.getFontMetrics();
        for (final MarkerLine marker : markers)
        {
            if (!x.canShow(marker.x()))
            {
                continue;
            }
            final int px = frame.xPixel(x, marker.x());
            g.setColor(MARKER);
            g.setStroke(new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 5f}, 0f));
            g.drawLine(px, frame.top, px, frame.top + frame.height);
            g.setStroke(new BasicStroke(1f));
            final int labelWidth = metrics.stringWidth(marker.label());
            final int labelX = px + 5 + labelWidth < frame.left + frame.width ? px + 5 : px - 5 - labelWidth;
            g.drawString(marker.label(), labelX, frame.top + frame.height - 8);
        }
    }

    private void drawSeries(final Graphics2D g, final Frame frame)
    {
        for (int i = 0; i < series.size(); i++)
        {
            final Series line = series.get(i);
            final double[] xs = line.x();
            final double[] ys = line.y();
            g.setColor(colour(i));
            g.setStroke(stroke(line));
            final Path2D.Double path = new Path2D.Double();
            boolean drawing = false;
            for (int p = 0; p < xs.length; p++)
            {
                if (!x.canShow(xs[p]) || !y.canShow(ys[p]))
                {
                    drawing = false;
                    continue;
                }
                final double px = frame.xPosition(x, xs[p]);
                final double py = frame.yPosition(y, ys[p]);
                if (drawing)
                {
                    path.lineTo(px, py);
                }
                else
                {
                    path.moveTo(px, py);
                    drawing = true;
                }
                g.fill(point(px, py));
            }
            g.draw(path);
        }
    }

    private void drawLegend(final Graphics2D g, final Frame frame)
    {
        if (series.isEmpty())
        {
            return;
        }
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        final FontMetrics metrics = g.getFontMetrics();
        int textWidth = 0;
        for (final Series line : series)
        {
            textWidth = Math.max(textWidth, metrics.stringWidth(line.name()));
        }
        final int rowHeight = metrics.getHeight() + 4;
        final int boxWidth = 10 + 30 + 8 + textWidth + 10;
        final int boxHeight = 8 + rowHeight * series.size() + 4;
        final int left = frame.left + 12;
        final int top = frame.top + 12;
        g.setColor(new Color(255, 255, 255, 235));
        g.fillRect(left, top, boxWidth, boxHeight);
        g.setColor(Color.GRAY);
        g.drawRect(left, top, boxWidth, boxHeight);
        for (int i = 0; i < series.size(); i++)
        {
            final int rowMiddle = top + 8 + i * rowHeight + rowHeight / 2;
            g.setColor(colour(i));
            g.setStroke(stroke(series.get(i)));
            g.drawLine(left + 10, rowMiddle, left + 40, rowMiddle);
            g.fill(point(left + 25, rowMiddle));
            g.setColor(Color.BLACK);
            g.drawString(series.get(i).name(), left + 48, rowMiddle + metrics.getAscent() / 2 - 1);
        }
        g.setStroke(new BasicStroke(1f));
    }

    private Color colour(final int index)
    {
        final int chosen = series.get(index).colour();
        return PALETTE[(chosen == Series.AUTO_COLOUR ? index : chosen) % PALETTE.length];
    }

    private static BasicStroke stroke(final Series line)
    {
        return line.dashed()
            ? new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, new float[] {8f, 5f}, 0f)
            : new BasicStroke(2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
    }

    private static Shape point(final double px, final double py)
    {
        return new Ellipse2D.Double(px - POINT_DIAMETER / 2, py - POINT_DIAMETER / 2, POINT_DIAMETER, POINT_DIAMETER);
    }

    /** The plotting area inside the margins, in pixels. */
    private record Frame(int left, int top, int width, int height)
    {
        double xPosition(final Axis axis, final double value)
        {
            return left + axis.fraction(value) * width;
        }

        double yPosition(final Axis axis, final double value)
        {
            return top + height - axis.fraction(value) * height;
        }

        int xPixel(final Axis axis, final double value)
        {
            return (int)Math.round(xPosition(axis, value));
        }

        int yPixel(final Axis axis, final double value)
        {
            return (int)Math.round(yPosition(axis, value));
        }
    }
}
