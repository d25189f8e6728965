package org.openmpj.matching;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** Ids of pending requests: each finds its own request once; stale, reused or forged ids find nothing. */
class PendingTableTest
{
    @Test
    void anIdFindsItsValueOnceAndAStaleIdNothing()
    {
        final PendingTable<String> table = new PendingTable<>();
        final long first = table.add("first");
        assertEquals("first", table.remove(first));
        assertNull(table.remove(first), "an id taken already");
        final long second = table.add("second");
        assertEquals((int)first, (int)second, "the slot is reused");
        assertNotEquals(first, second, "but not the id");
        assertNull(table.remove(first), "the stale id of the slot's first use");
        assertNull(table.remove(second + 1), "an id for an unused slot");
        assertNull(table.remove(-1), "a forged id");
        assertEquals("second", table.remove(second));
    }

    @Test
    void manyValuesAtOnceGrowTheTable()
    {
        final PendingTable<Integer> table = new PendingTable<>();
        final long[] ids = new long[1000];
        for (int i = 0; i < ids.length; i++)
        {
            ids[i] = table.add(i);
        }
        for (int i = ids.length - 1; i >= 0; i--)
        {
            assertEquals(i, table.remove(ids[i]));
        }
    }
}
