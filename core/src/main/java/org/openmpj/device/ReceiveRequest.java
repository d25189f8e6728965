package org.openmpj.device;

/**
 * A receive in flight. For a receive started by {@link Device#irecvAllocating}, the device allocates the
 * buffer when the message matches and {@link #payload()} returns it.
 */
public abstract class ReceiveRequest extends Request
{
    /** @return the bytes of an allocating receive once complete; null for a receive into a user buffer. */
    public abstract byte[] payload();

    /**
     * Tells the device which world rank this receive waits on, so that in a job that survives the loss of ranks only the
     * loss of that rank fails it ({@link Device#failIfPeerLost}); a receive the device is not told about fails on any loss
     * while it waits unmatched.
     */
    public void expectFrom(final int worldRank)
    {
    }
}
