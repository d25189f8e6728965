package org.openmpj.matching;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicReference;

import org.openmpj.device.ArrayCopy;
import org.openmpj.device.Primitive;

/**
 * Large messages between ranks of one process that the sending thread matched with a posted receive but leaves to the
 * receiving rank's thread to copy. The receiver reads the sender's array, whose lines stay clean in the sender's cache,
 * and writes its own buffer in its own cache, as a native MPI's receiver does with a single-copy transfer. When the
 * sender copied whenever it came second, and the receiver whenever it did, the receive buffer's lines moved between the
 * cores with nearly every message: 2 thread ranks' Bcast of 32 KiB took 5.4 µs a call that way, against Open MPI's 2.7.
 *
 * <p>A message of at least {@link #SPLIT_FROM_BYTES} has two halves. The receiver copies the first, and the second too
 * unless the sending rank, idle in its wait, has claimed it ({@link #help}): two cores copy one message when one of
 * them would only wait, and one does when both have copies of their own to make (an exchange).
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
    /** {@link SendRequest#copyClaims}: the second half is open to whichever side takes it first. */
    static final int SECOND_HALF_OPEN = 0;
    /** {@link SendRequest#copyClaims}: the second half is taken, there is none, or the send is not handed over. */
    static final int SECOND_HALF_TAKEN = 1;

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
        return bytes >= SPLIT_FROM_BYTES ? bytes / 2 & ~63L : bytes;
    }

    /** Hands over {@code send}, matched with {@code recv}, whose buffer holds it whole, for the receiving rank to copy. */
    void push(final SendRequest send, final RecvRequest recv)
    {
        final long split = splitOf(send.byteCount);
        send.copyInto = recv;
        send.copySplit = split;
        send.copyPartsLeft = split < send.byteCount ? 2 : 1;
        // Last of the fields: a helper that claims a half reads the others after it.
        CLAIMS.setRelease(send, split < send.byteCount ? SECOND_HALF_OPEN : SECOND_HALF_TAKEN);
        SendRequest below;
        do
        {
            below = top.get();
            send.nextToCopy = below;
        }
        while (!top.compareAndSet(below, send));
    }

    /**
     * Copies the second half of {@code send}, a send of the calling rank, if it was handed over and nobody has claimed that
     * half yet; a send that is complete, or not handed over, has nothing to claim.
     *
     * @return whether this thread copied the half.
     */
    public static boolean help(final SendRequest send, final boolean waitersMayPark)
    {
        if (!claimSecondHalf(send))
        {
            return false;
        }
        copyRange(send, send.copyInto, send.copySplit, send.byteCount);
        finishParts(send, send.copyInto, 1, waitersMayPark);
        return true;
    }

    /** @return whether no copy waits. */
    public boolean isEmpty()
    {
        return top.getAcquire() == null;
    }

    /**
     * Makes every copy waiting here into the receives they matched, in {@code owner}'s rank: the first half of each, and
     * the second where the sending rank has not claimed it.
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
            final RecvRequest recv = send.copyInto;
            copyRange(send, recv, 0, send.copySplit);
            int parts = 1;
            if (claimSecondHalf(send))
            {
                copyRange(send, recv, send.copySplit, send.byteCount);
                parts++;
            }
            finishParts(send, recv, parts, waitersMayPark);
            copies++;
            send = next;
        }
        return copies;
    }

    /** @return whether this thread took the second half of {@code send}'s copy, which nobody had. */
    private static boolean claimSecondHalf(final SendRequest send)
    {
        return (int)CLAIMS.getAcquire(send) == SECOND_HALF_OPEN
            && CLAIMS.compareAndSet(send, SECOND_HALF_OPEN, SECOND_HALF_TAKEN);
    }

    private static void copyRange(final SendRequest send, final RecvRequest recv, final long from, final long to)
    {
        if (to <= from)
        {
            return;
        }
        final Primitive landingKind = recv.landingKind();
        ArrayCopy.copy(send.buffer, send.kind, send.offset + (int)(from / send.kind.sizeBytes()), recv.landingArray(), landingKind,
            recv.landingOffset() + (int)(from / landingKind.sizeBytes()), to - from);
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
