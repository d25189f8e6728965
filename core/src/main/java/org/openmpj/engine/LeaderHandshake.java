package org.openmpj.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.device.Device;
import org.openmpj.Primitive;
import org.openmpj.device.ProbeResult;
import org.openmpj.device.ReceiveRequest;
import org.openmpj.device.Request;
import org.openmpj.SendMode;

/**
 * The first exchange of two groups' leaders when an intercommunicator is created, made so that mismatched calls
 * fail instead of waiting for ever. A leader greets the other group's leader on the peer communicator with the
 * caller's tag: a marker, its verdict on its own group's call (0, or the error class that made it give up), and its
 * group's size; the world ranks of its group follow once both greetings are good.
 *
 * <p>A greeting that reaches a rank which did not expect it — a leader that took a non-leader for the other leader,
 * or leaders that gave different tags — is answered with a refusal, so that its sender fails too; every rank of
 * a creation watches for such greetings while it waits ({@link #answerStrangers}).
 *
 * <p>Greetings travel on the peer communicator's point-to-point context with the caller's tag, as MPI has the
 * leaders' traffic; the tag must not be used by other messages between the leaders meanwhile.
 */
final class LeaderHandshake
{
    /** Marks a greeting, so that a probe can tell it from other messages by its first bytes. */
    private static final int MARKER = 0x4F4D4A47;
    private static final int GREETING_INTS = 3;
    private static final int MARKER_INDEX = 0;
    private static final int VERDICT_INDEX = 1;
    private static final int SIZE_INDEX = 2;
    /**
     * In a refusal, the tag of the greeting its sender, a leader itself, sent the refused rank, or {@link #NO_GREETING}:
     * the refused leader takes that greeting off its queue, so that it is not left for a later creation to trip on.
     */
    private static final int GREETED_TAG_INDEX = 2;
    private static final int NO_GREETING = -1;
    private static final int AGREED = 0;
    /** The verdict of a member's word to its own leader that a leader greeted it: the greeter's rank follows. */
    private static final int RELAYED = -1;
    /** Steps a wait lasts before it looks for greetings not meant for this rank, and between looks. */
    static final int WATCH_STEPS = 4096;
    private static final VarHandle HEAD_INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.nativeOrder());

    private LeaderHandshake()
    {
    }

    /**
     * Greets the other leader over {@code link} and swaps the two groups' world ranks.
     *
     * @return the world ranks of the other group.
     * @throws OpenMpjException when the other leader refused, or a greeting from a rank other than the expected
     *                          leader showed that the calls do not match (that rank is refused in turn).
     */
    static int[] exchangeGroups(final LeaderLink link, final int[] worldRanks)
    {
        final Communicator channel = link.channel();
        final int[] mine = {MARKER, AGREED, worldRanks.length};
        final int[] theirs = new int[GREETING_INTS];
        final Request sent = channel.isend(mine, Primitive.INT, 0, GREETING_INTS, link.remoteLeader(), link.tag(), SendMode.STANDARD);
        final ReceiveRequest received = channel.irecv(theirs, Primitive.INT, 0, GREETING_INTS, link.remoteLeader(), link.tag());
        final OpenMpjException stranger = awaitAnswering(channel, received, link, -1);
        if (stranger != null)
        {
            if (!channel.device().cancel(received))
            {
                channel.await(received);
            }
            throw stranger;
        }
        checkGreeting(channel, link, received, theirs);
        final int[] remoteRanks = new int[theirs[SIZE_INDEX]];
        link.exchange(worldRanks, Primitive.INT, worldRanks.length, remoteRanks, remoteRanks.length);
        channel.await(sent);
        return remoteRanks;
    }

    /**
     * Tells the leader at {@code link} that this rank's group gave up on the creation, so that it does not wait for a
     * greeting that will not come. Does not wait for delivery.
     */
    static void refuse(final LeaderLink link, final ErrorClass why)
    {
        refuse(link.channel(), link.remoteLeader(), link.tag(), why, NO_GREETING);
    }

    /**
     * Looks for greetings waiting at this rank that it does not expect and takes each off the queue. A greeting is
     * refused; a member also tells its own leader who greeted it, since that rank may be the leader its leader waits
     * for. A leader fails on a greeting from another rank, and on a member's word that its own expected leader greeted
     * that member instead.
     *
     * @param expected the link whose leader's greeting this rank waits for, or null when it waits for none (a member).
     * @param ownLeader for a member, its own leader's rank in {@code channel}, or -1 when it cannot tell.
     * @return the failure to report for the first such greeting, or null when there was none.
     */
    static OpenMpjException answerStrangers(final Communicator channel, final LeaderLink expected, final int ownLeader)
    {
        final ProbeResult found = new ProbeResult();
        OpenMpjException failure = null;
        while (findStranger(channel, expected, found))
        {
            final int[] greeting = new int[GREETING_INTS];
            channel.recv(greeting, Primitive.INT, 0, GREETING_INTS, found.source(), found.tag());
            final OpenMpjException seen = greeting[VERDICT_INDEX] == AGREED ? answer(channel, found, expected, ownLeader)
                : greeting[VERDICT_INDEX] == RELAYED && expected != null && greeting[SIZE_INDEX] == expected.remoteLeader()
                ? new OpenMpjException(ErrorClass.ERR_OTHER, "mismatched Create_intercomm calls: rank " + expected.remoteLeader()
                    + " of the peer communicator, which this leader expected as the other group's leader, greeted rank " + found.source()
                    + " of this leader's own group instead")
                : null;
            // Refusals and other relays are not answered: two ranks refusing each other's refusals would never stop.
            if (failure == null)
            {
                failure = seen;
            }
        }
        return failure;
    }

    /** Refuses a greeting meant for another rank, and for a member, relays who sent it to its own leader. */
    private static OpenMpjException answer(final Communicator channel, final ProbeResult found, final LeaderLink expected, final int ownLeader)
    {
        final boolean greetedIt = expected != null && expected.remoteLeader() == found.source();
        refuse(channel, found.source(), found.tag(), ErrorClass.ERR_OTHER, greetedIt ? expected.tag() : NO_GREETING);
        if (expected == null && ownLeader >= 0)
        {
            channel.isend(new int[] {MARKER, RELAYED, found.source()}, Primitive.INT, 0, GREETING_INTS, ownLeader, found.tag(), SendMode.STANDARD);
        }
        return new OpenMpjException(ErrorClass.ERR_OTHER, "mismatched Create_intercomm calls: rank " + found.source()
            + " of the peer communicator greeted rank " + channel.rank() + " there with tag " + found.tag() + " as the other group's leader, "
            + (expected == null ? "but this rank is not its group's leader"
                : "but this leader expected rank " + expected.remoteLeader() + " with tag " + expected.tag()));
    }

    /**
     * Waits for {@code request}, answering greetings not meant for this rank now and then ({@link #answerStrangers}).
     *
     * @param link      the leader link whose greeting this rank waits for, or null for a member.
     * @param ownLeader for a member, its own leader's rank in {@code channel}, or -1.
     * @return for a leader, the failure a greeting not meant for it showed, as soon as it shows (the request may then
     *         still be pending); otherwise null, once the request has completed.
     */
    static OpenMpjException awaitAnswering(final Communicator channel, final Request request, final LeaderLink link, final int ownLeader)
    {
        final Device device = channel.device();
        int round = 0;
        try
        {
            while (!request.isComplete())
            {
                round = device.awaitStretch(request, round, WATCH_STEPS);
                if (!request.isComplete())
                {
                    final OpenMpjException failure = answerStrangers(channel, link, ownLeader);
                    if (failure != null && link != null)
                    {
                        return failure;
                    }
                }
            }
            return null;
        }
        finally
        {
            device.endWait(round);
        }
    }

    /** @return the rank in {@code channel} of the process of world rank {@code worldRank}, or -1 when it is not there. */
    static int rankOf(final Communicator channel, final int worldRank)
    {
        final int[] ranks = channel.worldRanks();
        for (int rank = 0; rank < ranks.length; rank++)
        {
            if (ranks[rank] == worldRank)
            {
                return rank;
            }
        }
        return -1;
    }

    private static boolean findStranger(final Communicator channel, final LeaderLink expected, final ProbeResult found)
    {
        if (expected != null && channel.iprobe(Communicator.ANY_SOURCE, expected.tag(), found) && isStranger(found, expected))
        {
            return true;
        }
        return channel.iprobe(Communicator.ANY_SOURCE, Communicator.ANY_TAG, found) && isStranger(found, expected);
    }

    private static boolean isStranger(final ProbeResult found, final LeaderLink expected)
    {
        final boolean greeting = found.byteCount() == GREETING_INTS * Integer.BYTES && found.headLength() >= Integer.BYTES
            && (int)HEAD_INT.get(found.head(), 0) == MARKER;
        return greeting && (expected == null || found.source() != expected.remoteLeader() || found.tag() != expected.tag());
    }

    private static void checkGreeting(final Communicator channel, final LeaderLink link, final ReceiveRequest received, final int[] theirs)
    {
        final String from = "rank " + link.remoteLeader() + " of the peer communicator (tag " + link.tag() + ")";
        if (received.error() != null || received.byteCount() != GREETING_INTS * Integer.BYTES || theirs[MARKER_INDEX] != MARKER)
        {
            throw new OpenMpjException(ErrorClass.ERR_OTHER, "Create_intercomm: the message from " + from + " is not the other leader's"
                + " greeting; the tag must not be used by other messages between the leaders while they create an intercommunicator");
        }
        if (theirs[VERDICT_INDEX] != AGREED)
        {
            if (theirs[GREETED_TAG_INDEX] != NO_GREETING)
            {
                // No stranger was taken on the way here (a leader fails on the first), so the greeting is still due.
                channel.recv(new int[GREETING_INTS], Primitive.INT, 0, GREETING_INTS, link.remoteLeader(), theirs[GREETED_TAG_INDEX]);
            }
            throw new OpenMpjException(ErrorClass.of(theirs[VERDICT_INDEX]), "Create_intercomm: " + from + " refused this leader's"
                + " greeting: it gave up on its own creation, or it is not the leader that expected this one; its error says which");
        }
    }

    private static void refuse(final Communicator channel, final int dest, final int tag, final ErrorClass why, final int greetedTag)
    {
        channel.isend(new int[] {MARKER, why.code(), greetedTag}, Primitive.INT, 0, GREETING_INTS, dest, tag, SendMode.STANDARD);
    }
}
