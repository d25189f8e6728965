package org.openmpj.objects;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.objects.SampleGraphs.Colour;
import org.openmpj.objects.SampleGraphs.CustomForm;
import org.openmpj.objects.SampleGraphs.Derived;
import org.openmpj.objects.SampleGraphs.HoldsThread;
import org.openmpj.objects.SampleGraphs.Node;
import org.openmpj.objects.SampleGraphs.Outside;
import org.openmpj.objects.SampleGraphs.Plain;
import org.openmpj.objects.SampleGraphs.Point;
import org.openmpj.objects.SampleGraphs.Singleton;

class ObjectCodecTest
{
    private static final int COMPACT = 0x4F4D5043;
    private static final int JAVA = 0x4F4D504A;

    private final ObjectCodec codec = new ObjectCodec(ObjectCodecTest.class.getClassLoader());

    private Object[] roundTrip(final int expectedMagic, final Object... objects)
    {
        final byte[] message = ObjectCodec.serialize(objects, 0, objects.length);
        assertEquals(Integer.toHexString(expectedMagic), Integer.toHexString(ObjectMessageDescriptor.readIntBigEndian(message, 0)));
        assertEquals(objects.length, ObjectCodec.objectCount(message, message.length));
        final Object[] received = new Object[objects.length + 2];
        assertEquals(objects.length, codec.deserialize(message, 3, received, 1, objects.length + 1));
        assertNull(received[0]);
        assertNull(received[objects.length + 1]);
        return java.util.Arrays.copyOfRange(received, 1, objects.length + 1);
    }

    @Test
    void stringsBoxesAndNullComeBackEqual()
    {
        final Object[] sent = {null, "", "plain ascii", "Grüße", "日本語 and emoji 😀", 7, -8L, 2.5, 1.5f, (short)-3, (byte)9, 'x', true, false};
        assertArrayEquals(sent, roundTrip(COMPACT, sent));
    }

    @Test
    void aStringOrABoxAloneTravelsInTheCompactForm()
    {
        for (final Object alone : new Object[] {"alone", 42, 3L, 0.5, 0.25f, (short)1, (byte)2, 'q', true})
        {
            assertArrayEquals(new Object[] {alone}, roundTrip(COMPACT, alone), "a lone " + alone.getClass().getName());
        }
        assertArrayEquals(new Object[] {"first", 9L, null}, roundTrip(COMPACT, "first", 9L, null));
    }

    @Test
    void primitiveArraysOfEveryTypeComeBackEqual()
    {
        final Object[] received = roundTrip(COMPACT, new byte[] {1, -2}, new short[] {3, -4}, new char[] {'a', 'ü'}, new int[] {5, -6, 7},
            new long[] {Long.MIN_VALUE, 8}, new float[] {1.25f, Float.NaN}, new double[] {Math.PI, -0.0}, new boolean[] {true, false, true},
            new int[0]);
        assertArrayEquals(new byte[] {1, -2}, (byte[])received[0]);
        assertArrayEquals(new short[] {3, -4}, (short[])received[1]);
        assertArrayEquals(new char[] {'a', 'ü'}, (char[])received[2]);
        assertArrayEquals(new int[] {5, -6, 7}, (int[])received[3]);
        assertArrayEquals(new long[] {Long.MIN_VALUE, 8}, (long[])received[4]);
        assertArrayEquals(new float[] {1.25f, Float.NaN}, (float[])received[5]);
        assertArrayEquals(new double[] {Math.PI, -0.0}, (double[])received[6]);
        assertArrayEquals(new boolean[] {true, false, true}, (boolean[])received[7]);
        assertEquals(0, ((int[])received[8]).length);
    }

