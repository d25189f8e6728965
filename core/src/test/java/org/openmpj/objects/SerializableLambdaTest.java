package org.openmpj.objects;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;

class SerializableLambdaTest
{
    private static final int COMPACT = 0x4F4D5043;
    private static final int JAVA = 0x4F4D504A;

    private final ObjectCodec codec = new ObjectCodec(SerializableLambdaTest.class.getClassLoader());

    private Object[] roundTrip(final int expectedMagic, final Object... objects)
    {
        final byte[] message = ObjectCodec.serialize(objects, 0, objects.length);
        assertEquals(Integer.toHexString(expectedMagic), Integer.toHexString(ObjectMessageDescriptor.readIntBigEndian(message, 0)));
        final Object[] received = new Object[objects.length];
        assertEquals(objects.length, codec.deserialize(message, 0, received, 0, objects.length));
        return received;
    }

    @Test
    void aLambdaTravelsInTheCompactFormWithWhatItCaptured()
    {
        final SampleLambdas.Scaling sent = SampleLambdas.scaling(7, "four");
        final Object[] back = roundTrip(COMPACT, sent, SampleLambdas.scaling(2, ""));
        assertNotSame(sent, back[0]);
        assertEquals(3 * 7 + 4, ((SampleLambdas.Scaling)back[0]).applyAsInt(3));
        assertEquals(10, ((SampleLambdas.Scaling)back[1]).applyAsInt(5));
    }

    @Test
    void capturedObjectsAndTheLambdasThemselvesKeepTheirSharing()
    {
        final int[] shared = {1, 2, 3};
        final SampleLambdas.Captured first = SampleLambdas.capturing(shared);
        final Object[] back = roundTrip(COMPACT, first, SampleLambdas.capturing(shared), first);
        final int[] arrived = (int[])((SampleLambdas.Captured)back[0]).get();
        assertArrayEquals(shared, arrived);
        assertSame(arrived, ((SampleLambdas.Captured)back[1]).get());
        assertSame(back[0], back[2]);
    }

    @Test
    void aLambdaThatCapturesAClassWithItsOwnFormSendsTheWholeMessageByJavaSerialization()
    {
        final Object[] back = roundTrip(JAVA, SampleLambdas.listOf(new ArrayList<>(List.of(1, 2))));
        assertEquals(2, ((SampleLambdas.Captured)back[0]).get());
    }

    @Test
    void theReceivingRanksCopyOfTheWritingClassRebuildsTheLambda()
    {
        final ClassLoader rankLoader = new IsolatingLoader(SerializableLambdaTest.class.getClassLoader(), SampleLambdas.class.getName());
        final Object[] received = new Object[1];
        new ObjectCodec(rankLoader).deserialize(ObjectCodec.serialize(new Object[] {SampleLambdas.scaling(3, "x")}, 0, 1), 0, received, 0, 1);
        assertSame(rankLoader, received[0].getClass().getClassLoader());
        assertEquals(7, ((SampleLambdas.Scaling)received[0]).applyAsInt(2));
    }

    @Test
    void aLambdaWhoseWritingClassTheReceiverCannotLoadIsAnErrorNamingIt()
    {
        final byte[] message = ObjectCodec.serialize(new Object[] {SampleLambdas.scaling(1, "")}, 0, 1);
        final ObjectCodec bootstrapOnly = new ObjectCodec(new ClassLoader(null)
        {
        });
        final OpenMpjException ex = assertThrows(OpenMpjException.class, () -> bootstrapOnly.deserialize(message, 2, new Object[1], 0, 1));
        assertEquals(ErrorClass.ERR_OTHER, ex.errorClass());
        assertTrue(ex.getMessage().contains(SampleLambdas.class.getName()) && ex.getMessage().contains("rank 2"), ex.getMessage());
    }
}
