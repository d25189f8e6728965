package org.openmpj.conformance;

import static org.openmpj.conformance.Exchange.next;
import static org.openmpj.conformance.Exchange.prev;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serial;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

import mpi.MPI;
import mpi.Request;

import org.openmpj.testing.Check;

/**
 * The programs of the object messaging part of the data suite: graphs with shared references and cycles (a ring of
 * 100,000 nodes among them), records, enums and classes with a serialized form of their own arrive whole as the
 * receiving rank's classes; an object that is not serializable fails at the sender, a chain too long for Java
 * serialization's recursion fails there too, and bytes that do not decode fail at the receiver, naming the sender.
 */
final class ObjectPrograms
{
    private ObjectPrograms()
    {
    }

    /** A node of a graph with shared references and cycles. */
    static final class Node implements Serializable
    {
        @Serial
        private static final long serialVersionUID = 1L;
        final int value;
        Node next;
        Node other;

        Node(final int value)
        {
            this.value = value;
        }
    }

    /** A record of the program. */
    record Sample(int rank, String text, double[] values) implements Serializable
    {
    }

    /** An enum of the program. */
    enum Mood
    {
        CALM,
        BUSY
    }

    /** Sends its value shifted and shifts it back when read: only its own methods restore it. */
    static final class OwnForm implements Serializable
    {
        @Serial
        private static final long serialVersionUID = 1L;
        transient int value;

        OwnForm(final int value)
        {
            this.value = value;
        }

        @Serial
        private void writeObject(final ObjectOutputStream out) throws IOException
        {
            out.writeInt(value + 1000);
        }

        @Serial
        private void readObject(final ObjectInputStream in) throws IOException
        {
            value = in.readInt() - 1000;
        }
    }

    /** A link of a chain whose class writes itself (by default): chains of it go by Java serialization. */
    static final class Link implements Serializable
    {
        @Serial
        private static final long serialVersionUID = 1L;
        Link next;

        @Serial
        private void writeObject(final ObjectOutputStream out) throws IOException
        {
            out.defaultWriteObject();
        }
    }

    /** Graphs of every shape travel to the next rank and arrive whole, as the receiver's own classes. */
    public static final class Graphs
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            for (final int nodes : new int[] {3, 100_000})
            {
                final Object[] received = new Object[4];
                final Request send = MPI.COMM_WORLD.Isend(graph(rank, nodes), 0, 4, MPI.OBJECT, next(), nodes);
                MPI.COMM_WORLD.Recv(received, 0, 4, MPI.OBJECT, prev(), nodes);
                send.Wait();
                check(received, prev(), nodes);
            }
            MPI.Finalize();
        }

        private static Object[] graph(final int rank, final int nodes)
        {
            final Node[] ring = new Node[nodes];
            for (int i = 0; i < nodes; i++)
            {
                ring[i] = new Node(rank * 100_000 + i);
            }
            for (int i = 0; i < nodes; i++)
            {
                ring[i].next = ring[(i + 1) % nodes];
                ring[i].other = ring[0];
            }
            final Sample sample = new Sample(rank, "rank " + rank, new double[] {rank, 0.5});
            // A list defines its own serialized form, which sends the whole message as Java serialization; its recursion along
            // a long ring would overflow the thread's stack, where the compact encoding keeps a stack of its own.
            final Object mixed = nodes > 100 ? null : new ArrayList<>(List.of(new OwnForm(rank), Mood.BUSY, sample));
            return new Object[] {ring[0], sample, Mood.CALM, mixed};
        }

        private static void check(final Object[] received, final int from, final int nodes)
        {
            Check.that(received[0] instanceof Node, "the first object is a Node of this rank's class: " + received[0]);
            final Node first = (Node)received[0];
            Node node = first;
            for (int i = 0; i < nodes; i++)
            {
                Check.equal(from * 100_000 + i, node.value, "node " + i + " of the ring");
                Check.that(node.other == first, "node " + i + " shares the ring's first node");
                node = node.next;
            }
            Check.that(node == first, "the ring of " + nodes + " nodes closes on its first node");
            final Sample sample = (Sample)received[1];
            Check.equal(from, sample.rank(), "the record's rank");
            Check.equal("rank " + from, sample.text(), "the record's text");
            Check.equal(new double[] {from, 0.5}, sample.values(), "the record's values");
            Check.that(received[2] == Mood.CALM, "an enum constant arrives as this rank's constant");
            if (nodes > 100)
            {
                Check.that(received[3] == null, "a null element");
                return;
            }
            @SuppressWarnings("unchecked")
            final List<Object> mixed = (List<Object>)received[3];
            Check.equal(from, ((OwnForm)mixed.get(0)).value, "a class's own serialized form");
            Check.that(mixed.get(1) == Mood.BUSY, "an enum constant inside a list");
            Check.that(mixed.get(2) instanceof Sample again && again.rank() == from, "a record inside a list");
        }
    }

    /** What cannot be sent fails at the sender; bytes that are not objects fail at the receiver, naming the sender. */
    public static final class Failures
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            Check.fails(MPI.ERR_TYPE, () -> MPI.COMM_WORLD.Send(new Object[] {"fine", new Object()}, 0, 2, MPI.OBJECT, next(), 1),
                "element 1", "java.lang.Object", "not Serializable");

            // The header of objects in the compact encoding (magic "OMPC", one object), then a tag no encoding has.
            final byte[] bogus = {0x4F, 0x4D, 0x50, 0x43, 0, 0, 0, 1, 99, 1, 2, 3};
            final Request send = MPI.COMM_WORLD.Isend(bogus, 0, bogus.length, MPI.BYTE, next(), 2);
            Check.fails(MPI.ERR_OTHER, () -> MPI.COMM_WORLD.Recv(new Object[1], 0, 1, MPI.OBJECT, prev(), 2), "from rank " + prev());
            send.Wait();

            final Request plain = MPI.COMM_WORLD.Isend(new byte[] {1, 2, 3}, 0, 3, MPI.BYTE, next(), 3);
            Check.fails(MPI.ERR_TYPE, () -> MPI.COMM_WORLD.Recv(new Object[1], 0, 1, MPI.OBJECT, prev(), 3), "not sent as MPI.OBJECT");
            plain.Wait();

            Link chain = null;
            for (int i = 0; i < 1_000_000; i++)
            {
                final Link link = new Link();
                link.next = chain;
                chain = link;
            }
            final Object[] deep = {chain};
            Check.fails(MPI.ERR_OTHER, () -> MPI.COMM_WORLD.Send(deep, 0, 1, MPI.OBJECT, next(), 4), "element 0", "too deep");
            MPI.COMM_WORLD.Barrier();
            MPI.Finalize();
        }
    }
}
