package org.openmpj.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.Primitive;
import org.openmpj.SendMode;
import org.openmpj.device.ArrayCopy;
import org.openmpj.device.ProbeResult;
import org.openmpj.device.ReceiveRequest;
import org.openmpj.device.Request;

/**
 * A non-blocking collective operation in flight: the steps its algorithm wrote down ({@link ScheduleRecorder}), taken in
 * their order by whoever advances the schedule — a thread that tests or waits for it, or a progress thread. Transfers
 * start as their step comes; a wait for a transfer holds the schedule until the transfer completes; combining and
 * copying happen in between, as the algorithm ordered them. The schedule's messages go on its communicator's context for
 * non-blocking collectives, tagged with the operation's number, so any number of such operations may be in flight on
 * one communicator, and none meets a blocking collective's messages.
 *
 * <p>Thread-safety: any thread may advance, test or wait; one at a time takes steps, the others return or wait. The
 * schedule keeps its buffers and scratch arrays reachable until it completes.
 */
public final class Schedule
{
    private static final VarHandle ADVANCING;
    private static final VarHandle AWAITING;
    /** Wait steps between looks for a notice that a rank gave up on the operation. */
    private static final int NOTICE_LOOK_STEPS = 4096;

    static
    {
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            ADVANCING = lookup.findVarHandle(Schedule.class, "advancing", int.class);
            AWAITING = lookup.findVarHandle(Schedule.class, "awaiting", int.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private final Communicator c;
    /** The communicators the steps run on, {@link #c} first: where a notice that a rank gave up may come. */
    private final Communicator[] sides;
    private final String name;
    private final int tag;
    private final Step[] steps;
    private final Request[] started;
    /** Holds the operation's scratch arrays, which its steps name, until it completes; then they go to the next one. */
    private final Scratch scratch;
    /** The next step to take. */
    private volatile int next;
    @SuppressWarnings("unused")
    private volatile int advancing;
    /** Threads of the program inside {@link #await}, which drive the operation themselves meanwhile. */
    private volatile int awaiting;
    private volatile boolean complete;
    private volatile OpenMpjException failure;

    Schedule(final Communicator c, final String name, final int tag, final Step[] steps, final int transfers, final Scratch scratch,
        final Communicator[] sides)
    {
        this.c = c;
        this.sides = sides;
        this.name = name;
        this.tag = tag;
        this.steps = steps;
        this.started = new Request[transfers];
        this.scratch = scratch;
    }

    /**
     * Takes every step that can be taken now: starts transfers, and combines and copies what has arrived, up to a wait for
     * a transfer still in flight. Returns at once when another thread is taking steps.
     *
     * @return whether the operation has completed, successfully or not ({@link #failure}).
     */
    public boolean advance()
    {
        if (complete)
        {
            return true;
        }
        if (!ADVANCING.compareAndSet(this, 0, 1))
        {
            return false;
        }
        try
        {
            if (complete)
            {
                // Another thread completed it between the look above and the claim: its scratch is recycled already, and
                // recycling it twice would hand one scratch to two later operations at once.
                return true;
            }
            int at = next;
            boolean failed = true;
            try
            {
                while (at < steps.length && take(steps[at]))
                {
                    at++;
                }
                failed = false;
            }
            catch (final OpenMpjException ex)
            {
                fail(ex);
            }
            catch (final RuntimeException ex)
            {
                fail(new OpenMpjException(ErrorClass.ERR_OTHER, name + " failed on rank " + c.rank() + ": " + ex, ex));
            }
            next = at;
            if (failed || at == steps.length)
            {
                if (!failed)
                {
                    scratch.recycle();
                }
                complete = true;
            }
            return complete;
        }
        finally
        {
            ADVANCING.setRelease(this, 0);
        }
    }

    /**
     * Waits until the operation completes, taking its steps and driving the device meanwhile; returns once it completed,
     * successfully or not ({@link #failure}).
     *
     * @throws OpenMpjException when the job fails while waiting.
     */
    public void await()
    {
        AWAITING.getAndAdd(this, 1);
        try
        {
            awaitSteps();
        }
        finally
        {
            AWAITING.getAndAdd(this, -1);
        }
    }

    private void awaitSteps()
    {
        int round = 0;
        try
        {
            while (!advance())
            {
                final Request awaited = awaited();
                if (awaited == null)
                {
                    // Another thread is taking steps, and will be done with them in a moment.
                    Thread.yield();
                    continue;
                }
                round = c.device().awaitStretch(awaited, round, NOTICE_LOOK_STEPS);
                if (!awaited.isComplete())
                {
                    failIfAbandoned();
                }
            }
        }
        finally
        {
            c.device().endWait(round);
        }
    }

    /**
     * @return the tag of the notice a rank sends the others when it gives up on the non-blocking collective of tag
     *         {@code tag} before starting it: the operation's number with the bit above the numbers set.
     */
    static int noticeTag(final int tag)
    {
        return tag | Communicator.NON_BLOCKING_TAG_MASK + 1;
    }

    /** Fails the operation when a rank has sent notice that it gave up on it; its waits would otherwise never end. */
    private void failIfAbandoned()
    {
        final ProbeResult notice = new ProbeResult();
        final int noticeTag = noticeTag(tag);
        for (final Communicator side : sides)
        {
            if (side.iprobe(Communicator.ANY_SOURCE, noticeTag, notice))
            {
                side.recv(new byte[0], Primitive.BYTE, 0, 0, notice.source(), noticeTag);
                failAbandoned(side == c ? "rank " + notice.source() : "rank " + notice.source() + " of this rank's own group");
                return;
            }
        }
    }

    private void failAbandoned(final String who)
    {
        if (ADVANCING.compareAndSet(this, 0, 1))
        {
            try
            {
                if (!complete)
                {
                    fail(new OpenMpjException(ErrorClass.ERR_OTHER, name + ": " + who + " gave up on this call before it started, its"
                        + " arguments refused (its error says which); rank " + c.rank() + " gives up on it too"));
                    complete = true;
                }
            }
            finally
            {
                ADVANCING.setRelease(this, 0);
            }
        }
    }

    /** @return whether the operation has completed, successfully or not; takes no step. */
    public boolean isComplete()
    {
        return complete;
    }

    /** @return the error the operation ended with; null while it runs or when it succeeded. */
    public OpenMpjException failure()
    {
        return failure;
    }

    /** @return the communicator whose device carries the operation. */
    public Communicator communicator()
    {
        return c;
    }

    /** @return whether a thread of the program waits for the operation now, driving it itself. */
    boolean isAwaited()
    {
        return awaiting > 0;
    }

    /** @return how many steps have been taken so far; it grows as the operation moves. */
    int stepsTaken()
    {
        return next;
    }

    /** @return the transfer the schedule waits for at its next step, while it is in flight; else null. */
    private Request awaited()
    {
        final int at = next;
        if (at < steps.length && steps[at] instanceof Await wait)
        {
            final Request request = started[wait.transfer()];
            return request == null || request.isComplete() ? null : request;
        }
        return null;
    }

    /** @return whether the step was taken; false for a wait whose transfer is still in flight. */
    private boolean take(final Step step)
    {
        switch (step)
        {
            case Transfer t ->
            {
                started[t.index()] = t.send()
                    ? t.on().isend(t.buf(), t.kind(), t.offset(), t.count(), t.peer(), tag, SendMode.STANDARD)
                    : t.on().irecv(t.buf(), t.kind(), t.offset(), t.count(), t.peer(), tag);
                return true;
            }
            case Await wait ->
            {
                final Request request = started[wait.transfer()];
                if (!request.isComplete())
                {
                    return false;
                }
                if (request.error() != null)
                {
                    throw request.error();
                }
                return true;
            }
            case Check check ->
            {
                final ReceiveRequest request = (ReceiveRequest)started[check.transfer()];
                final long arrived = request.byteCount() / check.kind().sizeBytes();
                if (arrived != check.count())
                {
                    throw new OpenMpjException(ErrorClass.ERR_COUNT, "mismatched counts in " + name + ": rank " + c.rank() + " expected "
                        + check.count() + " elements from rank " + request.source() + ", which sent " + arrived);
                }
                return true;
            }
            case Combine combine ->
            {
                combine.op().reduce(combine.in(), combine.inOffset(), combine.inout(), combine.inoutOffset(), combine.items());
                return true;
            }
            case Copy copy ->
            {
                ArrayCopy.copyElements(copy.kind(), copy.from(), copy.fromOffset(), copy.to(), copy.toOffset(), copy.count());
                return true;
            }
            case Action action ->
            {
                action.run().run();
                return true;
            }
        }
    }

    /** Ends the operation with {@code error}, withdrawing its receives still posted so that its context drains. */
    private void fail(final OpenMpjException error)
    {
        failure = error;
        for (final Request request : started)
        {
            if (request instanceof ReceiveRequest receive && !receive.isComplete())
            {
                try
                {
                    c.device().cancel(receive);
                }
                catch (final OpenMpjException ignored)
                {
                    // The first error is the one to report; a receive that cannot be withdrawn is left to the device.
                }
            }
        }
    }

    /** One step of a schedule. */
    sealed interface Step permits Transfer, Await, Check, Combine, Copy, Action
    {
    }

    /** Starts transfer number {@code index} on {@code on}: a send to, or a receive from, {@code peer}. */
    record Transfer(Communicator on, int index, boolean send, Object buf, Primitive kind, int offset, int count, int peer) implements Step
    {
    }

    /** Holds the schedule until transfer number {@code transfer} completes, and fails it if the transfer failed. */
    record Await(int transfer) implements Step
    {
    }

    /** Fails the schedule unless receive number {@code transfer} brought {@code count} elements of {@code kind}. */
    record Check(int transfer, Primitive kind, int count) implements Step
    {
    }

    /** Combines {@code items} items of {@code in} into {@code inout} with {@code op}. */
    record Combine(Reduction op, Object in, int inOffset, Object inout, int inoutOffset, int items) implements Step
    {
    }

    /** Copies {@code count} elements of {@code kind}. */
    record Copy(Primitive kind, Object from, int fromOffset, Object to, int toOffset, int count) implements Step
    {
    }

    /** Runs work a layer above the algorithm added: unpacking a datatype's staged result, for instance. */
    record Action(Runnable run) implements Step
    {
    }
}
