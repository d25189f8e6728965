package org.openmpj.cache.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Each policy evicts exactly the victims, in the same order, as its list-based reference model on random traces. */
class PolicyReferenceTest
{
    private static final int OPERATIONS = 20_000;

    @ParameterizedTest
    @EnumSource(PolicyKind.class)
    void victimsEqualTheReferenceModels(final PolicyKind kind)
    {
        for (final long seed : RandomTrace.SEEDS)
        {
            assertSameVictims(kind + " seed " + seed, seed, kind.create(RandomTrace.CAPACITY_BYTES),
                ReferenceModels.of(kind, RandomTrace.CAPACITY_BYTES));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 50, 90})
    void s3FifoVictimsEqualTheReferenceModelForOtherGhostShares(final int ghostPercent)
    {
        for (final long seed : RandomTrace.SEEDS)
        {
            final long capacityBytes = RandomTrace.CAPACITY_BYTES;
            assertSameVictims("ghost " + ghostPercent + "% seed " + seed, seed,
                new S3FifoPolicy<>(capacityBytes, S3FifoPolicy.DEFAULT_SMALL_PERCENT, ghostPercent),
                new ReferenceModels.S3Fifo(capacityBytes, S3FifoPolicy.DEFAULT_SMALL_PERCENT, ghostPercent));
        }
    }

    private static void assertSameVictims(final String trace, final long seed, final ReplacementPolicy<Integer> policy,
        final ReplacementPolicy<Integer> model)
    {
        final TierLoop<Integer> tier = new TierLoop<>(policy, RandomTrace.CAPACITY_BYTES, true);
        final TierLoop<Integer> reference = new TierLoop<>(model, RandomTrace.CAPACITY_BYTES, true);
        RandomTrace.replay(seed, OPERATIONS, tier, null);
        RandomTrace.replay(seed, OPERATIONS, reference, null);
        assertTrue(reference.victims().size() > OPERATIONS / 10, trace + ": the trace should evict often");
        assertTrue(reference.hits() > OPERATIONS / 10, trace + ": the trace should hit often");
        final List<Integer> expected = reference.victims();
        final List<Integer> actual = tier.victims();
        for (int i = 0; i < Math.min(expected.size(), actual.size()); i++)
        {
            assertEquals(expected.get(i), actual.get(i), trace + ": victim " + i);
        }
        assertEquals(expected.size(), actual.size(), trace + ": victims");
        assertEquals(model.size(), policy.size(), trace);
    }
}
