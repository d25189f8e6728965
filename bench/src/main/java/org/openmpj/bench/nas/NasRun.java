package org.openmpj.bench.nas;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.openmpj.bench.report.StepRun;

/**
 * One NAS job's run in one round, as its output told it.
 *
 * @param job     the kernel, class, device and rank count.
 * @param round   the round, from 1.
 * @param result  NPB's report, when the job printed a whole one.
 * @param failure how the job failed (its exit code, the time limit, no start), or empty when it succeeded.
 * @param log     the name of its raw log, under {@code raw/}.
 */
public record NasRun(NasReport.Job job, int round, Optional<NpbResult> result, String failure, String log)
{
    /** The CSV's header. */
    public static final String CSV_HEADER = "kernel,class,device,ranks,round,seconds,mops,verified";

    /** How a run ended, as the CSV's {@code verified} column and the Markdown say it. */
    public enum Status
    {
        /** It printed NPB's report with a successful verification and ended well. */
        VERIFIED("yes"),
        /** It printed NPB's report with an unsuccessful verification. */
        UNVERIFIED("no"),
        /** It failed, timed out or printed no whole report. */
        FAILED("failed");

        private final String word;

        Status(final String word)
        {
            this.word = word;
        }

        /** @return the CSV's word: {@code yes}, {@code no} or {@code failed}. */
        public String word()
        {
            return word;
        }
    }

    /** @return the run of a step. */
    static NasRun of(final StepRun<NasReport.Job> run)
    {
        return new NasRun(run.step().job(), run.round(), NpbResult.parse(run.output()), run.failure(), run.log().getFileName().toString());
    }

    /** @return whether it verified, did not, or failed. */
    public Status status()
    {
        if (result.isPresent() && !result.get().verified())
        {
            return Status.UNVERIFIED;
        }
        return result.isPresent() && failure.isEmpty() ? Status.VERIFIED : Status.FAILED;
    }

    /** @return NPB's Mop/s total, or NaN when the job printed no report. */
    public double mops()
    {
        return result.map(NpbResult::mops).orElse(Double.NaN);
    }

    /** @return every run as CSV, header first; a run without a report has empty seconds and Mop/s. */
    public static String csv(final List<NasRun> runs)
    {
        final StringBuilder csv = new StringBuilder(CSV_HEADER).append('\n');
        for (final NasRun run : runs)
        {
            csv.append(String.join(",", run.job().kernel(), run.job().problemClass(), run.job().device(), Integer.toString(run.job().ranks()),
                Integer.toString(run.round()),
                run.result().map(result -> String.format(Locale.ROOT, "%.2f", result.seconds())).orElse(""),
                run.result().map(result -> String.format(Locale.ROOT, "%.2f", result.mops())).orElse(""),
                run.status().word())).append('\n');
        }
        return csv.toString();
    }
}
