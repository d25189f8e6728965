package org.openmpj.bench.executor;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
 * The executor report ({@code ReportRunner executor}): {@link TaskThroughput} on each chosen device at each pool size, the
 * jobs taking turns round by round. Per device and pool size it gives the empty task's round trip against a one-byte
 * ping-pong measured in the same job, and the empty tasks per second one root hands out, per round and as the median of
 * the rounds; and the goals: a round trip at most twice the ping-pong's, and at least 100,000 tasks per second at 8 workers
 * on the thread device. Writes {@code executor.csv}, {@code executor.md} and {@code executor-rate.png}. Started by
 * {@code bench/run-executor.sh}.
 */
public final class ExecutorReport extends ResultLineReport<ExecutorReport.Job, ExecutorResult>
{
    /** The round trip of an empty task may take at most this many ping-pong round trips. */
    static final double RATIO_GOAL = 2.0;
    /** Empty tasks per second one root must hand to 8 thread workers. */
    static final double RATE_GOAL = 100_000;

    private static final OptionParser.Option<List<String>> DEVICES = OptionParser.list("--devices", "D,D,...",
        "the devices whose ranks run the pool: thread, shm, tcp, hybrid, ucx", List.of("thread", "shm", "tcp"), name -> name);
    private static final OptionParser.Option<List<Integer>> WORKERS = OptionParser.list("--workers", "N,N,...",
        "the pool sizes, in workers (the job has one rank more)", List.of(1, 2, 4, 8), Integer::parseInt);
    private static final OptionParser.Option<Integer> WARM_UP = OptionParser.whole("--warm-up-s",
        "seconds of repetitions in each job before any is timed", 6, 0, 600);
    /** The report's options and help. */
    public static final OptionParser PARSER = new OptionParser("ReportRunner executor", """
        The round trip of an empty task on a task pool against a ping-pong, and empty tasks per second from one root, on
        each device at each pool size, taking turns every round.""", List.of(ReportOptions.HOME, ReportOptions.RESULTS,
        ReportOptions.ROUNDS, DEVICES, WORKERS, WARM_UP));

    private final List<String> devices;
    private final List<Integer> workers;
    private final int warmUpSeconds;

    /**
     * One job: a device and a pool size.
     *
     * @param device  the device.
     * @param workers the pool's workers.
     */
    public record Job(String device, int workers)
    {
    }

    /**
     * @param home          the OpenMPJ checkout.
     * @param results       where the report goes.
     * @param rounds        how often each job runs.
     * @param devices       the devices.
     * @param workers       the pool sizes.
     * @param warmUpSeconds seconds of warm-up in each job.
     * @param javaHome      the JDK {@code bin/mpjrun} runs with.
     */
    public ExecutorReport(final Path home, final Path results, final int rounds, final List<String> devices, final List<Integer> workers,
        final int warmUpSeconds, final Path javaHome)
    {
        super(home, results, rounds, javaHome);
        this.devices = List.copyOf(devices);
        this.workers = List.copyOf(workers);
        this.warmUpSeconds = warmUpSeconds;
    }

    /** @return the report a parsed command line asks for. */
    public static ExecutorReport of(final OptionParser.Values values)
    {
        return new ExecutorReport(ReportOptions.home(values), ReportOptions.results(values), values.get(ReportOptions.ROUNDS),
            values.get(DEVICES), values.get(WORKERS), values.get(WARM_UP), Path.of(System.getProperty("java.home")));
    }

    @Override
    public List<Step<Job>> steps(final int round)
    {
        final List<Step<Job>> steps = new ArrayList<>();
        for (final String device : devices)
        {
            for (final int size : workers)
            {
                steps.add(new Step<>(new Job(device, size), "task pool on " + device + ", " + size + " workers",
                    "executor-" + device + "-" + size, List.of(home().resolve("bin/mpjrun").toString(), "-np", Integer.toString(size + 1),
                        "-dev", device, "-cp", OpenMpjJob.moduleJar(home(), "bench").toString(), TaskThroughput.class.getName(),
                        "--warm-up-s", Integer.toString(warmUpSeconds))));
            }
        }
        if (round % 2 == 0)
        {
            Collections.reverse(steps);
        }
        return steps;
    }

    @Override
    protected ExecutorResult parse(final StepRun<Job> run)
    {
        return ExecutorResult.parse(run);
    }

    @Override
    public RunInfo.Setting setting()
    {
        return new RunInfo.Setting(String.join(",", devices), -1, 0, 1);
    }

