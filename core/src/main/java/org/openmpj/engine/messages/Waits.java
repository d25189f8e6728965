package org.openmpj.engine.messages;

import org.openmpj.device.Device;

/**
 * Waits over sets of operations, for a façade's {@code Waitany} and {@code Waitsome}: the waiting thread drives the
 * device step by step, with the device's idle strategy, until one of the operations completes.
 */
public final class Waits
{
    private Waits()
    {
    }

    /**
     * Returns once one of {@code operations} has completed, at once when one has already or none is given; null
     * entries are inactive.
     *
     * @throws org.openmpj.OpenMpjException when the job fails while waiting.
     */
    public static void awaitAny(final Operation[] operations)
    {
        Operation active = null;
        for (final Operation operation : operations)
        {
            if (operation != null)
            {
                if (operation.isComplete())
                {
                    return;
                }
                if (active == null)
                {
                    active = operation;
                }
            }
        }
        if (active == null)
        {
            return;
        }
        final Device device = active.communicator().device();
        int round = 0;
        try
        {
            while (!anyComplete(operations))
            {
                round = device.awaitStep(round);
                if (device.job().lossCount() != 0)
                {
                    for (final Operation operation : operations)
                    {
                        if (operation != null)
                        {
                            operation.failIfPeerLost();
                        }
                    }
                }
            }
        }
        finally
        {
            device.endWait(round);
        }
    }

    private static boolean anyComplete(final Operation[] operations)
    {
        for (final Operation operation : operations)
        {
            if (operation != null && operation.isComplete())
            {
                return true;
            }
        }
        return false;
    }
}
