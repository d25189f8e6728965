package org.openmpj.ompi;

import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import java.nio.IntBuffer;

import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Message;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;

/** The programs of the point-to-point suite; each works at any number of ranks from 1 up, around the ring of ranks. */
final class PointToPointPrograms
{
    private PointToPointPrograms()
    {
    }

    static int next() throws MPIException
    {
        return (MPI.COMM_WORLD.getRank() + 1) % MPI.COMM_WORLD.getSize();
    }

    static int prev() throws MPIException
    {
        return (MPI.COMM_WORLD.getRank() + MPI.COMM_WORLD.getSize() - 1) % MPI.COMM_WORLD.getSize();
    }

    /** Blocking sends and receives of arrays of every primitive type around the ring, with their statuses. */
    public static final class RingOfEveryType
    {
        public static void main(final String[] args) throws MPIException
        {
            MPI.Init(args);
            final Intracomm world = MPI.COMM_WORLD;
            final int rank = world.getRank();
            final int p = prev();
            world.send(new byte[] {(byte)rank, 1}, 2, MPI.BYTE, next(), 1);
            world.send(new char[] {(char)('a' + rank)}, 1, MPI.CHAR, next(), 2);
            world.send(new short[] {(short)-rank}, 1, MPI.SHORT, next(), 3);
            world.send(new boolean[] {rank % 2 == 0, true}, 2, MPI.BOOLEAN, next(), 4);
            world.send(new long[] {1L << 40 | rank}, 1, MPI.LONG, next(), 6);
            world.send(new float[] {rank + 0.5f}, 1, MPI.FLOAT, next(), 7);
            world.send(new double[] {rank * 1.25, -rank}, 2, MPI.DOUBLE, next(), 8);
            final int[] ints = new int[1000];
            for (int i = 0; i < ints.length; i++)
            {
                ints[i] = rank * 1000 + i;
            }
            // Large enough for a rendezvous on every device.
            final Request big = world.iSend(intsOf(ints), ints.length, MPI.INT, next(), 5);
            final byte[] bytes = new byte[2];
            Status status = world.recv(bytes, 2, MPI.BYTE, p, 1);
            Check.equal(new byte[] {(byte)p, 1}, bytes, "bytes");
            Check.equal(2, status.getCount(MPI.BYTE), "byte count");
            Check.equal(p, status.getSource(), "source");
            Check.equal(1, status.getTag(), "tag");
            final char[] chars = new char[1];
            world.recv(chars, 1, MPI.CHAR, p, 2);
            Check.equal((char)('a' + p), chars[0], "char");
            final short[] shorts = new short[1];
            world.recv(shorts, 1, MPI.SHORT, MPI.ANY_SOURCE, 3);
            Check.equal((short)-p, shorts[0], "short");
            final boolean[] booleans = new boolean[2];
            world.recv(booleans, 2, MPI.BOOLEAN, p, MPI.ANY_TAG);
            Check.equal(new boolean[] {p % 2 == 0, true}, booleans, "booleans");
            final long[] longs = new long[1];
            world.recv(longs, 1, MPI.LONG, p, 6);
            Check.equal(1L << 40 | p, longs[0], "long");
            final float[] floats = new float[1];
            world.recv(floats, 1, MPI.FLOAT, p, 7);
            Check.equal(p + 0.5f, floats[0], "float");
            final double[] doubles = new double[3];
            status = world.recv(doubles, 3, MPI.DOUBLE, p, 8);
            Check.equal(new double[] {p * 1.25, -p, 0}, doubles, "doubles");
            Check.equal(2, status.getCount(MPI.DOUBLE), "received fewer than asked");
            final int[] received = new int[1000];
            status = world.recv(received, 1000, MPI.INT, p, 5);
            Check.equal(p * 1000 + 999, received[999], "last of the large message");
            Check.equal(4000, status.getElements(MPI.BYTE), "elements as bytes");
            big.waitFor();
            Check.isTrue(big.isNull(), "a completed request is null");
            MPI.Finalize();
        }

        private static IntBuffer intsOf(final int[] values)
        {
            final IntBuffer buffer = MPI.newIntBuffer(values.length);
            buffer.put(values);
            return buffer;
        }
    }

