package org.openmpj.engine;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.device.Device;
import org.openmpj.Primitive;
import org.openmpj.device.ProbeResult;
import org.openmpj.device.ReceiveRequest;
import org.openmpj.device.Request;
import org.openmpj.SendMode;

/**
 * The point-to-point steps collective algorithms are made of, on a communicator's collective context, and the
 * tag of each operation family. Every send a step starts has completed when the step returns, so no buffer of
 * a collective is read after the collective has returned.
 *
 * <p>A message's tag names its operation and, for rooted ones, the root ({@link #tag}). Receives take any tag from
 * their source and then check it and the length: since messages between two ranks in one context arrive in the
 * order sent, a different tag means the two ranks called different collectives or gave different roots, and a
 * different length that they gave different counts. Both become an error naming each side's view, rather than a
 * hang or data taken from another collective.
 */
final class Transfers
{
    static final int TAG_BARRIER = 1;
    static final int TAG_BCAST = 2;
    static final int TAG_REDUCE = 3;
    static final int TAG_ALLREDUCE = 4;
    static final int TAG_GATHER = 5;
    static final int TAG_SCATTER = 6;
    static final int TAG_ALLGATHER = 7;
    static final int TAG_ALLTOALL = 8;
    static final int TAG_SCAN = 9;
    static final int TAG_REDUCE_SCATTER = 10;
    static final int TAG_NEIGHBOR = 11;
    /**
     * A rank that gave up on a collective call before it started (its arguments were bad) tells the others with a
     * message of this family, whose root is that rank.
     */
    private static final int TAG_ABANDONED = 14;
    /** A rank that found a mismatch tells the others with a message of this family, whose root is the finder. */
    private static final int TAG_MISMATCH = 15;
    private static final byte[] NOTHING = new byte[0];
    /**
     * Operation families fit in the low bits of a tag, roots above them (modulo 2048: beyond that a root only tells
     * mismatches apart less well, and errors name it modulo 2048), and a collective's count at the top, modulo 65,536.
     * The count tells a message of another call from one of this call, so it must not wrap within the distance a rank
     * can run ahead of one that waits: with a count of 8 bits, 4 ranks failed on a false mismatch when two of them did
     * 256 small Bcasts and reached the next Allreduce while a third waited in the first Bcast for a fourth that started
     * late.
     */
    private static final int OPERATION_BITS = 4;
    private static final int ROOT_BITS = 11;
    private static final int COUNT_SHIFT = OPERATION_BITS + ROOT_BITS;
    private static final int COUNT_MASK = 0xFFFF;
    private static final int OPERATION_MASK = (1 << OPERATION_BITS) - 1;
    private static final int ROOT_MASK = (1 << ROOT_BITS) - 1;
    /** Steps a wait lasts before it looks for messages of a mismatched collective, and between looks. */
    private static final int WATCH_STEPS = 4096;
    private static final String[] NAMES = {
        "?", "Barrier", "Bcast", "Reduce", "Allreduce", "Gather", "Scatter", "Allgather", "Alltoall", "Scan", "Reduce_scatter",
        "a neighbour collective", "?", "?",
        "a notice of an abandoned call", "a warning of mismatched calls"};

    private Transfers()
    {
    }

    /** @return the tag of the messages of operation family {@code operation} with root {@code root}. */
    static int tag(final int operation, final int root)
    {
        return (root & ROOT_MASK) << OPERATION_BITS | operation;
    }

    /** Sends and returns once the buffer may be reused. */
    static void send(
        final Communicator c, final Object buf, final Primitive kind, final int offset, final int count, final int dest, final int tag)
    {
        await(c, c.isendReusing(buf, kind, offset, count, dest, onWire(c, tag)), tag);
    }

    /**
     * Receives {@code count} elements from {@code source} and waits; a message of another collective, or of another
     * length, throws.
     */
    static void receive(
        final Communicator c, final Object buf, final Primitive kind, final int offset, final int count, final int source, final int tag)
    {
        ReceiveRequest request = c.irecvReusing(buf, kind, offset, count, source, Communicator.ANY_TAG);
        await(c, request, tag);
        while (isExpectedNotice(c, request.tag()))
        {
            request = c.irecvReusing(buf, kind, offset, count, source, Communicator.ANY_TAG);
            await(c, request, tag);
        }
        checkArrival(c, request, kind, count, tag);
    }

