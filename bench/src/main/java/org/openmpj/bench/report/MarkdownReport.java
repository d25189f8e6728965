package org.openmpj.bench.report;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;

import org.openmpj.bench.AllocationResult;
import org.openmpj.bench.ByteSizes;
import org.openmpj.bench.PingPongBenchmark;
import org.openmpj.bench.ResultSet;
import org.openmpj.bench.SizeResult;

/**
 * The report as Markdown: what was measured where and the machine's state during the run, the targets, OpenMPJ's medians
 * beside the native MPIs' and the floor's with the ratios, one table with a row per size and every implementation's median,
 * minimum and bandwidth, the allocation per message, each round's medians, the commands, and the two plots.
 */
public final class MarkdownReport
{
    private static final String MISSING = "–";

    private MarkdownReport()
    {
    }

    /**
     * @param implementations the columns, in order.
     * @param comparison      what OpenMPJ is compared with and judged by.
     * @param results         the results of every implementation, the rounds combined.
     * @param rounds          the results of each round.
     * @param info            where and how they were measured.
     * @param latencyPng      the latency plot's file name, relative to the Markdown file.
     * @param bandwidthPng    the bandwidth plot's file name, relative to the Markdown file.
     * @return the Markdown text.
     */
    public static String render(
        final List<Implementation> implementations, final PingPongComparison comparison, final ResultSet results,
        final List<ResultSet> rounds, final RunInfo info, final String latencyPng, final String bandwidthPng)
    {
        final StringBuilder md = new StringBuilder();
        md.append("# Ping-pong: ");
        md.append(String.join(" vs ", implementations.stream().map(Implementation::label).toList()));
        md.append("\n\n");
        appendSetup(md, info, machineState(comparison.floor(), rounds));
        md.append(comparison.placement()).append("\n\n");
        appendTargets(md, comparison, rounds, info);
        appendRatios(md, comparison, results);
        appendTimings(md, implementations, results);
        appendAllocations(md, implementations, results);
        appendRounds(md, implementations, rounds);
        md.append("\n## Plots\n\n");
        md.append("![one-way latency](").append(latencyPng).append(")\n\n");
        md.append("![bandwidth](").append(bandwidthPng).append(")\n\n");
        md.append("## Commands\n\n");
        for (final String command : info.commands())
        {
            md.append("- `").append(command).append("`\n");
        }
        if (!info.repeatedRuns().isEmpty())
        {
            md.append("\n## Runs that failed and were run again\n\n");
            for (final String run : info.repeatedRuns())
            {
                md.append("- ").append(run).append('\n');
            }
        }
        return md.toString();
    }

    private static void appendSetup(final StringBuilder md, final RunInfo info, final String machineState)
    {
        appendMachine(md, info, machineState);
        md.append("One-way time is half a round trip of blocking send and receive. Each program runs ")
            .append(info.rounds()).append(info.rounds() == 1 ? " time" : " times, the implementations taking turns")
            .append("; per run and size: a warm-up pass, then ").append(info.repetitions())
            .append(" timed batches of round trips, each calibrated to about ").append(info.batchMillis())
            .append(" ms. Median: the median over the runs of each run's median batch; min: the fastest batch of all. ")
            .append("Bandwidth is bytes / median one-way time, 1 GB = 10^9 B.\n\n");
    }

    /**
     * Appends the table of where and with what the numbers were measured, and a blank line; the native MPI and the eager limit
     * only when the run names them.
     */
    public static void appendMachine(final StringBuilder md, final RunInfo info)
    {
        appendMachine(md, info, "");
    }

    /**
     * As {@link #appendMachine(StringBuilder, RunInfo)}, with the machine's state as the run's own references showed it.
     *
     * @param machineState a {@link MachineState#describe} line; empty for none.
     */
    public static void appendMachine(final StringBuilder md, final RunInfo info, final String machineState)
    {
        md.append("| | |\n|---|---|\n");
        row(md, "date", info.date());
        row(md, "nproc", Integer.toString(info.nproc()));
        row(md, "CPU", info.cpuModel());
        row(md, "JDK", info.jdk());
        if (!info.mpiLibrary().isEmpty())
        {
            row(md, "native MPI", info.mpiLibrary());
        }
        row(md, "OpenMPJ revision", info.openmpjRevision());
        if (info.eagerLimitBytes() >= 0)
        {
            row(md, info.device() + " device eager limit", info.eagerLimitBytes() + " B (" + ByteSizes.label(info.eagerLimitBytes()) + ")");
        }
        row(md, "load average (1, 5, 15 min)", info.loadAverage());
        row(md, "run queue during the run", info.runQueue());
        if (!machineState.isEmpty())
        {
            row(md, "machine state", machineState);
        }
        md.append('\n');
    }

