package org.openmpj.transport.thread;

import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicReference;

import org.openmpj.concurrent.IdleStrategy;
import org.openmpj.device.JobControl;
import org.openmpj.device.Request;
import org.openmpj.matching.InlineMailbox;
import org.openmpj.matching.MatchingDevice;
import org.openmpj.matching.ReceiverCopies;
import org.openmpj.matching.SendRequest;
import org.openmpj.matching.Transport;

/**
 * Moves messages between ranks that are threads of one process. With mailboxes, a small message is copied into a
 * mailbox from the sending rank to the receiving one and matched by the receiver when it reads it. Any other message
 * (and every message without mailboxes) is delivered by running the receiver's matching in the sending thread: a posted
 * receive is filled straight from the sender's array (with mailboxes and spinning waits, a message over the eager limit
 * is left for the receiving rank's thread to copy, see {@link org.openmpj.matching.ReceiverCopies}); otherwise the message waits in
 * the receiver's unexpected queue, as an eager copy or as a reference to the sender's array. A sender empties its
 * mailbox to the receiver before it delivers that way, so messages between two ranks keep their order.
 */
final class ThreadTransport implements Transport
{
    /**
     * Slots of each mailbox: 16 KiB, room for three messages of the inline limit (4 KiB) and hundreds of small ones. With 2
     * thread ranks, loops of 8-128 byte Bcasts and Reduces took 0.055-0.09 µs a call with 16 KiB and 0.065-0.17 with 64 KiB,
     * where the root ran further ahead and the receiver's queues outgrew its cache; from 512 B the two were alike.
     */
    private static final int MAILBOX_SLOTS = 16 * 1024 / InlineMailbox.SLOT_BYTES;
    /**
     * Where every rank has a core (waits spin): how long a receiver may neither read its full mailbox nor post a receive
     * before the sender matches its message in its own thread. The receiver's thread loses its core for 5-10 µs every
     * millisecond or so on a 2-core VM; with 2 thread ranks in a loop of 8-byte Bcasts, a root that waited 256 offers
     * (about 5 µs) went the long way 700-2,000 times a second, and each time it moved what the mailbox held into the
     * receiver's unexpected queue, where the two then contended: 0.25-0.5 µs a call in most runs, 0.1 in the others.
     */
    private static final long SPINNING_RECEIVER_PAUSE_NS = 100_000;
    /**
     * Where ranks share cores, the same: a receiver without a core stays away for a time slice, which the sender does not
     * wait for. With 8 thread ranks on 2 cores, 100 µs made Bcast and Reduce of 32 B-2 KiB take 2-5 times Open MPI's
     * time (a loop of 2 KiB Bcasts 35-40 µs a call against 4.3-4.7).
     */
    private static final long SHARING_RECEIVER_PAUSE_NS = 5_000;
    /**
     * How long in all a sender offers to a full mailbox before it matches in its own thread even though the receiver still
     * reads: a bound for a sender whose other threads keep the mailbox full.
     */
    private static final long LONGEST_OFFERING_NS = 300_000;

    private final ThreadFabric fabric;
    private final int rank;
    /** Peers already resolved through the fabric; a plain array, read by the owning rank's threads only. */
    private final MatchingDevice[] peers;
    /** This rank's mailbox to each peer, created on the first small message. */
    private final InlineMailbox[] mailboxes;
    private final boolean useMailboxes;
    /**
     * Whether a large message matched with a posted receive is left to the receiving rank to copy: only while waits spin.
     * With 8 ranks on 2 cores, where a receiver must first be scheduled, Bcasts of 8-128 KiB took 1.2-2.1 times as long
     * that way as when the sender copied at once (8 KiB: 12-14 µs against 7.2), two runs each.
     */
    private final boolean receiversCopyLarge;
    private final boolean receiversMayPark;
    private final ThreadInbox inbox;
    /** This rank's own device, once it has joined the fabric; read by this rank's threads only. */
    private MatchingDevice device;
    private final Runnable wakeThisRank;
    private final long eagerLimitBytes;
    private final IdleStrategy idle;
    private final JobControl job;
    /** The last large send of this rank left to its receiver to copy, half of which this rank may copy meanwhile. */
    private final AtomicReference<SendRequest> helpable = new AtomicReference<>();
    private final long receiverPauseNs;

    /**
     * @param rank         this rank's world rank.
     * @param useMailboxes whether small messages go through mailboxes, matched by the receiver (they need the receiving
     *                     rank to read its mailboxes when it makes progress).
     */
    ThreadTransport(
        final ThreadFabric fabric, final int rank, final boolean useMailboxes, final long eagerLimitBytes, final IdleStrategy idle,
        final JobControl job)
    {
        this.fabric = fabric;
        this.rank = rank;
        this.peers = new MatchingDevice[fabric.size()];
        this.mailboxes = new InlineMailbox[fabric.size()];
        this.useMailboxes = useMailboxes;
        this.receiversCopyLarge = idle.spins();
        this.receiversMayPark = idle.parksAt(Integer.MAX_VALUE);
        this.receiverPauseNs = idle.spins() ? SPINNING_RECEIVER_PAUSE_NS : SHARING_RECEIVER_PAUSE_NS;
        this.inbox = fabric.inbox(rank);
        this.wakeThisRank = inbox::wake;
        this.eagerLimitBytes = eagerLimitBytes;
        this.idle = idle;
        this.job = job;
    }

