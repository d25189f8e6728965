package org.openmpj.transport.shm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openmpj.OpenMpjException;
import org.openmpj.device.PairedCopy;
import org.openmpj.Primitive;
import org.openmpj.engine.Collectives;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.PredefinedReduction;
import org.openmpj.os.PairedCopyCall;

/**
 * Collective exchanges between two shm ranks by paired copy, ranks as threads of this JVM with the kernel copy and spinning
 * waits: every collective that exchanges or hands over large blocks gives the serial result with the blocks moved by paired
 * copy; small blocks, the setting at 0, or a large block going alone from a lower to a higher rank leave it to the messages;
 * ranks whose calls do not match both fail naming the counts instead of waiting; a pair whose read the kernel refuses agrees
 * on what moved, and stops offering; a steady stream of paired exchanges allocates nothing.
 */
@Timeout(120)
class ShmPairedCopyTest
{
    private static final int[] COUNTS = {32 * 1024 / 8, 128 * 1024 / 8 + 3, 1024 * 1024 / 8};

    @TempDir
    Path dir;

    @Test
    void theCallIsMadeOnThisMachine()
    {
        assertNull(PairedCopyCall.unavailabilityCause(), "this machine is x86-64 Linux: the paired copy's code is made here");
    }

    @Test
    void everyExchangingCollectiveOfTwoRanksGivesTheSerialResultWithItsBlocksMovedByPairedCopy() throws Exception
    {
        try (ShmTestJob job = ShmTestJob.open(2, settings(null), "spin"))
        {
            job.run(rank ->
            {
                final Communicator world = new Communicator(job.devices[rank], 0, rank, new int[] {0, 1});
                for (int round = 0; round < 5; round++)
                {
                    for (final int count : COUNTS)
                    {
                        runCollectives(world, count);
                    }
                }
            });
            for (int rank = 0; rank < 2; rank++)
            {
                final ShmPairedCopy pair = job.transports[rank].pairedCopyAtIndex(1 - rank);
                assertNotNull(pair, "rank " + rank + " has a paired copy to its peer");
                // Ranks as threads of one JVM: a safepoint while one rank waits in its call holds the other out of its own
                // until the budget runs out, and the exchange, and often the next few, go as messages. Between JVMs (the
                // system tests) nearly every exchange meets.
                assertTrue(pair.copies() > 0, "rank " + rank + ": " + pair.copies() + " exchanges by paired copy, "
                    + pair.incomplete() + " partly, " + pair.unanswered() + " unanswered");
                assertFalse(pair.broken(), "the pair still copies");
            }
        }
    }

    @Test
    void blocksLargerThanOneCopyTakesMoveInPiecesAndTheRestAsMessages() throws Exception
    {
        // Ints: the Alltoall's blocks are 2 pieces and 40,000 elements; doubles: the other collectives' blocks are 4 pieces
        // and 80,000 elements, the last piece above the smallest paired copy. A last piece below it goes as a message.
        final int piecesOfInts = (int)(PairedCopy.LARGEST_BYTES / Integer.BYTES);
        for (final int count : new int[] {piecesOfInts + 40_000, piecesOfInts + 3})
        {
            try (ShmTestJob job = ShmTestJob.open(2, settings(null), "spin"))
            {
                job.run(rank -> runCollectives(new Communicator(job.devices[rank], 0, rank, new int[] {0, 1}), count));
                for (int rank = 0; rank < 2; rank++)
                {
                    final ShmPairedCopy pair = job.transports[rank].pairedCopyAtIndex(1 - rank);
                    assertTrue(pair.copies() > 0, "rank " + rank + ", blocks of " + count + " elements: " + pair.copies()
                        + " exchanges by paired copy, " + pair.incomplete() + " partly, " + pair.unanswered() + " unanswered");
                }
            }
        }
    }

