package org.openmpj.bench;

import mpi.MPI;

import org.openmpj.runtime.RankRegistry;

/**
 * The device a benchmark's job runs on, and the name its result lines carry: {@code openmpj-} and the device's
 * name ({@code openmpj-thread}, {@code openmpj-tcp}), so that one program measured on two devices gives two series.
 */
public final class JobDevice
{
    private static final String PREFIX = "openmpj-";

    private JobDevice()
    {
    }

    /** @return the name on the result lines of an OpenMPJ benchmark run on {@code device}, e.g. {@code openmpj-tcp}. */
    public static String impl(final String device)
    {
        return PREFIX + device;
    }

    /**
     * @return the result-line name of the calling rank's job, from the device {@code MPI.Init} opened for it.
     * @throws IllegalStateException when MPI is not initialized.
     */
    static String implOfThisJob()
    {
        // The rank's own copy of the API (a thread rank loads it through a loader of its own) names its job.
        final org.openmpj.device.Device device = RankRegistry.forApiLoader(MPI.class.getClassLoader()).device();
        if (device == null)
        {
            throw new IllegalStateException("MPI.Init has not opened a device yet");
        }
        return impl(device.name());
    }
}
