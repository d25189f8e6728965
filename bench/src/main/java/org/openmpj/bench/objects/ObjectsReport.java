package org.openmpj.bench.objects;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.openmpj.bench.OptionParser;
import org.openmpj.bench.Samples;
import org.openmpj.bench.plot.LineChart;
import org.openmpj.bench.report.AbstractReport;
import org.openmpj.bench.report.MarkdownReport;
import org.openmpj.bench.report.OpenMpjJob;
import org.openmpj.bench.report.ReportOptions;
import org.openmpj.bench.report.RunInfo;
import org.openmpj.bench.report.Step;
import org.openmpj.bench.report.StepRun;

/**
 * The object messaging report ({@code ReportRunner objects}): {@link ObjectMessaging} on two thread ranks once with
 * OpenMPJ's compact encoding and once with Java serialization ({@code -Dopenmpj.objects.encoding=java}) in every round,
 * the two taking turns. Per graph and way (ping-pong, stream) it gives every round's times per message, the per-round
 * ratio (Java's time over the compact one's) and its median, the allocation per message, and the goals: at least 4x
 * Java's throughput (the stream) for the tree and the items, at most 1 us one-way (the ping-pong) for one small object.
 * Writes {@code objects.csv}, {@code objects.md} and {@code objects-ratio.png}. Started by {@code bench/run-objects.sh}.
 */
public final class ObjectsReport extends AbstractReport<String>
{
    /** The encodings, as {@code openmpj.objects.encoding} names them. */
    static final List<String> ENCODINGS = List.of("compact", "java");
    /** The two ways each graph travels: back and forth, and as a stream one way. */
    static final List<String> MODES = List.of("pingpong", "stream");
    /** The graphs whose throughput must be this many times Java serialization's. */
    static final double THROUGHPUT_GOAL = 4.0;
    /** The one-way time one small object may take, in microseconds. */
    static final double SMALL_LATENCY_GOAL_US = 1.0;

    private static final OptionParser.Option<Integer> WARM_UP = OptionParser.whole("--warm-up-s",
        "seconds of round trips per graph in each job before any is timed", 3, 0, 600);
    /** The report's options and help. */
    public static final OptionParser PARSER = new OptionParser("ReportRunner objects", """
        MPI.OBJECT ping-pong of three object graphs (one small object, a tree of 1023 nodes, 1000 items of a String and a
        double[]) on two thread ranks, in OpenMPJ's compact encoding and in Java serialization, taking turns every round.""",
        List.of(ReportOptions.HOME, ReportOptions.RESULTS, ReportOptions.ROUNDS, WARM_UP));

    private final int warmUpSeconds;
    private final Path javaHome;

    /**
     * @param home          the OpenMPJ checkout.
     * @param results       where the report goes.
     * @param rounds        how often each encoding runs.
     * @param warmUpSeconds seconds of warm-up per graph in each job.
     * @param javaHome      the JDK {@code bin/mpjrun} runs with.
     */
    public ObjectsReport(final Path home, final Path results, final int rounds, final int warmUpSeconds, final Path javaHome)
    {
        super(home, results, rounds);
        this.warmUpSeconds = warmUpSeconds;
        this.javaHome = javaHome;
    }

    /** @return the report a parsed command line asks for. */
    public static ObjectsReport of(final OptionParser.Values values)
    {
        return new ObjectsReport(ReportOptions.home(values), ReportOptions.results(values), values.get(ReportOptions.ROUNDS),
            values.get(WARM_UP), Path.of(System.getProperty("java.home")));
    }

    @Override
    public List<Step<String>> steps(final int round)
    {
        final List<String> order = new ArrayList<>(ENCODINGS);
        if (round % 2 == 0)
        {
            Collections.reverse(order);
        }
        return order.stream().map(encoding -> new Step<>(encoding, "MPI.OBJECT ping-pong, " + encoding + " encoding", "objects-" + encoding,
            List.of(home().resolve("bin/mpjrun").toString(), "-np", "2", "-dev", "thread", "-Dopenmpj.objects.encoding=" + encoding,
                "-cp", OpenMpjJob.moduleJar(home(), "bench").toString(), ObjectMessaging.class.getName(),
                "--warm-up-s", Integer.toString(warmUpSeconds)))).toList();
    }