    /** Direct and heap buffers in blocking calls: positions ignored, raw memory between buffer kinds. */
    public static final class BufferKinds
    {
        public static void main(final String[] args) throws MPIException
        {
            MPI.Init(args);
            final Intracomm world = MPI.COMM_WORLD;
            final int rank = world.getRank();
            final int p = prev();
            final IntBuffer direct = MPI.newIntBuffer(4);
            direct.put(new int[] {rank, rank + 1, rank + 2, rank + 3});
            // The position is at the end: ignored, as in Open MPI.
            world.send(direct, 4, MPI.INT, next(), 1);
            final int[] backing = new int[6];
            world.recv(MPI.slice(backing, 2), 4, MPI.INT, p, 1);
            Check.equal(new int[] {0, 0, p, p + 1, p + 2, p + 3}, backing, "into a heap slice");
            // Ints from a byte buffer arrive in a double buffer's memory, as C would see them.
            final ByteBuffer raw = MPI.newByteBuffer(16);
            raw.putDouble(0, rank + 0.25).putDouble(8, -rank);
            world.send(raw, 4, MPI.INT, next(), 2);
            final DoubleBuffer doubles = MPI.newDoubleBuffer(2);
            world.recv(doubles, 4, MPI.INT, p, 2);
            Check.equal(p + 0.25, doubles.get(0), "double through an INT message");
            Check.equal((double)-p, doubles.get(1), "second double");
            // An int[] received as bytes into a long[].
            world.send(new int[] {rank, -1}, 8, MPI.BYTE, next(), 3);
            final long[] longs = new long[1];
            world.recv(longs, 8, MPI.BYTE, p, 3);
            Check.equal((long)p & 0xffffffffL | 0xffffffff00000000L, longs[0], "8 bytes of two ints in a long");
            MPI.Finalize();
        }
    }

    /** Non-blocking sends and receives on direct buffers, finished by every kind of wait and test. */
    public static final class NonBlocking
    {
        static final int MESSAGES = 4;

        public static void main(final String[] args) throws MPIException
        {
            MPI.Init(args);
            final Intracomm world = MPI.COMM_WORLD;
            final int rank = world.getRank();
            final int p = prev();
            final IntBuffer[] in = new IntBuffer[MESSAGES];
            final Request[] receives = new Request[MESSAGES];
            final Request[] sends = new Request[MESSAGES];
            for (int m = 0; m < MESSAGES; m++)
            {
                in[m] = MPI.newIntBuffer(2);
                receives[m] = world.iRecv(in[m], 2, MPI.INT, p, m);
            }
            for (int m = MESSAGES - 1; m >= 0; m--)
            {
                final IntBuffer out = MPI.newIntBuffer(2);
                out.put(0, rank).put(1, m);
                sends[m] = m % 2 == 0 ? world.iSend(out, 2, MPI.INT, next(), m) : world.isSend(out, 2, MPI.INT, next(), m);
            }
            final Status first = Request.waitAnyStatus(receives);
            Check.isTrue(first.getIndex() >= 0 && first.getIndex() < MESSAGES, "waitAny index " + first.getIndex());
            Check.isTrue(receives[first.getIndex()].isNull(), "the request waitAny finished is null");
            Check.equal(first.getIndex(), first.getTag(), "tag of the message waitAny got");
            final int[] some = Request.waitSome(receives);
            Check.isTrue(some != null && some.length >= 1, "waitSome finished at least one");
            while (!Request.testAll(receives))
            {
                Thread.onSpinWait();
            }
            for (int m = 0; m < MESSAGES; m++)
            {
                Check.equal(p, in[m].get(0), "sender of message " + m);
                Check.equal(m, in[m].get(1), "number of message " + m);
            }
            final Status[] sent = Request.waitAllStatus(sends);
            Check.equal(MESSAGES, sent.length, "statuses of the sends");
            Check.equal(MPI.UNDEFINED, Request.waitAny(receives), "waitAny with no active request");
            Check.equal(MPI.UNDEFINED, Request.testAny(receives), "testAny with no active request");
            Check.isTrue(Request.waitSome(receives) == null, "waitSome with no active request");
            Check.isTrue(Request.testAll(new Request[] {null, MPI.REQUEST_NULL}), "testAll of nothing");
            // A receive nobody matches, cancelled.
            final Request lonely = world.iRecv(MPI.newIntBuffer(1), 1, MPI.INT, p, 999);
            Check.isTrue(lonely.testStatus() == null && lonely.getStatus() == null, "nothing arrived for it");
            lonely.cancel();
            final Status cancelled = lonely.waitStatus();
            Check.isTrue(cancelled.isCancelled(), "cancelled");
            // getStatus leaves a completed request active; the wait then finishes it.
            final IntBuffer back = MPI.newIntBuffer(1);
            final Request reply = world.iRecv(back, 1, MPI.INT, p, 50);
            world.send(new int[] {rank}, 1, MPI.INT, next(), 50);
            Status peek = reply.getStatus();
            while (peek == null)
            {
                peek = reply.getStatus();
            }
            Check.isTrue(!reply.isNull(), "still active after getStatus");
            Check.equal(p, reply.waitStatus().getSource(), "status after getStatus");
            Check.equal(p, back.get(0), "value");
            MPI.Finalize();
        }
    }

