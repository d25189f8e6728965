package org.openmpj.engine.messages;

import org.openmpj.OpenMpjException;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.Schedule;
import org.openmpj.objects.ObjectCodec;

/**
 * A non-blocking operation the engine started for a façade, which a façade's request holds: a point-to-point message
 * ({@link Messages#startSend}, {@link Messages#startReceive}, the receive of a {@link MatchedMessage}), or a collective
 * operation in flight as a {@link Schedule}
 * ({@link #of(Schedule)}). Waiting, testing and finishing are alike for both; a test of a collective also takes the steps
 * of its schedule that have become possible.
 *
 * <p>Thread-safety: the device completes it from any thread; one thread at a time waits for it and finishes it.
 */
public abstract sealed class Operation permits DeviceOperation, CollectiveOperation
{
    /** @return the operation of the non-blocking collective {@code schedule}. */
    public static Operation of(final Schedule schedule)
    {
        return new CollectiveOperation(schedule);
    }

    /** @return whether the operation has completed, successfully or not. */
    public abstract boolean isComplete();

    /** @return whether the operation was cancelled. */
    public abstract boolean isCancelled();

    /**
     * Waits until the operation completes, driving the device.
     *
     * @throws OpenMpjException when the job fails while waiting.
     */
    public abstract void await();

    /** @return whether the operation has completed, after giving the device one turn of progress. */
    public abstract boolean test();

    /** Gives the device of this operation one turn of progress, for a test of several operations. */
    public abstract void progress();

    /**
     * Cancels the operation if it has not matched yet.
     *
     * @throws OpenMpjException when it cannot be cancelled.
     */
    public abstract void cancel();

    /**
     * Finishes the completed operation: unpacks what a staged or object receive brought into the user's buffer and
     * releases its scratch memory. Called once; a call after one that failed fails again.
     *
     * @param codec the receiving rank's object codec, which resolves classes with that rank's class loader.
     * @throws OpenMpjException the error the operation failed with, or the failure to deserialize or store its objects.
     */
    public abstract Completion finish(ObjectCodec codec);

    /** @return the communicator the operation runs on. */
    abstract Communicator communicator();

    /** Fails a wait for this operation that a lost rank leaves without an end ({@link org.openmpj.device.Device#failIfPeerLost}). */
    void failIfPeerLost()
    {
    }
}