    @Test
    void aSteadyStreamOfPairedExchangesAllocatesNothingOnceWarm() throws Exception
    {
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)java.lang.management.ManagementFactory.getThreadMXBean();
        final int count = 64 * 1024 / 8;
        final int measured = 500;
        try (ShmTestJob job = ShmTestJob.open(2, settings(null), "spin"))
        {
            job.run(rank ->
            {
                final Communicator world = new Communicator(job.devices[rank], 0, rank, new int[] {0, 1});
                final double[] mine = new double[count];
                final double[] all = new double[2 * count];
                final int[] counts = {count, count};
                final int[] displacements = {0, count};
                for (int i = 0; i < 5_000; i++)
                {
                    Collectives.allgatherv(world, mine, 0, count, all, 0, counts, displacements, Primitive.DOUBLE);
                }
                // Both ranks take all three windows, as each call is collective. The least counts: a compilation or
                // deoptimization that lands in one window (as when the machine is busy) allocates there once, while an
                // allocation per call shows in every window.
                long allocated = Long.MAX_VALUE;
                long copies = 0;
                for (int window = 0; window < 3; window++)
                {
                    final long copiesBefore = job.transports[rank].pairedCopyAtIndex(1 - rank).copies();
                    final long before = threads.getCurrentThreadAllocatedBytes();
                    for (int i = 0; i < measured; i++)
                    {
                        Collectives.allgatherv(world, mine, 0, count, all, 0, counts, displacements, Primitive.DOUBLE);
                    }
                    allocated = Math.min(allocated, threads.getCurrentThreadAllocatedBytes() - before);
                    copies += job.transports[rank].pairedCopyAtIndex(1 - rank).copies() - copiesBefore;
                }
                assertTrue(copies > 0, "rank " + rank + ": no paired copy among the measured exchanges");
                // A byte per exchange leaves room for a stray allocation of the runtime; a segment or request per call is 40 or more.
                assertTrue(allocated < measured, "rank " + rank + " allocated " + allocated + " bytes for " + measured + " Allgathers of "
                    + count + " doubles (the least of three windows), " + copies + " of " + 3 * measured + " by paired copy");
            });
        }
    }

    @Test
    void smallBlocksAndTheSettingAtZeroLeaveEveryExchangeToTheMessages() throws Exception
    {
        try (ShmTestJob job = ShmTestJob.open(2, settings(null), "spin"))
        {
            job.run(rank -> runCollectives(new Communicator(job.devices[rank], 0, rank, new int[] {0, 1}), 1000));
            assertEquals(0, job.transports[0].pairedCopyAtIndex(1).copies() + job.transports[0].pairedCopyAtIndex(1).unanswered(),
                "offers below " + ShmDeviceProvider.PAIRED_COPY_MIN_BYTES_DEFAULT + " bytes");
            assertNull(job.devices[0].pairedCopy(1, ShmDeviceProvider.PAIRED_COPY_MIN_BYTES_DEFAULT - 1, 0, false));
            assertNotNull(job.devices[0].pairedCopy(1, ShmDeviceProvider.PAIRED_COPY_MIN_BYTES_DEFAULT, 1, false));
            assertNull(job.devices[0].pairedCopy(0, 1 << 20, 1 << 20, false), "no paired copy with itself");
            // One way from the lower rank to the higher above the eager limit: the messages' kernel copy moves it already,
            // unless both ranks copy it at once.
            final long large = 1 << 20;
            assertNull(job.devices[0].pairedCopy(1, large, 0, false));
            assertNull(job.devices[1].pairedCopy(0, 0, large, false));
            assertNotNull(job.devices[1].pairedCopy(0, large, 0, false), "one way downwards");
            assertNotNull(job.devices[0].pairedCopy(1, 0, large, false), "one way downwards");
            assertNotNull(job.devices[0].pairedCopy(1, large, large, false), "both ways");
            assertNotNull(job.devices[0].pairedCopy(1, 64 * 1024, 0, false), "one way upwards within the eager limit");
            assertNotNull(job.devices[0].pairedCopy(1, large, 0, true), "one way upwards, copied by both ranks at once");
            assertNotNull(job.devices[1].pairedCopy(0, 0, large, true), "one way upwards, copied by both ranks at once");
        }
        try (ShmTestJob job = ShmTestJob.open(2, settings("0"), "spin"))
        {
            job.run(rank -> runCollectives(new Communicator(job.devices[rank], 0, rank, new int[] {0, 1}), COUNTS[1]));
            assertNull(job.transports[0].pairedCopyAtIndex(1));
            assertNull(job.devices[1].pairedCopy(0, 1 << 20, 1 << 20, false));
        }
    }

    @Test
    void ranksWhoseCountsDifferBothFailNamingTheCountsInsteadOfWaiting() throws Exception
    {
        final AtomicReferenceArray<Throwable> failures = new AtomicReferenceArray<>(2);
        try (ShmTestJob job = ShmTestJob.open(2, settings(null), "spin"))
        {
            job.run(rank ->
            {
                final Communicator world = new Communicator(job.devices[rank], 0, rank, new int[] {0, 1});
                final int count = 64 * 1024 + 8 * rank;
                final byte[] mine = new byte[count];
                final byte[] all = new byte[2 * count];
                try
                {
                    Collectives.allgatherv(world, mine, 0, count, all, 0, new int[] {count, count}, new int[] {0, count}, Primitive.BYTE);
                }
                catch (final OpenMpjException ex)
                {
                    failures.set(rank, ex);
                }
            });
            final String said = failures.get(0) + " / " + failures.get(1);
            for (int rank = 0; rank < 2; rank++)
            {
                assertInstanceOf(OpenMpjException.class, failures.get(rank), "rank " + rank + " failed: " + said);
                assertTrue(failures.get(rank).getMessage().contains("Allgather"), said);
            }
            assertTrue(said.contains("mismatched counts in Allgather"), said);
        }
    }

    @Test
    void aPairWhoseReadTheKernelRefusesAgreesOnWhatMovedAndStopsOffering() throws Exception
    {
        final SharedSegment segment = SharedSegment.create(dir.resolve(SharedSegment.FILE_PREFIX + "paired-test"), 2, 4096);
        try
        {
            // Rank 0 reads rank 1 in a process that does not exist; rank 1 reads rank 0 here.
            segment.attached(0, ProcessHandle.current().pid());
            segment.attached(1, 1L << 30);
            final ShmPairedCopy zero = new ShmPairedCopy(segment, 0, 1, 1);
            final ShmPairedCopy one = new ShmPairedCopy(segment, 1, 0, 1);
            final int count = 10_000;
            final long[] fromZero = new long[count];
            final long[] fromOne = new long[count];
            java.util.Arrays.setAll(fromZero, i -> i * 3L);
            java.util.Arrays.setAll(fromOne, i -> i * 5L + 1);
            final long[] intoZero = new long[count];
            final long[] intoOne = new long[count];
            // Two threads of this JVM: a safepoint while one waits in its call may hold the other out until its budget runs
            // out, so the two may take a few tries to meet; they agree on what moved in every one.
            int atZero = 0;
            int atOne = 0;
            for (int attempt = 0; attempt < 20 && !zero.broken(); attempt++)
            {
                final java.util.concurrent.CyclicBarrier offered = new java.util.concurrent.CyclicBarrier(2);
                final CompletableFuture<Integer> movedAtZero = side(zero, fromZero, intoZero, offered);
                final CompletableFuture<Integer> movedAtOne = side(one, fromOne, intoOne, offered);
                atZero = movedAtZero.get(30, TimeUnit.SECONDS);
                atOne = movedAtOne.get(30, TimeUnit.SECONDS);
                assertEquals((atZero & PairedCopy.SENT) != 0, (atOne & PairedCopy.RECEIVED) != 0, "both agree on rank 0's block");
            }
            assertEquals(0, atZero & PairedCopy.RECEIVED, "rank 0's read was refused");
            assertEquals(0, atOne & PairedCopy.SENT, "rank 1 knows its block did not move");
            if ((atOne & PairedCopy.RECEIVED) != 0)
            {
                assertArrayEquals(fromZero, intoOne);
            }
            assertTrue(zero.broken() && one.broken(), "the pair is marked");
            assertFalse(zero.offer(0, 1, fromZero, 8L * count, intoZero, 8L * count, false), "rank 0 offers no more");
            assertFalse(one.offer(0, 1, fromOne, 8L * count, intoOne, 8L * count, false), "rank 1 offers no more");
            assertFalse(zero.takes(1 << 20));
            zero.close();
            one.close();
        }
        finally
        {
            segment.close();
        }
    }

    /**
     * One side of an exchange of {@code send} for {@code recv}, in a thread of its own: offers, waits for the other side to
     * offer too, waits for its offer to show, copies; withdraws when it does not show within a second.
     */
    private static CompletableFuture<Integer> side(
        final ShmPairedCopy pair, final long[] send, final long[] recv, final java.util.concurrent.CyclicBarrier offered)
    {
        final CompletableFuture<Integer> moved = new CompletableFuture<>();
        final Thread thread = new Thread(() ->
        {
            try
            {
                assertTrue(pair.offer(0, 1, send, 8L * send.length, recv, 8L * recv.length, false));
                offered.await(20, TimeUnit.SECONDS);
                final long deadline = System.nanoTime() + 1_000_000_000L;
                while (pair.peerState() != PairedCopy.READY)
                {
                    if (System.nanoTime() > deadline)
                    {
                        pair.withdraw();
                        moved.complete(0);
                        return;
                    }
                    Thread.onSpinWait();
                }
                moved.complete(pair.copy(send, Primitive.LONG, 0, recv, 0));
            }
            catch (final Throwable ex)
            {
                moved.completeExceptionally(ex);
            }
        }, "paired-copy-side");
        thread.setDaemon(true);
        thread.start();
        return moved;
    }

    /** Allgather, Alltoall, Reduce to either root, Bcast from either root and Allreduce of {@code count} elements, checked. */
    private static void runCollectives(final Communicator world, final int count)
    {
        final int rank = world.rank();
        final double[] mine = new double[count];
        java.util.Arrays.setAll(mine, i -> value(rank, i));
        final double[] all = new double[2 * count + 5];
        Collectives.allgatherv(world, mine, 0, count, all, 5, new int[] {count, count}, new int[] {0, count}, Primitive.DOUBLE);
        for (int i = 0; i < count; i++)
        {
            assertEquals(value(0, i), all[5 + i]);
            assertEquals(value(1, i), all[5 + count + i]);
        }
        final int[] blocks = new int[2 * count];
        java.util.Arrays.setAll(blocks, i -> rank * 1_000_000 + i);
        final int[] swapped = new int[2 * count];
        Collectives.alltoallv(world, blocks, 0, new int[] {count, count}, new int[] {0, count}, swapped, 0, new int[] {count, count},
            new int[] {0, count}, Primitive.INT);
        for (int peer = 0; peer < 2; peer++)
        {
            for (int i = 0; i < count; i++)
            {
                assertEquals(peer * 1_000_000 + rank * count + i, swapped[peer * count + i]);
            }
        }
        for (int root = 0; root < 2; root++)
        {
            final double[] sum = new double[count];
            Collectives.reduce(world, mine, 0, sum, 0, Primitive.DOUBLE, count, 1,
                PredefinedReduction.of(PredefinedReduction.Operation.SUM, Primitive.DOUBLE), root);
            if (rank == root)
            {
                for (int i = 0; i < count; i++)
                {
                    assertEquals(value(0, i) + value(1, i), sum[i]);
                }
            }
            final double[] copy = rank == root ? mine.clone() : new double[count];
            Collectives.bcast(world, copy, Primitive.DOUBLE, 0, count, root);
            for (int i = 0; i < count; i++)
            {
                assertEquals(value(root, i), copy[i]);
            }
        }
        final double[] total = new double[count];
        Collectives.allreduce(world, mine, 0, total, 0, Primitive.DOUBLE, count, 1,
            PredefinedReduction.of(PredefinedReduction.Operation.SUM, Primitive.DOUBLE));
        for (int i = 0; i < count; i++)
        {
            assertEquals(value(0, i) + value(1, i), total[i]);
        }
    }

    private static double value(final int rank, final int i)
    {
        return rank * 0.5 + i * 0.25;
    }

    private Map<String, String> settings(final String minBytes)
    {
        final Map<String, String> settings = new HashMap<>();
        settings.put(ShmDeviceProvider.DIR_PROP_NAME, dir.toString());
        settings.put(ShmDeviceProvider.LARGE_COPY_PROP_NAME, "kernel");
        if (minBytes != null)
        {
            settings.put(ShmDeviceProvider.PAIRED_COPY_MIN_BYTES_PROP_NAME, minBytes);
        }
        return settings;
    }
}