    @Test
    void plainObjectsKeepEveryFieldButTransientOnes()
    {
        final Plain plain = new Plain(11);
        plain.big = 1L << 40;
        plain.ratio = 0.125;
        plain.small = 3.5f;
        plain.half = 300;
        plain.tiny = -1;
        plain.letter = 'Ω';
        plain.flag = true;
        plain.name = "eleven";
        plain.other = new String[] {"a", null};
        plain.notSent = 1234;
        final Plain back = (Plain)roundTrip(COMPACT, plain)[0];
        assertEquals(11, back.id);
        assertEquals(1L << 40, back.big);
        assertEquals(0.125, back.ratio);
        assertEquals(3.5f, back.small);
        assertEquals(300, back.half);
        assertEquals(-1, back.tiny);
        assertEquals('Ω', back.letter);
        assertTrue(back.flag);
        assertEquals("eleven", back.name);
        assertArrayEquals(new String[] {"a", null}, (String[])back.other);
        assertInstanceOf(String[].class, back.other);
        assertEquals(0, back.notSent, "a transient field is not sent, and no constructor of the serializable class runs");
    }

    @Test
    void theFirstUnserializableSuperclassIsBuiltByItsOwnConstructor()
    {
        final Derived derived = new Derived();
        derived.own = 3;
        derived.setByConstructor = 1000;
        final Derived back = (Derived)roundTrip(COMPACT, derived)[0];
        assertEquals(3, back.own);
        assertEquals(42, back.setByConstructor);
        assertEquals(5, back.neverSent);
    }

    @Test
    void sharedReferencesAndCyclesComeBackShared()
    {
        final Node root = new Node(1);
        final Node shared = new Node(2);
        root.left = shared;
        root.right = shared;
        shared.left = root;
        final Object[] back = roundTrip(COMPACT, root, shared, root);
        final Node newRoot = (Node)back[0];
        assertSame(newRoot.left, newRoot.right);
        assertSame(newRoot, newRoot.left.left);
        assertSame(newRoot.left, back[1]);
        assertSame(newRoot, back[2]);
        assertEquals(2, newRoot.left.value);
    }

    @Test
    void aGraphOfThousandsOfObjectsComesBackWhole()
    {
        final Node[] nodes = new Node[5000];
        for (int i = 0; i < nodes.length; i++)
        {
            nodes[i] = new Node(i);
            nodes[i].left = i > 0 ? nodes[i - 1] : null;
            nodes[i].right = nodes[i / 2];
        }
        final Node[] back = (Node[])roundTrip(COMPACT, (Object)nodes)[0];
        for (int i = 0; i < back.length; i++)
        {
            assertEquals(i, back[i].value);
            assertSame(i > 0 ? back[i - 1] : null, back[i].left);
            assertSame(back[i / 2], back[i].right);
        }
    }

    @Test
    void aChainOfAMillionObjectsNeedsNoDeepStack()
    {
        Node chain = null;
        for (int i = 0; i < 1_000_000; i++)
        {
            final Node link = new Node(i);
            link.left = chain;
            chain = link;
        }
        Node back = (Node)roundTrip(COMPACT, chain)[0];
        for (int i = 999_999; i >= 0; i--)
        {
            assertEquals(i, back.value);
            back = back.left;
        }
        assertNull(back);
    }

    @Test
    void recordsEnumsAndObjectArraysKeepTheirKind()
    {
        final Point point = new Point(3, 4.5, "p", new int[] {1});
        final Object[] nested = {point, Colour.GREEN, new Object[] {Colour.RED, point}};
        final Object[] back = roundTrip(COMPACT, point, Colour.RED, Colour.GREEN, nested);
        assertTrue(SampleGraphs.samePoint(point, (Point)back[0]));
        assertSame(Colour.RED, back[1]);
        assertSame(Colour.GREEN, back[2]);
        final Object[] backNested = (Object[])back[3];
        assertSame(back[0], backNested[0]);
        assertSame(Colour.GREEN, backNested[1]);
        assertSame(back[0], ((Object[])backNested[2])[1]);
    }

    @Test
    void recordComponentsOfEveryPrimitiveTypeComeBackEqual()
    {
        final SampleGraphs.EveryKind low = new SampleGraphs.EveryKind((byte)-1, (short)300, 'é', -7, Long.MAX_VALUE, 1.5f, -0.25, true, 3L);
        final SampleGraphs.EveryKind high = new SampleGraphs.EveryKind((byte)1, (short)2, 'c', 4, 5L, 6f, Double.NaN, false, "text");
        assertArrayEquals(new Object[] {low, high}, roundTrip(COMPACT, low, high));
    }

