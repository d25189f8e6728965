package org.openmpj.engine;

import org.openmpj.device.Device;
import org.openmpj.device.PairedCopy;
import org.openmpj.Primitive;

/**
 * Moves the blocks of a collective's exchange between two ranks by the device's paired copy, where it has one: each rank
 * offers its half, waits for the peer's mirror offer, and both copy at once, one copy per block (see {@link PairedCopy}).
 * What did not move that way, the caller moves as messages; both ranks learn the same, so they agree on it.
 *
 * <p>A rank waits for its peer's offer only as long as nothing says it will not come: a message from the peer in the
 * collective context (the peer sends instead), a peer offer of another call, or {@link #OFFER_WAIT_NS} without one (the peer
 * is late, or, in an algorithm that pairs an exchange with plain sends and receives, never offers). Then it withdraws and
 * sends, and the peer, should it offer later, sees the message and does the same.
 *
 * <p>Blocks larger than {@link PairedCopy#LARGEST_BYTES} move as several copies, piece after piece ({@link #exchangeInPieces}).
 */
final class PairedExchanges
{
    /**
     * The longest wait for the peer's offer; beyond it, a rank waits for messages as usual. A peer still compiling or
     * descheduled comes later than a few milliseconds now and then: with 1 ms, 22 of 48 exchanges of a two-JVM test program
     * went as messages, with 50 ms none or one.
     */
    static final long OFFER_WAIT_NS = 50_000_000;
    /** Waiting steps between two looks for a message or the clock, which cost more than a step. */
    private static final int LOOK_STEPS = 16;

    private PairedExchanges()
    {
    }

    /**
     * Moves an exchange as {@link #exchange} does, in pieces of at most {@link PairedCopy#LARGEST_BYTES} each way, in order,
     * for as long as each piece moves whole; both ranks stop at the same piece, having learnt the same. A block of a FT
     * transpose at class A (32 MiB each way) moved so took 2 copies, and as messages one pull and one stream through a ring.
     *
     * @return the leading elements moved each way, packed: read them with {@link #sent} and {@link #received}.
     */
    static long exchangeInPieces(
        final Communicator c, final int peer, final int wireTag, final Object sendBuf, final Primitive kind, final int sendOffset,
        final int sendCount, final Object recvBuf, final int recvOffset, final int recvCount, final boolean shared)
    {
        final int piece = (int)(PairedCopy.LARGEST_BYTES / kind.sizeBytes());
        int sent = 0;
        int received = 0;
        do
        {
            final int sending = Math.min(piece, sendCount - sent);
            final int receiving = Math.min(piece, recvCount - received);
            final int moved = exchange(c, peer, wireTag, sendBuf, kind, sendOffset + sent, sending, recvBuf, recvOffset + received,
                receiving, shared);
            sent += (moved & PairedCopy.SENT) != 0 ? sending : 0;
            received += (moved & PairedCopy.RECEIVED) != 0 ? receiving : 0;
            if (moved != ((sending > 0 ? PairedCopy.SENT : 0) | (receiving > 0 ? PairedCopy.RECEIVED : 0)))
            {
                break;
            }
        }
        while (sent < sendCount || received < recvCount);
        return (long)received << Integer.SIZE | sent;
    }

    /** @return the elements {@link #exchangeInPieces} sent, from its result. */
    static int sent(final long moved)
    {
        return (int)moved;
    }

    /** @return the elements {@link #exchangeInPieces} received, from its result. */
    static int received(final long moved)
    {
        return (int)(moved >>> Integer.SIZE);
    }

    /**
     * @return whether {@code moved} elements (one side's figure from {@link #exchangeInPieces}) are that side's whole
     *         {@code count}, so that no message is left to move. A side of no elements still goes as an empty message:
     *         the paired copy never moves it, and the peer's side waits for one.
     */
    static boolean movedWhole(final int moved, final int count)
    {
        return moved > 0 && moved == count;
    }

    /**
     * Offers {@code sendCount} elements of {@code sendBuf} to {@code peer} and asks for {@code recvCount} into
     * {@code recvBuf} (either count may be 0), waits for the peer's offer and copies.
     *
     * @param wireTag the tag the call's messages carry, which both ranks' offers must show.
     * @param shared  whether a block going one way may be copied by both ranks at once (see {@link PairedCopy#offer}).
     * @return {@link PairedCopy#SENT} and {@link PairedCopy#RECEIVED} for what moved; 0 when nothing did.
     */
    static int exchange(
        final Communicator c, final int peer, final int wireTag, final Object sendBuf, final Primitive kind, final int sendOffset,
        final int sendCount, final Object recvBuf, final int recvOffset, final int recvCount, final boolean shared)
    {
        final long sendBytes = (long)sendCount * kind.sizeBytes();
        final long recvBytes = (long)recvCount * kind.sizeBytes();
        final Device device = c.device();
        final PairedCopy pair = device.pairedCopy(c.worldRank(peer), sendBytes, recvBytes, shared);
        if (pair == null || !pair.offer(c.context(), wireTag, sendBuf, sendBytes, recvBuf, recvBytes, shared))
        {
            return 0;
        }
        boolean offered = true;
        int round = 0;
        try
        {
            long deadline = 0;
            for (int step = 1;; step++)
            {
                final int state = pair.peerState();
                if (state == PairedCopy.READY)
                {
                    offered = false;
                    return pair.copy(sendBuf, kind, sendOffset, recvBuf, recvOffset);
                }
                if (state == PairedCopy.DECLINED)
                {
                    return 0;
                }
                if (step % LOOK_STEPS == 0)
                {
                    final long now = System.nanoTime();
                    if (deadline == 0)
                    {
                        deadline = now + OFFER_WAIT_NS;
                    }
                    if (now - deadline > 0 || !device.isQuiet(c.context()))
                    {
                        return 0;
                    }
                }
                round = device.awaitStep(round);
            }
        }
        finally
        {
            if (offered)
            {
                pair.withdraw();
            }
            device.endWait(round);
        }
    }
}
