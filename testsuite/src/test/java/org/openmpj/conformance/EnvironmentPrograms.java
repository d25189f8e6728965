package org.openmpj.conformance;

import static org.openmpj.conformance.Exchange.RING_TAG;
import static org.openmpj.conformance.Exchange.next;
import static org.openmpj.conformance.Exchange.prev;

import java.nio.ByteBuffer;

import mpi.MPI;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;

import org.openmpj.testing.Check;

/**
 * The programs of the environment suite: start-up and shut-down, timers and attributes, and calls with bad
 * arguments. Each works at any number of ranks from 1 up.
 */
final class EnvironmentPrograms
{
    private EnvironmentPrograms()
    {
    }

    /**
     * Init hands back the arguments; Initialized and Finalized follow the life cycle; timers, processor name and
     * TAG_UB are sane; MPI calls before Init or after Finalize, a second Init and a second Finalize fail naming
     * the cause. Run with the arguments {@code "a", "b c"}.
     */
    public static final class Environment
    {
        public static void main(final String[] args)
        {
            Check.that(!MPI.Initialized(), "Initialized before Init");
            Check.that(!MPI.Finalized(), "Finalized before Init");
            Check.fails(MPI.ERR_OTHER, () -> MPI.COMM_WORLD.Rank(), "Rank", "Init");
            Check.fails(MPI.ERR_OTHER, () -> MPI.COMM_WORLD.Send(new int[1], 0, 1, MPI.INT, 0, 0), "Send", "Init");
            Check.fails(MPI.ERR_OTHER, MPI::Get_processor_name, "Init");
            Check.fails(MPI.ERR_OTHER, () -> MPI.Buffer_attach(new byte[100]), "Init");
            Check.fails(MPI.ERR_OTHER, MPI::Finalize, "Finalize", "Init");
            Check.fails(MPI.ERR_ARG, () -> MPI.initThread(99, MPI.THREAD_SINGLE, args), "required=99");
            Check.that(!MPI.Initialized(), "Initialized after initThread with a bad level");

            final String[] returned = MPI.Init(args);
            Check.equal(new String[] {"a", "b c"}, returned, "the arguments Init returns");
            Check.equal(new String[] {"a", "b c"}, args, "the arguments after Init");
            Check.that(MPI.Initialized(), "Initialized after Init");
            Check.that(!MPI.Finalized(), "Finalized after Init");
            Check.fails(MPI.ERR_OTHER, () -> MPI.Init(args), "Init");
            Check.that(MPI.Initialized() && !MPI.Finalized(), "state after a failed second Init");

            final double start = MPI.Wtime();
            double last = start;
            for (int i = 0; i < 1_000; i++)
            {
                final double now = MPI.Wtime();
                Check.that(now >= last, "Wtime went back from " + last + " to " + now);
                last = now;
            }
            Exchange.pause(20);
            final double elapsed = MPI.Wtime() - start;
            Check.that(elapsed >= 0.019 && elapsed < 30, "Wtime measured " + elapsed + " s over a sleep of 20 ms");
            final double tick = MPI.Wtick();
            Check.that(tick > 0 && tick < 1e-3, "Wtick " + tick + " should be positive and below a millisecond");

            final String host = MPI.Get_processor_name();
            Check.that(host != null && !host.isEmpty(), "Get_processor_name is empty");
            Check.that(host.length() <= MPI.MAX_PROCESSOR_NAME, "Get_processor_name is longer than MPI.MAX_PROCESSOR_NAME");
            final Object tagUb = MPI.COMM_WORLD.Attr_get(MPI.TAG_UB);
            Check.that(tagUb instanceof Integer, "Attr_get(MPI.TAG_UB) is an Integer, not " + tagUb);
            final int largestTag = (Integer)tagUb;
            Check.that(largestTag >= 32_767, "MPI.TAG_UB " + largestTag + " is at least 32767");
            final int level = MPI.queryThread();
            Check.that(level >= MPI.THREAD_SINGLE && level <= MPI.THREAD_MULTIPLE, "queryThread " + level + " is a thread level");
            Check.that(MPI.isMainThread(), "isMainThread on the thread that called Init");
            Check.that(MPI.COMM_WORLD.Errhandler_get() == MPI.ERRORS_RETURN, "the default error handler is MPI.ERRORS_RETURN");
            for (final int key : new int[] {MPI.HOST, MPI.IO, MPI.WTIME_IS_GLOBAL})
            {
                Check.that(MPI.COMM_WORLD.Attr_get(key) instanceof Integer, "Attr_get(" + key + ") is an Integer");
            }
            Check.fails(MPI.ERR_ARG, () -> MPI.COMM_WORLD.Attr_delete(MPI.TAG_UB), "predefined");
            Check.fails(MPI.ERR_ARG, () -> MPI.COMM_WORLD.Attr_delete(12345), "key 12345");
            Check.that(MPI.GROUP_NULL == null, "MPI.GROUP_NULL is null");

            final int[] in = new int[1];
            final Request send = MPI.COMM_WORLD.Isend(new int[] {MPI.COMM_WORLD.Rank()}, 0, 1, MPI.INT, next(), largestTag);
            final Status status = MPI.COMM_WORLD.Recv(in, 0, 1, MPI.INT, prev(), largestTag);
            send.Wait();
            Check.equal(largestTag, status.tag, "a message with tag MPI.TAG_UB");
            Check.equal(prev(), in[0], "data of a message with tag MPI.TAG_UB");
            Exchange.checkRing(20, "the environment queries");

            MPI.Finalize();
            Check.that(MPI.Initialized(), "Initialized after Finalize");
            Check.that(MPI.Finalized(), "Finalized after Finalize");
            Check.fails(MPI.ERR_OTHER, () -> MPI.COMM_WORLD.Rank(), "Rank", "Finalize");
            Check.fails(MPI.ERR_OTHER, () -> MPI.COMM_WORLD.Isend(new int[1], 0, 1, MPI.INT, 0, 0), "Isend", "Finalize");
            Check.fails(MPI.ERR_OTHER, MPI::Finalize, "Finalize");
            Check.fails(MPI.ERR_OTHER, () -> MPI.Init(args), "Init", "Finalize");
        }
    }

