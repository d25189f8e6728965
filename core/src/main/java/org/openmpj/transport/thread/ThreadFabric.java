package org.openmpj.transport.thread;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicReferenceArray;

import org.openmpj.concurrent.IdleStrategy;
import org.openmpj.device.JobControl;
import org.openmpj.device.WorldBoard;
import org.openmpj.matching.MatchingDevice;

/**
 * The devices and mailboxes of all ranks of one thread job, by world rank, so that a sending thread can reach its
 * receiver's matcher. A rank registers when it opens its device; a send to a rank that has not yet done so
 * waits for it.
 */
final class ThreadFabric
{
    private final AtomicReferenceArray<MatchingDevice> devices;
    private final ThreadInbox[] inboxes;
    /** The job's world board, freed with the fabric; null for a job it does not serve. */
    private final MemorySegment worldBoard;

    ThreadFabric(final int size)
    {
        this.devices = new AtomicReferenceArray<>(size);
        final long boardBytes = WorldBoard.bytes(size);
        this.worldBoard = boardBytes == 0 ? null : Arena.ofAuto().allocate(boardBytes, WorldBoard.LINE_BYTES);
        this.inboxes = new ThreadInbox[size];
        for (int rank = 0; rank < size; rank++)
        {
            inboxes[rank] = new ThreadInbox();
        }
    }

    /** @return the mailboxes of {@code rank}. */
    ThreadInbox inbox(final int rank)
    {
        return inboxes[rank];
    }

    /** @return the job's world board, shared by every rank; null when the job has more ranks than one serves. */
    MemorySegment worldBoard()
    {
        return worldBoard;
    }

    int size()
    {
        return devices.length();
    }

    void register(final int rank, final MatchingDevice device)
    {
        if (!devices.compareAndSet(rank, null, device))
        {
            throw new IllegalStateException("rank " + rank + " opened the thread device twice");
        }
    }

    /** @return the device of {@code rank}, or null while that rank has not yet opened it. */
    MatchingDevice openedDevice(final int rank)
    {
        return devices.getAcquire(rank);
    }

    /** @return the device of {@code rank}, waiting until that rank has opened it. */
    MatchingDevice device(final int rank, final IdleStrategy idle, final JobControl job)
    {
        MatchingDevice device = devices.getAcquire(rank);
        int round = 0;
        try
        {
            while (device == null)
            {
                job.checkAlive();
                round = idle.idle(round);
                device = devices.getAcquire(rank);
            }
        }
        finally
        {
            idle.endWait(round);
        }
        return device;
    }
}
