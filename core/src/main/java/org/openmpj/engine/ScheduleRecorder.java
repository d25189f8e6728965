package org.openmpj.engine;

import java.util.ArrayList;
import java.util.List;

import org.openmpj.Primitive;
import org.openmpj.SendMode;
import org.openmpj.device.ReceiveRequest;
import org.openmpj.device.Request;

/**
 * Writes down the steps of a collective algorithm as a {@link Schedule} instead of taking them: a blocking send becomes
 * the start of a transfer and a wait for it, a receive the same and a check of what arrived, combining and copying
 * become steps of their own. Transfers started to be finished later ({@link #irecvSlot}, {@link #isendSlot}) are
 * handed back as stand-ins that only this recorder's later steps accept. Tags are the schedule's: its operation's number.
 *
 * <p>Thread-safety: confined to the thread that starts the operation.
 */
final class ScheduleRecorder implements Steps
{
    private static final byte[] NOTHING = new byte[0];

    private final Communicator c;
    private final String name;
    private final int tag;
    private final Scratch scratch = Scratch.unshared();
    private final List<Schedule.Step> steps = new ArrayList<>();
    /** The communicators the steps run on, {@link #c} first. */
    private final List<Communicator> sides = new ArrayList<>();
    private int transfers;

    private ScheduleRecorder(final Communicator c, final String name, final int tag)
    {
        this.c = c;
        this.name = name;
        this.tag = tag;
        sides.add(c);
    }

    /**
     * Begins the record of a non-blocking collective on {@code comm}: the next such operation of it, by count.
     *
     * @param name the operation's name, for errors (e.g. {@code "Iallreduce"}).
     */
    static ScheduleRecorder begin(final Communicator comm, final String name)
    {
        final Communicator side = comm.nonBlocking();
        return new ScheduleRecorder(side, name, side.nextNonBlocking());
    }

    /** @return the communicator the algorithm is to run on: the non-blocking side of the one the operation was started on. */
    Communicator communicator()
    {
        return c;
    }

    /** @return the scratch arrays of this operation alone, for the algorithm to take its temporaries from. */
    Scratch scratch()
    {
        return scratch;
    }

    /** Appends work of a layer above the algorithm, to run in its turn (after every step written so far). */
    void then(final Runnable action)
    {
        steps.add(new Schedule.Action(action));
    }

    /** Adds a communicator the operation's steps also run on (an intercommunicator's local group). */
    void addSide(final Communicator side)
    {
        sides.add(side);
    }

    /**
     * Sends every other rank of every communicator the operation runs on its notice that this rank gave up on it
     * ({@link Schedule#noticeTag}).
     */
    void abandon()
    {
        final int notice = Schedule.noticeTag(tag);
        for (final Communicator side : sides)
        {
            for (int rank = 0; rank < side.size(); rank++)
            {
                if (!side.isThisProcess(rank))
                {
                    side.isend(NOTHING, Primitive.BYTE, 0, 0, rank, notice, SendMode.STANDARD);
                }
            }
        }
    }

    /** @return the schedule of the steps written down, with those that can be taken at once taken. */
    Schedule start()
    {
        final Schedule schedule = new Schedule(c, name, tag, steps.toArray(new Schedule.Step[0]), transfers, scratch,
            sides.toArray(new Communicator[0]));
        schedule.advance();
        ProgressThread.adopt(schedule);
        return schedule;
    }

    @Override
    public void send(final Communicator on, final Object buf, final Primitive kind, final int offset, final int count, final int dest,
        final int family)
    {
        steps.add(new Schedule.Await(start(on, true, buf, kind, offset, count, dest)));
    }

    @Override
    public void receive(final Communicator on, final Object buf, final Primitive kind, final int offset, final int count, final int source,
        final int family)
    {
        finishReceive(start(on, false, buf, kind, offset, count, source), kind, count);
    }