    /**
     * Every kind of bad argument fails the call with an MPIException of the right class whose message names
     * the value; nothing is sent or posted, and the job goes on (each failure is followed by an exchange that
     * would notice a stray message).
     */
    public static final class BadArguments
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int size = MPI.COMM_WORLD.Size();
            final int[] ints = new int[10];
            final int bad = size + 3;
            final int[] stray = {-999};

            Check.fails(MPI.ERR_RANK, () -> MPI.COMM_WORLD.Send(stray, 0, 1, MPI.INT, bad, RING_TAG),
                "dest=" + bad + " out of range for communicator of size " + size);
            Check.fails(MPI.ERR_RANK, () -> MPI.COMM_WORLD.Isend(stray, 0, 1, MPI.INT, -5, RING_TAG), "dest=-5");
            Check.fails(MPI.ERR_RANK, () -> MPI.COMM_WORLD.Ssend(stray, 0, 1, MPI.INT, MPI.ANY_SOURCE, RING_TAG),
                "dest=" + MPI.ANY_SOURCE);
            Check.fails(MPI.ERR_RANK, () -> MPI.COMM_WORLD.Recv(ints, 0, 1, MPI.INT, bad, RING_TAG),
                "source=" + bad + " out of range for communicator of size " + size);
            Check.fails(MPI.ERR_RANK, () -> MPI.COMM_WORLD.Irecv(ints, 0, 1, MPI.INT, -7, RING_TAG), "source=-7");
            Check.fails(MPI.ERR_RANK, () -> MPI.COMM_WORLD.Probe(bad, RING_TAG), "source=" + bad);
            Check.fails(MPI.ERR_RANK, () -> MPI.COMM_WORLD.Iprobe(bad, RING_TAG), "source=" + bad);
            Exchange.checkRing(21, "bad ranks");

