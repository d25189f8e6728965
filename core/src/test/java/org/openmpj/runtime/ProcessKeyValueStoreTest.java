package org.openmpj.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openmpj.OpenMpjException;
import org.openmpj.device.KeyValueStore;

@Timeout(30)
class ProcessKeyValueStoreTest
{
    /** A process manager's store that counts its fences and fails if two threads use it at once. */
    private static final class CountingManager implements KeyValueStore
    {
        final Map<String, String> pairs = new HashMap<>();
        final AtomicInteger fences = new AtomicInteger();
        final AtomicInteger inside = new AtomicInteger();

        @Override
        public void put(final String key, final String value)
        {
            enter();
            pairs.put(key, value);
            inside.decrementAndGet();
        }

        @Override
        public void fence()
        {
            enter();
            fences.incrementAndGet();
            try
            {
                Thread.sleep(20);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
            inside.decrementAndGet();
        }

        @Override
        public String get(final String key)
        {
            enter();
            final String value = pairs.get(key);
            inside.decrementAndGet();
            return value;
        }

        private void enter()
        {
            if (inside.incrementAndGet() != 1)
            {
                throw new IllegalStateException("two threads in the process manager's conversation at once");
            }
        }
    }

    @Test
    void theRanksOfAProcessMakeOneFenceOfTheManagerPerRound() throws Exception
    {
        final CountingManager manager = new CountingManager();
        final int ranks = 4;
        final ProcessKeyValueStore store = new ProcessKeyValueStore(manager, ranks, new JobState());
        final ExecutorService pool = Executors.newFixedThreadPool(ranks);
        try
        {
            final Future<?>[] done = new Future<?>[ranks];
            for (int rank = 0; rank < ranks; rank++)
            {
                final int me = rank;
                done[rank] = pool.submit(() ->
                {
                    for (int round = 0; round < 3; round++)
                    {
                        store.put("r" + round + "-" + me, Integer.toString(me * 10 + round));
                        store.fence();
                        for (int other = 0; other < ranks; other++)
                        {
                            assertEquals(Integer.toString(other * 10 + round), store.get("r" + round + "-" + other));
                        }
                    }
                    return null;
                });
            }
            for (final Future<?> rank : done)
            {
                rank.get(20, TimeUnit.SECONDS);
            }
            assertEquals(3, manager.fences.get());
        }
        finally
        {
            pool.shutdownNow();
        }
    }

    @Test
    void aFenceThatWaitsForARankOfAFailedJobEndsWithTheFailure()
    {
        final JobState job = new JobState();
        final ProcessKeyValueStore store = new ProcessKeyValueStore(new CountingManager(), 2, job);
        job.fail(new JobState.Failure(1, "rank 1 failed before its fence", null, 1));
        assertThrows(OpenMpjException.class, store::fence);
    }
}
