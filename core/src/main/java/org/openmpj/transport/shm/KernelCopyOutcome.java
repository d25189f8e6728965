package org.openmpj.transport.shm;

import org.openmpj.os.Libc;

/**
 * What a rank found when it probed the peers it would copy large messages from through the kernel, as one word of its
 * rank block (see {@link SegmentDescriptor}): {@link #USABLE}, or the first reason it cannot with the peer and the
 * {@code errno} concerned, so that rank 0 can say for the whole job which way large messages go, and why.
 *
 * <pre>
 *   bits 0-7 the reason | 8-23 errno | 24-55 the peer's index in the segment | 56 the rank pulls from some peer
 *   | 57 it reads some peer with process_vm_readv | 58 it reads some peer through /proc/PID/mem
 *   0: not probed yet
 * </pre>
 */
final class KernelCopyOutcome
{
    /** Not probed yet. */
    static final long PENDING = 0;
    /** Every lower peer's memory can be read. */
    static final int USABLE = 1;
    /** The peer did not prepare to expose its arrays. */
    static final int NOT_EXPOSING = 2;
    /** {@code /proc/PID/mem} of the peer cannot be opened. */
    static final int MEMORY_CLOSED = 3;
    /** The peer's probe word cannot be read. */
    static final int MEMORY_UNREADABLE = 4;
    /** The peer's probe word does not hold its pid. */
    static final int PROBE_MISMATCH = 5;
    /** The peer's thread states ({@code /proc/PID/task/TID/syscall}) cannot be read. */
    static final int THREADS_UNREADABLE = 6;
    /** The peer's eventfd cannot be duplicated ({@code pidfd_open}, {@code pidfd_getfd}). */
    static final int EVENTFD_UNREACHABLE = 7;
    /** The probe was made to fail by {@link ShmDeviceProvider#FAIL_PROBE_PROP_NAME}. */
    static final int FORCED = 8;
    /** Set in a word whose rank copies from at least one peer, whatever its reason says of another. */
    static final long PULLS_FROM_SOME = 1L << 56;
    /** Set in a word whose rank reads at least one peer with {@code process_vm_readv}. */
    static final long CROSS_MEMORY_ATTACH = 1L << 57;
    /** Set in a word whose rank reads at least one peer through {@code /proc/PID/mem}. */
    static final long PROC_MEM = 1L << 58;

    private KernelCopyOutcome()
    {
    }

    /** @return the word for {@code reason} with peer {@code peer}, given its {@code errno} (0 for none). */
    static long of(final int reason, final int errno, final int peer)
    {
        return reason | (long)(errno & 0xffff) << 8 | (long)peer << 24;
    }

    static int reasonOf(final long outcome)
    {
        return (int)(outcome & 0xff);
    }

    /**
     * @param outcome    a word other than {@link #PENDING} or {@link #USABLE}, published by index {@code reader}.
     * @param worldRanks the world rank of each index in the segment.
     * @param pids       the process of each index.
     * @return why {@code reader} cannot copy from the peer the word names, e.g.
     *         {@code rank 2 cannot open /proc/1234/mem (rank 1): errno 13 (EACCES)}.
     */
    static String describe(final long outcome, final int reader, final int[] worldRanks, final long[] pids)
    {
        final int peer = (int)(outcome >>> 24 & 0xffff_ffffL);
        final int errno = (int)(outcome >>> 8 & 0xffff);
        final String who = "rank " + worldRanks[reader];
        final String of = "rank " + worldRanks[peer];
        final long pid = pids[peer];
        final String error = errno == 0 ? "" : ": " + Libc.describeErrno(errno);
        return switch (reasonOf(outcome))
        {
            case NOT_EXPOSING -> of + " could not prepare to expose its arrays (no eventfd)";
            case MEMORY_CLOSED -> who + " cannot open /proc/" + pid + "/mem of " + of + error;
            case MEMORY_UNREADABLE -> who + " cannot read /proc/" + pid + "/mem of " + of + error;
            case PROBE_MISMATCH -> who + " read a word of " + of + " through /proc/" + pid + "/mem that does not hold its pid";
            case THREADS_UNREADABLE -> who + " cannot read /proc/" + pid + "/task/*/syscall of " + of + error;
            case EVENTFD_UNREACHABLE -> who + " cannot duplicate the eventfd of " + of + " with pidfd_getfd" + error
                + (errno == Libc.ENOSYS ? ", which needs Linux 5.6 or later" : "");
            case FORCED -> who + "'s probe of " + of + " was made to fail (-D" + ShmDeviceProvider.FAIL_PROBE_PROP_NAME + "=true)";
            case (int)PENDING -> who + " did not say what its probe found within 10 s";
            default -> who + " published an unknown outcome " + Long.toHexString(outcome);
        };
    }

    /**
     * @param outcomes   every rank's word, by index in the segment.
     * @param worldRanks the world rank of each index.
     * @param pids       the process of each index.
     * @return how messages over the eager limit go in the job, to follow "messages over N KiB".
     */
    static String summary(final long[] outcomes, final int[] worldRanks, final long[] pids)
    {
        int firstFailure = -1;
        boolean anyPulls = false;
        long calls = 0;
        for (int index = 1; index < outcomes.length; index++)
        {
            anyPulls |= (outcomes[index] & PULLS_FROM_SOME) != 0;
            calls |= outcomes[index] & (CROSS_MEMORY_ATTACH | PROC_MEM);
            if (firstFailure < 0 && reasonOf(outcomes[index]) != USABLE)
            {
                firstFailure = index;
            }
        }
        final String call = switch ((int)(calls >>> 57))
        {
            case 1 -> "process_vm_readv";
            case 3 -> "process_vm_readv; pread on /proc/PID/mem where that was refused";
            default -> "pread on /proc/PID/mem";
        };
        final String oneCopy = " move with one copy through the kernel (" + call + ") from lower to higher ranks";
        if (firstFailure < 0)
        {
            return oneCopy + ", through the rings otherwise";
        }
        final String why = describe(outcomes[firstFailure], firstFailure, worldRanks, pids);
        if (!anyPulls)
        {
            return ": no kernel copy: " + why + "; they stream through the rings";
        }
        return oneCopy + " where the kernel allows, through the rings otherwise; kernel copy unavailable between some ranks: " + why;
    }

    /** @return {@code bytes} as people write it: {@code 64 KiB}, {@code 1 MiB}, or {@code 1000 bytes}. */
    static String bytesText(final long bytes)
    {
        if (bytes > 0 && bytes % (1 << 20) == 0)
        {
            return bytes / (1 << 20) + " MiB";
        }
        if (bytes > 0 && bytes % 1024 == 0)
        {
            return bytes / 1024 + " KiB";
        }
        return bytes + " bytes";
    }
}
