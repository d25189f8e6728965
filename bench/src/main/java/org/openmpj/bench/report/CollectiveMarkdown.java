package org.openmpj.bench.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

import org.openmpj.bench.ByteSizes;
import org.openmpj.bench.CollectiveOperation;
import org.openmpj.bench.CollectiveResult;
import org.openmpj.bench.Samples;

/**
 * The collectives report as Markdown: where it was measured, how (the definition of bytes moved, the timing, the
 * placement), whether the targets are met, a table per operation and job size with the two implementations side by
 * side, Barrier latency, each round's numbers, the plots and the commands.
 */
public final class CollectiveMarkdown
{
    private static final String MISSING = "–";
    /** The size of each round's numbers: 64 KiB, the eager limit of the tcp and shm devices, where protocols change. */
    private static final int ROUNDS_PROBE_BYTES = 64 * 1024;

    private CollectiveMarkdown()
    {
    }

    /**
     * What the report compares and on what.
     *
     * @param subject      the implementation measured against the targets (OpenMPJ).
     * @param reference    the implementation it is compared with (Open MPI); ratios are subject time / reference time.
     * @param rankCounts   the job sizes, ascending.
     * @param cores        the cores every job ran on.
     * @param cpus         those cores, as given to {@code taskset -c}.
     * @param openMpiFlags per job size, the {@code mpirun} options that placed the reference's processes.
     * @param device       the subject's device.
     * @param placement    how the subject's ranks were started and placed, in words.
     */
    public record Setup(
        Implementation subject, Implementation reference, List<Integer> rankCounts, int cores, String cpus,
        Map<Integer, List<String>> openMpiFlags, BenchDevice device, String placement)
    {
        /** Copies the collections. */
        public Setup
        {
            rankCounts = List.copyOf(rankCounts);
            openMpiFlags = Map.copyOf(openMpiFlags);
        }
    }

    /**
     * @param setup   what is compared on what.
     * @param results the results of both implementations, the rounds combined.
     * @param rounds  the results of each round.
     * @param info    where and how they were measured.
     * @return the Markdown text; the plots are referred to by {@link CollectiveCharts#fileName}.
     */
    public static String render(
        final Setup setup, final List<CollectiveResult> results, final List<List<CollectiveResult>> rounds, final RunInfo info)
    {
        final StringBuilder md = new StringBuilder();
        md.append("# Collectives: ").append(setup.subject().label()).append(" vs ").append(setup.reference().label())
            .append(" at ").append(joinRanks(setup.rankCounts())).append(" ranks\n\n");
        MarkdownReport.appendMachine(md, info, machineState(setup, rounds));
        appendMethod(md, setup, info);
        appendTargets(md, setup, results, rounds);
        for (final CollectiveOperation operation : CollectiveOperation.values())
        {
            if (operation.hasMessage())
            {
                appendOperation(md, setup, operation, results, rounds);
            }
        }
        appendBarrier(md, setup, results, rounds);
        appendRounds(md, setup, rounds);
        md.append("\n## Plots\n\n");
        for (final CollectiveOperation operation : CollectiveOperation.values())
        {
            md.append("![").append(operation.label()).append("](").append(CollectiveCharts.fileName(setup.device(), operation)).append(")\n\n");
        }
        md.append("## Commands\n\n");
        for (final String command : info.commands())
        {
            md.append("- `").append(command).append("`\n");
        }
        return md.toString();
    }