    /** Persistent requests started several times, one by one and together, then freed. */
    public static final class Persistent
    {
        public static void main(final String[] args) throws MPIException
        {
            MPI.Init(args);
            final Intracomm world = MPI.COMM_WORLD;
            final int rank = world.getRank();
            final IntBuffer out = MPI.newIntBuffer(3);
            final IntBuffer in = MPI.newIntBuffer(3);
            final Prequest send = world.sendInit(out, 3, MPI.INT, next(), 4);
            final Prequest receive = world.recvInit(in, 3, MPI.INT, prev(), 4);
            Check.isTrue(!send.isNull() && !receive.isNull(), "inactive persistent requests are not null");
            for (int round = 0; round < 3; round++)
            {
                out.put(0, rank).put(1, round).put(2, -round);
                receive.start();
                send.start();
                Request.waitAll(new Request[] {send, receive});
                Check.equal(new int[] {prev(), round, -round}, new int[] {in.get(0), in.get(1), in.get(2)}, "round " + round);
                Check.isTrue(!send.isNull(), "inactive again");
            }
            final Prequest synchronous = world.sSendInit(out, 1, MPI.INT, next(), 5);
            final Prequest again = world.recvInit(in, 1, MPI.INT, prev(), 5);
            Prequest.startAll(new Prequest[] {again, synchronous});
            Request.waitAll(new Request[] {synchronous, again});
            Check.equal(prev(), in.get(0), "startAll");
            world.setErrhandler(MPI.ERRORS_RETURN);
            again.start();
            Check.fails(MPI.ERR_REQUEST, "still active", again::start);
            world.send(out, 1, MPI.INT, next(), 5);
            again.waitFor();
            for (final Prequest request : new Prequest[] {send, receive, synchronous, again})
            {
                request.free();
                Check.isTrue(request.isNull(), "freed");
            }
            Check.fails(MPI.ERR_BUFFER, "heap buffer", () -> world.sendInit(IntBuffer.allocate(1), 1, MPI.INT, 0, 0));
            MPI.Finalize();
        }
    }

    /** The send modes: synchronous, ready, buffered, blocking and not. */
    public static final class Modes
    {
        public static void main(final String[] args) throws MPIException
        {
            MPI.Init(args);
            final Intracomm world = MPI.COMM_WORLD;
            final int rank = world.getRank();
            final int p = prev();
            final int[] got = new int[1];
            final Request posted = world.iRecv(MPI.newIntBuffer(1), 1, MPI.INT, p, 2);
            world.barrier();
            // Every rank's receive for the ready send is posted: the barrier says so.
            world.rSend(new int[] {rank}, 1, MPI.INT, next(), 2);
            posted.waitFor();
            final Request synchronous = world.isSend(intBuffer(rank), 1, MPI.INT, next(), 3);
            world.recv(got, 1, MPI.INT, p, 3);
            synchronous.waitFor();
            Check.equal(p, got[0], "synchronous");
            MPI.attachBuffer(new byte[4 * (64 + MPI.BSEND_OVERHEAD)]);
            world.bSend(new int[] {rank}, 1, MPI.INT, next(), 4);
            final Request buffered = world.ibSend(intBuffer(rank + 100), 1, MPI.INT, next(), 5);
            Check.isTrue(buffered.test(), "a buffered send is complete at once");
            world.recv(got, 1, MPI.INT, p, 4);
            Check.equal(p, got[0], "bSend");
            world.recv(got, 1, MPI.INT, p, 5);
            Check.equal(p + 100, got[0], "ibSend");
            MPI.detachBuffer();
            final Request ready = world.iRecv(MPI.newIntBuffer(1), 1, MPI.INT, p, 6);
            world.barrier();
            world.irSend(intBuffer(rank), 1, MPI.INT, next(), 6).waitFor();
            ready.waitFor();
            world.sSend(new int[] {rank}, 1, MPI.INT, MPI.PROC_NULL, 7);
            final Status none = world.recv(got, 1, MPI.INT, MPI.PROC_NULL, 7);
            Check.equal(MPI.PROC_NULL, none.getSource(), "source of a receive from PROC_NULL");
            Check.equal(0, none.getCount(MPI.INT), "count of a receive from PROC_NULL");
            world.setErrhandler(MPI.ERRORS_RETURN);
            Check.fails(MPI.ERR_BUFFER, "no buffer is attached", () -> world.bSend(new int[1], 1, MPI.INT, next(), 8));
            MPI.Finalize();
        }

