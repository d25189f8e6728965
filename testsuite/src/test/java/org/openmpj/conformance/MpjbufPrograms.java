package org.openmpj.conformance;

import static org.openmpj.conformance.Exchange.next;
import static org.openmpj.conformance.Exchange.prev;

import mpi.MPI;
import mpi.Request;
import mpi.Status;
import mpjbuf.Buffer;
import mpjbuf.BufferFactory;

import org.openmpj.testing.Check;

/**
 * Packing into MPJ Express's {@code mpjbuf.Buffer}, as programs written for it do: a buffer over a block from
 * {@code BufferFactory}, {@code Comm.Pack} into it, {@code MPI.PACKED} messages of it, {@code Comm.Unpack} out of it.
 */
final class MpjbufPrograms
{
    private MpjbufPrograms()
    {
    }

    /** Mixed items packed, sent around the ring blocking and non-blocking, and unpacked; buffers that start past their block's first byte. */
    public static final class PackAndSend
    {
        /** Where the buffers start in their blocks: the overhead MPJ Express programs leave, made non-zero here to test the offsets. */
        private static final int LEAD = MPI.SEND_OVERHEAD + 16;

        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final Buffer out = new Buffer(BufferFactory.create(1000 + LEAD), LEAD, 1000 + LEAD);
            int position = MPI.COMM_WORLD.Pack(new int[] {rank, 10}, 0, 2, MPI.INT, out, 0);
            Check.equal(8, position, "position after two ints");
            position = MPI.COMM_WORLD.Pack(new double[] {0.5, 1.1, 2.2}, 1, 2, MPI.DOUBLE, out, position);
            Check.equal(24, position, "position after two doubles");

            final Buffer in = new Buffer(BufferFactory.create(1000 + MPI.RECV_OVERHEAD + 8), MPI.RECV_OVERHEAD + 8, 1000);
            final Request sent = MPI.COMM_WORLD.Isend(out, 0, position, MPI.PACKED, next(), 1);
            final Status status = MPI.COMM_WORLD.Recv(in, 0, 1000 - 8, MPI.PACKED, prev(), 1);
            sent.Wait();
            Check.equal(position, status.Get_count(MPI.PACKED), "packed bytes received");
            checkUnpacked(in, prev());

            // The same through the other paths: a blocking send and a non-blocking receive.
            final Buffer again = new Buffer(1000);
            final Request received = MPI.COMM_WORLD.Irecv(again, 0, 1000, MPI.PACKED, prev(), 2);
            MPI.COMM_WORLD.Send(out, 0, position, MPI.PACKED, next(), 2);
            received.Wait();
            checkUnpacked(again, prev());

            Check.fails(MPI.ERR_TYPE, () -> MPI.COMM_WORLD.Send(out, 0, 1, MPI.INT, next(), 3), "MPI.PACKED");
            Check.fails(MPI.ERR_BUFFER, () -> MPI.COMM_WORLD.Send(out, 0, 2000, MPI.PACKED, next(), 3), "count=2000");
            Check.fails(MPI.ERR_ARG, () -> MPI.COMM_WORLD.Unpack(in, -1, new int[1], 0, 1, MPI.INT), "position=-1");
            BufferFactory.destroy(out.getStaticBuffer());
            Check.fails(MPI.ERR_BUFFER, () -> MPI.COMM_WORLD.Pack(new int[1], 0, 1, MPI.INT, out, 0), "freed");
            in.free();
            MPI.Finalize();
        }

        private static void checkUnpacked(final Buffer in, final int sender)
        {
            final int[] ints = new int[2];
            final double[] doubles = new double[3];
            int position = MPI.COMM_WORLD.Unpack(in, 0, ints, 0, 2, MPI.INT);
            position = MPI.COMM_WORLD.Unpack(in, position, doubles, 0, 2, MPI.DOUBLE);
            Check.equal(24, position, "position after unpacking");
            Check.equal(new int[] {sender, 10}, ints, "unpacked ints");
            Check.equal(new double[] {1.1, 2.2, 0}, doubles, "unpacked doubles");
        }
    }
}