    /**
     * @return a receive of {@code count} elements from {@code source} with the calling thread's reusable request number
     *         {@code slot} (at least 1: slot 0 is {@link #receive}'s), to finish with {@link #awaitArrival}.
     */
    static ReceiveRequest irecvSlot(
        final Communicator c, final int slot, final Object buf, final Primitive kind, final int offset, final int count, final int source)
    {
        return c.irecvReusing(slot, buf, kind, offset, count, source, Communicator.ANY_TAG);
    }

    /** Waits for a receive started with {@link #irecvSlot}, then checks it as {@link #checkArrival} does. */
    static void awaitArrival(
        final Communicator c, final ReceiveRequest request, final Object buf, final Primitive kind, final int offset, final int count,
        final int source, final int tag)
    {
        await(c, request, tag);
        checkArrival(c, request, buf, kind, offset, count, source, tag);
    }

    /**
     * @return a started send of {@code count} elements to {@code dest} with the calling thread's reusable request number
     *         {@code slot} (at least 1: slot 0 is {@link #send}'s), to finish with {@link #awaitAll}.
     */
    static Request isendSlot(
        final Communicator c, final int slot, final Object buf, final Primitive kind, final int offset, final int count, final int dest,
        final int tag)
    {
        return c.isendReusing(slot, buf, kind, offset, count, dest, onWire(c, tag));
    }

    /**
     * Sends one block and receives another at once, so that ranks exchanging in a cycle never deadlock. Two ranks that
     * exchange with each other move the blocks by paired copy where the device has one ({@link PairedExchanges}); the
     * peer's side of such an exchange must be this call too.
     */
    static void exchange(
        final Communicator c, final Object sendBuf, final Primitive kind, final int sendOffset, final int sendCount, final int dest,
        final Object recvBuf, final int recvOffset, final int recvCount, final int source, final int tag)
    {
        final int wireTag = onWire(c, tag);
        final long moved = dest == source
            ? PairedExchanges.exchangeInPieces(c, dest, wireTag, sendBuf, kind, sendOffset, sendCount, recvBuf, recvOffset, recvCount, false)
            : 0;
        final int sent = PairedExchanges.sent(moved);
        final int received = PairedExchanges.received(moved);
        final Request send = PairedExchanges.movedWhole(sent, sendCount)
            ? null
            : c.isendReusing(sendBuf, kind, sendOffset + sent, sendCount - sent, dest, wireTag);
        if (!PairedExchanges.movedWhole(received, recvCount))
        {
            receive(c, recvBuf, kind, recvOffset + received, recvCount - received, source, tag);
        }
        if (send != null)
        {
            await(c, send, tag);
        }
    }

    /**
     * Sends to a rank that takes the message with {@link #receivePaired}: by paired copy where the device has one, otherwise
     * as {@link #send}. With {@code shared}, both ranks copy a part of a large block at once; without it (a receiver that
     * combines the block with its own next), the receiver copies all of it, into its own cache.
     */
    static void sendPaired(
        final Communicator c, final Object buf, final Primitive kind, final int offset, final int count, final int dest, final int tag,
        final boolean shared)
    {
        final int sent = PairedExchanges.sent(PairedExchanges.exchangeInPieces(c, dest, onWire(c, tag), buf, kind, offset, count, buf,
            offset, 0, shared));
        if (!PairedExchanges.movedWhole(sent, count))
        {
            send(c, buf, kind, offset + sent, count - sent, dest, tag);
        }
    }

    /**
     * Receives from a rank that sends with {@link #sendPaired}, with the same {@code shared}: by paired copy where the device
     * has one, otherwise as {@link #receive}.
     */
    static void receivePaired(
        final Communicator c, final Object buf, final Primitive kind, final int offset, final int count, final int source, final int tag,
        final boolean shared)
    {
        final int received = PairedExchanges.received(PairedExchanges.exchangeInPieces(c, source, onWire(c, tag), buf, kind, offset, 0,
            buf, offset, count, shared));
        if (!PairedExchanges.movedWhole(received, count))
        {
            receive(c, buf, kind, offset + received, count - received, source, tag);
        }
    }

    /** Waits for every request of {@code requests} that is not null, then throws the first error any ended with. */
    static void awaitAll(final Communicator c, final Request[] requests, final int tag)
    {
        OpenMpjException first = null;
        for (final Request request : requests)
        {
            if (request != null)
            {
                await(c, request, tag);
                if (first == null)
                {
                    first = request.error();
                }
            }
        }
        if (first != null)
        {
            throw first;
        }
    }

