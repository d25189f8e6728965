package org.openmpj.concurrent;

/**
 * How a thread waits for something another thread will do. Implementations are thread-safe and keep no state per
 * wait: the caller keeps the round counter in a local variable, so one strategy serves every waiting thread without
 * allocation (a strategy may count the waits in progress, as {@link BudgetedSpinIdleStrategy} does).
 *
 * <pre>{@code
 * int round = 0;
 * try {
 *     while (!done()) {
 *         round = idle.idle(round);
 *     }
 * } finally {
 *     idle.endWait(round);
 * }
 * }</pre>
 */
public interface IdleStrategy
{
    /**
     * Waits a little, more the longer the wait has lasted.
     *
     * @param round how many times this wait has idled so far (0 at first).
     * @return the round to pass next time.
     */
    int idle(int round);

    /**
     * Whether {@link #idle(int)} at this round blocks the thread in the kernel, so that a waker must
     * {@code unpark} it to avoid the full park time.
     *
     * @param round the round about to be passed to {@link #idle(int)}.
     * @return true when that call parks.
     */
    boolean parksAt(int round);

    /**
     * @param round the round about to be passed to {@link #idle(int)}.
     * @return how many rounds of this wait have parked so far (0 while it spins or yields): a waiter that blocks
     *         elsewhere than in a park lengthens its blocks with it.
     */
    default int parkedRounds(final int round)
    {
        return 0;
    }

    /**
     * Ends a wait; strategies that count waiting threads stop counting this one.
     *
     * @param round the last round {@link #idle(int)} returned in this wait (0 if it never idled).
     */
    default void endWait(final int round)
    {
    }

    /**
     * @return whether a wait spins on its core for as long as the waiting threads fit the cores (so that a peer's data is
     *         seen within a cache-line transfer), rather than giving the core up from the start. A strategy that spins may
     *         still park a wait that outlasts its budget; {@link #parksAt} says when.
     */
    default boolean spins()
    {
        return false;
    }

    /** @return the short name of this strategy, as given to {@code openmpj.idle}. */
    String name();
}
