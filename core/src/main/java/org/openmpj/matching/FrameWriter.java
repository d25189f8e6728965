package org.openmpj.matching;

import org.openmpj.Primitive;

/**
 * The sending half of a connection to one peer process, as a {@link PeerProtocol} uses it: writes whole frames,
 * in the order they are given, without blocking.
 *
 * <p>Thread-safety: any number of threads may write at once; each frame goes out whole.
 */
public interface FrameWriter
{
    /**
     * Writes a frame: a header with these fields (see {@link FrameDescriptor}; the element kind is {@code payloadKind}'s,
     * and the writer adds the credit) and,
     * when {@code payloadBytes > 0}, that many bytes of {@code payload} from element {@code payloadOffset}. What the
     * socket does not take now is written later by the transport's progress, which then completes {@code done}
     * through {@link PeerProtocol#onWritten}.
     *
     * @param done the send to complete once the whole frame is written, or null.
     * @return true when the whole frame was written now ({@code done} is then left for the caller to complete).
     */
    boolean write(
        byte type, int flags, int context, int source, int tag, long byteCount, long id, long aux,
        Object payload, Primitive payloadKind, int payloadOffset, long payloadBytes, SendRequest done);
}