    /**
     * Checks a receive of {@code count} elements from {@code source} into {@code buf} from {@code offset}, started with
     * {@link #irecvSlot} and completed: receives again when it took an expected notice ({@link #isExpectedNotice}), and throws
     * when it failed, or took a message of another collective or of another length.
     */
    static void checkArrival(
        final Communicator c, final ReceiveRequest request, final Object buf, final Primitive kind, final int offset, final int count,
        final int source, final int tag)
    {
        if (isExpectedNotice(c, request.tag()))
        {
            receive(c, buf, kind, offset, count, source, tag);
            return;
        }
        checkArrival(c, request, kind, count, tag);
    }

    /** Throws when a completed receive failed, or took a message of another collective or of another length than {@code count}. */
    private static void checkArrival(final Communicator c, final ReceiveRequest request, final Primitive kind, final int count, final int tag)
    {
        final int expected = onWire(c, tag);
        if (request.tag() != expected)
        {
            throwIfOnBoard(c, expected);
            throw mismatch(c, expected, request.source(), request.tag());
        }
        final OpenMpjException error = request.error();
        if (error != null && error.errorClass() == ErrorClass.ERR_TRUNCATE)
        {
            throw warnOthers(c, new OpenMpjException(ErrorClass.ERR_TRUNCATE, "mismatched counts in " + describe(expected) + ": rank "
                + c.rank() + " expected " + count + " elements from rank " + request.source() + ", which sent more; " + error.getMessage()));
        }
        if (error != null)
        {
            throw error;
        }
        final long arrived = request.byteCount() / kind.sizeBytes();
        if (arrived != count)
        {
            throw warnOthers(c, new OpenMpjException(ErrorClass.ERR_COUNT, "mismatched counts in " + describe(expected) + ": rank "
                + c.rank() + " expected " + count + " elements from rank " + request.source() + ", which sent " + arrived));
        }
    }

    /**
     * Waits for {@code request}, looking now and then for a message of this same collective (by the count of
     * collectives) that belongs to another operation or root: such a message shows the ranks called mismatched
     * collectives, which may otherwise wait on each other for ever.
     */
    private static void await(final Communicator c, final Request request, final int tag)
    {
        if (request.isComplete())
        {
            return;
        }
        final Device device = c.device();
        final int expected = onWire(c, tag);
        int round = 0;
        try
        {
            while (!request.isComplete())
            {
                round = device.awaitStretch(request, round, WATCH_STEPS);
                if (!request.isComplete())
                {
                    lookForMismatch(c, expected);
                }
            }
        }
        finally
        {
            device.endWait(round);
        }
    }

    private static void lookForMismatch(final Communicator c, final int expected)
    {
        lookForMismatch(c, expected, false);
        throwIfOnBoard(c, expected);
    }

    /** Throws when a peer posted data for this call, which this rank takes part in through messages, on the world board. */
    private static void throwIfOnBoard(final Communicator c, final int expected)
    {
        final BoardCollectives board = c.board();
        final String record = board == null ? null : board.recordForThisCall(c.collectiveCount());
        if (record != null)
        {
            throw warnOthers(c, new OpenMpjException(ErrorClass.ERR_OTHER, "mismatched collective calls: rank " + c.rank() + " is in "
                + describe(expected) + " through messages, but " + record + "; every rank must call the same collectives in the same"
                + " order, with the same root and count"));
        }
    }

    /**
     * Throws when a message or notice on the collective context shows this call mismatched: a warning or notice of any call,
     * or a message of this call of another operation or root, or, for a call whose data goes through the world board
     * ({@code onBoard}), any message of this call.
     */
    private static void lookForMismatch(final Communicator c, final int expected, final boolean onBoard)
    {
        if (c.jobLossCount() != 0)
        {
            failIfMemberLost(c);
        }
        final ProbeResult found = new ProbeResult();
        for (int source = 0; source < c.size(); source++)
        {
            if (!c.iprobe(source, Communicator.ANY_TAG, found))
            {
                continue;
            }
            if (isExpectedNotice(c, found.tag()))
            {
                c.recv(NOTHING, Primitive.BYTE, 0, 0, source, found.tag());
                continue;
            }
            final boolean warning = isWarning(found.tag());
            if (warning && isLaterCall(found.tag(), expected))
            {
                // The peer has finished this call and is in a later one, which its notice is about: this rank meets the
                // notice there, and this call is not affected.
                continue;
            }
            final boolean otherCall = (found.tag() & ~(COUNT_MASK << COUNT_SHIFT)) != (expected & ~(COUNT_MASK << COUNT_SHIFT));
            if (onBoard && !warning && !otherCall && sameCollective(found.tag(), expected))
            {
                throw warnOthers(c, new OpenMpjException(ErrorClass.ERR_COUNT, "mismatched counts in " + describe(expected) + ": rank "
                    + c.rank() + " expected at most " + org.openmpj.device.WorldBoard.PAYLOAD_BYTES + " bytes from rank " + source
                    + " through shared memory, but it sent a message of " + found.byteCount() + " bytes"));
            }
            if (warning || sameCollective(found.tag(), expected) && otherCall)
            {
                if (warning)
                {
                    // Taken off the queue, so that it does not meet this rank's next collective call as well.
                    c.recv(NOTHING, Primitive.BYTE, 0, 0, source, found.tag());
                }
                throw mismatch(c, expected, source, found.tag());
            }
        }
    }

