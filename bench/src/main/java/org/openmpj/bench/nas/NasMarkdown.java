package org.openmpj.bench.nas;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.openmpj.bench.report.MarkdownReport;
import org.openmpj.bench.report.ReportOptions;
import org.openmpj.bench.report.RunInfo;

/**
 * The NAS report as Markdown: where it ran, how it was measured, Java against NPB's native programs (or why that column is
 * missing), a table per kernel and class (Mop/s per rank count and device with the speed-up over 1 rank of the same device,
 * the serial and native runs beside them, every cell with runs that failed or did not verify flagged), every such run with
 * its log, the plots and the commands.
 */
final class NasMarkdown
{
    private static final String MISSING = "–";

    private final NasReport.Options options;
    private final String jvmOptions;
    private final NasTable table;
    private final RunInfo info;
    private final StringBuilder md = new StringBuilder();

    NasMarkdown(final NasReport.Options options, final String jvmOptions, final NasTable table, final RunInfo info)
    {
        this.options = options;
        this.jvmOptions = jvmOptions;
        this.table = table;
        this.info = info;
    }

    /** @return the report, referring to the plots by these file names. */
    String render(final List<String> plots)
    {
        md.append("# NAS kernels: OpenMPJ on ").append(String.join(", ", options.devices())).append(" beside a serial Java run")
            .append(options.runsNative() ? " and NPB's native MPI programs" : "").append("\n\n");
        MarkdownReport.appendMachine(md, info);
        appendMethod();
        appendAgainstNative();
        for (final String kernel : options.kernels())
        {
            for (final String problemClass : options.classes())
            {
                appendKernel(kernel, problemClass);
            }
        }
        appendProblems();
        md.append("## Plots\n\n");
        plots.forEach(png -> md.append("![").append(png).append("](").append(png).append(")\n\n"));
        md.append("## Commands\n\n");
        info.commands().forEach(command -> md.append("- `").append(command).append("`\n"));
        return md.toString();
    }

    private void appendMethod()
    {
        md.append("## How it was measured\n\n")
            .append("Each kernel and class ran as an OpenMPJ job (`bin/mpjrun -np N -dev D`) on every device at ")
            .append(String.join(", ", options.rankCounts().stream().map(String::valueOf).toList()))
            .append(" ranks, and as a plain `java` program of one rank without a launcher (\"serial\"). ")
            .append(info.rounds() == 1 ? "Every job ran once" : "Every job ran once in each of " + info.rounds() + " rounds")
            .append(", the jobs of a kernel and class one after the other, in an order reversed every other round. ")
            .append("Mop/s is NPB's \"Mop/s total\" over all processes, timed by the kernel over its timed section; a cell is the ")
            .append("median over the rounds' verified runs. The speed-up is over 1 rank of the same device: the median of the ")
            .append("rounds' ratios, each between two verified runs of one round. Jobs were limited to ")
            .append(options.timeoutSeconds()).append(" s. A run that did not verify or failed counts in no figure and is listed ")
            .append("below; a cell with such runs says how many. The Java jobs' JVM options: ")
            .append(jvmOptions.isBlank() ? "none" : "`" + jvmOptions + "`")
            .append(jvmOptions.contains(NasReport.VECTOR_API_OPTION)
                ? " (MG's residual, smoother and restriction and FT's butterflies take the incubating Vector API)"
                : "")
            .append('.');
        if (options.runsNative())
        {
            md.append(" NPB 3.4's own MPI programs (`").append(options.npbDir()).append("`) ran in the same rounds, taking their turn ")
                .append("among the Java jobs, under Open MPI's `").append(options.mpirun()).append("` (beyond the cores with `")
                .append(String.join(" ", ReportOptions.OPEN_MPI_OVERSUBSCRIBED)).append("`).");
        }
        md.append("\n\n");
    }


    /**
     * Java's Mop/s over native's, per kernel, class and rank count: the serial run at 1 rank and every device at every
     * count, each the median of the rounds' ratios.
     */
    private void appendAgainstNative()
    {
        md.append("## Against NPB's native MPI programs\n\n");
        if (!options.runsNative())
        {
            md.append("The native column is missing: this report ran without `--npb-dir`, so NPB's own MPI programs did not run ")
                .append("beside the Java kernels and no ratio to native speed can be given. Build NPB 3.4's MPI programs with Open ")
                .append("MPI (`make ep CLASS=A` and so on) and pass their directory as `--npb-dir DIR`.\n\n");
            return;
        }
        md.append("Java's Mop/s over native's in the same round, the median over the rounds (above 1: Java faster).\n\n")
            .append("| kernel | class | ranks | native Mop/s | serial java |");
        options.devices().forEach(device -> md.append(' ').append(device).append(" |"));
        md.append("\n|---|---|---:|---:|---:|").append("---:|".repeat(options.devices().size())).append('\n');
        for (final String kernel : options.kernels())
        {
            for (final String problemClass : options.classes())
            {
                for (final int ranks : options.rankCounts())
                {
                    final NasReport.Job nativeJob = new NasReport.Job(kernel, problemClass, NasReport.NATIVE, ranks);
                    md.append("| ").append(kernel).append(" | ").append(problemClass).append(" | ").append(ranks).append(" | ")
                        .append(mopsCell(kernel, problemClass, NasReport.NATIVE, ranks)).append(" | ")
                        .append(ranks == 1 ? ratioCell(new NasReport.Job(kernel, problemClass, NasReport.SERIAL, 1), nativeJob) : "")
                        .append(" |");
                    for (final String device : options.devices())
                    {
                        md.append(' ').append(ratioCell(new NasReport.Job(kernel, problemClass, device, ranks), nativeJob)).append(" |");
                    }
                    md.append('\n');
                }
            }
        }
        md.append('\n');
    }

