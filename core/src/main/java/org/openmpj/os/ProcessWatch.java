package org.openmpj.os;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;

/**
 * Watches processes on this host, e.g. the other ranks of a job, and tells a {@link Listener} when one ends.
 *
 * <p>One daemon thread does the watching. Where it can, it holds a {@code pidfd_open} descriptor per process and
 * sleeps in {@code poll} over them, which the kernel ends the moment one of them exits; it wakes at least every
 * {@value #POLL_TIMEOUT_MS} ms to pick up new watches, so a process that had ended before it was watched is reported
 * that much later at most. Where {@code pidfd_open} is missing (kernels before 5.3, or no native access: see
 * {@link Libc#unavailabilityCause()}) it asks {@link ProcessHandle#isAlive()} every {@value #FALLBACK_CHECK_MS} ms
 * instead, and a report comes up to that long after the end.
 *
 * <p>Each watched process that ends is reported once, on the watch thread, with the tag it was watched with; a
 * process that had ended already when watched is reported too. A process is named by its pid, so one that ended
 * and whose pid was given to another process before {@link #watch} is mistaken for the new one.
 *
 * <p>Thread-safety: {@link #watch}, {@link #unwatch} and {@link #close} may be called from any thread, the listener
 * included. The listener is called under the lock those take, so once {@link #unwatch} or {@link #close} returns,
 * nothing more is reported for that tag or at all. A listener should return quickly; one that throws ends the watch.
 */
public final class ProcessWatch implements AutoCloseable
{
    /** How long the watch thread sleeps in {@code poll} at most, which bounds how late it sees a new watch. */
    static final int POLL_TIMEOUT_MS = 200;
    /** How often the fallback asks whether each process is alive. */
    static final int FALLBACK_CHECK_MS = 100;

    /** Told when a watched process ends. */
    @FunctionalInterface
    public interface Listener
    {
        /**
         * Called on the watch thread, once per watched process that ended, unless unwatched or closed before.
         *
         * @param pid the process that ended.
         * @param tag what it was watched with, e.g. its rank.
         */
        void onProcessEnded(long pid, int tag);
    }

    private final Listener listener;
    private final Thread thread;
    private final Object lock = new Object();
    /** Guarded by {@link #lock}: the processes watched and not yet reported. */
    private final List<Watched> watched = new ArrayList<>();
    /** Guarded by {@link #lock}: descriptors of unwatched processes, closed by the watch thread. */
    private final List<Watched> retired = new ArrayList<>();
    private volatile boolean usePidfds;
    /** Guarded by {@link #lock}. */
    private boolean closed;

    /**
     * Starts the watch thread.
     *
     * @param threadName the watch thread's name.
     * @param listener   told of each watched process that ends.
     */
    public ProcessWatch(final String threadName, final Listener listener)
    {
        this(threadName, listener, PidfdPoll.AVAILABLE);
    }

