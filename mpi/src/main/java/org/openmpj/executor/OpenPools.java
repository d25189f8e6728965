package org.openmpj.executor;

import java.util.ArrayList;
import java.util.List;

/**
 * The pools this rank is the root of and has not closed, so that {@code MPI.Finalize} can close them: a program that never
 * shuts its pool down still ends, its workers released. For the {@code mpi} façade; programs close their pools themselves.
 *
 * <p>Thread-safety: all methods may be called from any thread.
 */
public final class OpenPools
{
    private static final List<MpiExecutor> OPEN = new ArrayList<>();

    private OpenPools()
    {
    }

    static synchronized void opened(final MpiExecutor pool)
    {
        OPEN.add(pool);
    }

    static synchronized void closed(final MpiExecutor pool)
    {
        OPEN.remove(pool);
    }

    /** Closes every pool this rank opened as root and has not closed: waits for their tasks, then stops their workers. */
    public static void closeAll()
    {
        final List<MpiExecutor> open;
        synchronized (OpenPools.class)
        {
            open = new ArrayList<>(OPEN);
        }
        for (final MpiExecutor pool : open)
        {
            pool.close();
        }
    }
}
