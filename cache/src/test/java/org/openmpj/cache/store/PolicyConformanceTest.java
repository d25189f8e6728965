package org.openmpj.cache.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** What every policy must do, whatever it chooses: the {@link ReplacementPolicy} contract. */
class PolicyConformanceTest
{
    @ParameterizedTest
    @EnumSource(PolicyKind.class)
    void evictOnEmptyReturnsNull(final PolicyKind kind)
    {
        final ReplacementPolicy<String> policy = kind.create(100);
        assertNull(policy.evict());
        policy.onAdmit("a", 10);
        assertEquals("a", policy.evict());
        assertNull(policy.evict());
        assertEquals(0, policy.size());
    }

    @ParameterizedTest
    @EnumSource(PolicyKind.class)
    void removeOfAnUnknownKeyChangesNothing(final PolicyKind kind)
    {
        final ReplacementPolicy<String> policy = kind.create(100);
        policy.remove("never");
        policy.onAdmit("a", 10);
        policy.onAdmit("b", 10);
        policy.remove("never");
        assertEquals(2, policy.size());
        assertEquals(Set.of("a", "b"), Set.of(policy.evict(), policy.evict()));
        assertNull(policy.evict());
    }

    @ParameterizedTest
    @EnumSource(PolicyKind.class)
    void sizeCountsTheResidentEntries(final PolicyKind kind)
    {
        final ReplacementPolicy<String> policy = kind.create(100);
        assertEquals(0, policy.size());
        policy.onAdmit("a", 10);
        policy.onAdmit("b", 20);
        policy.onAdmit("c", 0);
        assertEquals(3, policy.size());
        policy.onHit("b");
        assertEquals(3, policy.size());
        policy.remove("b");
        assertEquals(2, policy.size());
        policy.remove("b");
        assertEquals(2, policy.size());
        policy.evict();
        assertEquals(1, policy.size());
    }

    @ParameterizedTest
    @EnumSource(PolicyKind.class)
    void aRemovedKeyIsNeverEvicted(final PolicyKind kind)
    {
        final ReplacementPolicy<String> policy = kind.create(100);
        policy.onAdmit("a", 10);
        policy.onAdmit("b", 10);
        policy.onHit("a");
        policy.remove("a");
        assertEquals("b", policy.evict());
        assertNull(policy.evict());
    }

    @ParameterizedTest
    @EnumSource(PolicyKind.class)
    void randomTracesEvictOnlyResidentKeysAndDrainToExactlyTheResidentSet(final PolicyKind kind)
    {
        for (final long seed : RandomTrace.SEEDS)
        {
            final ReplacementPolicy<Integer> policy = kind.create(RandomTrace.CAPACITY_BYTES);
            // TierLoop fails on a victim that is not resident, which also rules out a key evicted twice.
            final TierLoop<Integer> tier = new TierLoop<>(policy, RandomTrace.CAPACITY_BYTES, false);
            RandomTrace.replay(seed, 5_000, tier, () -> assertEquals(tier.residentCount(), policy.size(), kind + " size"));
            final Set<Integer> drained = new HashSet<>();
            for (Integer victim = policy.evict(); victim != null; victim = policy.evict())
            {
                assertTrue(tier.isResident(victim), kind + " evicted " + victim + ", which is not resident");
                assertTrue(drained.add(victim), kind + " evicted " + victim + " twice");
            }
            assertEquals(tier.residentCount(), drained.size(), kind + " seed " + seed);
            assertEquals(0, policy.size());
        }
    }
}
