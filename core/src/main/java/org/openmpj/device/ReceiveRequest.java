package org.openmpj.device;

/**
 * A receive in flight. For a receive started by {@link Device#irecvAllocating}, the device allocates the
 * buffer when the message matches and {@link #payload()} returns it.
 */
public abstract class ReceiveRequest extends Request
{
    /** @return the bytes of an allocating receive once complete; null for a receive into a user buffer. */
    public abstract byte[] payload();
}