    /** A collective call cannot complete once a rank of its communicator is lost: it fails, naming the rank. */
    private static void failIfMemberLost(final Communicator c)
    {
        final int[] lost = c.lostRanks();
        if (lost.length > 0)
        {
            throw new OpenMpjException(ErrorClass.ERR_PROC_FAILED, "a collective call on a communicator of " + c.size()
                + " ranks cannot complete: its rank " + lost[0] + " was lost (" + c.lossOf(lost[0]) + ")");
        }
    }

    /**
     * Throws when a message or notice on the collective context shows that the call this rank waits in on the world board,
     * {@code tag}'s, is mismatched.
     */
    static void watchBoardCall(final Communicator c, final int tag)
    {
        lookForMismatch(c, onWire(c, tag), true);
    }

    /**
     * @param peer      the rank that went on to later calls.
     * @param number    the collective call it went past.
     * @param itPosts   whether {@code peer} should have posted data for that call (else read this rank's).
     * @return the error, to throw, for a peer that went past a call on the world board without doing its part.
     */
    static OpenMpjException boardCallPassed(final Communicator c, final int tag, final int peer, final int number, final boolean itPosts)
    {
        final String part = itPosts ? "posting its data for " + describe(tag) + ", which rank " + c.rank() + " is in"
            : "reading the data rank " + c.rank() + " posted for it in a small collective";
        return warnOthers(c, new OpenMpjException(ErrorClass.ERR_OTHER, "mismatched collective calls: rank " + peer + " went on past"
            + " collective number " + number + " on this communicator (to a later call, or MPI.Finalize) without " + part
            + "; every rank must call the same collectives in the same order, with the same root and count"));
    }

    /** @return the error, to throw, for a record of this call on the world board of another operation, root or length. */
    static OpenMpjException boardRecordMismatch(
        final Communicator c, final int tag, final int writer, final int foundTag, final long bytes, final long foundBytes)
    {
        if (foundTag != tag)
        {
            return mismatch(c, onWire(c, tag), writer, onWire(c, foundTag));
        }
        return warnOthers(c, new OpenMpjException(ErrorClass.ERR_COUNT, "mismatched counts in " + describe(tag) + ": rank " + c.rank()
            + " expected " + bytes + " bytes from rank " + writer + ", which posted " + foundBytes));
    }

    /** @return whether {@code tag} is that of a warning of mismatched calls or a notice of an abandoned call. */
    private static boolean isWarning(final int tag)
    {
        final int operation = tag & OPERATION_MASK;
        return operation == TAG_MISMATCH || operation == TAG_ABANDONED;
    }

    /**
     * Tells every other rank of {@code c} that this rank gives up on the collective call it has just counted, before
     * moving any data, so that ranks waiting in that call fail instead of waiting for it.
     */
    static void abandon(final Communicator c)
    {
        c.markAbandoned();
        notifyOthers(c, TAG_ABANDONED);
    }

    /** @return whether {@code tag} is another rank's notice that it gave up on a call this rank gave up on too. */
    private static boolean isExpectedNotice(final Communicator c, final int tag)
    {
        return (tag & OPERATION_MASK) == TAG_ABANDONED && c.abandoned(tag >>> COUNT_SHIFT & COUNT_MASK);
    }

    /**
     * @return a description of a message of a collective call that waits unreceived in {@code context} (a collective
     *         context), which shows that the ranks' collective calls did not match; null when there is none.
     */
    static String describeStray(final Device device, final int context)
    {
        final ProbeResult found = new ProbeResult();
        // Warnings and notices are left alone: each went with an error some rank raised already.
        if (!device.iprobe(Communicator.ANY_SOURCE, Communicator.ANY_TAG, context, found) || isWarning(found.tag()))
        {
            return null;
        }
        return "a message of " + describe(found.tag()) + " from rank " + found.source() + " that no call of this rank received"
            + " (collective number " + (found.tag() >>> COUNT_SHIFT & COUNT_MASK) + " modulo " + (COUNT_MASK + 1) + " on that communicator)";
    }

