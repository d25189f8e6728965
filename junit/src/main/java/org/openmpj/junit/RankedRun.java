package org.openmpj.junit;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Optional;

import org.openmpj.device.Devices;

/**
 * One run of a test method on its ranks: threads of the test JVM for a device whose ranks are threads ({@code thread}),
 * JVMs of their own for the others ({@code shm}, {@code tcp}); the test fails when any rank does.
 *
 * @param device  the device the ranks talk through.
 * @param ranks   how many ranks.
 * @param timeout how long the job may run.
 */
record RankedRun(String device, int ranks, Duration timeout)
{
    RankedRun
    {
        if (ranks < 1)
        {
            throw new IllegalArgumentException("@MpiTest(ranks = " + ranks + ") is not a number of ranks; expected 1 or more");
        }
        if (timeout.isNegative() || timeout.isZero())
        {
            throw new IllegalArgumentException("@MpiTest(timeoutSeconds = " + timeout.toSeconds() + ") is not a timeout; expected 1 or more");
        }
    }

    /** Runs {@code method} of {@code testClass} on the ranks; throws an {@link AssertionError} when any rank failed. */
    void run(final Class<?> testClass, final Method method)
    {
        final boolean threads = Devices.find(device, RankedRun.class.getClassLoader()).capabilities().inProcess();
        final Optional<AssertionError> failed = threads ? ThreadRanks.run(this, testClass, method) : JvmRanks.run(this, testClass, method);
        if (failed.isPresent())
        {
            throw failed.get();
        }
    }
}
