package org.openmpj.runtime;

import org.openmpj.bootstrap.PmiClient;
import org.openmpj.device.KeyValueStore;

/**
 * The process manager that started this rank's process (the mpjrun launcher's service, MPICH's Hydra or Slurm), as
 * the rank sees it: the job's key-value space and the place to say that the rank finalized.
 */
final class ProcessManager
{
    private final PmiClient client;

    ProcessManager(final PmiClient client)
    {
        this.client = client;
    }

    KeyValueStore store()
    {
        return client;
    }

    /** Tells the manager that the job fails with {@code exitCode} because of what {@code message} says; the process then ends. */
    void abort(final int exitCode, final String message)
    {
        try
        {
            client.abort(exitCode, message);
        }
        catch (final RuntimeException ex)
        {
            // The manager is gone already; the process's exit code still tells.
        }
    }

    /** Tells the manager that this rank finalized and ends the conversation. */
    void finish()
    {
        client.close();
    }
}
