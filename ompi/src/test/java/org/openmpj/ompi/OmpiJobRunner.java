package org.openmpj.ompi;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.openmpj.runtime.JobResult;
import org.openmpj.runtime.JobSpec;
import org.openmpj.runtime.ThreadJob;

/**
 * Runs a program of Open MPI's Java API as a job whose ranks are threads of this JVM, each loading the API ({@code mpi},
 * from this module's classes) and the program through a class loader of its own, on a named device: {@code thread}, or
 * {@code tcp}, whose ranks then talk over loopback sockets.
 */
final class OmpiJobRunner
{
    private final String device;

    OmpiJobRunner(final String device)
    {
        this.device = device;
    }

    /** @return how a run of {@code program}'s main on {@code processes} ranks ended; it is failed after {@code timeout}. */
    JobResult run(final int processes, final Class<?> program, final Duration timeout, final String... args)
    {
        final JobSpec spec = new JobSpec(processes, device, List.of(locationOf(mpi.MPI.class)), List.of(locationOf(program)),
            program.getName(), List.of(args), timeout);
        return ThreadJob.run(spec);
    }

    String device()
    {
        return device;
    }

    private static Path locationOf(final Class<?> type)
    {
        try
        {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        }
        catch (final URISyntaxException ex)
        {
            throw new IllegalStateException("cannot locate the classes of " + type, ex);
        }
    }
}
