package org.openmpj.conformance;

import static org.openmpj.conformance.Exchange.next;
import static org.openmpj.conformance.Exchange.prev;

import java.io.Serializable;
import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.List;

import mpi.Datatype;
import mpi.MPI;
import mpi.Request;
import mpi.Status;

import org.openmpj.testing.Check;

/**
 * The programs of the data suite: every basic datatype with offsets, serialized objects, and messages from
 * empty to 256 MiB. Each works at any number of ranks from 1 up.
 */
final class DataPrograms
{
    /** The seed of the values a receive buffer starts with; ranks seed their data with their rank. */
    static final int SENTINEL_SEED = 999;

    private DataPrograms()
    {
    }

    /**
     * Every primitive datatype, small and past the eager limit, through an unexpected and a pre-posted
     * receive: sent from a non-zero offset, received at another offset into a larger buffer. The count is the
     * sent count, the slice holds the sender's values bit for bit, and nothing outside it changes.
     */
    public static final class PrimitiveTypes
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final Datatype[] types = {MPI.BYTE, MPI.CHAR, MPI.SHORT, MPI.BOOLEAN, MPI.INT, MPI.LONG, MPI.FLOAT, MPI.DOUBLE, MPI.PACKED};
            int tag = 0;
            for (final Datatype type : types)
            {
                for (final int count : new int[] {5, 70_000})
                {
                    for (final boolean posted : new boolean[] {false, true})
                    {
                        exchange(type, count, posted, rank, tag++);
                    }
                }
            }

