package org.openmpj.device;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

import org.openmpj.Envelope;
import org.openmpj.OpenMpjException;
import org.openmpj.concurrent.LeadingPadding;

/**
 * A point-to-point operation in flight, and, once complete, its outcome: the envelope of the matched
 * message, its size, whether it was cancelled and any error.
 *
 * <p>Thread-safety: completion is published by a volatile write of the state, after the outcome fields;
 * a reader that sees {@link #isComplete()} true sees the outcome. Only the device completes requests.
 * The request keeps its buffer reachable until it completes.
 */
public abstract class Request extends LeadingPadding implements Envelope
{
    private static final int PENDING = 0;
    private static final int COMPLETE = 1;
    private static final VarHandle STATE;
    private static final VarHandle PARKED_WAITER;

    static
    {
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            STATE = lookup.findVarHandle(Request.class, "state", int.class);
            PARKED_WAITER = lookup.findVarHandle(Request.class, "parkedWaiter", Thread.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private volatile int state;
    private volatile Thread parkedWaiter;
    /** The one thread that ever waits for this request, when the device knows it (a blocking call's pooled request); else null. */
    private Thread onlyWaiter;
    /** Ends the block of a waiter that blocks in a transport instead of parking; null when none does. */
    private volatile Runnable blockedWaker;

    private int source;
    private int tag;
    private long byteCount;
    private boolean cancelled;
    private OpenMpjException error;

    /** @return whether the operation has finished; once true, stays true until the device reuses it. */
    public final boolean isComplete()
    {
        return state == COMPLETE;
    }

    /** @return the envelope source of the matched message (communicator rank of the sender). */
    public final int source()
    {
        return source;
    }

    /** @return the tag of the matched message. */
    public final int tag()
    {
        return tag;
    }

    /** @return the number of bytes received (or sent). */
    public final long byteCount()
    {
        return byteCount;
    }

    /** @return whether the operation was cancelled instead of completed. */
    public final boolean isCancelled()
    {
        return cancelled;
    }

    /** @return the error the operation ended with, or null when it succeeded. */
    public final OpenMpjException error()
    {
        return error;
    }

    /** Records the outcome; the device calls it just before {@link #complete()}. */
    protected final void setOutcome(final int source, final int tag, final long byteCount)
    {
        this.source = source;
        this.tag = tag;
        this.byteCount = byteCount;
    }

    /** Marks the operation as cancelled; the device calls it just before {@link #complete()}. */
    protected final void setCancelled()
    {
        this.cancelled = true;
    }

    /** Records the error the operation ends with; the device calls it just before {@link #complete()}. */
    protected final void setError(final OpenMpjException error)
    {
        this.error = error;
    }

    /** Publishes completion and wakes a parked waiter, if any. */
    protected final void complete()
    {
        complete(true);
    }

    /**
     * Publishes completion.
     *
     * @param waiterMayPark whether a waiter may be parked on this request; when no waiter ever parks (busy
     *                      spinning), a release store suffices and the fence a wake-up check needs is saved.
     */
    protected final void complete(final boolean waiterMayPark)
    {
        // The only thread that waits for this request cannot be parked while it completes the request itself.
        if (!waiterMayPark || onlyWaiter == Thread.currentThread())
        {
            STATE.setRelease(this, COMPLETE);
            return;
        }
        // Volatile store then volatile load: pairs with the waiter's store of parkedWaiter then load of state,
        // so at least one side sees the other and no wake-up is lost.
        state = COMPLETE;
        final Thread waiter = parkedWaiter;
        if (waiter != null)
        {
            LockSupport.unpark(waiter);
            final Runnable waker = blockedWaker;
            if (waker != null)
            {
                waker.run();
            }
        }
    }

    /**
     * Declares {@code thread} the only thread that will ever wait for this request, so that completing it in that thread
     * skips the look for a parked waiter; the device calls it once, before the request is first started.
     */
    protected final void waitedForOnlyBy(final Thread thread)
    {
        this.onlyWaiter = thread;
    }

    /**
     * Returns a completed request to the pending state for reuse by its owner. Release stores suffice: the
     * request reaches another thread only through a queue lock, which orders these writes before it.
     */
    protected final void reset()
    {
        // The outcome fields are overwritten on completion; only the flags that completion may leave unset are
        // cleared, and only when set, so that a reused request does not dirty lines it need not.
        if (cancelled)
        {
            cancelled = false;
        }
        if (error != null)
        {
            error = null;
        }
        if (parkedWaiter != null)
        {
            PARKED_WAITER.setRelease(this, (Thread)null);
        }
        STATE.setRelease(this, PENDING);
    }

    /**
     * Registers the calling thread as about to park on this request, so that {@link #complete()} unparks it.
     *
     * @return whether the request is still pending, i.e. whether the caller should park.
     */
    public final boolean prepareToPark()
    {
        parkedWaiter = Thread.currentThread();
        return state == PENDING;
    }

    /**
     * Registers, after {@link #prepareToPark()}, what ends the calling thread's block in a transport, so that completing
     * this request wakes the thread there; null withdraws it.
     */
    public final void blockedIn(final Runnable waker)
    {
        blockedWaker = waker;
    }

    /** Withdraws the registration of {@link #prepareToPark()}. */
    public final void parked()
    {
        parkedWaiter = null;
    }
}