    /** @return the operation family of {@code tag}. */
    static int familyOf(final int tag)
    {
        return tag & OPERATION_MASK;
    }

    static int rootOf(final int tag)
    {
        return tag >>> OPERATION_BITS & ROOT_MASK;
    }

    /** @return whether {@code found} is of a collective call after {@code expected}'s, counting modulo the tag's count field. */
    private static boolean isLaterCall(final int found, final int expected)
    {
        final int ahead = ((found >>> COUNT_SHIFT) - (expected >>> COUNT_SHIFT)) & COUNT_MASK;
        return ahead != 0 && ahead < COUNT_MASK / 2;
    }

        private static boolean sameCollective(final int a, final int b)
    {
        return (a >>> COUNT_SHIFT & COUNT_MASK) == (b >>> COUNT_SHIFT & COUNT_MASK);
    }

    /** @return {@code tag} with the count of collectives started on {@code c}, which tells successive collectives apart. */
    private static int onWire(final Communicator c, final int tag)
    {
        return (c.collectiveCount() & COUNT_MASK) << COUNT_SHIFT | tag;
    }

    private static OpenMpjException mismatch(final Communicator c, final int expected, final int source, final int found)
    {
        c.reportMismatch();
        if (isWarning(found))
        {
            final boolean thisCall = sameCollective(found, expected);
            final String what = (found & OPERATION_MASK) == TAG_ABANDONED
                ? "rank " + rootOf(found) + " gave up on " + (thisCall ? "the collective call that rank " + c.rank() + " is in"
                    : "an earlier collective call on this communicator, which rank " + c.rank() + " had done its part of,")
                    + " before the call started, its arguments refused (its error says which)"
                : "mismatched collective calls: rank " + rootOf(found) + " found the calls of " + (thisCall ? "this collective"
                    : "an earlier collective on this communicator") + " mismatched (its error says how)";
            final OpenMpjException failure = new OpenMpjException(ErrorClass.ERR_OTHER, what + "; rank " + c.rank() + " gives up on "
                + describe(expected) + " too");
            // The sender told every rank of its own call; a notice of an earlier call is news to the others in this one.
            return thisCall ? failure : warnOthers(c, failure);
        }
        final boolean sameOperation = (found & OPERATION_MASK) == (expected & OPERATION_MASK);
        return warnOthers(c, new OpenMpjException(sameOperation && sameCollective(found, expected) ? ErrorClass.ERR_ROOT : ErrorClass.ERR_OTHER,
            "mismatched collective calls: rank " + c.rank() + " is in " + describe(expected) + " but rank " + source
                + " sent it a message of " + describe(found) + (sameCollective(found, expected) ? "" : " of another call")
                + "; every rank must call the same collectives in the same order, with the same root"));
    }

    /**
     * Tells every other rank that this one found the collective calls mismatched, so that those waiting in it give
     * up too instead of waiting for messages this rank will not send.
     *
     * @return {@code failure}, to throw.
     */
    private static OpenMpjException warnOthers(final Communicator c, final OpenMpjException failure)
    {
        notifyOthers(c, TAG_MISMATCH);
        return failure;
    }

    /** Sends every other rank an empty message of {@code family}, with this rank as its root, for this collective call. */
    private static void notifyOthers(final Communicator c, final int family)
    {
        c.reportMismatch();
        final int notice = onWire(c, tag(family, c.rank()));
        for (int rank = 0; rank < c.size(); rank++)
        {
            if (rank != c.rank())
            {
                c.isend(NOTHING, Primitive.BYTE, 0, 0, rank, notice, SendMode.STANDARD);
            }
        }
    }

    /** @return the name of {@code tag}'s operation, with its root for rooted ones. */
    static String describe(final int tag)
    {
        final int operation = tag & OPERATION_MASK;
        final String name = operation < NAMES.length ? NAMES[operation] : "an unknown collective";
        final boolean rooted = operation == TAG_BCAST || operation == TAG_REDUCE || operation == TAG_GATHER || operation == TAG_SCATTER;
        return rooted ? name + " with root " + (tag >>> OPERATION_BITS & ROOT_MASK) : name;
    }
}
