package org.openmpj.concurrent;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A {@link SpinLock} that its holder may take again, for a library handle that is not thread-safe and calls back into code
 * that uses it (a UCX worker whose progress runs handlers that send). Waiters spin briefly and then yield, as the
 * {@link SpinLock}'s do; no waiter ever parks, so the last release is one store where {@code ReentrantLock}'s is a volatile
 * write, a full fence, and a look for parked waiters. The holder is noted with opaque stores and its count of re-entries
 * plainly: only the holder writes either, and another thread only compares the holder with itself, which no value it may
 * see equals.
 *
 * <p>Thread-safety: any number of threads; only the holder may {@link #unlock}.
 */
public final class ReentrantSpinLock
{
    private static final VarHandle OWNER;

    static
    {
        try
        {
            OWNER = MethodHandles.lookup().findVarHandle(ReentrantSpinLock.class, "owner", Thread.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private final SpinLock lock = new SpinLock();
    @SuppressWarnings("unused") // accessed through OWNER
    private Thread owner;
    /** How often the holder took the lock beyond the first time. */
    private int reentries;

    /** Acquires the lock, waiting as long as it takes; the holder gets it again at once. */
    public void lock()
    {
        final Thread self = Thread.currentThread();
        if (OWNER.getOpaque(this) == self)
        {
            reentries++;
            return;
        }
        lock.lock();
        OWNER.setOpaque(this, self);
    }

    /** @return whether the lock is now held by the calling thread, which may have held it already; never waits. */
    public boolean tryLock()
    {
        final Thread self = Thread.currentThread();
        if (OWNER.getOpaque(this) == self)
        {
            reentries++;
            return true;
        }
        if (!lock.tryLock())
        {
            return false;
        }
        OWNER.setOpaque(this, self);
        return true;
    }

    /** Releases one hold; the last one frees the lock. Only the holder may call it. */
    public void unlock()
    {
        if (reentries > 0)
        {
            reentries--;
            return;
        }
        OWNER.setOpaque(this, null);
        lock.unlock();
    }
}
