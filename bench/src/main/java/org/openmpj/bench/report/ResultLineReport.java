package org.openmpj.bench.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import org.openmpj.bench.Samples;

/**
 * A report whose every run is one OpenMPJ job started with {@code bin/mpjrun} that prints one result line: it runs the jobs
 * with the chosen JDK, refuses a run that printed no result, and gathers the results of every round for writing.
 *
 * @param <J> what the report knows each run as.
 * @param <R> the result a run's line gives.
 */
public abstract class ResultLineReport<J, R> extends AbstractReport<J>
{
    private final Path javaHome;

    /**
     * @param home     the OpenMPJ checkout measured.
     * @param results  where the report and its {@code raw/} logs are written.
     * @param rounds   how many rounds the runner runs.
     * @param javaHome the JDK {@code bin/mpjrun} runs with.
     */
    protected ResultLineReport(final Path home, final Path results, final int rounds, final Path javaHome)
    {
        super(home, results, rounds);
        this.javaHome = javaHome;
    }

    /** @return the result of {@code run}, from the line it printed; null when it printed none. */
    protected abstract R parse(StepRun<J> run);

    @Override
    public Map<String, String> environment()
    {
        return Map.of("JAVA_HOME", javaHome.toString());
    }

    @Override
    public void check(final StepRun<J> run) throws IOException
    {
        if (parse(run) == null)
        {
            throw new IOException(run.step().label() + " printed no result line; see " + run.log());
        }
    }

    /** @return the results of every run, round after round. */
    protected List<R> collect(final List<List<StepRun<J>>> rounds)
    {
        final List<R> results = new ArrayList<>();
        for (final List<StepRun<J>> round : rounds)
        {
            for (final StepRun<J> run : round)
            {
                results.add(parse(run));
            }
        }
        return results;
    }

    /** @return the median of {@code value} over {@code results}, leaving out unknown (NaN) values. */
    protected static <T> double median(final List<T> results, final ToDoubleFunction<T> value)
    {
        return Samples.medianOfKnown(results.stream().mapToDouble(value).toArray());
    }
}