    /**
     * @return the machine's state as the floor showed it, from its medians per round at the sizes {@link #probeSizes} picks:
     *         the floor is the plainest program of the run and ran in every round, so its changes between rounds are the
     *         machine's.
     */
    static String machineState(final Implementation floor, final List<ResultSet> rounds)
    {
        final List<MachineState.Probe> probes = new ArrayList<>();
        for (final int bytes : probeSizes(rounds, floor))
        {
            probes.add(new MachineState.Probe(floor.label() + " " + ByteSizes.label(bytes), rounds.stream()
                .map(round -> find(round, floor, bytes).map(SizeResult::onewayUsMedian).orElse(Double.NaN)).toList()));
        }
        return probes.isEmpty() ? "not judged: " + floor.label() + " not measured in any round" : MachineState.describe(probes);
    }

    /**
     * @return the smallest size measured of {@code implementation} and the largest up to 1 MiB, ascending (one when they are
     *         the same, none when it was not measured); of every implementation when {@code implementation} is null.
     */
    private static List<Integer> probeSizes(final List<ResultSet> rounds, final Implementation implementation)
    {
        final TreeSet<Integer> sizes = new TreeSet<>();
        rounds.forEach(round -> round.sizes().stream()
            .filter(result -> implementation == null || result.impl().equals(implementation.id()))
            .forEach(result -> sizes.add(result.bytes())));
        if (sizes.isEmpty())
        {
            return List.of();
        }
        final Integer large = sizes.floor(PingPongBenchmark.LARGE_ALLOCATION_BYTES);
        return large == null || large.equals(sizes.first()) ? List.of(sizes.first()) : List.of(sizes.first(), large);
    }

    private static void appendTargets(
        final StringBuilder md, final PingPongComparison comparison, final List<ResultSet> rounds, final RunInfo info)
    {
        if (comparison.targets().isEmpty())
        {
            return;
        }
        md.append("## Targets\n\n");
        md.append("Each ratio is taken within a round, where the implementations took turns and met the same conditions, and ")
            .append("judged on its median over the rounds.\n\n");
        for (final PingPongTarget target : comparison.targets())
        {
            md.append("- ").append(target.report(rounds, comparison.subject(), info.eagerLimitBytes())).append('\n');
        }
        md.append('\n');
    }

    private static void appendRatios(final StringBuilder md, final PingPongComparison comparison, final ResultSet results)
    {
        final String subject = comparison.subject().label();
        final List<Implementation> divisors = new ArrayList<>(comparison.natives());
        if (!divisors.contains(comparison.floor()))
        {
            divisors.add(comparison.floor());
        }
        final List<Implementation> columns = new ArrayList<>(List.of(comparison.subject()));
        columns.addAll(divisors);
        md.append("## ").append(subject).append(" beside ")
            .append(String.join(", ", comparison.natives().stream().map(Implementation::label).toList())).append(" and the floor\n\n");
        md.append("Median one-way time per size and ").append(subject)
            .append("'s time over the others' (below 1: ").append(subject).append(" faster).\n\n");
        md.append("| size |");
        for (final Implementation column : columns)
        {
            md.append(' ').append(column.label()).append(" µs |");
        }
        md.append(' ').append(subject).append(" GB/s |");
        for (final Implementation divisor : divisors)
        {
            md.append(" ÷ ").append(divisor.label()).append(" |");
        }
        md.append("\n|---:|").append("---:|".repeat(columns.size() + 1 + divisors.size())).append('\n');
        for (final int bytes : sizes(results))
        {
            md.append("| ").append(ByteSizes.label(bytes)).append(" |");
            for (final Implementation column : columns)
            {
                md.append(' ').append(find(results, column, bytes).map(result -> micros(result.onewayUsMedian())).orElse(MISSING))
                    .append(" |");
            }
            final Optional<SizeResult> mine = find(results, comparison.subject(), bytes);
            md.append(' ').append(mine.map(result -> gigabytes(result.bandwidthGbsMedian())).orElse(MISSING)).append(" |");
            for (final Implementation divisor : divisors)
            {
                md.append(' ').append(ratio(mine, find(results, divisor, bytes))).append(" |");
            }
            md.append('\n');
        }
        md.append('\n');
    }

    /** @return the first median time over the second, e.g. {@code 1.07}, or a dash when either is missing. */
    static String ratio(final Optional<SizeResult> mine, final Optional<SizeResult> theirs)
    {
        if (mine.isEmpty() || theirs.isEmpty() || !(theirs.get().onewayUsMedian() > 0))
        {
            return MISSING;
        }
        return String.format(Locale.ROOT, "%.2f", mine.get().onewayUsMedian() / theirs.get().onewayUsMedian());
    }

