package org.openmpj.concurrent;

/**
 * Chooses the idle strategy for a job: busy-spin while every waiting thread has a core, back off when the
 * machine is oversubscribed. Busy-spinning on an oversubscribed machine starves the threads that hold the
 * data, so {@code auto} never lets more threads spin than there are cores: with fewer ranks than cores it
 * spins within a budget of one spinning thread per core, otherwise it backs off.
 */
public final class IdleStrategies
{
    /**
     * Yield 20,000 rounds at once, then park from 1 µs up to 1 ms. Measured on 2 cores: a token ring of 4 and 8
     * ranks took 36 and 48 µs per hop when waiters parked after 200 yields (a park and its wake-up cost ~25 µs
     * here), and 5.5–8.4 µs with 20,000 yields; while some ranks computed and one waited, the compute time was the
     * same (1.07 s, 3.60 s). Yielding without end slowed that computation by 16%. No spinning first: with 8 ranks on
     * 2 cores, 100 rounds of spinning before the first yield held the core from the rank that had the data, and
     * dropping them took a loop of 16-byte Allreduce from 35 to 21 µs per call on thread ranks, 55-63 to 30 on shm,
     * 52 to 22 on hybrid (2 JVMs of 4) and 1,790 to 155 on tcp; Barrier from 32 to 18, 50-61 to 22 and 1,700-2,000
     * to 160-330 µs. A round stands for 1 µs, a little more than an uncontended yield here (0.6-0.8 µs): a crowd of
     * yielding threads, where each yield waits for all the others, leaves the yield phase after about 20 ms instead of
     * after 20,000 yields each.
     */
    private static final BackoffIdleStrategy BACKOFF = new BackoffIdleStrategy(0, 20_000, 1_000, 1_000, 1_000_000);
    /**
     * {@link #BACKOFF} for ranks that are threads of one JVM, and so share its JIT: while the JIT has compiled within the last
     * 50 ms ({@link JitActivity}), a wait parks after 200 rounds of yielding, so that the compiler threads get the cores.
     * Measured with NAS class A on 2 cores (Mop/s, two runs each, 20,000 rounds against 200 while compiling): at 4 thread
     * ranks CG 900-914 against 1,386-1,400, MG 3,162-3,226 against 4,087-4,260, FT 5,196-5,745 against 6,083-6,418, IS
     * 268-316 against 322-330; at 8, CG 535-603 against 859-884. Ranks in JVMs of their own (shm) gained or lost by
     * kernel (MG at 4 ranks lost 28%), each JVM compiling its own code, so they keep {@link #BACKOFF}. Once the JIT is
     * quiet, waits yield their full 20,000 rounds, where a warm token ring hops fastest.
     */
    private static final BackoffIdleStrategy BACKOFF_SHARING_JIT = new BackoffIdleStrategy(0, 20_000, 1_000, 1_000, 1_000_000, 200,
        JitActivity::compiledRecently);

    private IdleStrategies()
    {
    }

    /**
     * @param name              {@code spin}, {@code backoff} or {@code auto}.
     * @param spinningThreads   how many threads of this machine may wait at once (ranks on this host).
     * @param availableCores    the cores this JVM may use.
     * @return the strategy the name selects; {@code auto} gives a new strategy, whose spin budget is shared by
     *         the threads that use it, so one job should use one instance.
     * @throws IllegalArgumentException naming the value when it is none of the three.
     */
    public static IdleStrategy choose(final String name, final int spinningThreads, final int availableCores)
    {
        return choose(name, spinningThreads, availableCores, BACKOFF);
    }

    /**
     * As {@link #choose(String, int, int)}, for ranks that are all threads of this JVM: where they back off, they park early
     * while the JIT is at work ({@link #BACKOFF_SHARING_JIT}).
     */
    public static IdleStrategy chooseForThreadRanks(final String name, final int spinningThreads, final int availableCores)
    {
        return choose(name, spinningThreads, availableCores, BACKOFF_SHARING_JIT);
    }

    private static IdleStrategy choose(final String name, final int spinningThreads, final int availableCores,
        final BackoffIdleStrategy backoff)
    {
        return switch (name)
        {
            case "spin" -> BusySpinIdleStrategy.INSTANCE;
            case "backoff" -> backoff;
            case "auto" -> spinningThreads <= availableCores ? new BudgetedSpinIdleStrategy(availableCores, backoff) : backoff;
            default -> throw new IllegalArgumentException(
                "openmpj.idle=" + name + " is not an idle strategy; expected spin, backoff or auto");
        };
    }
}
