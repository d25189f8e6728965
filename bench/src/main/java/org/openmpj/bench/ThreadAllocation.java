package org.openmpj.bench;

import java.lang.management.ManagementFactory;

/** The heap bytes the current thread has allocated so far, as HotSpot counts them. */
public final class ThreadAllocation
{
    private static final com.sun.management.ThreadMXBean THREADS = threads();

    private ThreadAllocation()
    {
    }

    /** @return the bytes this thread has allocated since it started. */
    public static long currentThreadBytes()
    {
        return THREADS.getCurrentThreadAllocatedBytes();
    }

    private static com.sun.management.ThreadMXBean threads()
    {
        if (!(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads)
            || !threads.isThreadAllocatedMemorySupported())
        {
            throw new UnsupportedOperationException("this JVM cannot count the heap bytes a thread allocates");
        }
        threads.setThreadAllocatedMemoryEnabled(true);
        return threads;
    }
}