    @Test
    void aRecordAccessorThatThrowsIsAnErrorNamingTheElement()
    {
        final OpenMpjException ex = assertThrows(OpenMpjException.class,
            () -> ObjectCodec.serialize(new Object[] {"first", new SampleGraphs.Guarded("x")}, 0, 2));
        assertEquals(ErrorClass.ERR_OTHER, ex.errorClass());
        assertTrue(ex.getMessage().contains("element 1") && ex.getMessage().contains("not to be read"), ex.getMessage());
    }

    @Test
    void aRecordComponentOfTheWrongTypeIsADecodeErrorNamingTheRecord()
    {
        final byte[] message = ObjectCodec.serialize(new Object[] {new SampleGraphs.Named("n")}, 0, 1);
        // The receiving rank's Named holds a String; this one arrives holding an Integer in its place.
        final byte[] named = "SampleGraphs$Named".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        final int at = indexOf(message, named) + named.length + 12;
        assertEquals(ObjectMessageDescriptor.STRING, message[at]);
        final byte[] altered = new byte[message.length + 2];
        System.arraycopy(message, 0, altered, 0, at);
        altered[at] = ObjectMessageDescriptor.INT;
        altered[at + 1] = 9;
        final OpenMpjException ex = assertThrows(OpenMpjException.class, () -> codec.deserialize(altered, 0, altered.length, 3, new Object[1], 0, 1));
        assertTrue(ex.getMessage().contains(SampleGraphs.Named.class.getName()) && ex.getMessage().contains("rank 3"), ex.getMessage());
    }

    private static int indexOf(final byte[] bytes, final byte[] part)
    {
        for (int i = 0; i + part.length <= bytes.length; i++)
        {
            if (java.util.Arrays.equals(bytes, i, i + part.length, part, 0, part.length))
            {
                return i;
            }
        }
        throw new AssertionError("not found");
    }

    @Test
    void classesThatDefineTheirOwnFormGoByJavaSerializationWithTheirSemantics()
    {
        final Object[] custom = roundTrip(JAVA, new CustomForm(21), new Node(5));
        assertEquals(21, ((CustomForm)custom[0]).value);
        assertEquals(5, ((Node)custom[1]).value);
        assertSame(Singleton.INSTANCE, roundTrip(JAVA, Singleton.INSTANCE)[0]);
        assertEquals(8, ((Outside)roundTrip(JAVA, new Outside(8))[0]).value);
        final List<Object> list = new ArrayList<>(List.of("a", 1, new int[] {2}));
        @SuppressWarnings("unchecked")
        final List<Object> backList = (List<Object>)roundTrip(JAVA, list)[0];
        assertEquals(3, backList.size());
        assertEquals("a", backList.get(0));
        assertArrayEquals(new int[] {2}, (int[])backList.get(2));
    }

    @Test
    void anObjectThatIsNotSerializableIsAnErrorNamingItsClassAtTheSender()
    {
        final OpenMpjException ex = assertThrows(OpenMpjException.class, () -> ObjectCodec.serialize(new Object[] {"ok", new HoldsThread()}, 0, 2));
        assertEquals(ErrorClass.ERR_TYPE, ex.errorClass());
        assertTrue(ex.getMessage().contains("element 1") && ex.getMessage().contains("java.lang.Object"), ex.getMessage());
    }

    @Test
    void aReceiveBufferTooSmallOrOfTheWrongTypeIsNamed()
    {
        final byte[] message = ObjectCodec.serialize(new Object[] {"a", 1}, 0, 2);
        final OpenMpjException truncated = assertThrows(OpenMpjException.class, () -> codec.deserialize(message, 2, new Object[1], 0, 1));
        assertEquals(ErrorClass.ERR_TRUNCATE, truncated.errorClass());
        final OpenMpjException wrongType = assertThrows(OpenMpjException.class, () -> codec.deserialize(message, 2, new String[2], 0, 2));
        assertEquals(ErrorClass.ERR_TYPE, wrongType.errorClass());
        assertTrue(wrongType.getMessage().contains("java.lang.Integer") && wrongType.getMessage().contains("rank 2"),
            wrongType.getMessage());
    }