    @Override
    public long eagerLimitBytes()
    {
        return eagerLimitBytes;
    }

    @Override
    public java.lang.foreign.MemorySegment worldBoard()
    {
        return fabric.worldBoard();
    }

    @Override
    public boolean send(final SendRequest send)
    {
        final int dest = send.dest();
        MatchingDevice peer = peers[dest];
        if (peer == null)
        {
            // Racing threads of this rank may each resolve it; they store the same device.
            peer = fabric.device(dest, idle, job);
            peers[dest] = peer;
        }
        if (useMailboxes)
        {
            InlineMailbox mailbox = mailboxes[dest];
            if (InlineMailbox.fits(send, eagerLimitBytes))
            {
                if (mailbox == null)
                {
                    mailbox = mailboxTo(dest);
                }
                if (mailbox.offer(send, peer) || offerOnceRoomIsFreed(mailbox, send, peer))
                {
                    if (receiversMayPark)
                    {
                        // Pairs with the sleeper's fence between announcing itself and looking at its mailboxes.
                        VarHandle.fullFence();
                        fabric.inbox(dest).wake();
                    }
                    return true;
                }
            }
            if (mailbox != null && !mailbox.isEmpty())
            {
                mailbox.drain(peer, true);
            }
            if (receiversCopyLarge)
            {
                // The receiver reads its mailboxes as it makes progress, so it can make the copy of a large message too.
                final ThreadInbox receiver = fabric.inbox(dest);
                if (peer.onLocalArrival(send, eagerLimitBytes, receiver.copies(), rank < dest))
                {
                    return true;
                }
                // Half of it, if it was handed over whole, is this rank's to copy while it waits (see doWork).
                helpable.set(send);
                if (receiversMayPark)
                {
                    VarHandle.fullFence();
                    receiver.wake();
                }
                return false;
            }
        }
        return peer.onLocalArrival(send, eagerLimitBytes);
    }

    /**
     * Offers {@code send} again while the receiver may be reading its full mailbox: a sender that read the mailbox and
     * matched in its own thread instead would contend with the receiver for both its locks. The sender waits as long as the
     * receiver reads on, however long it takes to free room, and as long as it posts receives, which it may be matching from
     * its unexpected queue before it reads the mailbox again; a receiver that is busy elsewhere leaves the mailbox as it is,
     * and the sender goes the long way after {@link #SPINNING_RECEIVER_PAUSE_NS} (where ranks share cores,
     * {@link #SHARING_RECEIVER_PAUSE_NS}). A sender that went the long way whenever its receiver took from the unexpected
     * queue for that long would keep the queue full, and the two would contend for it at every message.
     */
    private boolean offerOnceRoomIsFreed(final InlineMailbox mailbox, final SendRequest send, final MatchingDevice peer)
    {
        long readSeen = mailbox.readPosition();
        int postedSeen = peer.receivesPosted();
        final long start = System.nanoTime();
        long progressSeenAt = start;
        while (true)
        {
            Thread.onSpinWait();
            if (mailbox.offer(send, peer))
            {
                return true;
            }
            final long now = System.nanoTime();
            final long read = mailbox.readPosition();
            final int posted = peer.receivesPosted();
            if (read != readSeen || posted != postedSeen)
            {
                readSeen = read;
                postedSeen = posted;
                progressSeenAt = now;
            }
            if (now - progressSeenAt > receiverPauseNs || now - start > LONGEST_OFFERING_NS)
            {
                return false;
            }
        }
    }

    private synchronized InlineMailbox mailboxTo(final int dest)
    {
        InlineMailbox mailbox = mailboxes[dest];
        if (mailbox == null)
        {
            mailbox = new InlineMailbox(MAILBOX_SLOTS);
            fabric.inbox(dest).add(mailbox);
            mailboxes[dest] = mailbox;
        }
        return mailbox;
    }

    @Override
    public boolean deliversInSendingThread()
    {
        return !useMailboxes;
    }

    @Override
    public int doWork()
    {
        if (!useMailboxes)
        {
            return 0;
        }
        MatchingDevice self = device;
        if (self == null)
        {
            self = fabric.openedDevice(rank);
            if (self == null)
            {
                return 0;
            }
            device = self;
        }
        final int received = inbox.drain(self);
        final SendRequest sent = helpable.getAcquire();
        if (sent == null)
        {
            return received;
        }
        // After this rank's own copies: a rank with copies to make does not take on its receivers' as well. A send that
        // waits for its receive to be posted stays helpable: the receiver that finds it opens the half to claim then.
        final boolean helped = ReceiverCopies.help(sent, receiversMayPark);
        if (helped || sent.isComplete())
        {
            helpable.compareAndSet(sent, null);
        }
        return helped ? received + 1 : received;
    }

    @Override
    public boolean blockForArrival(final long timeoutNs, final Request waitingFor)
    {
        return useMailboxes && inbox.sleep(timeoutNs, waitingFor);
    }

    @Override
    public Runnable blockedWaker()
    {
        return useMailboxes ? wakeThisRank : null;
    }

    @Override
    public void close()
    {
    }
}
