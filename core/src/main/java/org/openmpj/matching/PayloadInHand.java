package org.openmpj.matching;

import org.openmpj.Primitive;

/**
 * The payload of a frame that is whole in a transport's memory when its header is read, such as a small frame in a shared
 * ring. The protocol copies it where it belongs while it matches the frame, so that a message that arrives before its
 * receive is matched and queued in one step.
 */
public interface PayloadInHand
{
    /** Copies the first {@code bytes} bytes of the payload into {@code array}, from element {@code elementOffset} on. */
    void copyTo(Object array, Primitive kind, int elementOffset, long bytes);
}