    /**
     * @return the machine's state as the reference showed it at the smallest job size, from its Barrier and its Allreduce at
     *         the smallest size in each round: native code with the least to do, its changes between rounds are the machine's.
     */
    static String machineState(final Setup setup, final List<List<CollectiveResult>> rounds)
    {
        final int ranks = setup.rankCounts().getFirst();
        final List<CollectiveResult> all = new ArrayList<>();
        rounds.forEach(all::addAll);
        final String name = setup.reference().label() + " " + ranks + "-rank ";
        final List<MachineState.Probe> probes = new ArrayList<>(List.of(probe(name + "Barrier", setup, rounds, CollectiveOperation.BARRIER,
            ranks, 0)));
        final TreeSet<Integer> allreduce = sizes(all, CollectiveOperation.ALLREDUCE, ranks);
        if (!allreduce.isEmpty())
        {
            probes.add(probe(name + "Allreduce " + ByteSizes.label(allreduce.first()), setup, rounds, CollectiveOperation.ALLREDUCE, ranks,
                allreduce.first()));
        }
        return MachineState.describe(probes);
    }

    private static MachineState.Probe probe(
        final String name, final Setup setup, final List<List<CollectiveResult>> rounds, final CollectiveOperation operation,
        final int ranks, final int bytes)
    {
        return new MachineState.Probe(name, rounds.stream()
            .map(round -> find(round, setup.reference(), operation, ranks, bytes).map(CollectiveResult::usMedian).orElse(Double.NaN))
            .toList());
    }

    private static void appendMethod(final StringBuilder md, final Setup setup, final RunInfo info)
    {
        md.append("## How it was measured\n\n");
        md.append("The per-rank message size m is what MPI counts: the Bcast count (bytes, root 0), the Reduce (root 0) and ")
            .append("Allreduce counts of doubles (MPI.SUM) times 8, the Allgather per-rank block, the Alltoall per-pair block. ")
            .append("The sizes run by a constant factor from the smallest and end with the largest asked for. ")
            .append("Aggregated bandwidth is the bytes one call moves divided by the median time per call, 1 GB = 10^9 B, ")
            .append("with bytes moved defined once for both implementations (n = ranks):\n\n");
        md.append("| operation | bytes moved per call |\n|---|---|\n");
        for (final CollectiveOperation operation : CollectiveOperation.values())
        {
            MarkdownReport.row(md, operation.label(), operation.bytesMovedDefinition());
        }
        md.append('\n');
        md.append("Both programs run the same schedule on every rank: warm-up passes over all operations and sizes for ")
            .append("at least 2 s and at least 3 passes, and in Java until a pass in which no rank's JIT compiled for more than 2% ")
            .append("of it (at most 60 s; compiler threads of 8 JVMs on 2 cores took whole time slices from the ranks for seconds), ")
            .append("then a batch of 20,000 calls per operation at the smallest size, then per ")
            .append("operation and size warm-up batches until one lasts about ")
            .append(info.batchMillis())
            .append(" ms, then ").append(info.repetitions()).append(" timed batches of back-to-back calls. A batch starts ")
            .append("with a Barrier; each rank times its calls with its own clock, and an Allreduce with MAX makes the ")
            .append("slowest rank's time the batch's time (so consecutive calls may overlap, e.g. the root of a Bcast ")
            .append("may start the next one early, in both implementations alike). Time per call = batch time / calls. ")
            .append(info.rounds() == 1
                ? "Each program runs once per job size, the implementations taking turns. "
                : "Each program runs " + info.rounds() + " times per job size, the implementations taking turns and swapping "
                    + "order every round. ")
            .append("Median: the median over the rounds of each round's median batch; min: the fastest batch of all; ")
            .append("ratio: the median over the rounds of each round's ratio of the two implementations' medians.\n\n");
        md.append("Every job ran on CPUs ").append(setup.cpus()).append(" (").append(setup.cores())
            .append(" cores, `taskset -c`). ").append(setup.subject().label()).append(": ")
            .append(setup.device() == BenchDevice.THREAD
                ? "the thread device, ranks as threads of one JVM"
                : "the " + setup.device().deviceName() + " device, ranks as processes started by " + setup.placement())
            .append("; the idle strategy left to choose itself (spin with one rank per core or fewer, back off when ")
            .append("oversubscribed), and the eager limit the device's own unless the run set one. ").append(setup.reference().label())
            .append(" (`mpirun`):\n\n");
        for (final int ranks : setup.rankCounts())
        {
            md.append("- ").append(ranks).append(" ranks: `")
                .append(String.join(" ", setup.openMpiFlags().getOrDefault(ranks, List.of()))).append("`\n");
        }
        md.append('\n');
    }

