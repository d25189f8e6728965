package org.openmpj.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

class PingPongBenchmarkTest
{
    /** A link whose round trips "take" 1 µs each and allocate 64 bytes each, with no clock involved. */
    private static final class FakeLink implements PingPongLink
    {
        boolean stopped;

        @Override
        public long roundTrips(final int bytes, final int iterations)
        {
            return 1_000L * iterations;
        }

        @Override
        public long allocatedBytes(final int bytes, final int iterations)
        {
            return 64L * iterations;
        }

        @Override
        public void stop()
        {
            stopped = true;
        }
    }

    @Test
    void printsOneResultPerSizeThenTheAllocationsAndStopsThePeer()
    {
        final FakeLink link = new FakeLink();
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new PingPongBenchmark("fake", new BenchOptions(8, 3, 1), link, new PrintStream(bytes, true, StandardCharsets.UTF_8)).run();

        final ResultSet results = ResultLines.parse(bytes.toString(StandardCharsets.UTF_8).lines().toList());
        assertEquals(List.of(1, 2, 4, 8), results.sizes().stream().map(SizeResult::bytes).toList());
        for (final SizeResult result : results.sizes())
        {
            assertEquals(0.5, result.onewayUsMedian(), 1e-9);
            assertEquals(0.5, result.onewayUsMin(), 1e-9);
            assertEquals(3, result.repetitions());
            assertEquals(1_000, result.iterations(), "1 ms batches of 1 µs round trips");
        }
        assertEquals(List.of(1, 8), results.allocations().stream().map(AllocationResult::bytes).toList());
        assertEquals(32.0, results.allocations().getFirst().bytesPerMessage(), 1e-9);
        assertTrue(link.stopped);
    }
}