            // Six bytes are three shorts, but not a whole number of ints.
            final byte[] six = new byte[6];
            final Status status = Exchange.viaUnexpected(MPI.BYTE, new byte[] {1, 2, 3, 4, 5, 6}, 0, 6, six, 0, 6, tag);
            Check.equal(6, status.Get_count(MPI.BYTE), "count in bytes");
            Check.equal(3, status.Get_count(MPI.SHORT), "count of six bytes in shorts");
            Check.equal(MPI.UNDEFINED, status.Get_count(MPI.INT), "count of six bytes in ints");
            MPI.Finalize();
        }

        private static void exchange(final Datatype type, final int count, final boolean posted, final int rank, final int tag)
        {
            final String what = type + " x " + count + (posted ? " pre-posted" : " unexpected");
            final int sendOffset = 3;
            final int recvOffset = 4;
            final Object send = values(type, sendOffset + count + 2, rank);
            final Object receive = values(type, recvOffset + count + 5, SENTINEL_SEED);
            final Object original = values(type, recvOffset + count + 5, SENTINEL_SEED);
            final Status status = posted
                ? Exchange.viaPosted(type, send, sendOffset, count, receive, recvOffset, count + 3, tag)
                : Exchange.viaUnexpected(type, send, sendOffset, count, receive, recvOffset, count + 3, tag);
            Check.equal(count, status.Get_count(type), what + ": Get_count");
            Check.equal(count, status.Get_elements(type), what + ": Get_elements");
            Check.equal(prev(), status.source, what + ": source");
            Check.equal(tag, status.tag, what + ": tag");
            final Object expected = values(type, sendOffset + count + 2, prev());
            for (int i = 0; i < Array.getLength(receive); i++)
            {
                final Object want = i >= recvOffset && i < recvOffset + count
                    ? Array.get(expected, sendOffset + i - recvOffset)
                    : Array.get(original, i);
                final Object got = Array.get(receive, i);
                if (!want.equals(got))
                {
                    Check.equal(want, got, what + ": element " + i + " of the receive buffer (slice from " + recvOffset + ")");
                }
            }
        }
    }

    /**
     * MPI.OBJECT: strings, boxed values, arrays, null elements, a collection and instances of a class of this
     * program, from an offset to an offset, small and past the eager limit. The receiver gets instances of its
     * own class, and Get_count counts objects.
     */
    public static final class ObjectType
    {
        /** A class of the program: each rank's loader has its own copy, and objects must arrive as the receiver's. */
        static final class Payload implements Serializable
        {
            private static final long serialVersionUID = 1L;

            final int number;
            final String name;

            Payload(final int number, final String name)
            {
                this.number = number;
                this.name = name;
            }

            @Override
            public boolean equals(final Object other)
            {
                return other instanceof Payload that && number == that.number && name.equals(that.name);
            }

            @Override
            public int hashCode()
            {
                return number * 31 + name.hashCode();
            }

            @Override
            public String toString()
            {
                return "Payload(" + number + ", " + name + ")";
            }
        }

        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            int tag = 0;
            for (final boolean large : new boolean[] {false, true})
            {
                for (final boolean posted : new boolean[] {false, true})
                {
                    exchange(rank, large, posted, tag++);
                }
            }

            final Object[] exact = new Object[2];
            final Request send = MPI.COMM_WORLD.Isend(new Object[] {new Payload(rank, "exact"), null}, 0, 2, MPI.OBJECT, next(), tag);
            final Status status = MPI.COMM_WORLD.Recv(exact, 0, 2, MPI.OBJECT, prev(), tag);
            send.Wait();
            Check.equal(2, status.Get_count(MPI.OBJECT), "object count of an exact-size receive");
            Check.equal(new Object[] {new Payload(prev(), "exact"), null}, exact, "objects received into an exact-size buffer");

            // A typed array is an Object[] too: the receiver may collect strings in a String[].
            final String[] names = new String[3];
            final Request named = MPI.COMM_WORLD.Isend(new Object[] {"from", "rank " + rank}, 0, 2, MPI.OBJECT, next(), tag + 2);
            final Status namedStatus = MPI.COMM_WORLD.Recv(names, 1, 2, MPI.OBJECT, prev(), tag + 2);
            named.Wait();
            Check.equal(new String[] {null, "from", "rank " + prev()}, names, "objects received into a String[]");
            Check.equal(2, namedStatus.Get_count(MPI.OBJECT), "object count into a String[]");

            // Objects are copied, also to this very rank: the receiver never shares the sender's instance.
            final Payload mine = new Payload(rank, "mine");
            final Object[] copy = new Object[1];
            final Request toSelf = MPI.COMM_SELF.Isend(new Object[] {mine}, 0, 1, MPI.OBJECT, 0, 3);
            MPI.COMM_SELF.Recv(copy, 0, 1, MPI.OBJECT, 0, 3);
            toSelf.Wait();
            Check.equal(mine, copy[0], "an object sent to this rank");
            Check.that(copy[0] != mine, "an object sent to this rank arrived as the very same instance, not a copy");

            final Object[] none = {"untouched"};
            final Status empty = Exchange.viaUnexpected(MPI.OBJECT, new Object[0], 0, 0, none, 0, 1, tag + 1);
            Check.equal(0, empty.Get_count(MPI.OBJECT), "object count of an empty message");
            Check.equal("untouched", none[0], "buffer of an empty object message");
            MPI.Finalize();
        }

        private static Object[] objects(final int rank, final boolean large)
        {
            final byte[] bulk = new byte[large ? 100_000 : 3];
            Arrays.fill(bulk, (byte)rank);
            return new Object[] {
                "filler", "filler",
                "text from " + rank,
                rank,
                new int[] {rank, 2, 3},
                null,
                new Payload(rank, "payload " + rank),
                List.of(1, 2, rank),
                new Object[] {"nested", null, new Payload(-rank, "inner")},
                new Payload[] {null, new Payload(rank + 1, "in an array")},
                bulk,
                rank + 0.5,
                "filler",
            };
        }

        private static void exchange(final int rank, final boolean large, final boolean posted, final int tag)
        {
            final String what = (large ? "large" : "small") + " objects" + (posted ? " pre-posted" : " unexpected");
            final Object[] send = objects(rank, large);
            final int count = send.length - 3;
            final Object[] receive = new Object[count + 6];
            Arrays.fill(receive, "sentinel");
            final Status status = posted
                ? Exchange.viaPosted(MPI.OBJECT, send, 2, count, receive, 3, count + 2, tag)
                : Exchange.viaUnexpected(MPI.OBJECT, send, 2, count, receive, 3, count + 2, tag);
            Check.equal(count, status.Get_count(MPI.OBJECT), what + ": Get_count counts objects");
            Check.equal(prev(), status.source, what + ": source");
            final Object[] expected = objects(prev(), large);
            for (int i = 0; i < receive.length; i++)
            {
                final Object want = i >= 3 && i < 3 + count ? expected[2 + i - 3] : "sentinel";
                Check.equal(want, receive[i], what + ": element " + i);
            }
            final Object payload = receive[3 + 4];
            Check.that(payload != null && payload.getClass() == Payload.class,
                what + ": the object of the program's class arrived as an instance of the receiving rank's class, not "
                    + (payload == null ? "null" : payload.getClass() + " of " + payload.getClass().getClassLoader()));
            final Object inArray = ((Object[])receive[3 + 7])[1];
            Check.that(inArray.getClass() == Payload.class, what + ": an element of an array of the program's class");
            Check.that(receive[3 + 7].getClass() == Payload[].class, what + ": an array of the program's class");
            Check.that(ObjectType.class.getClassLoader() == payload.getClass().getClassLoader(), what + ": class loader");
        }
    }

    /**
     * A receiver that does not know how many objects come probes first, sizes its buffer from
     * {@code Get_count(MPI.OBJECT)} and then receives exactly that; a probed message of bytes has no object count.
     */
    public static final class ProbedObjects
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final Object[] out = new Object[rank + 3];
            for (int i = 0; i < out.length; i++)
            {
                out[i] = "from " + rank + " #" + i;
            }
            final Request objects = MPI.COMM_WORLD.Isend(out, 0, out.length, MPI.OBJECT, Exchange.next(), 41);
            final Request bytes = MPI.COMM_WORLD.Isend(new byte[12], 0, 12, MPI.BYTE, Exchange.next(), 42);

            final Status probed = MPI.COMM_WORLD.Probe(Exchange.prev(), 41);
            final int count = probed.Get_count(MPI.OBJECT);
            Check.equal(Exchange.prev() + 3, count, "objects counted by the probe");
            final Object[] in = new Object[count];
            final Status received = MPI.COMM_WORLD.Recv(in, 0, count, MPI.OBJECT, probed.source, probed.tag);
            Check.equal(count, received.Get_count(MPI.OBJECT), "objects counted by the receive");
            for (int i = 0; i < count; i++)
            {
                Check.equal("from " + Exchange.prev() + " #" + i, in[i], "object " + i);
            }

            final Status probedBytes = MPI.COMM_WORLD.Probe(Exchange.prev(), 42);
            Check.equal(MPI.UNDEFINED, probedBytes.Get_count(MPI.OBJECT), "object count of a message of bytes");
            Check.equal(12, probedBytes.Get_count(MPI.BYTE), "byte count of a message of bytes");
            MPI.COMM_WORLD.Recv(new byte[12], 0, 12, MPI.BYTE, Exchange.prev(), 42);
            objects.Wait();
            bytes.Wait();
            MPI.Finalize();
        }
    }

    /** Messages of 0 and 1 bytes, around eager limits (4 KiB, the default; 64 KiB), and of 1 MiB, with every byte checked. */
    public static final class Sizes
    {
        static final int[] BYTES = {0, 1, 4_095, 4_096, 4_097, 65_535, 65_536, 65_537, 1 << 20};

        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            int tag = 0;
            for (final int bytes : BYTES)
            {
                for (final boolean posted : new boolean[] {false, true})
                {
                    final byte[] out = bytes(bytes, rank);
                    final byte[] in = new byte[bytes];
                    final Status status = posted
                        ? Exchange.viaPosted(MPI.BYTE, out, 0, bytes, in, 0, bytes, tag)
                        : Exchange.viaUnexpected(MPI.BYTE, out, 0, bytes, in, 0, bytes, tag);
                    final String what = bytes + " bytes" + (posted ? " pre-posted" : " unexpected");
                    Check.equal(bytes, status.Get_count(MPI.BYTE), what + ": count");
                    final int mismatch = Arrays.mismatch(bytes(bytes, prev()), in);
                    Check.equal(-1, mismatch, what + ": first differing byte");
                    tag++;
                }
            }

            final long[] longs = new long[(1 << 20) / 8];
            for (int i = 0; i < longs.length; i++)
            {
                longs[i] = rank * 0x1_0000_0000L + i;
            }
            final long[] longsIn = new long[longs.length];
            final Status status = Exchange.viaUnexpected(MPI.LONG, longs, 0, longs.length, longsIn, 0, longsIn.length, tag);
            Check.equal(longs.length, status.Get_count(MPI.LONG), "1 MiB of longs: count");
            for (int i = 0; i < longsIn.length; i++)
            {
                if (longsIn[i] != prev() * 0x1_0000_0000L + i)
                {
                    Check.equal(prev() * 0x1_0000_0000L + i, longsIn[i], "1 MiB of longs: element " + i);
                }
            }
            MPI.Finalize();
        }

        private static byte[] bytes(final int length, final int seed)
        {
            final byte[] bytes = new byte[length];
            for (int i = 0; i < length; i++)
            {
                bytes[i] = (byte)(seed * 13 + i * 7 + (i >>> 8));
            }
            return bytes;
        }
    }

    /** One message of 256 MiB (32 Mi longs) from rank 0 to the last rank, every element checked. */
    public static final class Huge
    {
        static final int LONGS = 32 * 1024 * 1024;

        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int last = MPI.COMM_WORLD.Size() - 1;
            Request send = null;
            if (rank == 0)
            {
                final long[] out = new long[LONGS];
                for (int i = 0; i < LONGS; i++)
                {
                    out[i] = value(i);
                }
                send = MPI.COMM_WORLD.Isend(out, 0, LONGS, MPI.LONG, last, 1);
            }
            if (rank == last)
            {
                final long[] in = new long[LONGS];
                final Status status = MPI.COMM_WORLD.Recv(in, 0, LONGS, MPI.LONG, 0, 1);
                Check.equal(LONGS, status.Get_count(MPI.LONG), "count of the 256 MiB message");
                for (int i = 0; i < LONGS; i++)
                {
                    if (in[i] != value(i))
                    {
                        Check.equal(value(i), in[i], "element " + i + " of the 256 MiB message");
                    }
                }
            }
            if (send != null)
            {
                send.Wait();
            }
            Exchange.checkRing(14, "the 256 MiB message");
            MPI.Finalize();
        }

        private static long value(final int i)
        {
            return i * 0x9E37_79B9_7F4A_7C15L + 1;
        }
    }

    /** @return an array of {@code length} values of {@code type}'s element type, determined by {@code seed}. */
    static Object values(final Datatype type, final int length, final int seed)
    {
        if (type == MPI.BYTE || type == MPI.PACKED)
        {
            final byte[] values = new byte[length];
            for (int i = 0; i < length; i++)
            {
                values[i] = (byte)(seed * 31 + i * 7);
            }
            return values;
        }
        if (type == MPI.CHAR)
        {
            final char[] values = new char[length];
            for (int i = 0; i < length; i++)
            {
                values[i] = (char)(seed * 7_919 + i * 104_729);
            }
            return values;
        }
        if (type == MPI.SHORT)
        {
            final short[] values = new short[length];
            for (int i = 0; i < length; i++)
            {
                values[i] = (short)(seed * 4_099 - i * 33);
            }
            return values;
        }
        if (type == MPI.BOOLEAN)
        {
            final boolean[] values = new boolean[length];
            for (int i = 0; i < length; i++)
            {
                values[i] = (i + seed) % 3 == 0;
            }
            return values;
        }
        if (type == MPI.INT)
        {
            final int[] values = new int[length];
            for (int i = 0; i < length; i++)
            {
                values[i] = seed * 1_000_003 ^ i * -7_919;
            }
            return values;
        }
        if (type == MPI.LONG)
        {
            final long[] values = new long[length];
            for (int i = 0; i < length; i++)
            {
                values[i] = (long)seed << 40 ^ i * 0x9E37_79B9_7F4A_7C15L;
            }
            return values;
        }
        if (type == MPI.FLOAT)
        {
            final float[] specials = {Float.NaN, -0.0f, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.MIN_VALUE, Float.MAX_VALUE};
            final float[] values = new float[length];
            for (int i = 0; i < length; i++)
            {
                values[i] = i % 7 < specials.length && i % 11 == 0 ? specials[i % 7] : seed + i * 0.25f;
            }
            return values;
        }
        if (type == MPI.DOUBLE)
        {
            final double[] specials = {Double.NaN, -0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE};
            final double[] values = new double[length];
            for (int i = 0; i < length; i++)
            {
                values[i] = i % 7 < specials.length && i % 11 == 0 ? specials[i % 7] : seed * 1e6 + i / 3.0;
            }
            return values;
        }
        throw new AssertionError("no values for " + type);
    }
}