        private static IntBuffer intBuffer(final int value)
        {
            final IntBuffer buffer = MPI.newIntBuffer(1);
            buffer.put(0, value);
            return buffer;
        }
    }

    /** sendRecv and sendRecvReplace around the ring, on arrays and buffers. */
    public static final class SendRecv
    {
        public static void main(final String[] args) throws MPIException
        {
            MPI.Init(args);
            final Intracomm world = MPI.COMM_WORLD;
            final int rank = world.getRank();
            final int p = prev();
            final double[] in = new double[2];
            final Status status = world.sendRecv(new double[] {rank, rank * 2}, 2, MPI.DOUBLE, next(), 1, in, 2, MPI.DOUBLE, p, 1);
            Check.equal(new double[] {p, p * 2}, in, "sendRecv");
            Check.equal(p, status.getSource(), "sendRecv source");
            final int[] replaced = {rank, rank + 1, rank + 2};
            world.sendRecvReplace(replaced, 3, MPI.INT, next(), 2, p, 2);
            Check.equal(new int[] {p, p + 1, p + 2}, replaced, "sendRecvReplace on an array");
            final IntBuffer direct = MPI.newIntBuffer(2);
            direct.put(0, rank).put(1, -rank);
            world.sendRecvReplace(direct, 2, MPI.INT, next(), 3, p, 3);
            Check.equal(new int[] {p, -p}, new int[] {direct.get(0), direct.get(1)}, "sendRecvReplace on a direct buffer");
            // Every other int of a vector, replaced in place.
            final Datatype column = Datatype.createVector(2, 1, 2, MPI.INT);
            column.commit();
            final int[] strided = {rank, 7, rank + 1, 7};
            world.sendRecvReplace(strided, 1, column, next(), 4, p, 4);
            Check.equal(new int[] {p, 7, p + 1, 7}, strided, "sendRecvReplace of a vector");
            MPI.Finalize();
        }
    }