    @Test
    void aClassTheReceivingLoaderCannotLoadIsAnErrorNamingItAndTheSender()
    {
        final byte[] message = ObjectCodec.serialize(new Object[] {new Node(1)}, 0, 1);
        final ObjectCodec bootstrapOnly = new ObjectCodec(new ClassLoader(null)
        {
        });
        final OpenMpjException ex = assertThrows(OpenMpjException.class, () -> bootstrapOnly.deserialize(message, 6, new Object[1], 0, 1));
        assertEquals(ErrorClass.ERR_OTHER, ex.errorClass());
        assertTrue(ex.getMessage().contains("from rank 6") && ex.getMessage().contains(Node.class.getName()), ex.getMessage());
    }

    @Test
    void theReceivingRanksLoaderDefinesTheClassesOfWhatArrives() throws Exception
    {
        final ClassLoader rankLoader = new IsolatingLoader(ObjectCodecTest.class.getClassLoader(), Node.class.getName());
        final Object[] received = new Object[1];
        new ObjectCodec(rankLoader).deserialize(ObjectCodec.serialize(new Object[] {new Node(4)}, 0, 1), 0, received, 0, 1);
        assertSame(rankLoader, received[0].getClass().getClassLoader());
        final java.lang.reflect.Field value = received[0].getClass().getDeclaredField("value");
        value.setAccessible(true);
        assertEquals(4, value.getInt(received[0]));
    }

    @Test
    void aCanonicalConstructorThatRefusesTheComponentsIsADecodeError()
    {
        final byte[] message = ObjectCodec.serialize(new Object[] {new SampleGraphs.Positive(3)}, 0, 1);
        // The component's four bytes end the message: make the value negative.
        message[message.length - 1] = (byte)0x80;
        final OpenMpjException ex = assertThrows(OpenMpjException.class, () -> codec.deserialize(message, 1, new Object[1], 0, 1));
        assertTrue(ex.getMessage().contains("must be positive") && ex.getMessage().contains("rank 1"), ex.getMessage());
    }

    /** With {@link LotsX}: names as long as each other that end alike, which the resolver's memory of recent classes must tell apart. */
    record SlotX(int value) implements java.io.Serializable
    {
    }

    record LotsX(SlotX inner) implements java.io.Serializable
    {
    }

    @Test
    void classesMetLatelyAreStillToldApartWhenTheirNamesLookAlike()
    {
        assertEquals(SlotX.class.getName().length(), LotsX.class.getName().length());
        for (int i = 0; i < 3; i++)
        {
            final Object[] back = roundTrip(COMPACT, new SlotX(i), new LotsX(new SlotX(-i)), new SlotX(i + 10));
            assertEquals(new SlotX(i), back[0]);
            assertEquals(new LotsX(new SlotX(-i)), back[1]);
            assertEquals(new SlotX(i + 10), back[2]);
        }
    }

    @Test
    void aMessageHandedOverKeepsItsBytesWhileTheThreadSerializesMore()
    {
        // Records go in the compact encoding, which writes into the thread's buffer (Java serialization makes arrays of its own).
        final ObjectCodec.Encoded first = ObjectCodec.serializeInThreadBuffer(new Object[] {new SlotX(1)}, 0, 1);
        final byte[] asItWas = java.util.Arrays.copyOf(first.bytes(), first.length());
        ObjectCodec.handOver(first);
        final ObjectCodec.Encoded second = ObjectCodec.serializeInThreadBuffer(new Object[] {new LotsX(new SlotX(2))}, 0, 1);
        assertNotSame(first.bytes(), second.bytes());
        assertArrayEquals(asItWas, java.util.Arrays.copyOf(first.bytes(), first.length()));
        final Object[] received = new Object[1];
        assertEquals(1, codec.deserialize(first.bytes(), 0, first.length(), 0, received, 0, 1));
        assertEquals(new SlotX(1), received[0]);
        final ObjectCodec.Encoded third = ObjectCodec.serializeInThreadBuffer(new Object[] {new SlotX(3)}, 0, 1);
        assertSame(second.bytes(), third.bytes(), "a buffer not handed over is used again");
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
        final ClassLoader rankLoader = new IsolatingLoader(ObjectCodecTest.class.getClassLoader(), SampleLambdas.class.getName());
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
