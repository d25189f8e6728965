package org.openmpj.conformance;

import static org.openmpj.conformance.Exchange.next;
import static org.openmpj.conformance.Exchange.prev;

import java.util.Arrays;

import mpi.Datatype;
import mpi.MPI;
import mpi.Request;
import mpi.Status;

import org.openmpj.testing.Check;

/**
 * The programs of the datatype suite about counts and failures: whole and partial items, truncation, and every
 * bad argument, each failing with its error class and a message naming the value. Each works at any number of
 * ranks from 1 up.
 */
final class DatatypeCheckPrograms
{
    private DatatypeCheckPrograms()
    {
    }

    /**
     * Messages of 0 to 8 ints received into two items of a Vector of 4 ints: Get_count counts whole items,
     * Get_elements every element, a partial last item is filled in part; also for objects and probes.
     */
    public static final class PartialItems
    {
        /** Pack order of two items of Vector(2, 2, 3, INT), whose extent is 5. */
        static final int[] ORDER = {0, 1, 3, 4, 5, 6, 8, 9};

        public static void main(final String[] args)
        {
            MPI.Init(args);
            final Datatype vector = Datatype.Vector(2, 2, 3, MPI.INT);
            vector.Commit();
            int tag = 0;
            for (final int sent : new int[] {0, 3, 4, 5, 8})
            {
                for (final boolean posted : new boolean[] {false, true})
                {
                    final String what = sent + " ints into 2 items of " + vector + (posted ? " by Irecv" : " by Recv");
                    final int[] data = new int[sent];
                    Arrays.setAll(data, i -> 100 * Exchange.rank() + i + 1);
                    final int[] in = new int[12];
                    Arrays.fill(in, -1);
                    final Request send = MPI.COMM_WORLD.Isend(data, 0, sent, MPI.INT, next(), tag);
                    final Status status = posted
                        ? MPI.COMM_WORLD.Irecv(in, 0, 2, vector, prev(), tag).Wait()
                        : MPI.COMM_WORLD.Recv(in, 0, 2, vector, prev(), tag);
                    send.Wait();
                    tag++;
                    Check.equal(sent % 4 == 0 ? sent / 4 : MPI.UNDEFINED, status.Get_count(vector), what + ": Get_count");
                    Check.equal(sent, status.Get_elements(vector), what + ": Get_elements");
                    Check.equal(sent, status.Get_count(MPI.INT), what + ": Get_count of MPI.INT");
                    final int[] expected = new int[12];
                    Arrays.fill(expected, -1);
                    for (int j = 0; j < sent; j++)
                    {
                        expected[ORDER[j]] = 100 * prev() + j + 1;
                    }
                    Check.equal(expected, in, what + ": buffer");
                }
            }

            final Request six = MPI.COMM_WORLD.Isend(new int[6], 0, 6, MPI.INT, next(), tag);
            final Status probed = MPI.COMM_WORLD.Probe(prev(), tag);
            Check.equal(3, probed.Get_count(MPI.INT2), "probed 6 ints as MPI.INT2");
            Check.equal(MPI.UNDEFINED, probed.Get_count(vector), "probed 6 ints as " + vector);
            Check.equal(6, probed.Get_elements(vector), "probed elements of " + vector);
            MPI.COMM_WORLD.Recv(new int[6], 0, 3, MPI.INT2, prev(), tag);
            six.Wait();

            final Datatype objects = Datatype.Vector(2, 1, 2, MPI.OBJECT);
            objects.Commit();
            final Object[] got = new Object[6];
            final Request three = MPI.COMM_WORLD.Isend(new Object[] {"a", "b", "c"}, 0, 3, MPI.OBJECT, next(), tag + 1);
            final Status objectStatus = MPI.COMM_WORLD.Recv(got, 0, 2, objects, prev(), tag + 1);
            three.Wait();
            Check.equal(MPI.UNDEFINED, objectStatus.Get_count(objects), "3 objects as items of 2: Get_count");
            Check.equal(3, objectStatus.Get_elements(objects), "3 objects as items of 2: Get_elements");
            Check.equal(new Object[] {"a", null, "b", "c", null, null}, got, "3 objects in items of " + objects);
            Exchange.checkRing(5, "partial items");
            MPI.Finalize();
        }
    }