            Check.fails(MPI.ERR_COUNT, () -> MPI.COMM_WORLD.Send(stray, 0, -1, MPI.INT, next(), RING_TAG), "count=-1");
            Check.fails(MPI.ERR_COUNT, () -> MPI.COMM_WORLD.Irecv(ints, 0, -2, MPI.INT, prev(), RING_TAG), "count=-2");
            Check.fails(MPI.ERR_ARG, () -> MPI.COMM_WORLD.Isend(stray, -1, 1, MPI.INT, next(), RING_TAG), "offset=-1");
            Check.fails(MPI.ERR_ARG, () -> MPI.COMM_WORLD.Recv(ints, -3, 1, MPI.INT, prev(), RING_TAG), "offset=-3");
            Check.fails(MPI.ERR_BUFFER, () -> MPI.COMM_WORLD.Send(ints, 8, 5, MPI.INT, next(), RING_TAG),
                "offset=8", "count=5", "length 10");
            Check.fails(MPI.ERR_BUFFER, () -> MPI.COMM_WORLD.Irecv(ints, 0, 11, MPI.INT, prev(), RING_TAG),
                "offset=0", "count=11", "length 10");
            Exchange.checkRing(22, "bad counts and offsets");

            Check.fails(MPI.ERR_TYPE, () -> MPI.COMM_WORLD.Send(stray, 0, 1, MPI.DOUBLE, next(), RING_TAG),
                "int[]", "MPI.DOUBLE", "double[]");
            Check.fails(MPI.ERR_TYPE, () -> MPI.COMM_WORLD.Recv(new long[1], 0, 1, MPI.INT, prev(), RING_TAG),
                "long[]", "MPI.INT", "int[]");
            Check.fails(MPI.ERR_TYPE, () -> MPI.COMM_WORLD.Isend(stray, 0, 1, MPI.OBJECT, next(), RING_TAG), "int[]", "Object[]");
            Check.fails(MPI.ERR_TYPE, () -> MPI.COMM_WORLD.Send(stray, 0, 1, null, next(), RING_TAG), "datatype is null");
            Check.fails(MPI.ERR_TYPE, () -> MPI.COMM_WORLD.Send(stray, 0, 1, MPI.LB, next(), RING_TAG), "MPI.LB");
            Check.fails(MPI.ERR_BUFFER, () -> MPI.COMM_WORLD.Send(null, 0, 1, MPI.INT, next(), RING_TAG), "null");
            Check.fails(MPI.ERR_BUFFER, () -> MPI.COMM_WORLD.Irecv(null, 0, 1, MPI.INT, prev(), RING_TAG), "null");
            Check.fails(MPI.ERR_TYPE, () -> MPI.COMM_WORLD.Send(new Object[] {"fine", new Object()}, 0, 2, MPI.OBJECT, next(), RING_TAG),
                "element 1", "java.lang.Object", "Serializable");
            final Request mixed = MPI.COMM_WORLD.Isend(new Object[] {"text", 7}, 0, 2, MPI.OBJECT, next(), RING_TAG);
            Check.fails(MPI.ERR_TYPE, () -> MPI.COMM_WORLD.Recv(new String[2], 0, 2, MPI.OBJECT, prev(), RING_TAG),
                "element 1", "java.lang.Integer", "String[]");
            mixed.Wait();
            Check.fails(MPI.ERR_TYPE, () -> new Status().Get_count(null), "null");
            Check.fails(MPI.ERR_ARG, () -> MPI.COMM_WORLD.Errhandler_set(null), "null");
            Check.fails(MPI.ERR_BUFFER, () -> MPI.Buffer_attach((byte[])null), "null");
            Check.fails(MPI.ERR_BUFFER, () -> MPI.Buffer_attach((ByteBuffer)null), "null");
            Exchange.checkRing(23, "bad buffers and datatypes");

            Check.fails(MPI.ERR_TAG, () -> MPI.COMM_WORLD.Send(stray, 0, 1, MPI.INT, next(), -1), "tag=-1");
            Check.fails(MPI.ERR_TAG, () -> MPI.COMM_WORLD.Isend(stray, 0, 1, MPI.INT, next(), MPI.ANY_TAG), "tag=" + MPI.ANY_TAG);
            Check.fails(MPI.ERR_TAG, () -> MPI.COMM_WORLD.Recv(ints, 0, 1, MPI.INT, prev(), -5), "tag=-5");
            Check.fails(MPI.ERR_TAG, () -> MPI.COMM_WORLD.Iprobe(prev(), -5), "tag=-5");
            Exchange.checkRing(24, "bad tags");

