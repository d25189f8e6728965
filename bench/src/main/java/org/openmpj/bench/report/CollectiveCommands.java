package org.openmpj.bench.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.openmpj.bench.Collectives;

/**
 * The command lines of the collectives benchmark at one job size. Both implementations are confined to the same
 * cores with {@code taskset}. With no more ranks than cores, Open MPI binds each process to a core of its own and
 * its waits spin, as OpenMPJ's do; with more, Open MPI runs with {@code --oversubscribe}, unbound, and
 * {@code mpi_yield_when_idle} so its waits yield the core, as OpenMPJ's idle strategy then backs off by itself.
 * OpenMPJ's jobs start as {@link OpenMpjJob} says.
 */
public final class CollectiveCommands
{
    private final CollectivesReport report;
    private final OpenMpjJob job;

    /** @param report the report: its device, CPUs, benchmark options, JDK and JVM options. */
    public CollectiveCommands(final CollectivesReport report)
    {
        this.report = report;
        this.job = report.job();
    }

    /** @return OpenMPJ on the report's device with {@code ranks} ranks, the idle strategy left to choose itself. */
    public List<String> openmpj(final int ranks)
    {
        return job().command(ranks, Collectives.class, List.of(report.benchFor(ranks).toArgs()));
    }

    /** @return how OpenMPJ's jobs start. */
    public OpenMpjJob job()
    {
        return job;
    }

    /** @return the native program under Open MPI's {@code mpirun}, over the device's comparable transport. */
    public List<String> openmpi(final int ranks)
    {
        final List<String> command = new ArrayList<>(List.of(
            "taskset", "-c", report.run().cpus(),
            report.run().mpirun(), "--allow-run-as-root", "--timeout", Integer.toString(OpenMpjJob.TIMEOUT_SECONDS), "-np", Integer.toString(ranks)));
        command.addAll(openMpiPlacement(ranks));
        command.add(report.run().nativeBinary().toString());
        command.addAll(Arrays.asList(report.benchFor(ranks).toArgs()));
        return command;
    }

    /** @return the {@code mpirun} options that choose the transport, place and bind the processes and choose how they wait. */
    public List<String> openMpiPlacement(final int ranks)
    {
        final List<String> flags = new ArrayList<>(report.run().device().openMpiTransport());
        if (ranks <= report.run().cores())
        {
            flags.addAll(List.of("--map-by", "core", "--bind-to", "core"));
        }
        else
        {
            flags.addAll(ReportOptions.OPEN_MPI_OVERSUBSCRIBED);
        }
        return flags;
    }
}