    /**
     * @param usePidfds false to ask {@link ProcessHandle#isAlive()} even where {@code pidfd_open} would work.
     */
    ProcessWatch(final String threadName, final Listener listener, final boolean usePidfds)
    {
        this.listener = listener;
        this.usePidfds = usePidfds && PidfdPoll.AVAILABLE;
        thread = new Thread(this::run, threadName);
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Watches a process. The pid of this process is ignored.
     *
     * @param pid the process.
     * @param tag passed back to the listener, and what {@link #unwatch} names; tags need not be unique.
     */
    public void watch(final long pid, final int tag)
    {
        if (pid == ProcessHandle.current().pid())
        {
            return;
        }
        final Watched process = new Watched(pid, tag);
        if (usePidfds)
        {
            process.fd = PidfdPoll.open(pid);
            if (process.fd == -Libc.ESRCH)
            {
                process.ended = true;
            }
            else if (process.fd == -Libc.ENOSYS)
            {
                // The kernel predates pidfds (5.3): none will work.
                usePidfds = false;
            }
        }
        if (process.fd < 0 && !process.ended)
        {
            // Taken now, not at each check: a handle also knows the process's start time, so it is not fooled by a
            // later process with the same pid.
            final Optional<ProcessHandle> handle = ProcessHandle.of(pid);
            process.handle = handle.orElse(null);
            process.ended = handle.isEmpty();
        }
        synchronized (lock)
        {
            if (!closed)
            {
                watched.add(process);
                return;
            }
        }
        closeFd(process);
    }

    /**
     * Stops watching the processes watched with {@code tag}, e.g. a peer that is ending in an orderly way. Once this
     * returns, they are not reported.
     *
     * @param tag as given to {@link #watch}.
     */
    public void unwatch(final int tag)
    {
        synchronized (lock)
        {
            for (int i = watched.size() - 1; i >= 0; i--)
            {
                if (watched.get(i).tag == tag)
                {
                    retired.add(watched.remove(i));
                }
            }
        }
    }

    /**
     * Stops watching: nothing is reported once this returns, and the watch thread closes its descriptors and ends
     * within about {@value #POLL_TIMEOUT_MS} ms. Idempotent.
     */
    @Override
    public void close()
    {
        synchronized (lock)
        {
            closed = true;
        }
        LockSupport.unpark(thread);
    }

    /** @return the watch thread, for tests to join. */
    Thread thread()
    {
        return thread;
    }

    /** @return whether the watch thread sleeps in {@code poll} on descriptors rather than checking in turn. */
    boolean usesPidfds()
    {
        return usePidfds;
    }

    private void run()
    {
        try (PidfdPoll poll = new PidfdPoll())
        {
            final List<Watched> polled = new ArrayList<>();
            while (true)
            {
                polled.clear();
                poll.clear();
                boolean anyHandles = false;
                synchronized (lock)
                {
                    if (closed)
                    {
                        break;
                    }
                    closeRetired();
                    report();
                    for (final Watched process : watched)
                    {
                        if (process.fd >= 0)
                        {
                            polled.add(process);
                            poll.add(process.fd);
                        }
                        anyHandles |= process.handle != null;
                    }
                }
                if (usePidfds)
                {
                    await(poll, polled, anyHandles ? FALLBACK_CHECK_MS : POLL_TIMEOUT_MS);
                }
                else
                {
                    LockSupport.parkNanos(FALLBACK_CHECK_MS * 1_000_000L);
                }
                checkHandles();
            }
        }
        finally
        {
            // Also when the listener threw: the descriptors are this thread's to close.
            synchronized (lock)
            {
                closed = true;
                retired.addAll(watched);
                watched.clear();
                closeRetired();
            }
        }
    }

    /** Sleeps until one of {@code polled} ends or {@code timeoutMs} passes, and marks those that ended. */
    private void await(final PidfdPoll poll, final List<Watched> polled, final int timeoutMs)
    {
        final int ready = poll.await(timeoutMs);
        if (ready < 0)
        {
            // Not expected of poll on valid descriptors; should it happen, ask the processes' handles from now on.
            usePidfds = false;
            for (final Watched process : polled)
            {
                final Optional<ProcessHandle> handle = ProcessHandle.of(process.pid);
                process.handle = handle.orElse(null);
                process.ended |= handle.isEmpty();
            }
            return;
        }
        for (int i = 0, size = polled.size(); i < size && ready > 0; i++)
        {
            if (poll.ended(i))
            {
                polled.get(i).ended = true;
            }
        }
    }

    /** Asks the handle of each process without a descriptor whether it is alive; the marks are seen under the lock. */
    private void checkHandles()
    {
        synchronized (lock)
        {
            for (final Watched process : watched)
            {
                if (process.handle != null && !process.ended && !process.handle.isAlive())
                {
                    process.ended = true;
                }
            }
            if (!closed)
            {
                report();
            }
        }
    }

    /** Reports and forgets the processes that ended. Called under the lock. */
    private void report()
    {
        for (int i = 0; i < watched.size(); i++)
        {
            final Watched process = watched.get(i);
            // Closed checked each time: the listener itself may close.
            if (process.ended && !closed)
            {
                watched.remove(i--);
                retired.add(process);
                listener.onProcessEnded(process.pid, process.tag);
            }
        }
    }

    /** Closes the descriptors of processes no longer watched. Called under the lock, on the watch thread only. */
    private void closeRetired()
    {
        for (final Watched process : retired)
        {
            closeFd(process);
        }
        retired.clear();
    }

    private static void closeFd(final Watched process)
    {
        if (process.fd >= 0)
        {
            PidfdPoll.close(process.fd);
            process.fd = -1;
        }
    }

    /** A watched process. */
    private static final class Watched
    {
        final long pid;
        final int tag;
        /** The pidfd, or negative when the process is checked through {@link #handle}. */
        int fd = -1;
        ProcessHandle handle;
        boolean ended;

        Watched(final long pid, final int tag)
        {
            this.pid = pid;
            this.tag = tag;
        }
    }
}