    private static void appendTargets(
        final StringBuilder md, final Setup setup, final List<CollectiveResult> results, final List<List<CollectiveResult>> rounds)
    {
        md.append("## Targets\n\n");
        md.append("A cell is an operation at a message size (Barrier's one cell has none). Its ratio is ").append(setup.subject().label())
            .append("'s median time per call over ").append(setup.reference().label())
            .append("'s, taken within each round, where the two took turns, and judged on its median over the rounds.\n\n");
        final List<String> rows = new ArrayList<>();
        for (final int ranks : setup.rankCounts())
        {
            int judged = 0;
            int met = 0;
            final SameState same = new SameState();
            for (final CollectiveOperation operation : CollectiveOperation.values())
            {
                final Cells cells = judge(setup, operation, ranks, results, rounds);
                judged += cells.judged();
                met += cells.met();
                if (cells.measured() > 0)
                {
                    rows.add(row(setup, operation, ranks, cells));
                }
                for (final int bytes : sizes(results, operation, ranks))
                {
                    same.add(setup, rounds, operation, ranks, bytes);
                }
            }
            md.append("- ").append(ranks).append(" ranks: ")
                .append(CollectiveTarget.describe(ranks, setup.cores(), setup.subject().label(), setup.reference().label())).append(": ")
                .append(judged == 0 ? "nothing measured by both" : (met == judged ? "met" : "**missed**") + ", " + met + " of " + judged
                    + " cells within it")
                .append('.').append(same.describe()).append('\n');
        }
        md.append("\n| ranks | operation | target | sizes met | worst cell | worst cell's ratio per round |\n")
            .append("|---:|---|---:|---|---|---|\n");
        rows.forEach(md::append);
        md.append('\n');
    }

    /**
     * The cells of one job size judged again on the rounds in which both implementations ran a cell in one state of the
     * machine ({@link SameStateRounds}). The report's verdict stays the median of every round's ratio; this sets apart the rounds in which the VM,
     * not the programs, made the difference.
     */
    private static final class SameState
    {
        private int judged;
        private int met;
        private int withoutSuchRound;
        private boolean roundsDiffered;

        void add(final Setup setup, final List<List<CollectiveResult>> rounds, final CollectiveOperation operation, final int ranks,
            final int bytes)
        {
            final List<double[]> times = new ArrayList<>();
            for (final List<CollectiveResult> round : rounds)
            {
                final Optional<CollectiveResult> mine = find(round, setup.subject(), operation, ranks, bytes);
                final Optional<CollectiveResult> theirs = find(round, setup.reference(), operation, ranks, bytes);
                if (mine.isPresent() && theirs.isPresent() && mine.get().usMedian() > 0 && theirs.get().usMedian() > 0)
                {
                    times.add(new double[] {mine.get().usMedian(), theirs.get().usMedian()});
                }
            }
            if (times.isEmpty())
            {
                return;
            }
            final double[] same = SameStateRounds.timeRatios(times);
            roundsDiffered |= same.length < times.size();
            if (same.length == 0)
            {
                withoutSuchRound++;
                return;
            }
            judged++;
            met += CollectiveTarget.verdict(ranks, setup.cores(), Samples.median(same)) == CollectiveTarget.Verdict.MET ? 1 : 0;
        }

        /** @return a sentence on the cells judged on same-state rounds; empty when every round of every cell was one. */
        String describe()
        {
            if (!roundsDiffered)
            {
                return "";
            }
            return " On the rounds in which both ran a cell in one state (" + SameStateRounds.RULE + " there, or both beyond it): "
                + met + " of " + judged + " cells within it" + (withoutSuchRound == 0 ? "" : ", " + withoutSuchRound + " without such a round") + ".";
        }
    }

