package org.openmpj;

/**
 * The outcome of a completed point-to-point operation as a façade reports it: the envelope of the matched message,
 * its size, whether the operation was cancelled, and the error it failed with. Devices' requests are envelopes once
 * complete, so that a blocking receive can report what arrived without a copy of it.
 */
public interface Envelope
{
    /** @return the rank of the sender in the communicator the message came on. */
    int source();

    /** @return the tag of the message. */
    int tag();

    /** @return the size of the message in bytes. */
    long byteCount();

    /** @return whether the operation was cancelled rather than matched. */
    boolean isCancelled();

    /** @return what the operation failed with; null when it succeeded. */
    OpenMpjException error();
}
