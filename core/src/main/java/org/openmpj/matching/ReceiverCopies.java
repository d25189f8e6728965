package org.openmpj.matching;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicReference;

import org.openmpj.device.ArrayCopy;
import org.openmpj.Primitive;

/**
 * Large messages between ranks of one process that the sending thread matched with a posted receive but leaves to the
 * receiving rank's thread to copy. The receiver reads the sender's array, whose lines stay clean in the sender's cache,
 * and writes its own buffer in its own cache, as a native MPI's receiver does with a single-copy transfer. When the
 * sender copied whenever it came second, and the receiver whenever it did, the receive buffer's lines moved between the
 * cores with nearly every message: 2 thread ranks' Bcast of 32 KiB took 5.4 µs a call that way, against Open MPI's 2.7.
 *
 * <p>A message of at least {@link #SPLIT_FROM_BYTES} has two halves. The receiver copies its own, and the sender's too
 * unless the sending rank, idle in its wait, has claimed it ({@link #help}): two cores copy one message when one of
 * them would only wait, and one does when both have copies of their own to make (an exchange). Of two ranks, the lower
 * one's half is always the first and the higher one's the second, whichever of them sends: in messages that go back and
 * forth between the same buffers (a ping-pong, a halo exchange) each core then copies from and into lines it wrote or
 * read itself the time before. When the receiver always took the first half, each half's source had last been written by
 * the other core (two threads splitting copies of 1 MiB: 46 µs a copy that way, 13 with the halves kept).
 *
 * <p>The sends wait on a stack linked through the sends themselves, so that handing one over allocates nothing.
 * Whichever side finishes the last part completes the receive and the send.
 *
 * <p>Thread-safety: any thread may hand sends over or help; any thread of the receiving rank may make the copies.
 */
public final class ReceiverCopies
{
    /**
     * Messages of at least this many bytes are copied in two halves, the second by whichever side claims it first. Measured
     * with 2 thread ranks on an Intel Xeon, alternating, two or three runs each: ping-pong of 1 MiB 48-57 µs one way
     * from 256 KiB (49-52 from 64 KiB) against 77 whole, 4 MiB 279-295 against 472-480; Allgather and Alltoall of 1 MiB
     * alike either way (116-124 and 149-156 µs); Bcast of 512 KiB 6.4-16 µs from 256 KiB, 14-17 from 64 KiB, 12 whole, of
     * 128 KiB 3.4-3.5 whole and 4.8-12 from 64 KiB.
     */
    static final long SPLIT_FROM_BYTES = 256 * 1024;
    /** {@link SendRequest#copyClaims}: the sender's half is open to whichever side takes it first. */
    static final int SENDER_HALF_OPEN = 0;
    /** {@link SendRequest#copyClaims}: the sender's half is taken, there is none, or the send is not handed over. */
    static final int SENDER_HALF_TAKEN = 1;

    private static final VarHandle PARTS_LEFT;
    private static final VarHandle CLAIMS;

