package org.openmpj.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.Primitive;
import org.openmpj.SendMode;
import org.openmpj.engine.messages.Operation;
import org.openmpj.engine.messages.Waits;

/**
 * Non-blocking collectives ({@link ScheduledCalls}) as a program uses them: many in flight on one communicator at once, finished in any order;
 * mixed with blocking collectives and point-to-point messages; driven by tests alone; waited for among others; and
 * failing, not hanging, when the ranks' counts disagree. The algorithms themselves are tested both ways in
 * {@link ReductionAlgorithmsTest} and {@link MovementAlgorithmsTest}.
 */
@Timeout(120)
class NonBlockingCollectivesTest
{
    private static final Reduction SUM = PredefinedReduction.of(PredefinedReduction.Operation.SUM, Primitive.INT);
    private static final Reduction LONG_SUM = PredefinedReduction.of(PredefinedReduction.Operation.SUM, Primitive.LONG);

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 5, 8})
    void manyInFlightAtOnceFinishInReverseOrder(final int n)
    {
        EngineJob.run(n, world ->
        {
            final int rank = world.rank();
            final int[] mine = values(rank, 3000);
            final int[] sum = new int[3000];
            final long[] broadcast = new long[70_000];
            final int root = 1 % n;
            if (rank == root)
            {
                for (int i = 0; i < broadcast.length; i++)
                {
                    broadcast[i] = i * 3L + 1;
                }
            }
            final int[] gathered = new int[n * 10];
            final int[] sendAll = new int[n * 4];
            for (int i = 0; i < sendAll.length; i++)
            {
                sendAll[i] = rank * 1000 + i;
            }
            final int[] receivedAll = new int[n * 4];
            final int[] prefix = new int[3000];
            final int[] exclusive = new int[3000];
            final int[] scattered = new int[2];
            final List<Schedule> started = new ArrayList<>();
            started.add(start(world, "Ibarrier", calls -> calls.barrier(world)));
            started.add(start(world, "Iallreduce", calls -> calls.allreduce(world, mine, 0, sum, 0, Primitive.INT, mine.length, 1, SUM)));
            started.add(start(world, "Ibcast", calls -> calls.bcast(world, broadcast, Primitive.LONG, 0, broadcast.length, root)));
            started.add(start(world, "Igather", calls -> calls.gather(world, mine, 0, gathered, 0, 10, Primitive.INT, 0)));
            final int[] fours = Collectives.counts(n, 4);
            final int[] blocks = Collectives.blocks(n, 4);
            started.add(start(world, "Ialltoallv", calls -> calls.alltoallv(world, sendAll, 0, fours, blocks, receivedAll, 0, fours, blocks,
                Primitive.INT)));
            started.add(start(world, "Iscan", calls -> calls.scan(world, mine, 0, prefix, 0, Primitive.INT, mine.length, 1, SUM)));
            started.add(start(world, "Iexscan", calls -> calls.exscan(world, mine, 0, exclusive, 0, Primitive.INT, mine.length, 1, SUM)));
            final int[] reduced = new int[3000];
            started.add(start(world, "Ireduce_scatter", calls ->
            {
                calls.reduce(world, mine, 0, reduced, 0, Primitive.INT, mine.length, 1, SUM, 0);
                calls.scatterv(world, reduced, 0, Collectives.counts(n, 2), Collectives.blocks(n, 2), scattered, 0, 2, Primitive.INT, 0);
            }));
            for (int i = started.size() - 1; i >= 0; i--)
            {
                started.get(i).await();
                assertNull(started.get(i).failure(), "operation " + i);
            }
            assertArrayEquals(sums(0, n - 1, 3000), sum, "Iallreduce");
            for (int i = 0; i < broadcast.length; i++)
            {
                assertEquals(i * 3L + 1, broadcast[i], "Ibcast element " + i);
            }
            if (rank == 0)
            {
                for (int r = 0; r < n; r++)
                {
                    assertArrayEquals(java.util.Arrays.copyOf(values(r, 3000), 10), java.util.Arrays.copyOfRange(gathered, r * 10, r * 10 + 10),
                        "Igather block of rank " + r);
                }
            }
            for (int r = 0; r < n; r++)
            {
                for (int i = 0; i < 4; i++)
                {
                    assertEquals(r * 1000 + rank * 4 + i, receivedAll[r * 4 + i], "Ialltoall block of rank " + r);
                }
            }
            assertArrayEquals(sums(0, rank, 3000), prefix, "Iscan");
            if (rank > 0)
            {
                assertArrayEquals(sums(0, rank - 1, 3000), exclusive, "Iexscan");
            }
            assertArrayEquals(java.util.Arrays.copyOfRange(sums(0, n - 1, 3000), 2 * rank, 2 * rank + 2), scattered, "Ireduce_scatter");
        });
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 3, 4})
    void blockingCollectivesAndMessagesGoOnWhileOneIsInFlight(final int n)
    {
        EngineJob.run(n, world ->
        {
            final int rank = world.rank();
            final long[] mine = {rank + 1L, 10L * rank};
            final long[] total = new long[2];
            final Schedule inFlight = start(world, "Iallreduce", calls -> calls.allreduce(world, mine, 0, total, 0, Primitive.LONG, 2, 1, LONG_SUM));
            final long[] blockingTotal = new long[2];
            Collectives.allreduce(world, mine, 0, blockingTotal, 0, Primitive.LONG, 2, 1, LONG_SUM);
            final int[] token = {rank};
            final int[] fromLeft = new int[1];
            final org.openmpj.device.Request sent = world.isend(token, Primitive.INT, 0, 1, (rank + 1) % n, 7, SendMode.STANDARD);
            world.recv(fromLeft, Primitive.INT, 0, 1, (rank - 1 + n) % n, 7);
            world.await(sent);
            Collectives.barrier(world);
            inFlight.await();
            final long[] expected = {(long)n * (n + 1) / 2, 10L * n * (n - 1) / 2};
            assertArrayEquals(expected, blockingTotal, "the blocking Allreduce");
            assertArrayEquals(expected, total, "the non-blocking Allreduce");
            assertEquals((rank - 1 + n) % n, fromLeft[0], "the message from the left");
        });
    }

    @Test
    void testsAloneDriveAnOperationToItsEnd()
    {
        EngineJob.run(4, world ->
        {
            final int[] mine = values(world.rank(), 50_000);
            final int[] sum = new int[mine.length];
            final Operation operation = Operation.of(start(world, "Iallreduce", calls -> calls.allreduce(world, mine, 0, sum, 0, Primitive.INT,
                mine.length, 1, SUM)));
            int tests = 1;
            while (!operation.test())
            {
                tests++;
                Thread.onSpinWait();
            }
            assertTrue(operation.isComplete());
            assertFalse(operation.isCancelled());
            assertEquals(Communicator.ANY_SOURCE, operation.finish(null).source(), "a collective's status names no source");
            assertArrayEquals(sums(0, 3, mine.length), sum, "after " + tests + " tests");
        });
    }

    @Test
    void aWaitForAnyOfSeveralReturnsOnceOneHasCompleted()
    {
        EngineJob.run(3, world ->
        {
            final int[] one = {world.rank()};
            final int[] oneSum = new int[1];
            final long[] big = new long[200_000];
            final Operation[] operations = {
                null,
                Operation.of(start(world, "Iallreduce", calls -> calls.allreduce(world, one, 0, oneSum, 0, Primitive.INT, 1, 1, SUM))),
                Operation.of(start(world, "Ibcast", calls -> calls.bcast(world, big, Primitive.LONG, 0, big.length, 2)))};
            Waits.awaitAny(operations);
            assertTrue(operations[1].isComplete() || operations[2].isComplete(), "one of them completed");
            operations[1].await();
            operations[2].await();
            assertEquals(3, oneSum[0]);
        });
    }

    @Test
    void ranksThatDisagreeOnTheCountFailInsteadOfWaiting()
    {
        EngineJob.run(3, world ->
        {
            final int rank = world.rank();
            // Rank 1 expects more than the root sends, rank 2 less: the first gets too few elements, the second too many.
            final int count = rank == 0 ? 10 : rank == 1 ? 20 : 5;
            final Schedule bcast = start(world, "Ibcast", calls -> calls.bcast(world, new int[count], Primitive.INT, 0, count, 0));
            bcast.await();
            if (rank == 0)
            {
                assertNull(bcast.failure(), "the root's sends complete");
            }
            else
            {
                final OpenMpjException failure = bcast.failure();
                assertEquals(rank == 1 ? ErrorClass.ERR_COUNT : ErrorClass.ERR_TRUNCATE, failure.errorClass(), failure.getMessage());
                final Operation operation = Operation.of(bcast);
                assertThrows(OpenMpjException.class, () -> operation.finish(null), "finishing rethrows the failure");
            }
            Collectives.barrier(world);
        });
    }

    /**
     * Rank 0 starts a large Iallreduce and then makes no call into MPI until rank 1 has its result, which needs rank 0's
     * combining of the halves it received: only rank 0's progress thread can take those steps.
     */
    @Test
    void aProgressThreadFinishesAnOperationWhileItsRankMakesNoCall()
    {
        final CountDownLatch peerDone = new CountDownLatch(1);
        EngineJob.run(2, world ->
        {
            final int[] mine = values(world.rank(), 1 << 20);
            final int[] sum = new int[mine.length];
            final Schedule allreduce = start(world, "Iallreduce", calls -> calls.allreduce(world, mine, 0, sum, 0, Primitive.INT, mine.length, 1,
                SUM));
            if (world.rank() == 0)
            {
                ProgressThread.of(world.device()).add(allreduce);
                try
                {
                    assertTrue(peerDone.await(30, TimeUnit.SECONDS), "rank 1 finished while rank 0 made no call");
                }
                finally
                {
                    ProgressThread.stop(world.device());
                }
            }
            allreduce.await();
            assertNull(allreduce.failure());
            assertArrayEquals(sums(0, 1, mine.length), sum);
            peerDone.countDown();
        });
    }

    @Test
    void theProgressThreadsLongestPauseIsReadFromItsPropertyAndABadValueIsNamed()
    {
        final String before = System.getProperty(ProgressThread.MAX_PAUSE_PROP_NAME);
        try
        {
            System.clearProperty(ProgressThread.MAX_PAUSE_PROP_NAME);
            assertEquals(ProgressThread.MAX_PAUSE_DEFAULT_US, ProgressThread.maxPauseUs());
            System.setProperty(ProgressThread.MAX_PAUSE_PROP_NAME, "250");
            assertEquals(250, ProgressThread.maxPauseUs());
            for (final String bad : List.of("0", "-5", "1000001", "1ms"))
            {
                System.setProperty(ProgressThread.MAX_PAUSE_PROP_NAME, bad);
                final IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, ProgressThread::maxPauseUs, bad);
                assertTrue(refused.getMessage().contains(ProgressThread.MAX_PAUSE_PROP_NAME + "=" + bad), refused.getMessage());
            }
        }
        finally
        {
            if (before == null)
            {
                System.clearProperty(ProgressThread.MAX_PAUSE_PROP_NAME);
            }
            else
            {
                System.setProperty(ProgressThread.MAX_PAUSE_PROP_NAME, before);
            }
        }
    }

    @Test
    void anOperationCannotBeCancelled()
    {
        EngineJob.run(2, world ->
        {
            final Operation barrier = Operation.of(start(world, "Ibarrier", calls -> calls.barrier(world)));
            final OpenMpjException refused = assertThrows(OpenMpjException.class, barrier::cancel);
            assertEquals(ErrorClass.ERR_REQUEST, refused.errorClass());
            barrier.await();
        });
    }

    /** @return the started non-blocking operation whose calls {@code calls} makes. */
    private static Schedule start(final Communicator world, final String name, final java.util.function.Consumer<CollectiveCalls> calls)
    {
        final ScheduledCalls operation = ScheduledCalls.begin(world, name);
        calls.accept(operation);
        return operation.start();
    }

    /** @return {@code length} values that follow from {@code rank} and their position. */
    private static int[] values(final int rank, final int length)
    {
        final int[] values = new int[length];
        for (int i = 0; i < length; i++)
        {
            values[i] = rank * 7 + i % 13;
        }
        return values;
    }

    /** @return the element-wise sums of the values of ranks {@code first} to {@code last}. */
    private static int[] sums(final int first, final int last, final int length)
    {
        final int[] sums = new int[length];
        for (int rank = first; rank <= last; rank++)
        {
            final int[] values = values(rank, length);
            for (int i = 0; i < length; i++)
            {
                sums[i] += values[i];
            }
        }
        return sums;
    }
}
