package org.openmpj.bench.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RunQueueMonitorTest
{
    @Test
    void summarisesTheSamplesTakenBeforeItWasClosed()
    {
        final RunQueueMonitor monitor = new RunQueueMonitor();
        monitor.close();
        final String summary = monitor.summary();
        assertTrue(summary.startsWith("more than 3 runnable tasks in ") || summary.startsWith("not sampled"), summary);
    }
}
