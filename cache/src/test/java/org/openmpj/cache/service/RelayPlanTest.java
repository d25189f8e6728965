package org.openmpj.cache.service;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

class RelayPlanTest
{
    /** Ranks 0-3 on host a, 4-7 on b, 8-11 on c; one group of all twelve, served by rank 0. */
    private final GroupMap hosts = GroupMap.of(new String[] {"a", "a", "a", "a", "b", "b", "b", "b", "c", "c", "c", "c"}, 12);

    @Test
    void everyMemberHasOneParentAndTheTreeReachesEveryMemberFromTheRoot()
    {
        final int[] members = {5, 1, 9, 2, 6, 10, 3, 7, 11, 4, 8};
        final RelayPlan plan = RelayPlan.build(0, members, hosts, 2);
        final Set<Integer> reached = new HashSet<>();
        collect(plan, 0, reached);
        assertEquals(members.length, reached.size(), "reached " + reached);
        for (final int member : members)
        {
            assertTrue(reached.contains(member));
            final int parent = plan.parentOf(member);
            assertTrue(java.util.Arrays.stream(plan.childrenOf(parent)).anyMatch(child -> child == member));
        }
    }

    @Test
    void eachHostIsEnteredOnceFromTheHostBeforeIt()
    {
        final RelayPlan plan = RelayPlan.build(0, new int[] {5, 1, 9, 2, 6, 10, 3, 7, 11, 4, 8}, hosts, 2);
        int crossings = 0;
        for (int rank = 0; rank < 12; rank++)
        {
            for (final int child : plan.childrenOf(rank))
            {
                crossings += hosts.hostOf(rank).equals(hosts.hostOf(child)) ? 0 : 1;
            }
        }
        assertEquals(2, crossings, "a to b, and b to c");
        assertEquals(0, plan.parentOf(1), "the root's host is first");
        assertEquals(0, plan.parentOf(5), "host b is entered from the root, the head of host a");
        assertEquals(5, plan.parentOf(9), "host c from host b's first member");
    }

    @Test
    void withinAHostMembersFormATreeOfTheFanOut()
    {
        final GroupMap oneHost = GroupMap.of(new String[] {"a", "a", "a", "a", "a", "a", "a"}, 0);
        final RelayPlan plan = RelayPlan.build(0, new int[] {1, 2, 3, 4, 5, 6}, oneHost, 2);
        assertArrayEquals(new int[] {1, 2}, plan.childrenOf(0));
        assertArrayEquals(new int[] {3, 4}, plan.childrenOf(1));
        assertArrayEquals(new int[] {5, 6}, plan.childrenOf(2));
        assertArrayEquals(new int[0], plan.childrenOf(6));
    }

    private static void collect(final RelayPlan plan, final int rank, final Set<Integer> reached)
    {
        for (final int child : plan.childrenOf(rank))
        {
            assertTrue(reached.add(child), "reached twice: " + child);
            collect(plan, child, reached);
        }
    }
}