    private static TreeSet<Integer> sizes(final ResultSet results)
    {
        final TreeSet<Integer> sizes = new TreeSet<>();
        results.sizes().forEach(result -> sizes.add(result.bytes()));
        return sizes;
    }

    private static void appendTimings(final StringBuilder md, final List<Implementation> implementations, final ResultSet results)
    {
        md.append("## One-way time (µs) and bandwidth (GB/s)\n\n");
        md.append("| size |");
        for (final Implementation implementation : implementations)
        {
            md.append(' ').append(implementation.label()).append(" median µs | min µs | GB/s |");
        }
        md.append("\n|---:|");
        md.append("---:|---:|---:|".repeat(implementations.size()));
        md.append('\n');
        for (final int bytes : sizes(results))
        {
            md.append("| ").append(ByteSizes.label(bytes)).append(" |");
            for (final Implementation implementation : implementations)
            {
                final Optional<SizeResult> found = find(results, implementation, bytes);
                if (found.isPresent())
                {
                    final SizeResult result = found.get();
                    md.append(' ').append(micros(result.onewayUsMedian()))
                        .append(" | ").append(micros(result.onewayUsMin()))
                        .append(" | ").append(gigabytes(result.bandwidthGbsMedian())).append(" |");
                }
                else
                {
                    md.append(' ').append(MISSING).append(" | ").append(MISSING).append(" | ").append(MISSING).append(" |");
                }
            }
            md.append('\n');
        }
    }

    private static void appendAllocations(final StringBuilder md, final List<Implementation> implementations, final ResultSet results)
    {
        md.append("\n## Heap allocated per message in steady state\n\n");
        md.append("Bytes both threads allocated (`ThreadMXBean.getCurrentThreadAllocatedBytes`) during a batch of ")
            .append("blocking sends and receives after warm-up, divided by the messages in it. ")
            .append("The Java floor allocates nothing by construction, which checks the method.\n\n");
        md.append("| implementation | size | messages | bytes / message |\n|---|---:|---:|---:|\n");
        for (final Implementation implementation : implementations)
        {
            for (final AllocationResult result : results.allocations())
            {
                if (result.impl().equals(implementation.id()))
                {
                    md.append("| ").append(implementation.label())
                        .append(" | ").append(ByteSizes.label(result.bytes()))
                        .append(" | ").append(result.messages())
                        .append(" | ").append(String.format(Locale.ROOT, "%.2f", result.bytesPerMessage()))
                        .append(" |\n");
                }
            }
        }
    }

    private static void appendRounds(final StringBuilder md, final List<Implementation> implementations, final List<ResultSet> rounds)
    {
        final List<Integer> probes = probeSizes(rounds, null);
        if (probes.isEmpty())
        {
            return;
        }
        md.append("\n## Rounds\n\n");
        md.append("Taking turns, the implementations meet the same conditions: a change during the run (another ")
            .append("process, the hypervisor moving the virtual CPUs) hits all of them. Each round's medians at ")
            .append(probes.size() == 1 ? "one size" : "two sizes").append(", to show whether conditions changed:\n\n");
        md.append("| round |");
        for (final Implementation implementation : implementations)
        {
            for (final int bytes : probes)
            {
                md.append(' ').append(implementation.label()).append(' ').append(ByteSizes.label(bytes)).append(" µs |");
            }
        }
        md.append("\n|---:|").append("---:|".repeat(implementations.size() * probes.size())).append('\n');
        for (int i = 0; i < rounds.size(); i++)
        {
            md.append("| ").append(i + 1).append(" |");
            for (final Implementation implementation : implementations)
            {
                for (final int bytes : probes)
                {
                    md.append(' ').append(find(rounds.get(i), implementation, bytes)
                        .map(result -> micros(result.onewayUsMedian())).orElse(MISSING)).append(" |");
                }
            }
            md.append('\n');
        }
    }

    static Optional<SizeResult> find(final ResultSet results, final Implementation implementation, final int bytes)
    {
        return results.sizes().stream()
            .filter(result -> result.impl().equals(implementation.id()) && result.bytes() == bytes)
            .findFirst();
    }

    /** Appends a row of a two-column table. */
    public static void row(final StringBuilder md, final String name, final String value)
    {
        md.append("| ").append(name).append(" | ").append(value).append(" |\n");
    }

    static String micros(final double value)
    {
        return String.format(Locale.ROOT, value < 10 ? "%.3f" : "%.1f", value);
    }

    static String gigabytes(final double value)
    {
        return String.format(Locale.ROOT, value < 1 ? "%.4f" : "%.2f", value);
    }

    /** @return a target's factor as written, e.g. {@code 1}, {@code 1.2} or {@code 0.9}. */
    static String factor(final double value)
    {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }
}
