package org.openmpj.bench.overlap;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

import org.openmpj.bench.OptionParser;
import org.openmpj.bench.plot.LineChart;
import org.openmpj.bench.report.ResultLineReport;
import org.openmpj.bench.report.MarkdownReport;
import org.openmpj.bench.report.OpenMpjJob;
import org.openmpj.bench.report.ReportOptions;
import org.openmpj.bench.report.RunInfo;
import org.openmpj.bench.report.Step;
import org.openmpj.bench.report.StepRun;

/**
 * The overlap report ({@code ReportRunner overlap}): {@link IallreduceOverlap} at 2 ranks on each chosen device, once
 * without a progress thread and once with one ({@code -Dopenmpj.progress=thread}) in every round, the two taking turns.
 * Per device and mode it gives every round's times and share hidden, the median share over the rounds, and the goal:
 * at least 80% of a 4 MiB {@code Iallreduce} hidden with the progress thread. Writes {@code overlap.csv},
 * {@code overlap.md} and {@code overlap-hidden.png}. Started by {@code bench/run-overlap.sh}.
 */
public final class OverlapReport extends ResultLineReport<OverlapReport.Job, OverlapResult>
{
    /** The progress modes, as {@code openmpj.progress} names them. */
    static final List<String> PROGRESS = List.of("none", "thread");
    /** The share of the operation's time the progress thread must hide, in percent. */
    static final double HIDDEN_GOAL_PCT = 80.0;

    private static final OptionParser.Option<List<String>> DEVICES = OptionParser.list("--devices", "D,D,...",
        "the devices whose ranks run the program: thread, shm, tcp, hybrid, ucx", List.of("shm", "tcp", "thread"), name -> name);
    private static final OptionParser.Option<Integer> BYTES = OptionParser.whole("--bytes",
        "the size of the reduced vector of doubles", 4 << 20, 8, 1 << 30);
    private static final OptionParser.Option<Integer> WARM_UP = OptionParser.whole("--warm-up-s",
        "seconds of operations and computation in each job before any is timed", 3, 0, 600);
    /** The report's options and help. */
    public static final OptionParser PARSER = new OptionParser("ReportRunner overlap", """
        The share of a 4 MiB Iallreduce's time that computation hides at 2 ranks, on each device without and with a
        progress thread, taking turns every round.""", List.of(ReportOptions.HOME, ReportOptions.RESULTS, ReportOptions.ROUNDS, DEVICES, BYTES,
        WARM_UP));

    private final List<String> devices;
    private final int bytes;
    private final int warmUpSeconds;

    /**
     * One run of the program: a device and a progress mode.
     *
     * @param device   the device.
     * @param progress {@code none} or {@code thread}.
     */
    public record Job(String device, String progress)
    {
    }

    /**
     * @param home          the OpenMPJ checkout.
     * @param results       where the report goes.
     * @param rounds        how often each job runs.
     * @param devices       the devices.
     * @param bytes         the reduced vector's size.
     * @param warmUpSeconds seconds of warm-up in each job.
     * @param javaHome      the JDK {@code bin/mpjrun} runs with.
     */
    public OverlapReport(final Path home, final Path results, final int rounds, final List<String> devices, final int bytes,
        final int warmUpSeconds, final Path javaHome)
    {
        super(home, results, rounds, javaHome);
        this.devices = List.copyOf(devices);
        this.bytes = bytes;
        this.warmUpSeconds = warmUpSeconds;
    }

    /** @return the report a parsed command line asks for. */
    public static OverlapReport of(final OptionParser.Values values)
    {
        return new OverlapReport(ReportOptions.home(values), ReportOptions.results(values), values.get(ReportOptions.ROUNDS),
            values.get(DEVICES), values.get(BYTES), values.get(WARM_UP), Path.of(System.getProperty("java.home")));
    }

    @Override
    public List<Step<Job>> steps(final int round)
    {
        final List<String> order = new ArrayList<>(PROGRESS);
        if (round % 2 == 0)
        {
            Collections.reverse(order);
        }
        final List<Step<Job>> steps = new ArrayList<>();
        for (final String device : devices)
        {
            for (final String progress : order)
            {
                steps.add(new Step<>(new Job(device, progress), "Iallreduce overlap on " + device + ", progress " + progress,
                    "overlap-" + device + "-" + progress, List.of(home().resolve("bin/mpjrun").toString(), "-np", "2", "-dev", device,
                        "-Dopenmpj.progress=" + progress, "-cp", OpenMpjJob.moduleJar(home(), "bench").toString(),
                        IallreduceOverlap.class.getName(), "--bytes", Integer.toString(bytes), "--warm-up-s", Integer.toString(warmUpSeconds))));
            }
        }
        return steps;
    }

