package org.openmpj.engine;

/**
 * A non-blocking collective operation being described, on an intracommunicator ({@link ScheduledCalls}) or an
 * intercommunicator ({@link ScheduledInterCalls}): once its calls are written down it is started, or, when this rank
 * refuses its arguments, abandoned.
 */
public interface ScheduledOperation
{
    /**
     * Gives up on the operation before it starts: tells every other rank it involves, so that their waits for it fail
     * naming this rank instead of waiting for messages it will not send.
     */
    void abandon();

    /** @return the operation, started: every step that could be taken at once has been. */
    Schedule start();
}