    @Override
    public Map<String, String> environment()
    {
        return Map.of("JAVA_HOME", javaHome.toString());
    }

    @Override
    public RunInfo.Setting setting()
    {
        return new RunInfo.Setting("thread", -1, 0, 1);
    }

    @Override
    public void check(final StepRun<String> run) throws IOException
    {
        if (ObjectResult.parse(run).size() != ObjectGraphs.Shape.values().length * MODES.size())
        {
            throw new IOException(run.step().label() + " printed no result line for some graph; see " + run.log());
        }
    }

    @Override
    public void write(final List<List<StepRun<String>>> rounds, final RunInfo info) throws IOException
    {
        final List<ObjectResult> results = new ArrayList<>();
        for (final List<StepRun<String>> round : rounds)
        {
            for (final StepRun<String> run : round)
            {
                results.addAll(ObjectResult.parse(run));
            }
        }
        Files.createDirectories(results());
        Files.writeString(results().resolve("objects.csv"), ObjectResult.csv(results), StandardCharsets.UTF_8);
        chart(results).writePng(results().resolve("objects-ratio.png"));
        Files.writeString(results().resolve("objects.md"), markdown(results, info), StandardCharsets.UTF_8);
        System.out.println("== wrote " + results().resolve("objects.md"));
    }

    private String markdown(final List<ObjectResult> results, final RunInfo info)
    {
        final StringBuilder md = new StringBuilder("# Object messaging: OpenMPJ's compact encoding against Java serialization\n\n");
        MarkdownReport.appendMachine(md, info);
        md.append("""
            `MPI.OBJECT` messages between two thread ranks, two ways. Ping-pong: the receiver sends back what it received, so
            every one-way trip is one serialization, one transfer and one deserialization (of a graph the other side has just
            built: fresh objects, whose identity hashes are made on the way back). Stream: rank 0 sends the graph again and
            again with blocking sends, rank 1 receives, so rank 0 serializes the next while rank 1 deserializes the last, and
            the time per message is the slower side's: the throughput. Times are per message, the median of 5 timed batches
            after a warm-up; the ratio is Java's time over the compact one's in the same round, and its median over the
            rounds is the figure. Allocation is rank 0's heap bytes per message. Graphs: one object of an `int` and a
            `double`; a binary tree of 1023 nodes of four `int`s; 1000 items of a `String` and a `double[3]`. Goals: one
            small object one way in at most 1 µs; the tree and the items at least 4 times Java serialization's throughput.

            """);
        md.append("| graph | way | goal | compact µs/msg (median) | Java µs/msg (median) | ratio, median of rounds | met")
            .append(" | compact B/msg | Java B/msg | compact alloc B/msg | Java alloc B/msg |\n")
            .append("|---|---|---|---:|---:|---:|---|---:|---:|---:|---:|\n");
        for (final ObjectGraphs.Shape shape : ObjectGraphs.Shape.values())
        {
            for (final String mode : MODES)
            {
                final String name = shape.name().toLowerCase(Locale.ROOT);
                final double compactUs = median(results, name, mode, "compact", ObjectResult::onewayUs);
                final double ratio = medianRatio(results, shape, mode);
                final String goal;
                final String met;
                if (shape == ObjectGraphs.Shape.SMALL && mode.equals("pingpong"))
                {
                    goal = "≤ 1 µs";
                    met = compactUs <= SMALL_LATENCY_GOAL_US ? "yes" : "**no**";
                }
                else if (shape != ObjectGraphs.Shape.SMALL && mode.equals("stream"))
                {
                    goal = "ratio ≥ 4";
                    met = ratio >= THROUGHPUT_GOAL ? "yes" : "**no**";
                }
                else
                {
                    goal = "";
                    met = "";
                }
                md.append(String.format(Locale.ROOT, "| %s | %s | %s | %.3f | %.3f | %.2f | %s | %.0f | %.0f | %.0f | %.0f |%n", name, mode,
                    goal, compactUs, median(results, name, mode, "java", ObjectResult::onewayUs), ratio, met,
                    median(results, name, mode, "compact", ObjectResult::messageBytes),
                    median(results, name, mode, "java", ObjectResult::messageBytes),
                    median(results, name, mode, "compact", ObjectResult::allocBytes),
                    median(results, name, mode, "java", ObjectResult::allocBytes)));
            }
        }
        md.append("\n## Every round\n\n| round | graph | way | compact µs/msg | min µs | Java µs/msg | min µs | ratio |\n")
            .append("|---:|---|---|---:|---:|---:|---:|---:|\n");
        for (int round = 1; round <= rounds(); round++)
        {
            for (final ObjectGraphs.Shape shape : ObjectGraphs.Shape.values())
            {
                for (final String mode : MODES)
                {
                    final ObjectResult compact = find(results, round, shape, mode, "compact");
                    final ObjectResult java = find(results, round, shape, mode, "java");
                    if (compact != null && java != null)
                    {
                        md.append(String.format(Locale.ROOT, "| %d | %s | %s | %.3f | %.3f | %.3f | %.3f | %.2f |%n", round, compact.shape(), mode,
                            compact.onewayUs(), compact.minUs(), java.onewayUs(), java.minUs(), java.onewayUs() / compact.onewayUs()));
                    }
                }
            }
        }
        md.append("\n![throughput ratio per round](objects-ratio.png)\n");
        return md.toString();
    }