    @Override
    public void exchange(final Communicator on, final Object sendBuf, final Primitive kind, final int sendOffset, final int sendCount,
        final int dest, final Object recvBuf, final int recvOffset, final int recvCount, final int source, final int family)
    {
        final int receive = start(on, false, recvBuf, kind, recvOffset, recvCount, source);
        final int send = start(on, true, sendBuf, kind, sendOffset, sendCount, dest);
        finishReceive(receive, kind, recvCount);
        steps.add(new Schedule.Await(send));
    }

    @Override
    public void sendPaired(final Communicator on, final Object buf, final Primitive kind, final int offset, final int count, final int dest,
        final int family, final boolean shared)
    {
        send(on, buf, kind, offset, count, dest, family);
    }

    @Override
    public void receivePaired(final Communicator on, final Object buf, final Primitive kind, final int offset, final int count,
        final int source, final int family, final boolean shared)
    {
        receive(on, buf, kind, offset, count, source, family);
    }

    @Override
    public ReceiveRequest irecvSlot(final Communicator on, final int slot, final Object buf, final Primitive kind, final int offset,
        final int count, final int source)
    {
        return new StandIn(start(on, false, buf, kind, offset, count, source));
    }

    @Override
    public Request isendSlot(final Communicator on, final int slot, final Object buf, final Primitive kind, final int offset,
        final int count, final int dest, final int family)
    {
        return new StandIn(start(on, true, buf, kind, offset, count, dest));
    }

    @Override
    public void awaitArrival(final Communicator on, final ReceiveRequest request, final Object buf, final Primitive kind, final int offset,
        final int count, final int source, final int family)
    {
        finishReceive(transferOf(request), kind, count);
    }

    @Override
    public void awaitAll(final Communicator on, final Request[] requests, final int family)
    {
        for (final Request request : requests)
        {
            if (request != null)
            {
                steps.add(new Schedule.Await(transferOf(request)));
            }
        }
    }

    @Override
    public void checkArrival(final Communicator on, final ReceiveRequest request, final Object buf, final Primitive kind, final int offset,
        final int count, final int source, final int family)
    {
        steps.add(new Schedule.Check(transferOf(request), kind, count));
    }

    @Override
    public void reduce(final Reduction op, final Object in, final int inOffset, final Object inout, final int inoutOffset, final int items)
    {
        steps.add(new Schedule.Combine(op, in, inOffset, inout, inoutOffset, items));
    }

    @Override
    public void copy(final Primitive kind, final Object from, final int fromOffset, final Object to, final int toOffset, final int count)
    {
        steps.add(new Schedule.Copy(kind, from, fromOffset, to, toOffset, count));
    }

    /** @return the number of the transfer written down. */
    private int start(final Communicator on, final boolean send, final Object buf, final Primitive kind, final int offset, final int count,
        final int peer)
    {
        final int index = transfers++;
        steps.add(new Schedule.Transfer(on, index, send, buf, kind, offset, count, peer));
        return index;
    }

    private void finishReceive(final int transfer, final Primitive kind, final int count)
    {
        steps.add(new Schedule.Await(transfer));
        steps.add(new Schedule.Check(transfer, kind, count));
    }

    private int transferOf(final Request request)
    {
        if (request instanceof StandIn standIn && standIn.recorder == this)
        {
            return standIn.transfer;
        }
        throw new IllegalStateException("a request the schedule of " + name + " did not hand out: " + request);
    }

    /**
     * Stands for a transfer written down but not started, where an algorithm keeps the request of a transfer to finish it
     * later; it never completes, and only its recorder's steps take it.
     */
    private final class StandIn extends ReceiveRequest
    {
        private final ScheduleRecorder recorder = ScheduleRecorder.this;
        private final int transfer;

        StandIn(final int transfer)
        {
            this.transfer = transfer;
        }

        @Override
        public byte[] payload()
        {
            return null;
        }
    }
}