    /**
     * The cells of one operation at one job size, judged.
     *
     * @param measured      how many sizes either implementation measured.
     * @param judged        how many of them both measured in some round.
     * @param met           how many of those meet the target.
     * @param worstBytes    the size of the cell with the highest ratio.
     * @param worstPerRound that cell's ratio in each round that measured both, in round order; empty when none was judged.
     * @param worst         the median of those ratios; NaN when none was judged.
     */
    record Cells(int measured, int judged, int met, int worstBytes, List<Double> worstPerRound, double worst)
    {
    }

    /** @return the cells of {@code operation} at {@code ranks}, each judged on the median of its rounds' ratios. */
    static Cells judge(
        final Setup setup, final CollectiveOperation operation, final int ranks, final List<CollectiveResult> results,
        final List<List<CollectiveResult>> rounds)
    {
        final TreeSet<Integer> sizes = sizes(results, operation, ranks);
        int judged = 0;
        int met = 0;
        int worstBytes = 0;
        double worst = Double.NaN;
        for (final int bytes : sizes)
        {
            final double ratio = ratio(setup, rounds, operation, ranks, bytes);
            final CollectiveTarget.Verdict verdict = CollectiveTarget.verdict(ranks, setup.cores(), ratio);
            if (verdict == CollectiveTarget.Verdict.NONE)
            {
                continue;
            }
            judged++;
            met += verdict == CollectiveTarget.Verdict.MET ? 1 : 0;
            if (Double.isNaN(worst) || ratio > worst)
            {
                worst = ratio;
                worstBytes = bytes;
            }
        }
        final List<Double> worstPerRound = Double.isNaN(worst) ? List.of() : Arrays.stream(ratios(setup, rounds, operation, ranks, worstBytes))
            .filter(ratio -> !Double.isNaN(ratio)).boxed().toList();
        return new Cells(sizes.size(), judged, met, worstBytes, worstPerRound, worst);
    }

    /** @return the Targets table's row of one operation at one job size, e.g. {@code | 8 | Bcast | ≤ 2× | met: 10 of 10 | ...}. */
    private static String row(final Setup setup, final CollectiveOperation operation, final int ranks, final Cells cells)
    {
        final StringBuilder row = new StringBuilder("| ").append(ranks).append(" | ").append(operation.label()).append(" | ≤ ")
            .append(MarkdownReport.factor(CollectiveTarget.limit(ranks, setup.cores()))).append("× | ");
        if (cells.judged() == 0)
        {
            return row.append("not measured by both | ").append(MISSING).append(" | ").append(MISSING).append(" |\n").toString();
        }
        row.append(cells.met() == cells.judged() ? "met: " : "**missed**: ").append(cells.met()).append(" of ").append(cells.judged())
            .append(" | ").append(times(cells.worst())).append('×')
            .append(operation.hasMessage() ? " at " + ByteSizes.label(cells.worstBytes()) : "")
            .append(" | ").append(String.join(", ", cells.worstPerRound().stream().map(CollectiveMarkdown::times).toList())).append(" |\n");
        return row.toString();
    }

