package org.openmpj.cache.store;

import java.util.SplittableRandom;

/**
 * A seeded random sequence of tier operations over a small key space: mostly reads (a hit when the key is resident,
 * else an admission with a random size followed by evictions until the bytes fit), some drops of keys that may or may
 * not be resident. The operations depend only on the seed, so two tiers fed the same trace see the same requests.
 */
final class RandomTrace
{
    static final long CAPACITY_BYTES = 200;
    static final long[] SEEDS = {1, 2, 3, 42, 2026, 0xC0FFEEL, 0x5EEDL, -7};
    private static final int KEYS = 60;
    private static final int MAX_SIZE_BYTES = 24;
    private static final int DROP_PERCENT = 5;

    private RandomTrace()
    {
    }

    /**
     * Replays {@code operations} operations of the trace of {@code seed} on {@code tier}.
     *
     * @param afterEach checked after every operation, or null.
     */
    static void replay(final long seed, final int operations, final TierLoop<Integer> tier, final Runnable afterEach)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < operations; i++)
        {
            // A skewed key choice, so that some keys are read often and hits happen.
            final int key = (int) (KEYS * Math.pow(random.nextDouble(), 2));
            final boolean drop = random.nextInt(100) < DROP_PERCENT;
            // Zero-byte entries included: the policies must not divide by a size or a byte total.
            final long sizeBytes = random.nextInt(MAX_SIZE_BYTES + 1);
            if (drop)
            {
                tier.drop(key);
            }
            else
            {
                tier.read(key, sizeBytes);
            }
            if (afterEach != null)
            {
                afterEach.run();
            }
        }
    }
}
