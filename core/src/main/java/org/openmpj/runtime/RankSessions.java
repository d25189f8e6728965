package org.openmpj.runtime;

import org.openmpj.engine.Session;

/** The rank runtime as the source of façades' sessions: each rank's {@link RankContext}, found by its API class loader. */
public final class RankSessions implements Session.Source
{
    /** For {@link java.util.ServiceLoader}. */
    public RankSessions()
    {
    }

    @Override
    public Session sessionFor(final ClassLoader apiLoader)
    {
        return RankRegistry.forApiLoader(apiLoader);
    }
}