    @Override
    protected OverlapResult parse(final StepRun<Job> run)
    {
        return OverlapResult.parse(run);
    }

    @Override
    public RunInfo.Setting setting()
    {
        return new RunInfo.Setting(String.join(",", devices), -1, 0, 1);
    }

    @Override
    public void write(final List<List<StepRun<Job>>> rounds, final RunInfo info) throws IOException
    {
        final List<OverlapResult> results = collect(rounds);
        Files.createDirectories(results());
        Files.writeString(results().resolve("overlap.csv"), OverlapResult.csv(results), StandardCharsets.UTF_8);
        chart(results).writePng(results().resolve("overlap-hidden.png"));
        Files.writeString(results().resolve("overlap.md"), markdown(results, info), StandardCharsets.UTF_8);
        System.out.println("== wrote " + results().resolve("overlap.md"));
    }

    private String markdown(final List<OverlapResult> results, final RunInfo info)
    {
        final StringBuilder md = new StringBuilder("# Overlap: how much of an Iallreduce computation hides\n\n");
        MarkdownReport.appendMachine(md, info);
        md.append(String.format(Locale.ROOT, """
            Two ranks reduce a vector of %d bytes of doubles (`MPI.SUM`) with `Iallreduce`. Each of the program's repetitions
            times a batch of the operation alone (start, `Wait`), the same batch of computation alone (floating-point work
            on a cached array, calibrated to last as long as the slowest rank's operation; no call into MPI), and a batch of
            both (start, compute, `Wait`); per repetition the slowest rank counts. The share hidden is (operation +
            computation − both) / operation, the median over the repetitions; the figure per device and mode is its median
            over the rounds. Without a progress thread the operation moves only inside its start and `Wait`; with one
            (`-Dopenmpj.progress=thread`) it moves while the ranks compute. Goal: at least %.0f%% hidden with the progress
            thread. Both modes run in every round, taking turns.

            """, bytes, HIDDEN_GOAL_PCT));
        md.append("| device | progress | hidden, median of rounds | goal met | operation µs | computation µs | both µs |\n")
            .append("|---|---|---:|---|---:|---:|---:|\n");
        for (final String device : devices)
        {
            for (final String progress : PROGRESS)
            {
                final List<OverlapResult> runs = OverlapResult.of(results, device, progress);
                final double hidden = median(runs, OverlapResult::hiddenPct);
                final String met = progress.equals("thread") ? (hidden >= HIDDEN_GOAL_PCT ? "yes" : "**no**") : "";
                md.append(String.format(Locale.ROOT, "| %s | %s | %.1f%% | %s | %.0f | %.0f | %.0f |%n", device, progress, hidden, met,
                    median(runs, OverlapResult::operationUs), median(runs, OverlapResult::computeUs), median(runs, OverlapResult::bothUs)));
            }
        }
        md.append("\n## Every round\n\n| round | device | progress | operation µs | computation µs | both µs | hidden | least | most |\n")
            .append("|---:|---|---|---:|---:|---:|---:|---:|---:|\n");
        for (final OverlapResult r : results)
        {
            md.append(String.format(Locale.ROOT, "| %d | %s | %s | %.0f | %.0f | %.0f | %.1f%% | %.1f%% | %.1f%% |%n", r.round(), r.device(),
                r.progress(), r.operationUs(), r.computeUs(), r.bothUs(), r.hiddenPct(), r.minPct(), r.maxPct()));
        }
        md.append("\n![share hidden per round](overlap-hidden.png)\n");
        return md.toString();
    }

    private LineChart chart(final List<OverlapResult> results)
    {
        final LineChart chart = new LineChart("Iallreduce of " + bytes + " B at 2 ranks: share of its time computation hides (higher is better)",
            new LineChart.Axis("round", LineChart.Scale.LINEAR, value -> Long.toString(value.longValue())),
            new LineChart.Axis("hidden, %", LineChart.Scale.LINEAR));
        final double[] xs = new double[rounds()];
        Arrays.setAll(xs, i -> i + 1);
        for (final String device : devices)
        {
            for (final String progress : PROGRESS)
            {
                final double[] ys = new double[rounds()];
                Arrays.fill(ys, Double.NaN);
                for (final OverlapResult r : OverlapResult.of(results, device, progress))
                {
                    ys[r.round() - 1] = r.hiddenPct();
                }
                chart.line(device + ", progress " + progress, xs, ys);
            }
        }
        final double[] goal = new double[rounds()];
        Arrays.fill(goal, HIDDEN_GOAL_PCT);
        return chart.line("goal with the progress thread", xs, goal, 2 * devices.size(), true);
    }
}
