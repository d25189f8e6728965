package org.openmpj.matching;

/**
 * Moves messages to peers for a {@link MatchingDevice}; matching and protocol choices stay in the device.
 * A transport that shares memory with its peers hands over references: the receiving side reads the
 * sender's array itself.
 */
public interface Transport extends AutoCloseable
{
    /** @return the largest message copied so that the sender can return before the receiver arrives. */
    long eagerLimitBytes();

    /**
     * Hands {@code send} to its destination, where it is matched against posted receives.
     *
     * @return true when the send has completed (matched, or copied eagerly); false when it completes later.
     */
    boolean send(SendRequest send);

    /** @return the work done receiving or sending; 0 when there was nothing to do. */
    int doWork();

    /**
     * Blocks the calling thread until something arrives for this transport, {@code waitingFor} completes, or
     * {@code timeoutNs} passes: what a waiting thread does instead of parking when only the operating system can tell it
     * that a peer sent something. Whoever completes {@code waitingFor} in this process ends the block through
     * {@link #blockedWaker()}.
     *
     * @return false when the transport cannot block that way (the caller parks as usual).
     */
    default boolean blockForArrival(final long timeoutNs, final org.openmpj.device.Request waitingFor)
    {
        return false;
    }

    /**
     * @return the longest one {@link #blockForArrival} may last: as long as anything this transport needs a waiter's
     *         progress for wakes the block, a long wait may block longer, so that a crowd of idle ranks does not wake a
     *         thousand times a second each.
     */
    default long longestBlockNs()
    {
        return 1_000_000;
    }

    /** @return what ends a {@link #blockForArrival} of this transport early; null when it cannot block. */
    default Runnable blockedWaker()
    {
        return null;
    }

    /**
     * @return whether a send is delivered by the sending thread into the receiver's matcher, in this process, so that its
     *         completions wake waiters directly; such a transport has nothing for a waiting thread to block on.
     */
    default boolean deliversInSendingThread()
    {
        return false;
    }

    /**
     * @return the paired copy to device rank {@code peer} for an exchange of {@code sendBytes} for {@code recvBytes}, a block
     *         going one way copied by both ranks if {@code shared} (see {@link org.openmpj.device.Device#pairedCopy}); null
     *         when this transport moves it as messages.
     */
    default org.openmpj.device.PairedCopy pairedCopy(final int peer, final long sendBytes, final long recvBytes, final boolean shared)
    {
        return null;
    }

    /** @return the fewest bytes any exchange of this transport moves by {@link #pairedCopy}; {@code Long.MAX_VALUE} when none does. */
    default long smallestPairedCopyBytes()
    {
        return Long.MAX_VALUE;
    }

    /**
     * @return the {@link org.openmpj.device.WorldBoard} this transport shares with every rank of the job, all of which it
     *         reaches; null when it has none.
     */
    default java.lang.foreign.MemorySegment worldBoard()
    {
        return null;
    }

    /**
     * Tells the peers this transport reaches, where it can, why this rank's process is about to end in failure, so that
     * they name the cause rather than only the process's end. Called once, just before the process halts; nothing else of
     * the transport is used after it.
     *
     * @param report what failed, starting with the rank, e.g. {@code rank 1 failed: java.lang.IllegalStateException: ...}.
     */
    default void announceFailure(final String report)
    {
    }

    @Override
    void close();
}
