package org.openmpj.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class CollectivesBenchmarkTest
{
    /**
     * Batches on a fake clock: a call takes 1 µs plus 1 ns per byte; Barrier 2 µs. Records the sizes of the
     * batches and the values the schedule asked the ranks to agree on.
     */
    private static final class FakeBatches implements CollectiveBatches
    {
        long now;
        final List<String> batches = new ArrayList<>();
        final List<Long> agreed = new ArrayList<>();

        @Override
        public int ranks()
        {
            return 4;
        }

        @Override
        public long timeBatch(final CollectiveOperation operation, final int bytes, final int iterations)
        {
            final long nanos = (operation == CollectiveOperation.BARRIER ? 2_000L : 1_000L + bytes) * iterations;
            now += nanos;
            batches.add(operation.id() + ":" + bytes);
            return nanos;
        }

        @Override
        public long slowest(final long nanos)
        {
            agreed.add(nanos);
            return nanos;
        }
    }

    @Test
    void warmsUpForTwoSecondsThenPrintsEveryOperationAtEverySizeTheLargestIncludedAndBarrierOnce()
    {
        final FakeBatches batches = new FakeBatches();
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new CollectivesBenchmark("fake", new CollectiveOptions(8, 1000, 10, 3, 1), batches,
            new PrintStream(bytes, true, StandardCharsets.UTF_8), () -> batches.now, () -> 0).run();

        final List<CollectiveResult> results = CollectiveLines.parse(bytes.toString(StandardCharsets.UTF_8).lines().toList());
        assertEquals(List.of("bcast:8", "bcast:80", "bcast:800", "bcast:1000", "reduce:8", "reduce:80", "reduce:800", "reduce:1000",
            "allreduce:8", "allreduce:80", "allreduce:800", "allreduce:1000", "allgather:8", "allgather:80", "allgather:800", "allgather:1000",
            "alltoall:8", "alltoall:80", "alltoall:800", "alltoall:1000", "barrier:0"),
            results.stream().map(result -> result.operation().id() + ":" + result.bytes()).toList());
        for (final CollectiveResult result : results)
        {
            final double perCallUs = result.operation() == CollectiveOperation.BARRIER ? 2.0 : 1.0 + result.bytes() / 1000.0;
            assertEquals(perCallUs, result.usMedian(), 1e-9, result.toString());
            assertEquals(perCallUs, result.usMin(), 1e-9, result.toString());
            assertEquals(4, result.ranks());
            assertEquals(3, result.repetitions());
            assertEquals(1_000_000 / Math.round(perCallUs * 1000), result.iterations(), "1 ms batches: " + result);
        }
        final List<Long> warmed = warmedAfterEachPass(batches);
        assertTrue(warmed.getLast() >= CollectivesBenchmark.MIN_WARM_UP_NANOS, warmed.toString());
        assertTrue(warmed.size() >= CollectivesBenchmark.MIN_WARM_UP_PASSES, "at least the minimum passes: " + warmed);
        for (int pass = 0; pass + 1 < warmed.size(); pass++)
        {
            assertTrue(warmed.get(pass) < CollectivesBenchmark.MIN_WARM_UP_NANOS || pass + 1 < CollectivesBenchmark.MIN_WARM_UP_PASSES,
                "warm-up passes stop once the ranks agree two seconds went by and the minimum passes ran: " + warmed);
        }
        final int firstTimed = batches.batches.size() - results.size() * (3 + 1);
        assertEquals("bcast:8", batches.batches.get(firstTimed), "after the warm-up: one settling batch and three timed ones per point");
        assertEquals(List.of("bcast:8", "reduce:8", "allreduce:8", "allgather:8", "alltoall:8", "barrier:0"),
            batches.batches.subList(firstTimed - 6, firstTimed), "the warm-up ends with one long batch per operation at the smallest size");
    }

    @Test
    void warmUpGoesOnWhileTheJitCompilesAndStopsAtTheFirstQuietPass()
    {
        final FakeBatches batches = new FakeBatches();
        // More passes than the two seconds take on the fake clock (about 0.2 s a pass).
        final int busyPasses = 15;
        final long[] compiled = {0};
        final String output = run(batches, () ->
        {
            // Asked before and after each pass, while the ranks agreed on three values a finished pass: the first
            // busyPasses passes each see half a second of compiling.
            final long passes = batches.agreed.size() / 3;
            if (passes < busyPasses)
            {
                compiled[0] += 500_000_000L;
            }
            return compiled[0];
        });

        assertEquals(busyPasses + 1, warmedAfterEachPass(batches).size(), batches.agreed.toString());
        assertTrue(output.contains("# warm-up: " + (busyPasses + 1) + " passes"), output);
    }

    @Test
    void warmUpStopsAfterItsLongestTimeThoughTheJitNeverQuietens()
    {
        final FakeBatches batches = new FakeBatches();
        final long[] compiled = {0};
        run(batches, () -> compiled[0] += 1_000_000_000L);

        final List<Long> warmed = warmedAfterEachPass(batches);
        assertTrue(warmed.getLast() >= CollectivesBenchmark.MAX_WARM_UP_NANOS, warmed.toString());
        assertTrue(warmed.get(warmed.size() - 2) < CollectivesBenchmark.MAX_WARM_UP_NANOS, "no pass after the longest time: " + warmed);
    }

    private static String run(final FakeBatches batches, final java.util.function.LongSupplier compileNanos)
    {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new CollectivesBenchmark("fake", new CollectiveOptions(8, 1000, 10, 3, 1), batches,
            new PrintStream(bytes, true, StandardCharsets.UTF_8), () -> batches.now, compileNanos).run();
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /** @return what the ranks agreed had gone by since the warm-up began, after each pass: the last of the pass's three values. */
    private static List<Long> warmedAfterEachPass(final FakeBatches batches)
    {
        final List<Long> warmed = new ArrayList<>();
        for (int at = 2; at < batches.agreed.size(); at += 3)
        {
            warmed.add(batches.agreed.get(at));
        }
        return warmed;
    }
}
