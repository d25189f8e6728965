package org.openmpj.bench.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.DoubleUnaryOperator;
import java.util.function.Function;
import java.util.stream.DoubleStream;

import javax.imageio.ImageIO;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A report's line chart, drawn by XChart into a PNG: a title, two axes (linear, base-10 logarithmic, or base-2 logarithmic
 * with a label per power of two, as message sizes and rank counts want), one line with point markers per series (solid or
 * dashed, coloured by position or by choice), vertical dashed marker lines named in the legend, and the legend beside the
 * plot so that it never hides a line. Needs no display. Not thread-safe; build one per plot.
 */
public final class LineChart
{
    /** The size every report's plots are written at. */
    public static final int WIDTH = 1200;
    /** The size every report's plots are written at. */
    public static final int HEIGHT = 750;
    /** Colour the line by its position among the chart's lines. */
    public static final int AUTO_COLOUR = -1;

    private static final Color[] PALETTE =
    {
        new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c), new Color(0x9467bd), new Color(0xff7f0e),
        new Color(0x8c564b), new Color(0xe377c2),
    };
    private static final Color MARKER = new Color(0x555555);
    private static final BasicStroke SOLID = new BasicStroke(2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
    private static final BasicStroke DASHED = new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, new float[] {8f, 5f}, 0f);
    private static final BasicStroke MARKER_STROKE =
        new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 5f}, 0f);
    /** A tick per power of two, as long as their labels fit. */
    private static final int LOG2_TICK_SPACING_PX = 30;
    /** Beyond this many powers of two, only every second one is labelled (1 B, 4 B, 16 B, ...). */
    private static final int LOG2_LABEL_EVERY_POWER_UP_TO = 12;

    private final String title;
    private final Axis x;
    private final Axis y;
    private final List<Line> lines = new ArrayList<>();
    private final List<Marker> markers = new ArrayList<>();

    /**
     * One axis.
     *
     * @param title  the axis title.
     * @param scale  how values map onto it.
     * @param labels the label of a tick value, null for the number itself; not used by {@link Scale#LOG10}, which XChart
     *               labels at its decades.
     */
    public record Axis(String title, Scale scale, Function<Double, String> labels)
    {
        /** An axis whose ticks are labelled with their numbers. */
        public Axis(final String title, final Scale scale)
        {
            this(title, scale, null);
        }
    }

    /** How an axis maps values. */
    public enum Scale
    {
        /** Linear. */
        LINEAR,
        /** Base-10 logarithmic, labelled at each decade. */
        LOG10,
        /** Base-2 logarithmic, labelled at whole powers of two. */
        LOG2
    }

    private record Line(String name, double[] x, double[] y, int colour, boolean dashed)
    {
    }

    private record Marker(double x, String label)
    {
    }

    /**
     * @param title drawn above the plot.
     * @param x     the horizontal axis.
     * @param y     the vertical axis.
     */
    public LineChart(final String title, final Axis x, final Axis y)
    {
        this.title = title;
        this.x = x;
        this.y = y;
    }

    /**
     * Adds a solid line coloured by its position.
     *
     * @return this chart.
     */
    public LineChart line(final String name, final double[] xs, final double[] ys)
    {
        return line(name, xs, ys, AUTO_COLOUR, false);
    }

    /**
     * Adds a line. A point the axes cannot show (NaN, or not positive on a logarithmic axis) breaks it; a line with no such
     * point is left out of the plot and its legend.
     *
     * @param name   the legend entry.
     * @param xs     the x values, ascending.
     * @param ys     the y values, one per x.
     * @param colour the index of the line's colour in the palette, or {@link #AUTO_COLOUR} for the line's position.
     * @param dashed whether the line is dashed rather than solid.
     * @return this chart.
     * @throws IllegalArgumentException when the lengths differ or the colour is not a palette index.
     */
    public LineChart line(final String name, final double[] xs, final double[] ys, final int colour, final boolean dashed)
    {
        if (xs.length != ys.length)
        {
            throw new IllegalArgumentException(name + ": " + xs.length + " x values but " + ys.length + " y values");
        }
        if (colour < AUTO_COLOUR)
        {
            throw new IllegalArgumentException(name + ": colour " + colour + " is not a palette index");
        }
        lines.add(new Line(name, xs.clone(), ys.clone(), colour == AUTO_COLOUR ? lines.size() : colour, dashed));
        return this;
    }

    /**
     * Adds a vertical dashed line across the plot, such as a protocol threshold, named in the legend.
     *
     * @return this chart.
     */
    public LineChart marker(final double at, final String label)
    {
        markers.add(new Marker(at, label));
        return this;
    }

    /** Renders the chart and writes it as a PNG of {@link #WIDTH} x {@link #HEIGHT}, creating the parent directories. */
    public void writePng(final Path file) throws IOException
    {
        writePng(file, WIDTH, HEIGHT);
    }

    /** Renders the chart and writes it as a PNG, creating the parent directories. */
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

    /** @return the chart drawn on an image of the given size. */
    public BufferedImage render(final int width, final int height)
    {
        final XYChart chart = new XYChart(width, height);
        chart.setTitle(title);
        chart.setXAxisTitle(x.title());
        chart.setYAxisTitle(y.title());
        style(chart, powersOfTwo());
        final DoubleUnaryOperator toX = place(x.scale());
        final DoubleUnaryOperator toY = place(y.scale());
        double low = Double.POSITIVE_INFINITY;
        double high = Double.NEGATIVE_INFINITY;
        for (final Line line : lines)
        {
            final double[] ys = Arrays.stream(line.y()).map(value -> shown(y.scale(), value) ? toY.applyAsDouble(value) : Double.NaN).toArray();
            final double[] xs = Arrays.stream(line.x()).map(value -> shown(x.scale(), value) ? toX.applyAsDouble(value) : Double.NaN).toArray();
            for (int i = 0; i < xs.length; i++)
            {
                if (Double.isNaN(xs[i]))
                {
                    ys[i] = Double.NaN;
                }
            }
            if (DoubleStream.of(ys).allMatch(Double::isNaN))
            {
                continue;
            }
            low = Math.min(low, DoubleStream.of(ys).filter(value -> !Double.isNaN(value)).min().orElseThrow());
            high = Math.max(high, DoubleStream.of(ys).filter(value -> !Double.isNaN(value)).max().orElseThrow());
            final XYSeries series = chart.addSeries(line.name(), xs, ys);
            series.setLineColor(PALETTE[line.colour() % PALETTE.length]);
            series.setMarkerColor(PALETTE[line.colour() % PALETTE.length]);
            series.setMarker(SeriesMarkers.CIRCLE);
            series.setLineStyle(line.dashed() ? DASHED : SOLID);
        }
        if (low > high)
        {
            low = toY.applyAsDouble(y.scale() == Scale.LINEAR ? 0 : 1);
            high = low;
        }
        for (final Marker marker : markers)
        {
            if (!shown(x.scale(), marker.x()))
            {
                continue;
            }
            final double at = toX.applyAsDouble(marker.x());
            final XYSeries series = chart.addSeries(marker.label(), new double[] {at, at}, new double[] {low, high});
            series.setLineColor(MARKER);
            series.setLineStyle(MARKER_STROKE);
            series.setMarker(SeriesMarkers.NONE);
        }
        if (chart.getSeriesMap().isEmpty())
        {
            // XChart draws nothing useful without a series; an empty plot still says what it would have shown.
            chart.addSeries("no data", new double[] {toX.applyAsDouble(1)}, new double[] {low}).setMarker(SeriesMarkers.NONE);
        }
        return BitmapEncoder.getBufferedImage(chart);
    }

    /** @return how many powers of two the x values span on a base-2 axis. */
    private int powersOfTwo()
    {
        final double[] all = lines.stream().flatMapToDouble(line -> Arrays.stream(line.x())).filter(value -> shown(x.scale(), value)).toArray();
        if (x.scale() != Scale.LOG2 || all.length == 0)
        {
            return 0;
        }
        return (int)Math.round(place(Scale.LOG2).applyAsDouble(DoubleStream.of(all).max().orElseThrow())
            - place(Scale.LOG2).applyAsDouble(DoubleStream.of(all).min().orElseThrow()));
    }

    private void style(final XYChart chart, final int xPowersOfTwo)
    {
        final var styler = chart.getStyler();
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotBackgroundColor(Color.WHITE);
        styler.setPlotBorderColor(Color.BLACK);
        styler.setPlotGridLinesColor(new Color(0xe4e4e4));
        styler.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
        styler.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
        styler.setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        styler.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        styler.setLegendPosition(Styler.LegendPosition.OutsideE);
        styler.setLegendBorderColor(Color.GRAY);
        styler.setLegendSeriesLineLength(30);
        styler.setMarkerSize(6);
        styler.setXAxisLogarithmic(x.scale() == Scale.LOG10);
        styler.setYAxisLogarithmic(y.scale() == Scale.LOG10);
        // XChart labels a base-10 axis by itself, at its decades: a function of ours would make it tick linearly.
        if (x.scale() != Scale.LOG10)
        {
            styler.setxAxisTickLabelsFormattingFunction(labels(x, xPowersOfTwo > LOG2_LABEL_EVERY_POWER_UP_TO ? 2 : 1));
        }
        if (y.scale() != Scale.LOG10)
        {
            styler.setyAxisTickLabelsFormattingFunction(labels(y, 1));
        }
        if (x.scale() == Scale.LOG2)
        {
            styler.setXAxisTickMarkSpacingHint(LOG2_TICK_SPACING_PX);
        }
        if (y.scale() == Scale.LOG2)
        {
            styler.setYAxisTickMarkSpacingHint(LOG2_TICK_SPACING_PX);
        }
        if (y.scale() == Scale.LINEAR)
        {
            styler.setYAxisMin(0.0);
        }
    }

    /** @return the tick labels of an axis, on a base-2 axis only at every {@code everyPower}-th whole power of two. */
    private static Function<Double, String> labels(final Axis axis, final int everyPower)
    {
        final Function<Double, String> format = axis.labels() != null ? axis.labels() : LineChart::number;
        if (axis.scale() != Scale.LOG2)
        {
            return format;
        }
        // A base-2 axis is drawn as a linear axis of exponents: only whole ones name a power of two.
        return exponent -> exponent == Math.rint(exponent) && Math.floorMod(Math.round(exponent), everyPower) == 0
            ? format.apply(Math.pow(2, exponent)) : "";
    }

    private static DoubleUnaryOperator place(final Scale scale)
    {
        return scale == Scale.LOG2 ? value -> Math.log(value) / Math.log(2) : value -> value;
    }

    private static boolean shown(final Scale scale, final double value)
    {
        return Double.isFinite(value) && (scale == Scale.LINEAR || value > 0);
    }

    private static String number(final double value)
    {
        return value == Math.rint(value) && Math.abs(value) < 1e15
            ? Long.toString((long)value)
            : java.math.BigDecimal.valueOf(value).round(new java.math.MathContext(3)).stripTrailingZeros().toPlainString();
    }
}
