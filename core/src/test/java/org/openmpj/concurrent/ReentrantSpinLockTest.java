package org.openmpj.concurrent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class ReentrantSpinLockTest
{
    private long counter;

    @Test
    void threadsTakingTheLockTwiceOverLoseNoUpdate() throws Exception
    {
        // More threads than the 2 cores, each taking the lock again inside its hold (as a handler that sends from inside
        // progress does): a preempted holder must get its core back, and only the outer release may free the lock.
        final int threads = 6;
        final int increments = 100_000;
        final ReentrantSpinLock lock = new ReentrantSpinLock();
        final List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++)
        {
            final boolean trying = t % 2 == 0;
            final Thread worker = new Thread(() ->
            {
                for (int i = 0; i < increments; i++)
                {
                    if (trying)
                    {
                        while (!lock.tryLock())
                        {
                            Thread.onSpinWait();
                        }
                    }
                    else
                    {
                        lock.lock();
                    }
                    try
                    {
                        final long before = counter;
                        lock.lock();
                        try
                        {
                            counter = before + 1;
                        }
                        finally
                        {
                            lock.unlock();
                        }
                        // Still held after the inner release: nobody else may have written in between.
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
        assertEquals(2L * threads * increments, counter);
    }

    @Test
    void anotherThreadCannotTakeTheLockUntilTheLastRelease() throws Exception
    {
        final ReentrantSpinLock lock = new ReentrantSpinLock();
        lock.lock();
        assertTrue(lock.tryLock(), "the holder takes its lock again");
        final AtomicBoolean tookWhileHeld = new AtomicBoolean(true);
        final CountDownLatch tried = new CountDownLatch(1);
        final Thread other = new Thread(() ->
        {
            tookWhileHeld.set(lock.tryLock());
            tried.countDown();
        });
        other.start();
        tried.await();
        other.join();
        assertFalse(tookWhileHeld.get(), "another thread took a lock held twice");
        lock.unlock();
        final AtomicBoolean tookAfterOneRelease = new AtomicBoolean(true);
        final Thread again = new Thread(() -> tookAfterOneRelease.set(lock.tryLock()));
        again.start();
        again.join();
        assertFalse(tookAfterOneRelease.get(), "another thread took the lock while one hold remained");
        lock.unlock();
        final AtomicBoolean tookAfterLastRelease = new AtomicBoolean(false);
        final Thread last = new Thread(() ->
        {
            tookAfterLastRelease.set(lock.tryLock());
            if (tookAfterLastRelease.get())
            {
                lock.unlock();
            }
        });
        last.start();
        last.join();
        assertTrue(tookAfterLastRelease.get(), "the lock stayed held after its last release");
    }
}
