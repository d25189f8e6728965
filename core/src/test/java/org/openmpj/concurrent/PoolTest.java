package org.openmpj.concurrent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The pool hands back what was given, last first, makes new objects when empty, and keeps no more than its limit. */
class PoolTest
{
    @Test
    void givenObjectsComeBackLastFirstAndAnEmptyPoolMakesNewOnes()
    {
        final Pool<StringBuilder> pool = new Pool<>(4, StringBuilder::new);
        final StringBuilder first = pool.take();
        final StringBuilder second = pool.take();
        assertNotSame(first, second);
        pool.give(first);
        pool.give(second);
        assertSame(second, pool.take());
        assertSame(first, pool.take());
        assertEquals(0, pool.kept());
    }

    @Test
    void itGrowsToItsLimitAndDropsWhatComesBackBeyondIt()
    {
        final Pool<Object> pool = new Pool<>(40, Object::new);
        final List<Object> taken = new ArrayList<>();
        for (int i = 0; i < 50; i++)
        {
            taken.add(pool.take());
        }
        taken.forEach(pool::give);
        assertEquals(40, pool.kept());
        for (int i = 39; i >= 0; i--)
        {
            assertSame(taken.get(i), pool.take(), "object " + i);
        }
    }

    @Test
    void aPoolThatKeepsNothingIsRefused()
    {
        assertThrows(IllegalArgumentException.class, () -> new Pool<>(0, Object::new));
    }
}