    private String ratioCell(final NasReport.Job top, final NasReport.Job bottom)
    {
        final double ratio = table.medianRatio(top, bottom);
        return Double.isNaN(ratio) ? MISSING : times(ratio);
    }

    private void appendKernel(final String kernel, final String problemClass)
    {
        final List<String> columns = options.measured();
        md.append("## ").append(kernel).append(" class ").append(problemClass).append("\n\n| ranks | serial Mop/s |");
        for (final String device : columns)
        {
            md.append(' ').append(device).append(" Mop/s | ").append(device).append(" speed-up |");
        }
        md.append("\n|---:|---:|").append("---:|---:|".repeat(columns.size())).append('\n');
        for (final int ranks : options.rankCounts())
        {
            md.append("| ").append(ranks).append(" | ")
                .append(ranks == 1 ? mopsCell(kernel, problemClass, NasReport.SERIAL, 1) : "").append(" |");
            for (final String device : columns)
            {
                final double speedUp = table.medianRatio(new NasReport.Job(kernel, problemClass, device, ranks),
                    new NasReport.Job(kernel, problemClass, device, 1));
                md.append(' ').append(mopsCell(kernel, problemClass, device, ranks)).append(" | ")
                    .append(Double.isNaN(speedUp) ? MISSING : times(speedUp)).append(" |");
            }
            md.append('\n');
        }
        final List<String> overSerial = new ArrayList<>();
        for (final String device : options.devices())
        {
            final double ratio = table.medianRatio(new NasReport.Job(kernel, problemClass, device, 1),
                new NasReport.Job(kernel, problemClass, NasReport.SERIAL, 1));
            overSerial.add(device + " " + (Double.isNaN(ratio) ? MISSING : times(ratio)));
        }
        md.append("\n1 rank over the serial run (median of the rounds' ratios of Mop/s): ").append(String.join(", ", overSerial))
            .append(".\n\n");
    }

    /** @return the median Mop/s of a job's verified runs, with how many of its runs failed or did not verify. */
    private String mopsCell(final String kernel, final String problemClass, final String device, final int ranks)
    {
        final List<NasRun> runs = table.runs(kernel, problemClass, device, ranks);
        if (runs.isEmpty())
        {
            return MISSING;
        }
        final long unverified = runs.stream().filter(run -> run.status() == NasRun.Status.UNVERIFIED).count();
        final long failed = runs.stream().filter(run -> run.status() == NasRun.Status.FAILED).count();
        final double mops = table.medianMops(kernel, problemClass, device, ranks);
        final StringBuilder cell = new StringBuilder(Double.isNaN(mops) ? "none verified" : number(mops));
        final List<String> flags = new ArrayList<>();
        if (unverified > 0)
        {
            flags.add(unverified + " of " + runs.size() + " not verified");
        }
        if (failed > 0)
        {
            flags.add(failed + " of " + runs.size() + " failed");
        }
        if (!flags.isEmpty())
        {
            cell.append(" (**").append(String.join(", ", flags)).append("**)");
        }
        return cell.toString();
    }

    private void appendProblems()
    {
        final List<NasRun> problems = table.all().stream().filter(run -> run.status() != NasRun.Status.VERIFIED).toList();
        md.append("## Runs that failed or did not verify\n\n");
        if (problems.isEmpty())
        {
            md.append("None: every run verified.\n\n");
            return;
        }
        for (final NasRun run : problems)
        {
            md.append("- ").append(run.job().label()).append(", round ").append(run.round()).append(": ")
                .append(run.status() == NasRun.Status.UNVERIFIED
                    ? "**verification unsuccessful** (" + number(run.mops()) + " Mop/s)"
                    : "**failed**, " + (run.failure().isEmpty() ? "printed no whole NPB report" : run.failure()))
                .append(" (log `raw/").append(run.log()).append("`)\n");
        }
        md.append('\n');
    }

    private static String number(final double value)
    {
        return String.format(Locale.ROOT, value >= 100 ? "%.1f" : "%.2f", value);
    }

    private static String times(final double value)
    {
        return String.format(Locale.ROOT, "%.2f×", value);
    }
}
