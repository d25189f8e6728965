package org.openmpj.device;

import org.openmpj.Primitive;

/**
 * Two ranks of one host moving each other's payloads with one copy each, both at once, where their device can (see
 * {@link Device#pairedCopy}): each side offers its half, waits until the peer offered the mirror of it, then both copy.
 * Both sides must reach the same call at the same point of their programs, as the two ranks of a collective exchange do;
 * whatever the copy did not move, each side learns from {@link #copy}'s result, and both learn the same, so they move the
 * rest as messages.
 *
 * <p>Thread-safety: one offer at a time per pair; a thread whose {@link #offer} is refused moves its payloads as messages.
 */
public interface PairedCopy
{
    /**
     * The most bytes one paired copy moves each way: both JVMs reach no safepoint while it lasts (about 1 ms per 16 MiB
     * here), so a caller moves larger blocks as several copies of at most this much, and devices refuse larger ones.
     */
    long LARGEST_BYTES = 16L << 20;

    /** {@link #copy}'s bit: the peer took this side's payload. */
    int SENT = 1;
    /** {@link #copy}'s bit: the peer's payload is in this side's receive array. */
    int RECEIVED = 2;

    /** {@link #peerState}: the peer offered the mirror of this side's offer; {@link #copy} may run. */
    int READY = 0;
    /** {@link #peerState}: the peer has not offered yet. */
    int WAITING = 1;
    /** {@link #peerState}: the peer offered something else in the same context, or the pair can no longer copy. */
    int DECLINED = 2;

    /**
     * Offers this side's half: in {@code context}, the message of tag {@code tag}, {@code sendBytes} of {@code sendArray}
     * for the peer and {@code recvBytes} into {@code recvArray} from it (either may be 0). With {@code shared}, a block
     * going one way may be copied by both sides at once, each a part (for a receiver that does not read the block at once:
     * the part the sender copies is in the sender's cache); both sides must offer the same.
     *
     * @return false when this side cannot offer now (another thread's offer to the same peer, arrays without a memory view,
     *         a pair whose copies failed before); then nothing is offered.
     */
    boolean offer(int context, int tag, Object sendArray, long sendBytes, Object recvArray, long recvBytes, boolean shared);

    /** @return {@link #READY}, {@link #WAITING} or {@link #DECLINED}, for the offer in force. */
    int peerState();

    /** Ends the offer in force without copying. */
    void withdraw();

    /**
     * Copies, once {@link #peerState} showed {@link #READY}, and ends the offer: the arrays are those offered, the offsets
     * in elements of {@code kind}.
     *
     * @return {@link #SENT} and {@link #RECEIVED} for what moved.
     */
    int copy(Object sendArray, Primitive kind, int sendOffset, Object recvArray, int recvOffset);
}
