package org.openmpj.bench.report;

import java.nio.file.Path;

/**
 * What every report holds: the checkout it measures, where it writes, and how many rounds the runner runs.
 *
 * @param <J> what the report knows each run as.
 */
public abstract class AbstractReport<J> implements Report<J>
{
    private final Path home;
    private final Path results;
    private final int rounds;

    /**
     * @param home    the OpenMPJ checkout measured.
     * @param results where the report and its {@code raw/} logs are written.
     * @param rounds  how many rounds the runner runs.
     */
    protected AbstractReport(final Path home, final Path results, final int rounds)
    {
        this.home = home;
        this.results = results;
        this.rounds = rounds;
    }

    @Override
    public final Path home()
    {
        return home;
    }

    @Override
    public final Path results()
    {
        return results;
    }

    @Override
    public final int rounds()
    {
        return rounds;
    }
}