    /** Probes, and matched probes received by their message alone. */
    public static final class Probes
    {
        public static void main(final String[] args) throws MPIException
        {
            MPI.Init(args);
            final Intracomm world = MPI.COMM_WORLD;
            final int rank = world.getRank();
            final int p = prev();
            world.send(new int[] {rank, 1, 2}, 3, MPI.INT, next(), 7);
            final Status probed = world.probe(MPI.ANY_SOURCE, 7);
            Check.equal(p, probed.getSource(), "probed source");
            Check.equal(3, probed.getCount(MPI.INT), "probed count");
            final int[] got = new int[3];
            world.recv(got, 3, MPI.INT, p, 7);
            Check.equal(p, got[0], "received after the probe");
            world.send(new int[] {rank, 5}, 2, MPI.INT, next(), 8);
            world.send(new int[] {-rank}, 1, MPI.INT, next(), 8);
            Status found = world.iProbe(p, 8);
            while (found == null)
            {
                found = world.iProbe(p, 8);
            }
            final Message message = new Message();
            Check.isTrue(message.isNull(), "a new message is null");
            final Status matched = message.mProbe(p, 8, world);
            Check.equal(2, matched.getCount(MPI.INT), "matched the first message");
            final Message second = new Message();
            Status secondStatus = second.imProbe(p, 8, world);
            while (secondStatus == null)
            {
                secondStatus = second.imProbe(p, 8, world);
            }
            Check.equal(1, secondStatus.getCount(MPI.INT), "matched the second message");
            final IntBuffer into = MPI.newIntBuffer(1);
            final Request later = second.imRecv(into, 1, MPI.INT);
            Check.isTrue(second.isNull(), "received message is null");
            final int[] pair = new int[2];
            final Status received = message.mRecv(pair, 2, MPI.INT);
            Check.equal(new int[] {p, 5}, pair, "mRecv");
            Check.equal(p, received.getSource(), "mRecv source");
            later.waitFor();
            Check.equal(-p, into.get(0), "imRecv");
            final Message none = new Message();
            none.mProbe(MPI.PROC_NULL, 0, world);
            Check.isTrue(none.isNoProc(), "a probe of PROC_NULL");
            Check.equal(MPI.PROC_NULL, none.mRecv(new int[0], 0, MPI.INT).getSource(), "receive from PROC_NULL");
            world.setErrhandler(MPI.ERRORS_RETURN);
            Check.fails(MPI.ERR_REQUEST, "the message is null", () -> none.mRecv(new int[0], 0, MPI.INT));
            MPI.Finalize();
        }
    }

    /** pack and unpack, sent as PACKED. */
    public static final class PackUnpack
    {
        public static void main(final String[] args) throws MPIException
        {
            MPI.Init(args);
            final Intracomm world = MPI.COMM_WORLD;
            final int rank = world.getRank();
            final Datatype everyOther = Datatype.createVector(2, 1, 2, MPI.INT);
            everyOther.commit();
            final int bytes = world.packSize(2, MPI.INT) + world.packSize(1, MPI.DOUBLE) + world.packSize(1, everyOther);
            Check.equal(4 * 2 + 8 + 4 * 2, bytes, "packSize");
            final byte[] packed = new byte[bytes];
            int position = world.pack(new int[] {rank, 10}, 2, MPI.INT, packed, 0);
            position = world.pack(MPI.slice(new double[] {-1, rank * 0.5}, 1), 1, MPI.DOUBLE, packed, position);
            position = world.pack(new int[] {20, -1, 21}, 1, everyOther, packed, position);
            Check.equal(bytes, position, "packed length");
            final byte[] in = new byte[bytes];
            world.sendRecv(packed, position, MPI.PACKED, next(), 1, in, bytes, MPI.PACKED, prev(), 1);
            final int[] ints = new int[2];
            final DoubleBuffer half = MPI.newDoubleBuffer(1);
            final int[] spread = new int[3];
            int at = world.unpack(in, 0, ints, 2, MPI.INT);
            at = world.unpack(in, at, half, 1, MPI.DOUBLE);
            at = world.unpack(in, at, spread, 1, everyOther);
            Check.equal(bytes, at, "unpacked length");
            Check.equal(new int[] {prev(), 10}, ints, "unpacked ints");
            Check.equal(prev() * 0.5, half.get(0), "unpacked double");
            Check.equal(new int[] {20, 0, 21}, spread, "unpacked vector");
            world.setErrhandler(MPI.ERRORS_RETURN);
            Check.fails(MPI.ERR_BUFFER, "outbuf", () -> world.pack(new int[4], 4, MPI.INT, new byte[8], 0));
            MPI.Finalize();
        }
    }

    /** A message larger than its receive fails that receive with ERR_TRUNCATE. */
    public static final class Truncate
    {
        public static void main(final String[] args) throws MPIException
        {
            MPI.Init(args);
            final Intracomm world = MPI.COMM_WORLD;
            world.setErrhandler(MPI.ERRORS_RETURN);
            world.send(new int[] {1, 2}, 2, MPI.INT, next(), 3);
            Check.fails(MPI.ERR_TRUNCATE, "", () -> world.recv(new int[1], 1, MPI.INT, prev(), 3));
            world.send(new int[] {1, 2}, 2, MPI.INT, next(), 4);
            final Request request = world.iRecv(MPI.newIntBuffer(1), 1, MPI.INT, prev(), 4);
            Check.fails(MPI.ERR_TRUNCATE, "", request::waitFor);
            MPI.Finalize();
        }
    }
}
