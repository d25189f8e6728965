package org.openmpj.bench.nas;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.openmpj.bench.Samples;

/**
 * The figures of a NAS report from its runs: medians over the verified runs, and speed-ups as the median of the rounds'
 * ratios, each ratio between two verified runs of one round (which took their turns under the same conditions).
 */
final class NasTable
{
    private final List<NasRun> runs;

    NasTable(final List<NasRun> runs)
    {
        this.runs = List.copyOf(runs);
    }

    /** @return the runs of one job, in round order. */
    List<NasRun> runs(final String kernel, final String problemClass, final String device, final int ranks)
    {
        return runs.stream().filter(run -> run.job().equals(new NasReport.Job(kernel, problemClass, device, ranks))).toList();
    }

    /** @return every run, in the order they ran. */
    List<NasRun> all()
    {
        return runs;
    }

    /** @return the median Mop/s of the job's verified runs, or NaN when none verified. */
    double medianMops(final String kernel, final String problemClass, final String device, final int ranks)
    {
        final double[] mops = runs(kernel, problemClass, device, ranks).stream()
            .filter(run -> run.status() == NasRun.Status.VERIFIED).mapToDouble(NasRun::mops).toArray();
        return Samples.medianOfKnown(mops);
    }

    /**
     * @return the median over the rounds of {@code top}'s Mop/s over {@code bottom}'s in the same round, both verified; NaN
     *         when no round has both.
     */
    double medianRatio(final NasReport.Job top, final NasReport.Job bottom)
    {
        final List<Double> ratios = new ArrayList<>();
        for (final NasRun run : runs(top.kernel(), top.problemClass(), top.device(), top.ranks()))
        {
            final Optional<NasRun> other = runs(bottom.kernel(), bottom.problemClass(), bottom.device(), bottom.ranks()).stream()
                .filter(candidate -> candidate.round() == run.round()).findFirst();
            if (run.status() == NasRun.Status.VERIFIED && other.isPresent() && other.get().status() == NasRun.Status.VERIFIED
                && other.get().mops() > 0)
            {
                ratios.add(run.mops() / other.get().mops());
            }
        }
        return Samples.medianOfKnown(ratios.stream().mapToDouble(Double::doubleValue).toArray());
    }
}
