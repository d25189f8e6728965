package org.openmpj.objects;

import java.io.Externalizable;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectInputStream;
import java.io.ObjectOutput;
import java.io.ObjectOutputStream;
import java.io.Serial;
import java.io.Serializable;
import java.util.Objects;

/** Classes of every shape the codec meets, for its tests. */
final class SampleGraphs
{
    private SampleGraphs()
    {
    }

    /** A plain class: primitives of every type, a final field, references, and a field that stays behind. */
    static class Plain implements Serializable
    {
        @Serial
        private static final long serialVersionUID = 1L;
        final int id;
        long big;
        double ratio;
        float small;
        short half;
        byte tiny;
        char letter;
        boolean flag;
        String name;
        @SuppressWarnings("serial") // holds arrays and strings in the tests
        Object other;
        transient int notSent = 99;

        Plain(final int id)
        {
            this.id = id;
        }
    }

    /** Not serializable: its no-argument constructor runs for every deserialized subclass instance, as Java defines. */
    static class Unserializable
    {
        int setByConstructor;
        int neverSent = 5;

        Unserializable()
        {
            setByConstructor = 42;
        }
    }

    /** A serializable subclass of a class that is not. */
    static class Derived extends Unserializable implements Serializable
    {
        @Serial
        private static final long serialVersionUID = 1L;
        int own;
    }

    /** A node of a graph that may share nodes and have cycles. */
    static final class Node implements Serializable
    {
        @Serial
        private static final long serialVersionUID = 1L;
        int value;
        Node left;
        Node right;

        Node(final int value)
        {
            this.value = value;
        }
    }

    /** A record with primitive and reference components. */
    record Point(int x, double y, String label, int[] extra) implements Serializable
    {
    }

    /** An enum with a constant that has a body of its own. */
    enum Colour
    {
        RED,
        GREEN
        {
            @Override
            public String toString()
            {
                return "green";
            }
        }
    }

    /** Writes its value doubled and halves it when read: only its own methods give the value back. */
    static final class CustomForm implements Serializable
    {
        @Serial
        private static final long serialVersionUID = 1L;
        transient int value;

        CustomForm(final int value)
        {
            this.value = value;
        }

        @Serial
        private void writeObject(final ObjectOutputStream out) throws IOException
        {
            out.defaultWriteObject();
            out.writeInt(value * 2);
        }

        @Serial
        private void readObject(final ObjectInputStream in) throws IOException, ClassNotFoundException
        {
            in.defaultReadObject();
            value = in.readInt() / 2;
        }
    }

    /** The one instance of its class, also after deserialization. */
    static final class Singleton implements Serializable
    {
        static final Singleton INSTANCE = new Singleton();
        @Serial
        private static final long serialVersionUID = 1L;

        private Singleton()
        {
        }

        @Serial
        private Object readResolve()
        {
            return INSTANCE;
        }
    }

    /** Reads and writes itself. */
    public static final class Outside implements Externalizable
    {
        @Serial
        private static final long serialVersionUID = 1L;
        int value;

        /** Needed by Externalizable. */
        public Outside()
        {
        }

        Outside(final int value)
        {
            this.value = value;
        }

        @Override
        public void writeExternal(final ObjectOutput out) throws IOException
        {
            out.writeInt(value + 1);
        }

        @Override
        public void readExternal(final ObjectInput in) throws IOException
        {
            value = in.readInt() - 1;
        }
    }

    /** Holds something that is not serializable. */
    static final class HoldsThread implements Serializable
    {
        @Serial
        private static final long serialVersionUID = 1L;
        @SuppressWarnings("serial") // on purpose: the codec must refuse it
        final Object held = new Object();
    }

    /** A record with a component of each primitive type, and one that may hold anything. */
    record EveryKind(byte b, short s, char c, int i, long l, float f, double d, boolean z, Object any) implements Serializable
    {
    }

    /** A record with an accessor of its own that refuses to give its component. */
    record Guarded(String secret) implements Serializable
    {
        @Override
        public String secret()
        {
            throw new IllegalStateException("not to be read");
        }
    }

    /** A record whose component holds a string: sent as {@link EveryKind}'s look-alike to test a wrong type. */
    record Named(String name) implements Serializable
    {
    }

    /** A record whose canonical constructor checks its argument. */
    record Positive(int value) implements Serializable
    {
        Positive
        {
            if (value <= 0)
            {
                throw new IllegalArgumentException("value=" + value + " must be positive");
            }
        }
    }

    static boolean samePoint(final Point a, final Point b)
    {
        return a.x() == b.x() && a.y() == b.y() && Objects.equals(a.label(), b.label()) && java.util.Arrays.equals(a.extra(), b.extra());
    }
}
