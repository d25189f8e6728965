package org.openmpj.concurrent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class SpinLockTest
{
    private long counter;

    @Test
    void manyThreadsIncrementingUnderTheLockLoseNoUpdate() throws Exception
    {
        // More threads than the 2 cores: the lock must yield to a preempted holder instead of spinning forever.
        final int threads = 6;
        final int increments = 200_000;
        final SpinLock lock = new SpinLock();
        final List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++)
        {
            final Thread worker = new Thread(() ->
            {
                for (int i = 0; i < increments; i++)
                {
                    lock.lock();
                    try
                    {
                        counter++;
                    }
                    finally
                    {
                        lock.unlock();
                    }
                }
            });
            workers.add(worker);
            worker.start();
        }
        for (final Thread worker : workers)
        {
            worker.join();
        }
        assertEquals((long)threads * increments, counter);
    }
}
