package org.openmpj.matching;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.device.Device;
import org.openmpj.Primitive;
import org.openmpj.engine.AttachedBuffer;
import org.openmpj.engine.Communicator;

/**
 * Buffered sends between two thread ranks whose attached space holds one message of 64 KiB (a rendezvous, in flight
 * until its receive is posted): a second send waits for the first to be delivered while it is on its way, and fails
 * with {@code ERR_BUFFER} when nothing takes it.
 */
@Timeout(30)
class AttachedBufferTest
{
    private static final int COUNT = 16 * 1024;
    private static final long ONE_MESSAGE = (long)COUNT * Integer.BYTES + AttachedBuffer.OVERHEAD_BYTES;

    private final Device[] devices = TestJob.open(2, 4096, 1 << 20, "backoff", true);
    private final Communicator sender = new Communicator(devices[0], 0, 0, new int[] {0, 1});
    private final Communicator receiver = new Communicator(devices[1], 0, 1, new int[] {0, 1});
    private final AttachedBuffer attached = new AttachedBuffer(new byte[(int)ONE_MESSAGE], ONE_MESSAGE);

    @Test
    void aSendThatDoesNotFitWaitsForTheMessageOnItsWayAndThenGoes() throws Exception
    {
        final int[] first = pattern(1);
        final int[] second = pattern(2);
        attached.send(sender, first, Primitive.INT, 0, COUNT, 1, 5);
        // The receive comes 10 ms later, from another thread: the first send is delivered then, and its space freed.
        final CompletableFuture<int[][]> received = CompletableFuture.supplyAsync(() ->
        {
            sleep(10);
            final int[][] in = {new int[COUNT], new int[COUNT]};
            receiver.recv(in[0], Primitive.INT, 0, COUNT, 0, 5);
            receiver.recv(in[1], Primitive.INT, 0, COUNT, 0, 5);
            return in;
        });
        attached.send(sender, second, Primitive.INT, 0, COUNT, 1, 5);
        final int[][] in = received.get(20, TimeUnit.SECONDS);
        assertArrayEquals(first, in[0]);
        assertArrayEquals(second, in[1]);
        attached.drain(sender);
    }

    @Test
    void aSendThatDoesNotFitFailsWhenNothingTakesTheMessageAhead()
    {
        attached.send(sender, pattern(3), Primitive.INT, 0, COUNT, 1, 6);
        final long start = System.nanoTime();
        final OpenMpjException error = assertThrows(OpenMpjException.class,
            () -> attached.send(sender, pattern(4), Primitive.INT, 0, COUNT, 1, 6));
        assertEquals(ErrorClass.ERR_BUFFER, error.errorClass());
        assertTrue(error.getMessage().contains("needs " + ONE_MESSAGE + " bytes") && error.getMessage().contains("only 0 of the "
            + ONE_MESSAGE + " attached bytes are free"), error.getMessage());
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(5), "it failed within its grace, not after a receive");
        final int[] in = new int[COUNT];
        receiver.recv(in, Primitive.INT, 0, COUNT, 0, 6);
        assertArrayEquals(pattern(3), in);
    }

    private static int[] pattern(final int seed)
    {
        final int[] values = new int[COUNT];
        Arrays.setAll(values, i -> i * 31 + seed);
        return values;
    }

    private static void sleep(final long millis)
    {
        try
        {
            Thread.sleep(millis);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new AssertionError(ex);
        }
    }
}
