package org.openmpj.objects;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;

/** Bytes that do not decode: every failure must be an {@link OpenMpjException} naming the sender, never anything else. */
@Timeout(60)
class MalformedMessagesTest
{
    private final ObjectCodec codec = new ObjectCodec(MalformedMessagesTest.class.getClassLoader());

    private static byte[] sample()
    {
        final SampleGraphs.Node root = new SampleGraphs.Node(1);
        root.left = new SampleGraphs.Node(2);
        root.right = root.left;
        final SampleGraphs.Plain plain = new SampleGraphs.Plain(3);
        plain.name = "three";
        plain.other = new double[] {1, 2, 3};
        return ObjectCodec.serialize(new Object[] {root, plain, new SampleGraphs.Point(1, 2, "q", new int[] {9}),
            SampleGraphs.Colour.GREEN, "Grüße 😀", new Object[] {7L, null, new String[] {"s", "t"}}}, 0, 6);
    }

    @Test
    void everyTruncationIsAnErrorNamingTheSender()
    {
        final byte[] whole = sample();
        for (int length = 0; length < whole.length; length++)
        {
            final byte[] cut = Arrays.copyOf(whole, length);
            final OpenMpjException ex = assertThrows(OpenMpjException.class, () -> codec.deserialize(cut, 5, new Object[6], 0, 6),
                "cut to " + length + " bytes");
            assertTrue(length < ObjectMessageDescriptor.HEADER_BYTES || ex.getMessage().contains("from rank 5"), ex.getMessage());
        }
    }

    @Test
    void randomlyCorruptedBytesFailCleanlyOrDecode()
    {
        final byte[] whole = sample();
        final SplittableRandom random = new SplittableRandom(2026);
        for (int trial = 0; trial < 20_000; trial++)
        {
            final byte[] bent = whole.clone();
            for (int flips = 1 + random.nextInt(3); flips > 0; flips--)
            {
                bent[ObjectMessageDescriptor.HEADER_BYTES + random.nextInt(bent.length - ObjectMessageDescriptor.HEADER_BYTES)] =
                    (byte)random.nextInt(256);
            }
            try
            {
                codec.deserialize(bent, 4, new Object[6], 0, 6);
            }
            catch (final OpenMpjException ex)
            {
                assertTrue(ex.getMessage().contains("from rank 4"), ex.getMessage());
            }
            catch (final RuntimeException | Error ex)
            {
                fail("trial " + trial + " threw " + ex + " for " + Arrays.toString(bent), ex);
            }
        }
    }

    @Test
    void aHugeLengthIsRefusedBeforeAnythingIsAllocated()
    {
        final byte[] message = ObjectCodec.serialize(new Object[] {new int[] {1}}, 0, 1);
        // tag INTS, then the length 1 as one byte: make it 2^31 - 1 in five bytes.
        final byte[] huge = Arrays.copyOf(message, message.length + 4);
        final int at = ObjectMessageDescriptor.HEADER_BYTES + 1;
        System.arraycopy(message, at + 1, huge, at + 5, message.length - at - 1);
        huge[at] = (byte)0xff;
        huge[at + 1] = (byte)0xff;
        huge[at + 2] = (byte)0xff;
        huge[at + 3] = (byte)0xff;
        huge[at + 4] = 0x07;
        final OpenMpjException ex = assertThrows(OpenMpjException.class, () -> codec.deserialize(huge, 0, new Object[1], 0, 1));
        assertEquals(ErrorClass.ERR_OTHER, ex.errorClass());
        assertTrue(ex.getMessage().contains("bytes short"), ex.getMessage());
    }

    @Test
    void bytesThatWereNeverObjectsAreAnErrorOfType()
    {
        final OpenMpjException ex = assertThrows(OpenMpjException.class, () -> codec.deserialize(new byte[12], 2, new Object[1], 0, 1));
        assertEquals(ErrorClass.ERR_TYPE, ex.errorClass());
        assertTrue(ex.getMessage().contains("from rank 2"), ex.getMessage());
    }
}
