package org.openmpj.transport.thread;

import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

import org.openmpj.device.Request;
import org.openmpj.matching.InlineMailbox;
import org.openmpj.matching.MatchingDevice;
import org.openmpj.matching.ReceiverCopies;

/**
 * The mailboxes that bring small messages to one thread rank, one per rank that has written to it, and the thread of that
 * rank, if any, that sleeps until one of them fills.
 *
 * <p>Thread-safety: mailboxes are added by sending threads, read by the rank's threads; one of the rank's threads sleeps
 * at a time, and any thread may wake it.
 */
final class ThreadInbox
{
    private static final InlineMailbox[] NONE = {};

    private volatile InlineMailbox[] mailboxes = NONE;
    private final ReceiverCopies copies = new ReceiverCopies();
    private final AtomicBoolean sleeping = new AtomicBoolean();
    private volatile Thread sleeper;

    /** Adds the mailbox of a rank that starts writing to this one. */
    synchronized void add(final InlineMailbox mailbox)
    {
        final InlineMailbox[] grown = java.util.Arrays.copyOf(mailboxes, mailboxes.length + 1);
        grown[grown.length - 1] = mailbox;
        mailboxes = grown;
    }

    /** @return where senders leave the large messages this rank copies itself. */
    ReceiverCopies copies()
    {
        return copies;
    }

    /**
     * Hands what waits in the mailboxes to {@code owner}, the rank's device, and makes the copies left to it; a mailbox
     * another thread reads is left to that thread.
     *
     * @return the messages read and copied.
     */
    int drain(final MatchingDevice owner)
    {
        final InlineMailbox[] all = mailboxes;
        int messages = copies.copyAll(owner);
        for (int index = 0; index < all.length; index++)
        {
            final InlineMailbox mailbox = all[index];
            if (mailbox.hasData())
            {
                messages += mailbox.drain(owner, false);
            }
            else
            {
                mailbox.clearRead();
            }
        }
        return messages;
    }

    /**
     * Sleeps for at most {@code timeoutNs} unless a mailbox holds a message or {@code waitingFor} is complete; a writer that
     * fills a mailbox after this look finds the sleeper and wakes it.
     *
     * @return false when another thread of the rank sleeps here already.
     */
    boolean sleep(final long timeoutNs, final Request waitingFor)
    {
        if (!sleeping.compareAndSet(false, true))
        {
            return false;
        }
        try
        {
            sleeper = Thread.currentThread();
            // Pairs with the writer's fence between publishing a message and looking for a sleeper.
            VarHandle.fullFence();
            if (!waitingFor.isComplete() && !hasData())
            {
                LockSupport.parkNanos(this, timeoutNs);
            }
            return true;
        }
        finally
        {
            sleeper = null;
            sleeping.set(false);
        }
    }

    /** Wakes the sleeping thread, if any; the writer of a message calls it after a full fence. */
    void wake()
    {
        final Thread thread = sleeper;
        if (thread != null)
        {
            LockSupport.unpark(thread);
        }
    }

    private boolean hasData()
    {
        if (!copies.isEmpty())
        {
            return true;
        }
        final InlineMailbox[] all = mailboxes;
        for (int index = 0; index < all.length; index++)
        {
            if (all[index].hasData())
            {
                return true;
            }
        }
        return false;
    }
}
