package org.openmpj.ompi;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.IntBuffer;

import mpi.Comm;
import mpi.File;
import mpi.Group;
import mpi.Info;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Status;
import mpi.Win;

/** The programs of the environment suite: start and end, constants, groups, error handlers, buffers and slices. */
final class EnvironmentPrograms
{
    private EnvironmentPrograms()
    {
    }

    /** Start, queries of the environment, the predefined communicators, timers, and the end. */
    public static final class InitAndQuery
    {
        public static void main(final String[] args) throws MPIException
        {
            Check.isTrue(!MPI.isInitialized(), "not initialized before Init");
            Check.fails(MPI.ERR_OTHER, "not initialized", () -> MPI.COMM_WORLD.getSize());
            final int provided = MPI.InitThread(args, MPI.THREAD_FUNNELED);
            Check.equal(MPI.THREAD_MULTIPLE, provided, "provided thread level");
            Check.fails(MPI.ERR_OTHER, "initialized already", () -> MPI.Init(args));
            Check.isTrue(MPI.isInitialized() && !MPI.isFinalized(), "initialized, not finalized");
            Check.equal(MPI.THREAD_MULTIPLE, MPI.queryThread(), "queryThread");
            Check.isTrue(MPI.isThreadMain(), "the thread that called Init is the main thread");
            Check.isTrue(!MPI.getProcessorName().isEmpty(), "processor name");
            final double start = MPI.wtime();
            Check.isTrue(MPI.wtick() > 0 && MPI.wtick() < 1e-3, "wtick " + MPI.wtick());
            Check.isTrue(MPI.wtime() >= start, "wtime does not go back");
            final int size = MPI.COMM_WORLD.getSize();
            final int rank = MPI.COMM_WORLD.getRank();
            Check.isTrue(size >= 1 && rank >= 0 && rank < size, "rank " + rank + " of " + size);
            Check.equal(1, MPI.COMM_SELF.getSize(), "COMM_SELF size");
            Check.equal(0, MPI.COMM_SELF.getRank(), "COMM_SELF rank");
            Check.isTrue(!MPI.COMM_WORLD.isNull() && !MPI.COMM_WORLD.isInter(), "COMM_WORLD is an intracommunicator");
            Check.equal(MPI.IDENT, Comm.compare(MPI.COMM_WORLD, MPI.COMM_WORLD), "compare with itself");
            Check.equal(MPI.UNDEFINED, MPI.COMM_WORLD.getTopology(), "no topology");
            Check.isTrue((Integer)MPI.COMM_WORLD.getAttr(MPI.TAG_UB) >= 32767, "TAG_UB attribute");
            Check.equal(MPI.ERRORS_ARE_FATAL, MPI.COMM_WORLD.getErrhandler(), "default error handler");
            Check.equal(3, MPI.getVersion().getVersion(), "MPI version");
            Check.isTrue(MPI.getLibVersion().contains("OpenMPJ"), "library version");
            Check.isTrue(MPI.REQUEST_NULL.isNull(), "REQUEST_NULL is null");
            Check.isTrue(MPI.INFO_NULL.isNull() && !MPI.INFO_ENV.isNull(), "INFO_NULL, INFO_ENV");
            final Info info = new Info();
            info.set("key", "value");
            Check.equal("value", info.get("key"), "info value");
            Check.equal(1, info.size(), "info size");
            // Failures of objects of no communicator go to COMM_WORLD's handler: with ERRORS_RETURN they are thrown.
            MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_RETURN);
            Check.fails(MPI.ERR_INFO_NOKEY, "no value", () -> info.delete("other"));
            MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_ARE_FATAL);
            MPI.COMM_WORLD.barrier();
            MPI.Finalize();
            Check.isTrue(MPI.isFinalized(), "finalized");
            Check.fails(MPI.ERR_OTHER, "finalized", () -> MPI.COMM_WORLD.barrier());
        }
    }

    /** Under ERRORS_RETURN, bad calls throw MPIException of the right class with a message naming the argument. */
    public static final class ErrorsReturn
    {
        public static void main(final String[] args) throws MPIException
        {
            MPI.Init(args);
            final Intracomm world = MPI.COMM_WORLD;
            world.setErrhandler(MPI.ERRORS_RETURN);
            final int size = world.getSize();
            final int[] data = new int[4];
            Check.fails(MPI.ERR_RANK, "dest=" + (size + 7) + " out of range for communicator of size " + size,
                () -> world.send(data, 1, MPI.INT, size + 7, 0));
            Check.fails(MPI.ERR_RANK, "source=-9", () -> world.recv(data, 1, MPI.INT, -9, 0));
            Check.fails(MPI.ERR_TAG, "tag=-5", () -> world.send(data, 1, MPI.INT, 0, -5));
            Check.fails(MPI.ERR_COUNT, "count=-1", () -> world.send(data, -1, MPI.INT, 0, 0));
            Check.fails(MPI.ERR_TYPE, "datatype is null", () -> world.send(data, 1, null, 0, 0));
            Check.fails(MPI.ERR_BUFFER, "holds 4 INT elements", () -> world.send(data, 5, MPI.INT, 0, 0));
            Check.fails(MPI.ERR_BUFFER, "heap buffer", () -> world.iSend(IntBuffer.allocate(4), 1, MPI.INT, 0, 0));
            Check.fails(MPI.ERR_BUFFER, "heap buffer", () -> world.iRecv(IntBuffer.wrap(data), 1, MPI.INT, 0, 0));
            Check.fails(MPI.ERR_BUFFER, "read-only", () -> world.recv(MPI.newIntBuffer(4).asReadOnlyBuffer(), 1, MPI.INT, 0, 0));
            Check.fails(MPI.ERR_ROOT, "root=" + size, () -> world.bcast(data, 1, MPI.INT, size));
            Check.fails(MPI.ERR_OP, "op is null", () -> world.allReduce(data, new int[4], 1, MPI.INT, null));
            Check.fails(MPI.ERR_OP, "MPI.LAND is not defined on MPI.INT", () -> world.allReduce(data, new int[4], 1, MPI.INT, MPI.LAND));
            Check.fails(MPI.ERR_OP, "takes (value, index) pairs", () -> world.allReduce(data, new int[4], 1, MPI.INT, MPI.MAXLOC));
            Check.fails(MPI.ERR_OP, "one-sided", () -> world.allReduce(data, new int[4], 1, MPI.INT, MPI.REPLACE));
            Check.fails(MPI.ERR_UNSUPPORTED_OPERATION, "one-sided communication (MPI.Win) is not in OpenMPJ",
                () -> new Win(MPI.newByteBuffer(8), 8, 1, MPI.INFO_NULL, world));
            Check.fails(MPI.ERR_UNSUPPORTED_OPERATION, "MPI-IO (MPI.File) is not in OpenMPJ",
                () -> new File(world, "/tmp/never", MPI.MODE_RDONLY));
            Check.fails(MPI.ERR_UNSUPPORTED_OPERATION, "MPI-IO", () -> File.delete("/tmp/never"));
            Check.fails(MPI.ERR_COMM, "cannot be freed", () -> world.free());
            Check.fails(MPI.ERR_ARG, "errhandler is null", () -> world.setErrhandler(null));
            // The job goes on after every failure: a collective still works.
            final int[] sum = new int[1];
            world.allReduce(new int[] {1}, sum, 1, MPI.INT, MPI.SUM);
            Check.equal(size, sum[0], "sum after failures");
            MPI.Finalize();
        }
    }

    /** Under the default handler, ERRORS_ARE_FATAL, a bad call on rank 0 aborts the job; the others wait in a barrier. */
    public static final class ErrorsAreFatal
    {
        public static void main(final String[] args) throws MPIException
        {
            MPI.Init(args);
            if (MPI.COMM_WORLD.getRank() == 0)
            {
                MPI.COMM_WORLD.send(new int[1], 1, MPI.INT, MPI.COMM_WORLD.getSize() + 3, 0);
            }
            MPI.COMM_WORLD.barrier();
            MPI.Finalize();
        }
    }

    /** A rank's call of abort ends the job with its error code. */
    public static final class Abort
    {
        public static void main(final String[] args) throws MPIException
        {
            MPI.Init(args);
            if (MPI.COMM_WORLD.getRank() == MPI.COMM_WORLD.getSize() - 1)
            {
                MPI.COMM_WORLD.abort(42);
            }
            MPI.COMM_WORLD.barrier();
            MPI.Finalize();
        }
    }

    /** Groups of the world communicator and the set operations on them. */
    public static final class Groups
    {
        public static void main(final String[] args) throws MPIException
        {
            MPI.Init(args);
            final int size = MPI.COMM_WORLD.getSize();
            final int rank = MPI.COMM_WORLD.getRank();
            final Group world = MPI.COMM_WORLD.getGroup();
            Check.equal(size, world.getSize(), "group size");
            Check.equal(rank, world.getRank(), "group rank");
            Check.equal(0, MPI.GROUP_EMPTY.getSize(), "empty group");
            Check.equal(MPI.UNDEFINED, MPI.GROUP_EMPTY.getRank(), "rank in the empty group");
            final Group first = world.incl(new int[] {0});
            Check.equal(1, first.getSize(), "incl size");
            Check.equal(rank == 0 ? 0 : MPI.UNDEFINED, first.getRank(), "rank in incl");
            final Group rest = world.excl(new int[] {0});
            Check.equal(size - 1, rest.getSize(), "excl size");
            Check.equal(MPI.IDENT, Group.compare(world, Group.union(first, rest)), "first + rest = world");
            Check.equal(0, Group.intersection(first, rest).getSize(), "first and rest are disjoint");
            Check.equal(size - 1, Group.difference(world, first).getSize(), "world - first");
            final int[] reversed = new int[size];
            for (int i = 0; i < size; i++)
            {
                reversed[i] = size - 1 - i;
            }
            final Group backwards = world.incl(reversed);
            Check.equal(size == 1 ? MPI.IDENT : MPI.SIMILAR, Group.compare(world, backwards), "reversed group");
            Check.equal(new int[] {size - 1, MPI.PROC_NULL}, Group.translateRanks(world, new int[] {0, MPI.PROC_NULL}, backwards),
                "translated ranks");
            Check.equal(size == 1 ? 1 : (size + 1) / 2, world.rangeIncl(new int[][] {{0, size - 1, 2}}).getSize(), "range of even ranks");
            Check.equal(size / 2, world.rangeExcl(new int[][] {{0, size - 1, 2}}).getSize(), "without the even ranks");
            backwards.free();
            Check.isTrue(backwards.isNull(), "freed group is null");
            MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_RETURN);
            Check.fails(MPI.ERR_GROUP, "null", () -> backwards.getSize());
            Check.fails(MPI.ERR_RANK, "", () -> world.incl(new int[] {size}));
            MPI.Finalize();
        }
    }

    /** Direct buffers in native order, slices of arrays and buffers, and buffered sends through an attached buffer. */
    public static final class BuffersAndSlices
    {
        public static void main(final String[] args) throws MPIException
        {
            MPI.Init(args);
            final IntBuffer ints = MPI.newIntBuffer(10);
            Check.isTrue(ints.isDirect() && ints.capacity() == 10 && ints.order() == ByteOrder.nativeOrder(), "newIntBuffer");
            final DoubleBuffer doubles = MPI.newDoubleBuffer(3);
            Check.isTrue(doubles.isDirect() && doubles.capacity() == 3, "newDoubleBuffer");
            Check.isTrue(MPI.newByteBuffer(5).order() == ByteOrder.nativeOrder(), "newByteBuffer order");
            final int[] array = {0, 1, 2, 3, 4, 5};
            final IntBuffer tail = MPI.slice(array, 2);
            Check.equal(2, tail.get(0), "slice of an array starts at the offset");
            for (int i = 0; i < 10; i++)
            {
                ints.put(i, i * i);
            }
            ints.position(7);
            Check.equal(9, MPI.slice(ints, 3).get(0), "slice of a buffer ignores its position");
            final int rank = MPI.COMM_WORLD.getRank();
            final int size = MPI.COMM_WORLD.getSize();
            final byte[] attached = new byte[1024];
            MPI.attachBuffer(attached);
            final int next = (rank + 1) % size;
            final int prev = (rank + size - 1) % size;
            // Buffered sends from a slice of an array: elements 2 to 4 of this rank's array.
            final int[] mine = {-1, -1, rank * 10, rank * 10 + 1, rank * 10 + 2, -1};
            MPI.COMM_WORLD.bSend(MPI.slice(mine, 2), 3, MPI.INT, next, 1);
            final int[] got = new int[5];
            final Status status = MPI.COMM_WORLD.recv(MPI.slice(got, 1), 3, MPI.INT, prev, 1);
            Check.equal(new int[] {0, prev * 10, prev * 10 + 1, prev * 10 + 2, 0}, got, "received into a slice");
            Check.equal(3, status.getCount(MPI.INT), "count");
            Check.equal(prev, status.getSource(), "source");
            Check.isTrue(MPI.detachBuffer() == attached, "detach gives the attached array");
            final ByteBuffer bytes = MPI.newByteBuffer(8);
            bytes.putInt(0, rank).putInt(4, -rank);
            final int[] fromBytes = new int[2];
            MPI.COMM_WORLD.sendRecv(bytes, 2, MPI.INT, next, 2, fromBytes, 2, MPI.INT, prev, 2);
            Check.equal(new int[] {prev, -prev}, fromBytes, "ints from a byte buffer");
            MPI.Finalize();
        }
    }
}
