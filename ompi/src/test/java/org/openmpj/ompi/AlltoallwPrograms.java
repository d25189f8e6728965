package org.openmpj.ompi;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import mpi.Comm;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;

/** allToAllw and iAllToAllw: a datatype per block, displacements in bytes. */
final class AlltoallwPrograms
{
    /** The bytes each block has room for in the buffers. */
    private static final int SLOT = 16;

    private AlltoallwPrograms()
    {
    }

    /**
     * Rank r sends rank i two ints when i is even and one double when i is odd, from byte 16 i of a direct buffer; rank r
     * takes its blocks in the reverse order of the senders, and an even rank takes its two ints every other int (a vector
     * type), so each block's type, displacement and layout count. Then the same through an array and iAllToAllw.
     */
    public static final class MixedTypes
    {
        public static void main(final String[] args) throws MPIException
        {
            MPI.Init(args);
            final Comm world = MPI.COMM_WORLD;
            final int r = world.getRank();
            final int n = world.getSize();
            final Datatype everyOtherInt = Datatype.createVector(2, 1, 2, MPI.INT);
            everyOtherInt.commit();

            final ByteBuffer send = MPI.newByteBuffer(SLOT * n).order(ByteOrder.nativeOrder());
            final int[] sendCounts = new int[n];
            final int[] sendDispls = new int[n];
            final Datatype[] sendTypes = new Datatype[n];
            for (int i = 0; i < n; i++)
            {
                sendDispls[i] = SLOT * i;
                if (i % 2 == 0)
                {
                    send.putInt(SLOT * i, 100 * r + i).putInt(SLOT * i + 4, -(100 * r + i));
                    sendCounts[i] = 2;
                    sendTypes[i] = MPI.INT;
                }
                else
                {
                    send.putDouble(SLOT * i, 100 * r + i + 0.5);
                    sendCounts[i] = 1;
                    sendTypes[i] = MPI.DOUBLE;
                }
            }
            final int[] recvCounts = new int[n];
            final int[] recvDispls = new int[n];
            final Datatype[] recvTypes = new Datatype[n];
            for (int j = 0; j < n; j++)
            {
                recvDispls[j] = SLOT * (n - 1 - j);
                recvCounts[j] = 1;
                recvTypes[j] = r % 2 == 0 ? everyOtherInt : MPI.DOUBLE;
            }
            final ByteBuffer received = MPI.newByteBuffer(SLOT * n).order(ByteOrder.nativeOrder());
            world.allToAllw(send, sendCounts, sendDispls, sendTypes, received, recvCounts, recvDispls, recvTypes);
            check(received, r, n, "allToAllw");

            final ByteBuffer again = MPI.newByteBuffer(SLOT * n).order(ByteOrder.nativeOrder());
            world.iAllToAllw(send, sendCounts, sendDispls, sendTypes, again, recvCounts, recvDispls, recvTypes).waitFor();
            check(again, r, n, "iAllToAllw");

            // Arrays are memory too: doubles from an array, into an array of longs' bytes.
            final double[] values = new double[n];
            final int[] counts = new int[n];
            final int[] displs = new int[n];
            final Datatype[] doubles = new Datatype[n];
            for (int i = 0; i < n; i++)
            {
                values[i] = r + i / 10.0;
                counts[i] = 1;
                displs[i] = Double.BYTES * i;
                doubles[i] = MPI.DOUBLE;
            }
            final long[] bits = new long[n];
            world.allToAllw(values, counts, displs, doubles, bits, counts, displs, doubles);
            for (int j = 0; j < n; j++)
            {
                Check.equal(j + r / 10.0, Double.longBitsToDouble(bits[j]), "allToAllw on arrays, from rank " + j);
            }
            MPI.Finalize();
        }

        private static void check(final ByteBuffer received, final int r, final int n, final String what)
        {
            for (int j = 0; j < n; j++)
            {
                final int at = SLOT * (n - 1 - j);
                if (r % 2 == 0)
                {
                    Check.equal(100 * j + r, received.getInt(at), what + ", first int from rank " + j);
                    Check.equal(0, received.getInt(at + 4), what + ", the int the vector type skips, from rank " + j);
                    Check.equal(-(100 * j + r), received.getInt(at + 8), what + ", second int from rank " + j);
                }
                else
                {
                    Check.equal(100 * j + r + 0.5, received.getDouble(at), what + ", double from rank " + j);
                }
            }
        }
    }
}
