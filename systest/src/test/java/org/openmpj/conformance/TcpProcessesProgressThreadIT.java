package org.openmpj.conformance;

import java.util.List;

import org.junit.jupiter.api.Timeout;
import org.openmpj.examples.MpjRunJobRunner;
import org.openmpj.testing.JobRunner;

/** The progress thread suite on the tcp device with every rank a JVM of its own, started by {@code bin/mpjrun}. */
@Timeout(180)
@RankCounts.Only({3})
class TcpProcessesProgressThreadIT extends AbstractProgressThreadSuite
{
    private final JobRunner runner = new MpjRunJobRunner("tcp", 1, List.of("-Dopenmpj.progress=thread"));

    @Override
    protected JobRunner runner()
    {
        return runner;
    }
}