    @Override
    public void write(final List<List<StepRun<Job>>> rounds, final RunInfo info) throws IOException
    {
        final List<ExecutorResult> results = collect(rounds);
        Files.createDirectories(results());
        Files.writeString(results().resolve("executor.csv"), ExecutorResult.csv(results), StandardCharsets.UTF_8);
        chart(results).writePng(results().resolve("executor-rate.png"));
        Files.writeString(results().resolve("executor.md"), markdown(results, info), StandardCharsets.UTF_8);
        System.out.println("== wrote " + results().resolve("executor.md"));
    }

    private String markdown(final List<ExecutorResult> results, final RunInfo info)
    {
        final StringBuilder md = new StringBuilder("# Task pools: round trip and tasks per second\n\n");
        MarkdownReport.appendMachine(md, info);
        md.append(String.format(Locale.ROOT, """
            `TaskThroughput` times, repetition by repetition in turn: the pool's two messages for one empty task without the
            pool ("messages": the task serialized on an ordered stream that names a class once, its bytes sent without
            blocking and received from any rank with any tag, and its value sent back the same way), the floor under a
            task's round trip; a window of one-byte ping-pongs between ranks 0 and 1;
            then, on a pool of the whole job (`MpiExecutor`, rank 0 the root), a batch of empty tasks submitted at once and
            all waited for, and the round trip of one empty task (`submit`, then `get`); and, the pool closed, a second
            ping-pong window. A repetition's ratio sets its round trip against the mean of the two ping-pong windows around
            it, so that the machine's drift between windows weighs on both sides. Per job the figures are medians over its
            repetitions; per device and pool size, the medians over the rounds. Goals: a task's round
            trip at most %.0f ping-pong round trips on every device; at least %,.0f empty tasks per second at 8 thread workers.

            """, RATIO_GOAL, RATE_GOAL));
        md.append("| device | workers | ping-pong round trip µs | messages alone µs | task round trip µs | ratio | goal ≤ 2 | tasks/s"
            + " | goal |\n").append("|---|---:|---:|---:|---:|---:|---|---:|---|\n");
        for (final String device : devices)
        {
            for (final int size : workers)
            {
                final List<ExecutorResult> runs = ExecutorResult.of(results, device, size);
                final double ratio = median(runs, ExecutorResult::ratio);
                final double rate = median(runs, ExecutorResult::tasksPerSecond);
                final String rateGoal = device.equals("thread") && size == 8 ? (rate >= RATE_GOAL ? "yes" : "**no**") : "";
                md.append(String.format(Locale.ROOT, "| %s | %d | %.2f | %.2f | %.2f | %.2f | %s | %,.0f | %s |%n", device, size,
                    median(runs, ExecutorResult::pingPongUs), median(runs, ExecutorResult::messagesUs),
                    median(runs, ExecutorResult::taskUs), ratio,
                    ratio <= RATIO_GOAL ? "yes" : "**no**", rate, rateGoal));
            }
        }
        md.append("\n## Every round\n\n| round | device | workers | ping-pong µs | messages µs | task µs | ratio | tasks/s |\n")
            .append("|---:|---|---:|---:|---:|---:|---:|---:|\n");
        for (final ExecutorResult r : results)
        {
            md.append(String.format(Locale.ROOT, "| %d | %s | %d | %.2f | %.2f | %.2f | %.2f | %,.0f |%n", r.round(), r.device(), r.workers(),
                r.pingPongUs(), r.messagesUs(), r.taskUs(), r.ratio(), r.tasksPerSecond()));
        }
        md.append("\n![empty tasks per second by pool size](executor-rate.png)\n");
        return md.toString();
    }

    private LineChart chart(final List<ExecutorResult> results)
    {
        final LineChart chart = new LineChart("Empty tasks per second from one root, by workers (higher is better; median of rounds)",
            new LineChart.Axis("workers", LineChart.Scale.LINEAR, value -> Long.toString(value.longValue())),
            new LineChart.Axis("tasks per second", LineChart.Scale.LINEAR));
        final double[] xs = workers.stream().mapToDouble(Integer::doubleValue).toArray();
        for (final String device : devices)
        {
            final double[] ys = new double[xs.length];
            for (int i = 0; i < xs.length; i++)
            {
                ys[i] = median(ExecutorResult.of(results, device, workers.get(i)), ExecutorResult::tasksPerSecond);
            }
            chart.line(device, xs, ys);
        }
        final double[] goal = new double[xs.length];
        java.util.Arrays.fill(goal, RATE_GOAL);
        return chart.line("goal at 8 thread workers", xs, goal, devices.size(), true);
    }
}