    private static void appendOperation(
        final StringBuilder md, final Setup setup, final CollectiveOperation operation, final List<CollectiveResult> results,
        final List<List<CollectiveResult>> rounds)
    {
        final String subject = setup.subject().label();
        final String reference = setup.reference().label();
        if (results.stream().noneMatch(result -> result.operation() == operation))
        {
            return;
        }
        md.append("## ").append(operation.label()).append("\n\n");
        for (final int ranks : setup.rankCounts())
        {
            final TreeSet<Integer> sizes = sizes(results, operation, ranks);
            if (sizes.isEmpty())
            {
                continue;
            }
            md.append("### ").append(operation.label()).append(", ").append(ranks).append(" ranks\n\n");
            md.append("| size | ").append(subject).append(" µs | ").append(reference).append(" µs | ")
                .append(subject).append(" GB/s | ").append(reference).append(" GB/s | ")
                .append(subject).append(" / ").append(reference).append(" time | target |\n");
            md.append("|---:|---:|---:|---:|---:|---:|---|\n");
            for (final int bytes : sizes)
            {
                final Optional<CollectiveResult> mine = find(results, setup.subject(), operation, ranks, bytes);
                final Optional<CollectiveResult> theirs = find(results, setup.reference(), operation, ranks, bytes);
                final double ratio = ratio(setup, rounds, operation, ranks, bytes);
                md.append("| ").append(ByteSizes.label(bytes))
                    .append(" | ").append(mine.map(result -> MarkdownReport.micros(result.usMedian())).orElse(MISSING))
                    .append(" | ").append(theirs.map(result -> MarkdownReport.micros(result.usMedian())).orElse(MISSING))
                    .append(" | ").append(mine.map(result -> MarkdownReport.gigabytes(result.aggregatedGbsMedian())).orElse(MISSING))
                    .append(" | ").append(theirs.map(result -> MarkdownReport.gigabytes(result.aggregatedGbsMedian())).orElse(MISSING))
                    .append(" | ").append(Double.isNaN(ratio) ? MISSING : times(ratio))
                    .append(" | ").append(verdictCell(ranks, setup.cores(), ratio)).append(" |\n");
            }
            md.append('\n');
        }
    }

    private static void appendBarrier(
        final StringBuilder md, final Setup setup, final List<CollectiveResult> results, final List<List<CollectiveResult>> rounds)
    {
        final CollectiveOperation barrier = CollectiveOperation.BARRIER;
        md.append("## Barrier latency\n\n");
        md.append("| ranks | ").append(setup.subject().label()).append(" µs | ").append(setup.reference().label())
            .append(" µs | ").append(setup.subject().label()).append(" / ").append(setup.reference().label())
            .append(" time | target |\n|---:|---:|---:|---:|---|\n");
        for (final int ranks : setup.rankCounts())
        {
            final double ratio = ratio(setup, rounds, barrier, ranks, 0);
            md.append("| ").append(ranks)
                .append(" | ").append(find(results, setup.subject(), barrier, ranks, 0)
                    .map(result -> MarkdownReport.micros(result.usMedian())).orElse(MISSING))
                .append(" | ").append(find(results, setup.reference(), barrier, ranks, 0)
                    .map(result -> MarkdownReport.micros(result.usMedian())).orElse(MISSING))
                .append(" | ").append(Double.isNaN(ratio) ? MISSING : times(ratio))
                .append(" | ").append(verdictCell(ranks, setup.cores(), ratio)).append(" |\n");
        }
    }

    private static void appendRounds(final StringBuilder md, final Setup setup, final List<List<CollectiveResult>> rounds)
    {
        final List<CollectiveResult> all = new ArrayList<>();
        rounds.forEach(all::addAll);
        if (all.isEmpty())
        {
            return;
        }
        md.append("\n## Rounds\n\n");
        md.append("Taking turns, the implementations meet the same conditions: a change during the run (another ")
            .append("process, the hypervisor moving the virtual CPUs) hits both. Each round's median time per call (µs) at ")
            .append(ByteSizes.label(ROUNDS_PROBE_BYTES))
            .append(" (or the largest size below it that was measured), to show whether conditions changed:\n\n");
        md.append("| operation | ranks | size | implementation |");
        for (int i = 1; i <= rounds.size(); i++)
        {
            md.append(" round ").append(i).append(" |");
        }
        md.append("\n|---|---:|---:|---|").append("---:|".repeat(rounds.size())).append('\n');
        for (final CollectiveOperation operation : CollectiveOperation.values())
        {
            for (final int ranks : setup.rankCounts())
            {
                final Integer probe = sizes(all, operation, ranks).floor(ROUNDS_PROBE_BYTES);
                if (probe == null)
                {
                    continue;
                }
                for (final Implementation implementation : List.of(setup.subject(), setup.reference()))
                {
                    md.append("| ").append(operation.label()).append(" | ").append(ranks)
                        .append(" | ").append(operation.hasMessage() ? ByteSizes.label(probe) : MISSING)
                        .append(" | ").append(implementation.label()).append(" |");
                    for (final List<CollectiveResult> round : rounds)
                    {
                        md.append(' ').append(find(round, implementation, operation, ranks, probe)
                            .map(result -> MarkdownReport.micros(result.usMedian())).orElse(MISSING)).append(" |");
                    }
                    md.append('\n');
                }
            }
        }
    }