    private LineChart chart(final List<ObjectResult> results)
    {
        final LineChart chart = new LineChart("MPI.OBJECT, compact encoding over Java serialization: ratio of times per message (higher is better)",
            new LineChart.Axis("round", LineChart.Scale.LINEAR, value -> Long.toString(value.longValue())),
            new LineChart.Axis("Java time / compact time", LineChart.Scale.LINEAR));
        final double[] xs = new double[rounds()];
        Arrays.setAll(xs, i -> i + 1);
        for (final ObjectGraphs.Shape shape : ObjectGraphs.Shape.values())
        {
            for (final String mode : MODES)
            {
                final double[] ys = new double[rounds()];
                for (int round = 1; round <= rounds(); round++)
                {
                    ys[round - 1] = ratio(results, round, shape, mode);
                }
                chart.line(shape.name().toLowerCase(Locale.ROOT) + ", " + mode, xs, ys);
            }
        }
        final double[] goal = new double[rounds()];
        Arrays.fill(goal, THROUGHPUT_GOAL);
        return chart.line("throughput goal (tree and items, stream)", xs, goal, 2 * ObjectGraphs.Shape.values().length, true);
    }

    /** @return Java's time over the compact one's in {@code round}, NaN when either is missing. */
    private static double ratio(final List<ObjectResult> results, final int round, final ObjectGraphs.Shape shape, final String mode)
    {
        final ObjectResult compact = find(results, round, shape, mode, "compact");
        final ObjectResult java = find(results, round, shape, mode, "java");
        return compact == null || java == null ? Double.NaN : java.onewayUs() / compact.onewayUs();
    }

    private static ObjectResult find(final List<ObjectResult> results, final int round, final ObjectGraphs.Shape shape, final String mode,
        final String encoding)
    {
        final String name = shape.name().toLowerCase(Locale.ROOT);
        return results.stream().filter(r -> r.round() == round && r.shape().equals(name) && mode.equals(r.mode())
            && r.encoding().equals(encoding)).findFirst().orElse(null);
    }

    private static double median(final List<ObjectResult> results, final String shape, final String mode, final String encoding,
        final java.util.function.ToDoubleFunction<ObjectResult> value)
    {
        return Samples.medianOfKnown(results.stream().filter(r -> r.shape().equals(shape) && mode.equals(r.mode()) && r.encoding().equals(encoding))
            .mapToDouble(value).toArray());
    }

    private double medianRatio(final List<ObjectResult> results, final ObjectGraphs.Shape shape, final String mode)
    {
        final double[] ratios = new double[rounds()];
        for (int round = 1; round <= rounds(); round++)
        {
            ratios[round - 1] = ratio(results, round, shape, mode);
        }
        return Samples.medianOfKnown(ratios);
    }
}