    /** A message longer than the items of a derived type fails the receive with ERR_TRUNCATE on every path; later messages go through. */
    public static final class Truncation
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final Datatype vector = Datatype.Vector(2, 2, 3, MPI.INT);
            final Datatype contiguous = Datatype.Contiguous(4, MPI.INT);
            vector.Commit();
            contiguous.Commit();
            final int[] nine = new int[9];
            final int[] in = new int[20];
            Request send = MPI.COMM_WORLD.Isend(nine, 0, 9, MPI.INT, next(), 1);
            Check.fails(MPI.ERR_TRUNCATE, () -> MPI.COMM_WORLD.Recv(in, 0, 2, vector, prev(), 1), "36 bytes", "32 bytes");
            send.Wait();
            send = MPI.COMM_WORLD.Isend(nine, 0, 9, MPI.INT, next(), 2);
            final Request receive = MPI.COMM_WORLD.Irecv(in, 0, 2, vector, prev(), 2);
            Check.fails(MPI.ERR_TRUNCATE, receive::Wait, "36 bytes", "32 bytes");
            send.Wait();
            send = MPI.COMM_WORLD.Isend(nine, 0, 9, MPI.INT, next(), 3);
            Check.fails(MPI.ERR_TRUNCATE, () -> MPI.COMM_WORLD.Recv(in, 1, 2, contiguous, prev(), 3), "36 bytes", "32 bytes");
            send.Wait();
            final Datatype objects = Datatype.Vector(2, 1, 2, MPI.OBJECT);
            objects.Commit();
            send = MPI.COMM_WORLD.Isend(new Object[] {1, 2, 3, 4, 5}, 0, 5, MPI.OBJECT, next(), 4);
            Check.fails(MPI.ERR_TRUNCATE, () -> MPI.COMM_WORLD.Recv(new Object[6], 0, 2, objects, prev(), 4), "5 objects", "only 4");
            send.Wait();
            Exchange.checkRing(6, "truncated receives of derived types");
            MPI.Finalize();
        }
    }

    /** Every bad use of a datatype fails with its error class and a message naming the value; the job goes on. */
    public static final class BadArguments
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int[] buffer = new int[10];
            final Datatype uncommitted = Datatype.Vector(3, 1, 4, MPI.INT);
            Check.fails(MPI.ERR_TYPE, () -> MPI.COMM_WORLD.Send(buffer, 0, 1, uncommitted, next(), 1), "Send", "not committed");
            Check.fails(MPI.ERR_TYPE, () -> MPI.COMM_WORLD.Recv(buffer, 0, 1, uncommitted, prev(), 1), "Recv", "not committed");
            Check.fails(MPI.ERR_TYPE, () -> MPI.COMM_WORLD.Irecv(buffer, 0, 1, uncommitted, prev(), 1), "Irecv", "not committed");
            Check.fails(MPI.ERR_TYPE, () -> MPI.COMM_WORLD.Send_init(buffer, 0, 1, uncommitted, next(), 1), "Send_init", "not committed");
            Check.fails(MPI.ERR_TYPE, () -> MPI.COMM_WORLD.Pack_size(1, uncommitted), "Pack_size", "not committed");
            Check.fails(MPI.ERR_TYPE, () -> MPI.COMM_WORLD.Pack(buffer, 0, 1, uncommitted, new byte[100], 0), "Pack", "not committed");

            final Datatype vector = Datatype.Vector(3, 1, 4, MPI.INT);
            vector.Commit();
            Check.fails(MPI.ERR_BUFFER, () -> MPI.COMM_WORLD.Send(buffer, 2, 1, vector, next(), 1),
                "offset=2", "count=1", "extent=9", "length 10");
            Check.fails(MPI.ERR_BUFFER, () -> MPI.COMM_WORLD.Irecv(buffer, 0, 2, vector, prev(), 1),
                "offset=0", "count=2", "extent=9", "length 10");
            Check.fails(MPI.ERR_BUFFER, () -> MPI.COMM_WORLD.Unpack(new byte[100], 0, buffer, 5, 1, vector), "offset=5", "length 10");
            Check.fails(MPI.ERR_COUNT, () -> MPI.COMM_WORLD.Send(buffer, 0, -1, vector, next(), 1), "count=-1");
            Check.fails(MPI.ERR_TYPE, () -> MPI.COMM_WORLD.Send(new double[10], 0, 1, vector, next(), 1), "double[]", "int[]");

            Check.fails(MPI.ERR_BUFFER, () -> MPI.COMM_WORLD.Pack(buffer, 0, 1, vector, new byte[15], 5),
                "take 12 bytes", "length 15", "only 10 bytes", "position 5");
            Check.fails(MPI.ERR_BUFFER, () -> MPI.COMM_WORLD.Unpack(new byte[8], 0, buffer, 0, 1, vector),
                "take 12 bytes", "length 8");
            Check.fails(MPI.ERR_ARG, () -> MPI.COMM_WORLD.Pack(buffer, 0, 1, vector, new byte[20], 21), "position=21");
            Check.fails(MPI.ERR_BUFFER, () -> MPI.COMM_WORLD.Pack(buffer, 0, 1, vector, (byte[])null, 0), "outbuf is null");

            final Datatype freed = Datatype.Contiguous(2, MPI.INT);
            freed.Commit();
            freed.free();
            Check.fails(MPI.ERR_TYPE, () -> MPI.COMM_WORLD.Send(buffer, 0, 1, freed, next(), 1), "Send", "was freed");
            Check.fails(MPI.ERR_TYPE, freed::Size, "Size", "was freed");
            Check.fails(MPI.ERR_TYPE, () -> Datatype.Vector(2, 1, 2, freed), "Vector", "was freed");

            Check.fails(MPI.ERR_TYPE, () -> Datatype.Struct(new int[] {1, 1}, new int[] {0, 4}, new Datatype[] {MPI.INT, MPI.DOUBLE}),
                "Struct", "MPI.INT", "MPI.DOUBLE");
            Check.fails(MPI.ERR_COUNT, () -> Datatype.Contiguous(-1, MPI.INT), "count=-1");
            Check.fails(MPI.ERR_ARG, () -> Datatype.Vector(2, -1, 3, MPI.INT), "blocklength=-1");
            Check.fails(MPI.ERR_ARG, () -> Datatype.Indexed(new int[] {1, -5}, new int[] {0, 1}, MPI.INT), "blocklengths[1]=-5");
            final Datatype markers = Datatype.Struct(new int[] {1, 1}, new int[] {0, 3}, new Datatype[] {MPI.LB, MPI.UB});
            markers.Commit();
            Check.equal(3, markers.Extent(), "extent of a type of markers only");
            // Items of markers only hold no data: they travel as an empty message.
            final Request markerSend = MPI.COMM_WORLD.Isend(buffer, 0, 1, markers, next(), 1);
            Check.equal(1, MPI.COMM_WORLD.Recv(buffer, 0, 1, markers, prev(), 1).Get_count(markers), "items of markers received");
            markerSend.Wait();
            Exchange.checkRing(7, "the bad arguments");
            MPI.Finalize();
        }
    }

    /**
     * A Struct of no blocks: items of it are empty messages, whatever the buffer; the receiver's Get_count gives the
     * count it received with and Get_elements {@code MPI.UNDEFINED}, by blocking and non-blocking paths alike; a
     * message with data does not fit items of it.
     */
    public static final class NoDataItems
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final Datatype empty = Datatype.Struct(new int[0], new int[0], new Datatype[0]);
            empty.Commit();
            Check.equal(0, empty.Size(), "Size of a Struct of no blocks");
            final int[] sent = {2};
            final Request blocking = MPI.COMM_WORLD.Isend(sent, 0, 100, empty, next(), 1);
            final int[] received = {0};
            final Status status = MPI.COMM_WORLD.Recv(received, 0, 100, empty, prev(), 1);
            blocking.Wait();
            Check.equal(0, received[0], "buffer of a receive of no data");
            Check.equal(100, status.Get_count(empty), "Get_count of 100 items of no data");
            Check.equal(MPI.UNDEFINED, status.Get_elements(empty), "Get_elements of items of no data");
            Check.equal(0, status.Get_count(MPI.BYTE), "bytes in a message of no data");
            final Request nonBlocking = MPI.COMM_WORLD.Irecv(new double[1], 0, 7, empty, prev(), 2);
            MPI.COMM_WORLD.Send(new long[1], 0, 3, empty, next(), 2);
            Check.equal(7, nonBlocking.Wait().Get_count(empty), "Get_count of a non-blocking receive of 7 items of no data");
            final Request withData = MPI.COMM_WORLD.Isend(new int[] {5}, 0, 1, MPI.INT, next(), 3);
            Check.fails(MPI.ERR_TRUNCATE, () -> MPI.COMM_WORLD.Recv(received, 0, 100, empty, prev(), 3));
            withData.Wait();
            Check.fails(MPI.ERR_TYPE, () -> MPI.COMM_WORLD.Bcast(received, 0, 1, empty, 0), "holds no data");
            MPI.Finalize();
        }
    }
}
