package org.openmpj.bench.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One kind of report, as {@link ReportRunner} runs it: which programs run in each round and in which order, and how their
 * output is tabulated. The runner does the rest, the same for every kind: the rounds, the raw logs, repeated and failed
 * runs, the machine's state, the run's facts.
 *
 * @param <J> what the report knows each run as, e.g. an implementation.
 */
public interface Report<J>
{
    /** Undoes a report's preparations. */
    interface Undo extends AutoCloseable
    {
        @Override
        void close() throws IOException;
    }

    /** @return the OpenMPJ checkout measured. */
    Path home();

    /** @return where the report and its {@code raw/} logs are written. */
    Path results();

    /** @return how many rounds the runner runs, the implementations taking turns in each. */
    int rounds();

    /**
     * Prepares what the programs need beyond the report's directory (files, network hosts, a server) before the first round.
     *
     * @return what undoes it once the last round has run, or failed.
     */
    default Undo open() throws IOException, InterruptedException
    {
        return () ->
        {
        };
    }

    /** @return the programs of one round, in the order they run. */
    List<Step<J>> steps(int round);

    /** @return the environment every program runs with, on top of the runner's. */
    Map<String, String> environment();

    /** @return the commands that print the native libraries' versions on their first line, for the report; none by default. */
    default List<List<String>> versionCommands()
    {
        return List.of();
    }

    /** @return the facts of the run the report states beside the machine's: the device, its eager limit, the batches. */
    RunInfo.Setting setting();

    /**
     * Checks a run that succeeded right after it ends, so that a run that printed nothing useful ends the report at once.
     *
     * @throws IOException saying what is missing.
     */
    default void check(final StepRun<J> run) throws IOException
    {
    }

    /**
     * Writes the report: CSV, Markdown and PNG plots.
     *
     * @param rounds every round's runs, in the order they ran.
     * @param info   where and how they ran.
     */
    void write(List<List<StepRun<J>>> rounds, RunInfo info) throws IOException;
}
