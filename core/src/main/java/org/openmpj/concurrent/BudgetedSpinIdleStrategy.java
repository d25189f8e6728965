package org.openmpj.concurrent;

/**
 * Busy-spins while the threads waiting at once fit the cores, and backs off beyond that: the default when a
 * job's ranks fit the machine but a rank may run several waiting threads ({@code THREAD_MULTIPLE}).
 *
 * <p>A wait spins on its own for its first rounds (a few microseconds: most message waits end there, and
 * pay nothing for the budget); a wait that lasts longer joins the count of long spinners shared by the job,
 * and while that count exceeds the cores it idles with the {@link BackoffIdleStrategy} instead. Callers must
 * end every wait with {@link #endWait(int)}, which leaves the count.
 */
public final class BudgetedSpinIdleStrategy implements IdleStrategy
{
    /** Rounds a wait spins before it counts against the budget. */
    static final int SOLO_SPIN_ROUNDS = 1_000;

    private final int spinBudget;
    private final BackoffIdleStrategy backoff;
    /** On cache lines of its own: every long wait of the job writes it, and nothing else should move with it. */
    private final PaddedCounter longSpinners = new PaddedCounter();

    /**
     * @param spinBudget how many threads may spin at once (the cores).
     * @param backoff    how threads over the budget idle.
     */
    public BudgetedSpinIdleStrategy(final int spinBudget, final BackoffIdleStrategy backoff)
    {
        if (spinBudget < 1)
        {
            throw new IllegalArgumentException("spin budget must be at least 1, got " + spinBudget);
        }
        this.spinBudget = spinBudget;
        this.backoff = backoff;
    }

    @Override
    public int idle(final int round)
    {
        if (round < SOLO_SPIN_ROUNDS)
        {
            Thread.onSpinWait();
            return round + 1;
        }
        if (round == SOLO_SPIN_ROUNDS)
        {
            longSpinners.incrementAndGet();
        }
        if (longSpinners.get() <= spinBudget)
        {
            Thread.onSpinWait();
            return SOLO_SPIN_ROUNDS + 1;
        }
        final int next = backoff.idle(round - SOLO_SPIN_ROUNDS - 1);
        return next >= Integer.MAX_VALUE - SOLO_SPIN_ROUNDS - 1 ? Integer.MAX_VALUE : next + SOLO_SPIN_ROUNDS + 1;
    }

    @Override
    public boolean parksAt(final int round)
    {
        return round > SOLO_SPIN_ROUNDS && backoff.parksAt(round - SOLO_SPIN_ROUNDS - 1);
    }

    @Override
    public int parkedRounds(final int round)
    {
        return round > SOLO_SPIN_ROUNDS ? backoff.parkedRounds(round - SOLO_SPIN_ROUNDS - 1) : 0;
    }

    @Override
    public void endWait(final int round)
    {
        if (round >= SOLO_SPIN_ROUNDS)
        {
            longSpinners.decrementAndGet();
        }
    }

    /** @return the threads counted as long spinners right now. */
    int longSpinners()
    {
        return longSpinners.get();
    }

    @Override
    public boolean spins()
    {
        return true;
    }

    @Override
    public String name()
    {
        return "auto-spin";
    }
}
