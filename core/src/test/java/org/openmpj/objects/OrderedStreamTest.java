package org.openmpj.objects;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.objects.SampleGraphs.Colour;
import org.openmpj.objects.SampleGraphs.CustomForm;
import org.openmpj.objects.SampleGraphs.Derived;
import org.openmpj.objects.SampleGraphs.EveryKind;
import org.openmpj.objects.SampleGraphs.HoldsThread;
import org.openmpj.objects.SampleGraphs.Named;
import org.openmpj.objects.SampleGraphs.Node;
import org.openmpj.objects.SampleGraphs.Plain;
import org.openmpj.objects.SampleGraphs.Point;
import org.openmpj.objects.SampleGraphs.Positive;

/** Messages of objects on an ordered stream, where a class is named once ({@link SentClasses}, {@link ReceivedClasses}). */
class OrderedStreamTest
{
    private static final int JAVA = 0x4F4D504A;
    private static final int STREAM = 0x4F4D5053;

    private final ObjectCodec codec = new ObjectCodec(OrderedStreamTest.class.getClassLoader());
    private final SentClasses sent = new SentClasses();
    private final ReceivedClasses received = new ReceivedClasses();

    private static byte[] write(final SentClasses stream, final Object... objects)
    {
        final ObjectCodec.Encoded encoded = ObjectCodec.serializeInThreadBuffer(objects, 0, objects.length, stream);
        return Arrays.copyOf(encoded.bytes(), encoded.length());
    }

    private Object[] read(final ObjectCodec reader, final byte[] message, final int count)
    {
        final Object[] objects = new Object[count];
        assertEquals(count, reader.deserialize(message, 0, message.length, 3, objects, 0, count, received));
        return objects;
    }

    /** The objects as the plain encoding writes them: equal bytes for equal graphs, whatever their classes' equals. */
    private static byte[] plainForm(final Object... objects)
    {
        return ObjectCodec.serialize(objects, 0, objects.length);
    }

    private static boolean names(final byte[] message, final Class<?> type)
    {
        return new String(message, StandardCharsets.ISO_8859_1).contains(type.getName());
    }

    @Test
    void aClassIsNamedInTheFirstMessageOnlyAndTheOthersReferToIt()
    {
        final byte[] first = write(sent, new Positive(1), new Named("a"));
        final byte[] second = write(sent, new Named("b"), new Positive(2));
        assertEquals(Integer.toHexString(STREAM), Integer.toHexString(ObjectMessageDescriptor.readIntBigEndian(first, 0)));
        assertTrue(names(first, Positive.class) && names(first, Named.class));
        assertFalse(names(second, Positive.class) || names(second, Named.class), "the second message names its classes again");
        assertTrue(second.length < 24, second.length + " bytes for two small records");
        assertArrayEquals(new Object[] {new Positive(1), new Named("a")}, read(codec, first, 2));
        assertArrayEquals(new Object[] {new Named("b"), new Positive(2)}, read(codec, second, 2));
    }

    @Test
    void manyClassesKeepTheirNumbersOverManyMessages()
    {
        final Node node = new Node(5);
        node.left = node;
        final Object[] graph = {new Point(1, 2.5, "p", new int[] {3}), node, new Plain(7), new Derived(), Colour.GREEN,
            new EveryKind((byte)1, (short)2, 'c', 4, 5L, 6f, 7.0, true, new Named("n")), new Positive(9), new String[] {"s"},
            new Node[] {node}, new Point[0], new Object[] {new Positive(10)}};
        final byte[] first = write(sent, graph);
        final Object[] reversed = graph.clone();
        java.util.Collections.reverse(Arrays.asList(reversed));
        final byte[] second = write(sent, reversed);
        assertTrue(second.length < first.length / 2, second.length + " bytes against " + first.length);
        assertArrayEquals(plainForm(graph), plainForm(read(codec, first, graph.length)));
        assertArrayEquals(plainForm(reversed), plainForm(read(codec, second, reversed.length)));
    }

    @Test
    void aMessageWhoseObjectsDoNotDecodeStillNamesItsClassesForTheNextOnes()
    {
        final ObjectCodec withoutNode = new ObjectCodec(new ClassLoader(OrderedStreamTest.class.getClassLoader())
        {
            @Override
            protected Class<?> loadClass(final String name, final boolean resolve) throws ClassNotFoundException
            {
                if (name.equals(Node.class.getName()))
                {
                    throw new ClassNotFoundException(name);
                }
                return super.loadClass(name, resolve);
            }
        });
        final byte[] both = write(sent, new Node(1), new Positive(2));
        final byte[] positive = write(sent, new Positive(3));
        final byte[] node = write(sent, new Node(4));
        final OpenMpjException failed = assertThrows(OpenMpjException.class, () -> read(withoutNode, both, 2));
        assertEquals(ErrorClass.ERR_OTHER, failed.errorClass());
        assertTrue(failed.getMessage().contains(Node.class.getName()) && failed.getMessage().contains("from rank 3"), failed.getMessage());
        assertArrayEquals(new Object[] {new Positive(3)}, read(withoutNode, positive, 1));
        final OpenMpjException again = assertThrows(OpenMpjException.class, () -> read(withoutNode, node, 1));
        assertTrue(again.getMessage().contains(Node.class.getName()), again.getMessage());
    }

    @Test
    void aMessageThatGoesByJavaSerializationNamesNothingOnTheStream()
    {
        final byte[] javaForm = write(sent, new Positive(1), new CustomForm(11));
        assertEquals(Integer.toHexString(JAVA), Integer.toHexString(ObjectMessageDescriptor.readIntBigEndian(javaForm, 0)));
        final byte[] next = write(sent, new Positive(2));
        assertTrue(names(next, Positive.class), "the class the Java-form message met is named in the next one");
        final Object[] back = read(codec, javaForm, 2);
        assertEquals(new Positive(1), back[0]);
        assertArrayEquals(new Object[] {new Positive(2)}, read(codec, next, 1));
    }

    @Test
    void aMessageThatCannotBeSerializedNamesNothingOnTheStream()
    {
        final OpenMpjException refused = assertThrows(OpenMpjException.class, () -> write(sent, new Positive(1), new HoldsThread()));
        assertEquals(ErrorClass.ERR_TYPE, refused.errorClass());
        final byte[] next = write(sent, new Positive(2));
        assertTrue(names(next, Positive.class), "the class the failed message met is named in the next one");
        assertArrayEquals(new Object[] {new Positive(2)}, read(codec, next, 1));
    }

    @Test
    void aStreamsMessageReadWithoutItsStreamIsATypeErrorThatSaysSo()
    {
        final byte[] message = write(sent, new Positive(1));
        final OpenMpjException ex = assertThrows(OpenMpjException.class, () -> codec.deserialize(message, 4, new Object[1], 0, 1));
        assertEquals(ErrorClass.ERR_TYPE, ex.errorClass());
        assertTrue(ex.getMessage().contains("ordered stream") && ex.getMessage().contains("from rank 4"), ex.getMessage());
    }

    @Test
    void aReferenceToAClassTheStreamNeverNamedIsADecodeError()
    {
        write(sent, new Positive(1));
        final byte[] unnamed = write(sent, new Positive(2));
        final OpenMpjException ex = assertThrows(OpenMpjException.class, () -> read(codec, unnamed, 1));
        assertEquals(ErrorClass.ERR_OTHER, ex.errorClass());
        assertTrue(ex.getMessage().contains("only 0 were named"), ex.getMessage());
    }
}
