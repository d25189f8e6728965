package org.openmpj.runtime;

import org.openmpj.bootstrap.PmiClient;
import org.openmpj.device.JobControl;
import org.openmpj.device.KeyValueStore;

/**
 * The process manager that started this rank's process (the mpjrun launcher's service, MPICH's Hydra or Slurm), as
 * the process's ranks see it: the job's key-value space and the place to say that the process's ranks finalized.
 *
 * <p>Thread-safety: safe for all the process's ranks at once.
 */
final class ProcessManager
{
    private final PmiClient client;
    private final KeyValueStore store;
    /** Ranks of this process that have not finalized yet; the conversation ends with the last. */
    private int unfinished;

    /** For a process that is one rank. */
    ProcessManager(final PmiClient client)
    {
        this(client, 1, () -> { });
    }

    /**
     * @param localRanks the ranks this process holds as threads.
     * @param job        the job's liveness, checked while those ranks wait for each other in a fence.
     */
    ProcessManager(final PmiClient client, final int localRanks, final JobControl job)
    {
        this.client = client;
        this.store = localRanks == 1 ? client : new ProcessKeyValueStore(client, localRanks, job);
        this.unfinished = localRanks;
    }

    KeyValueStore store()
    {
        return store;
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

    /** Tells the manager that a rank of this process finalized; after the last one it ends the conversation. */
    void finish()
    {
        synchronized (this)
        {
            if (--unfinished > 0)
            {
                return;
            }
        }
        client.close();
    }
}
