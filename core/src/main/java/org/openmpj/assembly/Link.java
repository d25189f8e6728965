package org.openmpj.assembly;

import org.openmpj.matching.Transport;

/**
 * One transport's end at a rank while its device is assembled: opened before the job's fences, connected after them,
 * started once the device is connected.
 */
public interface Link
{
    /** What {@link #start} gets on a rank that watches no other process: another rank of its process does. */
    int NO_WATCH = -1;

    /** Called after each of the job's opening fences, {@code fence} counting from 0. */
    default void afterFence(final int fence)
    {
    }

    /** @return the route to this link's peers, under the device's matcher. */
    Transport connect();

    /**
     * Called once the device is connected.
     *
     * @param watched the first rank of the next process, whose liveness this rank watches for its process; {@link #NO_WATCH}
     *                when another rank of the process does.
     */
    default void start(final int watched)
    {
    }

    /** Releases what opening took, when assembling the device failed before {@link #connect}. */
    default void abandon()
    {
    }
}