    static
    {
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            PARTS_LEFT = lookup.findVarHandle(SendRequest.class, "copyPartsLeft", int.class);
            CLAIMS = lookup.findVarHandle(SendRequest.class, "copyClaims", int.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private final AtomicReference<SendRequest> top = new AtomicReference<>();

    /** @return the byte at which the second half of a message of {@code bytes} starts; {@code bytes} when it has none. */
    static long splitOf(final long bytes)
    {
        // A multiple of 64 bytes: whole elements of every kind on both sides.
        return splits(bytes) ? bytes / 2 & ~63L : bytes;
    }

    /** Hands over {@code send}, matched with {@code recv}, whose buffer holds it whole, for the receiving rank to copy. */
    void push(final SendRequest send, final RecvRequest recv)
    {
        prepare(send, recv);
        SendRequest below;
        do
        {
            below = top.get();
            send.nextToCopy = below;
        }
        while (!top.compareAndSet(below, send));
    }

    /** @return whether a message of {@code bytes} is copied in two halves, one of which its sender may take. */
    static boolean splits(final long bytes)
    {
        return bytes >= SPLIT_FROM_BYTES;
    }

    /**
     * Copies {@code send}, a send of a rank that helps with its copies, which the receiving rank found waiting when it
     * posted {@code recv}, whose buffer holds it whole: its own half, then the sender's unless the sender, waiting, has
     * claimed it. In a ping-pong the reply often arrives before its receive is posted: half of the 1 MiB messages between 2
     * thread ranks did, and went whole to the receiver (50-53 µs one way on an Intel Xeon; 12-14 with these shared too).
     */
    static void copyFoundWaiting(final SendRequest send, final RecvRequest recv, final boolean waitersMayPark)
    {
        prepare(send, recv);
        copyOwnHalfAndUnclaimed(send, recv, waitersMayPark);
    }

    /** Sets {@code send} up to be copied into {@code recv} in its parts, the sender's half open to claim. */
    private static void prepare(final SendRequest send, final RecvRequest recv)
    {
        final long split = splitOf(send.byteCount);
        send.copyInto = recv;
        send.copySplit = split;
        send.copyPartsLeft = split < send.byteCount ? 2 : 1;
        // Last of the fields: a helper that claims a half reads the others after it.
        CLAIMS.setRelease(send, split < send.byteCount ? SENDER_HALF_OPEN : SENDER_HALF_TAKEN);
    }

    /**
     * Copies the sender's half of {@code send}, a send of the calling rank, if it was handed over and nobody has claimed that
     * half yet; a send that is complete, or not handed over, has nothing to claim.
     *
     * @return whether this thread copied the half.
     */
    public static boolean help(final SendRequest send, final boolean waitersMayPark)
    {
        if (!claimSenderHalf(send))
        {
            return false;
        }
        copyHalf(send, send.copyInto, senderHalfIsFirst(send));
        finishParts(send, send.copyInto, 1, waitersMayPark);
        return true;
    }

    /** @return whether no copy waits. */
    public boolean isEmpty()
    {
        return top.getAcquire() == null;
    }

    /**
     * Makes every copy waiting here into the receives they matched, in {@code owner}'s rank: the receiver's half of each,
     * and the sender's where the sending rank has not claimed it.
     *
     * @return the copies made.
     */
    public int copyAll(final MatchingDevice owner)
    {
        if (top.getAcquire() == null)
        {
            return 0;
        }
        SendRequest send = top.getAndSet(null);
        int copies = 0;
        final boolean waitersMayPark = owner.waitersMayPark();
        while (send != null)
        {
            // Read before this side's parts end: once both are done the send may be reused by its thread.
            final SendRequest next = send.nextToCopy;
            copyOwnHalfAndUnclaimed(send, send.copyInto, waitersMayPark);
            copies++;
            send = next;
        }
        return copies;
    }

    /** Copies the receiver's half of {@code send}, then the sender's if nobody has claimed it, and ends the parts copied. */
    private static void copyOwnHalfAndUnclaimed(final SendRequest send, final RecvRequest recv, final boolean waitersMayPark)
    {
        final boolean senderHalfFirst = senderHalfIsFirst(send);
        copyHalf(send, recv, !senderHalfFirst);
        int parts = 1;
        if (claimSenderHalf(send))
        {
            copyHalf(send, recv, senderHalfFirst);
            parts++;
        }
        finishParts(send, recv, parts, waitersMayPark);
    }

    /**
     * @return whether the sender's half of {@code send}, set up for copying, is the first; a message of one part is the
     *         receiver's whole, its "first half".
     */
    private static boolean senderHalfIsFirst(final SendRequest send)
    {
        return send.senderIsLower && send.copySplit < send.byteCount;
    }

    /** @return whether this thread took the sender's half of {@code send}'s copy, which nobody had. */
    private static boolean claimSenderHalf(final SendRequest send)
    {
        return (int)CLAIMS.getAcquire(send) == SENDER_HALF_OPEN
            && CLAIMS.compareAndSet(send, SENDER_HALF_OPEN, SENDER_HALF_TAKEN);
    }

    /** Copies the first half of {@code send} (all of it when it has one part only), or the second. */
    private static void copyHalf(final SendRequest send, final RecvRequest recv, final boolean first)
    {
        if (first)
        {
            copyRange(send, recv, 0, send.copySplit);
        }
        else
        {
            copyRange(send, recv, send.copySplit, send.byteCount);
        }
    }

    private static void copyRange(final SendRequest send, final RecvRequest recv, final long from, final long to)
    {
        if (to <= from)
        {
            return;
        }
        final Primitive landingKind = recv.landingKind();
        ArrayCopy.copyPart(send.buffer, send.kind, send.offset, recv.landingArray(), landingKind, recv.landingOffset(), from, to - from);
    }

    /** Ends {@code parts} parts of {@code send}'s copy; the last part completes the receive, then the send. */
    private static void finishParts(final SendRequest send, final RecvRequest recv, final int parts, final boolean waitersMayPark)
    {
        if ((int)PARTS_LEFT.getAndAdd(send, -parts) != parts)
        {
            return;
        }
        send.copyInto = null;
        send.nextToCopy = null;
        recv.completeLanded(send.envelopeSource, send.tag, send.byteCount, send.byteCount, waitersMayPark);
        // Last: once complete, the send may be reused by its thread.
        send.completeSent(waitersMayPark);
    }
}