    private static String verdictCell(final int ranks, final int cores, final double ratio)
    {
        final String limit = "(≤ " + MarkdownReport.factor(CollectiveTarget.limit(ranks, cores)) + "×)";
        return switch (CollectiveTarget.verdict(ranks, cores, ratio))
        {
            case MET -> "met " + limit;
            case MISSED -> "**missed** " + limit;
            case NONE -> MISSING;
        };
    }

    /**
     * @return the median over the rounds of each round's subject time over reference time (conditions drift between
     *         rounds and hit both implementations of a round alike), or NaN when no round measured both.
     */
    private static double ratio(
        final Setup setup, final List<List<CollectiveResult>> rounds, final CollectiveOperation operation, final int ranks, final int bytes)
    {
        return Samples.medianOfKnown(ratios(setup, rounds, operation, ranks, bytes));
    }

    /** @return each round's subject time over reference time, in round order, NaN for a round that did not measure both. */
    private static double[] ratios(
        final Setup setup, final List<List<CollectiveResult>> rounds, final CollectiveOperation operation, final int ranks, final int bytes)
    {
        return rounds.stream().mapToDouble(round -> ratio(round, setup.subject(), setup.reference(), operation, ranks, bytes)).toArray();
    }

    /** @return {@code subject}'s median time over {@code reference}'s, or NaN when either is missing. */
    static double ratio(
        final List<CollectiveResult> results, final Implementation subject, final Implementation reference,
        final CollectiveOperation operation, final int ranks, final int bytes)
    {
        final Optional<CollectiveResult> mine = find(results, subject, operation, ranks, bytes);
        final Optional<CollectiveResult> theirs = find(results, reference, operation, ranks, bytes);
        if (mine.isEmpty() || theirs.isEmpty() || !(theirs.get().usMedian() > 0))
        {
            return Double.NaN;
        }
        return mine.get().usMedian() / theirs.get().usMedian();
    }

    /** @return the message sizes measured of {@code operation} at {@code ranks}, ascending. */
    static TreeSet<Integer> sizes(final List<CollectiveResult> results, final CollectiveOperation operation, final int ranks)
    {
        final TreeSet<Integer> sizes = new TreeSet<>();
        for (final CollectiveResult result : results)
        {
            if (result.operation() == operation && result.ranks() == ranks)
            {
                sizes.add(result.bytes());
            }
        }
        return sizes;
    }

    /** @return the result of one implementation, operation, job size and message size, if measured. */
    static Optional<CollectiveResult> find(
        final List<CollectiveResult> results, final Implementation implementation, final CollectiveOperation operation,
        final int ranks, final int bytes)
    {
        return results.stream()
            .filter(result -> result.impl().equals(implementation.id()) && result.operation() == operation
                && result.ranks() == ranks && result.bytes() == bytes)
            .findFirst();
    }

    private static String joinRanks(final List<Integer> rankCounts)
    {
        final List<String> words = rankCounts.stream().map(String::valueOf).toList();
        if (words.size() == 1)
        {
            return words.getFirst();
        }
        return String.join(", ", words.subList(0, words.size() - 1)) + " and " + words.getLast();
    }

    /** @return a ratio with two decimals, e.g. {@code 1.25}. */
    static String times(final double value)
    {
        return String.format(Locale.ROOT, "%.2f", value);
    }
}
