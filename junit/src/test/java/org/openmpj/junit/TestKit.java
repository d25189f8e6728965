package org.openmpj.junit;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.Events;

/** Runs sample test classes through the JUnit platform, as a build would, and reads their outcomes. */
final class TestKit
{
    private TestKit()
    {
    }

    /**
     * What a run of a sample class gave.
     *
     * @param tests its tests' events.
     * @param out   what it printed on standard output, its ranks' output included.
     */
    record Run(Events tests, String out)
    {
    }

    /** @return the events of the tests of {@code testClass}, run by JUnit Jupiter. */
    static Events run(final Class<?> testClass)
    {
        return EngineTestKit.engine("junit-jupiter").selectors(selectClass(testClass)).execute().testEvents();
    }

    /** @return the events of the tests of {@code testClass} and what they printed on standard output meanwhile. */
    static Run runCapturingOutput(final Class<?> testClass)
    {
        final PrintStream original = System.out;
        final ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try
        {
            return new Run(run(testClass), captured.toString(StandardCharsets.UTF_8));
        }
        finally
        {
            System.setOut(original);
            original.print(captured.toString(StandardCharsets.UTF_8));
        }
    }

    /** Requires {@code count} tests, all passed; a failure is rethrown with the test's own exception as its cause. */
    static void assertAllSucceeded(final Events tests, final int count)
    {
        for (final Event failed : tests.failed().list())
        {
            throw new AssertionError(failed.getTestDescriptor().getDisplayName() + " failed",
                failed.getPayload(TestExecutionResult.class).orElseThrow().getThrowable().orElse(null));
        }
        tests.assertStatistics(stats -> stats.started(count).succeeded(count));
    }

    /** @return the exception of the one test of {@code tests}, which failed. */
    static Throwable onlyFailure(final Events tests)
    {
        tests.assertStatistics(stats -> stats.started(1).failed(1));
        return tests.failed().list().get(0).getPayload(TestExecutionResult.class).orElseThrow().getThrowable().orElseThrow();
    }

    /** @return the display names of the tests that started, in order. */
    static List<String> names(final Events tests)
    {
        return tests.started().stream().map(event -> event.getTestDescriptor().getDisplayName()).toList();
    }
}