            Check.fails(MPI.ERR_RANK, () -> MPI.COMM_WORLD.Sendrecv(stray, 0, 1, MPI.INT, next(), RING_TAG,
                ints, 0, 1, MPI.INT, bad, RING_TAG), "source=" + bad);
            Check.fails(MPI.ERR_RANK, () -> MPI.COMM_WORLD.Sendrecv(stray, 0, 1, MPI.INT, bad, RING_TAG,
                ints, 0, 1, MPI.INT, prev(), RING_TAG), "dest=" + bad);
            Check.fails(MPI.ERR_COUNT, () -> MPI.COMM_WORLD.Sendrecv_replace(ints, 0, -1, MPI.INT, next(), RING_TAG, prev(), RING_TAG),
                "count=-1");
            Check.fails(MPI.ERR_RANK, () -> MPI.COMM_WORLD.Send_init(stray, 0, 1, MPI.INT, bad, RING_TAG), "dest=" + bad);
            Check.fails(MPI.ERR_TAG, () -> MPI.COMM_WORLD.Recv_init(ints, 0, 1, MPI.INT, prev(), -4), "tag=-4");
            Exchange.checkRing(25, "bad combined and persistent calls");

            freedRequests();
            Exchange.checkRing(26, "using freed requests");
            MPI.Finalize();
        }

        /** A freed request cannot be waited for, tested, cancelled or started; its operation still completes. */
        private static void freedRequests()
        {
            final int rank = MPI.COMM_WORLD.Rank();
            final Request send = MPI.COMM_WORLD.Isend(new int[] {rank}, 0, 1, MPI.INT, next(), 5);
            send.Free();
            Check.fails(MPI.ERR_REQUEST, send::Wait, "Wait", "Free");
            Check.fails(MPI.ERR_REQUEST, send::Test, "Test", "Free");
            Check.fails(MPI.ERR_REQUEST, send::Cancel, "Cancel", "Free");
            Check.fails(MPI.ERR_REQUEST, () -> Request.Waitall(new Request[] {send}), "Free");
            Check.fails(MPI.ERR_REQUEST, () -> Request.Waitany(new Request[] {send}), "Free");
            Check.fails(MPI.ERR_REQUEST, () -> Request.Testsome(new Request[] {send}), "Free");
            final int[] in = new int[1];
            MPI.COMM_WORLD.Recv(in, 0, 1, MPI.INT, prev(), 5);
            Check.equal(prev(), in[0], "the message of a freed send request");

            final Prequest persistent = MPI.COMM_WORLD.Send_init(in, 0, 1, MPI.INT, next(), 6);
            persistent.Free();
            Check.fails(MPI.ERR_REQUEST, persistent::Start, "Start", "Free");
            Check.fails(MPI.ERR_REQUEST, () -> Prequest.Startall(new Prequest[] {persistent}), "Free");
            Check.fails(MPI.ERR_REQUEST, () -> Request.Waitall(null), "null");
            Check.fails(MPI.ERR_REQUEST, () -> Request.Testany(null), "null");
        }
    }

    /**
     * New communicators inherit their parent's handler; a communicator under MPI.ERRORS_RETURN reports a bad call
     * by exception and the job goes on, even while the world's handler is MPI.ERRORS_ARE_FATAL.
     */
    public static final class HandlersArePerCommunicator
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            MPI.COMM_WORLD.Errhandler_set(MPI.ERRORS_ARE_FATAL);
            final mpi.Intracomm dup = MPI.COMM_WORLD.Dup();
            Check.that(dup.Errhandler_get() == MPI.ERRORS_ARE_FATAL, "a duplicate inherits MPI.ERRORS_ARE_FATAL");
            dup.Errhandler_set(MPI.ERRORS_RETURN);
            final mpi.Intracomm split = dup.Split(0, 0);
            Check.that(split.Errhandler_get() == MPI.ERRORS_RETURN, "a split inherits MPI.ERRORS_RETURN");
            Check.fails(MPI.ERR_RANK, () -> dup.Send(new int[1], 0, 1, MPI.INT, dup.Size(), 0), "dest=" + dup.Size());
            Check.fails(MPI.ERR_ARG, () -> split.Errhandler_set(null), "handler is null");
            MPI.COMM_WORLD.Barrier();
            MPI.COMM_WORLD.Errhandler_set(MPI.ERRORS_RETURN);
            Check.fails(MPI.ERR_RANK, () -> MPI.COMM_WORLD.Group().Incl(new int[] {-1}), "rank -1");
            split.Free();
            dup.Free();
            MPI.Finalize();
        }
    }
}
