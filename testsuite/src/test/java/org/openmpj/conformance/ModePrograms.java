package org.openmpj.conformance;

import static org.openmpj.conformance.Exchange.RENDEZVOUS_INTS;
import static org.openmpj.conformance.Exchange.next;
import static org.openmpj.conformance.Exchange.pause;
import static org.openmpj.conformance.Exchange.prev;

import java.util.Arrays;

import mpi.MPI;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;

import org.openmpj.testing.Check;

/**
 * The programs of the point-to-point suite about how operations end: truncation, send modes, cancellation,
 * {@code PROC_NULL} and the combined send-receive. Each works at any number of ranks from 1 up.
 */
final class ModePrograms
{
    private ModePrograms()
    {
    }

    /**
     * A message longer than the receive buffer fails the receive with ERR_TRUNCATE naming both sizes, on
     * every path (waiting unexpected, pre-posted, rendezvous, objects); the send still completes and later
     * messages go through.
     */
    public static final class Truncation
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int[] ten = new int[10];
            for (int i = 0; i < ten.length; i++)
            {
                ten[i] = rank * 100 + i;
            }
            final int[] small = new int[5];

            final Request tooLong = MPI.COMM_WORLD.Isend(ten, 0, 10, MPI.INT, next(), 1);
            final Request fits = MPI.COMM_WORLD.Isend(new int[] {7, 8, 9}, 0, 3, MPI.INT, next(), 2);
            final Request sent = Exchange.signal(next(), Exchange.SENT_TAG);
            Exchange.awaitSignal(prev(), Exchange.SENT_TAG);
            Check.fails(MPI.ERR_TRUNCATE, () -> MPI.COMM_WORLD.Recv(small, 0, 5, MPI.INT, prev(), 1), "40 bytes", "20 bytes");
            final Status ok = MPI.COMM_WORLD.Recv(small, 0, 5, MPI.INT, prev(), 2);
            Check.equal(3, ok.Get_count(MPI.INT), "count of the message after the truncated one");
            Check.equal(new int[] {7, 8, 9}, Arrays.copyOf(small, 3), "message after the truncated one");
            tooLong.Wait();
            fits.Wait();
            sent.Wait();

            final Request posted = MPI.COMM_WORLD.Irecv(small, 0, 4, MPI.INT, prev(), 3);
            final Request ready = Exchange.signal(prev(), Exchange.POSTED_TAG);
            Exchange.awaitSignal(next(), Exchange.POSTED_TAG);
            final Request send3 = MPI.COMM_WORLD.Isend(ten, 0, 10, MPI.INT, next(), 3);
            Check.fails(MPI.ERR_TRUNCATE, posted::Wait, "40 bytes", "16 bytes");
            Check.that(posted.Is_null(), "a request whose wait failed is done with");
            send3.Wait();
            ready.Wait();

            final int[] large = new int[RENDEZVOUS_INTS];
            final Request send4 = MPI.COMM_WORLD.Isend(large, 0, large.length, MPI.INT, next(), 4);
            final int[] half = new int[RENDEZVOUS_INTS / 2];
            final Request receive4 = MPI.COMM_WORLD.Irecv(half, 0, half.length, MPI.INT, prev(), 4);
            Check.fails(MPI.ERR_TRUNCATE, () ->
            {
                while (receive4.Test() == null)
                {
                    Thread.yield();
                }
            }, RENDEZVOUS_INTS * 4 + " bytes", RENDEZVOUS_INTS * 2 + " bytes");
            send4.Wait();

            final Object[] objects = {"a", "b", "c", "d", "e"};
            final Request send5 = MPI.COMM_WORLD.Isend(objects, 0, 5, MPI.OBJECT, next(), 5);
            final Object[] two = new Object[2];
            Check.fails(MPI.ERR_TRUNCATE, () -> MPI.COMM_WORLD.Recv(two, 0, 2, MPI.OBJECT, prev(), 5), "5 objects", "only 2");
            send5.Wait();

            Exchange.checkRing(4, "truncated receives");
            final Status whole = Exchange.viaUnexpected(MPI.INT, ten, 0, 10, new int[10], 0, 10, 1);
            Check.equal(10, whole.Get_count(MPI.INT), "a message that fits, after the truncations");
            MPI.Finalize();
        }
    }

    /**
     * Synchronous sends complete only once the receive has matched; a small standard send completes without
     * a matching receive; ready sends to posted receives deliver.
     */
    public static final class SendModes
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();

            issendToSelf(rank, 1);
            issendToSelf(rank, RENDEZVOUS_INTS);
            if (size >= 2)
            {
                final boolean sender = rank % 2 == 0 && rank + 1 < size;
                final boolean receiver = rank % 2 == 1;
                if (sender)
                {
                    issendBeforeReceive(rank + 1);
                    ssendBeforeReceive(rank + 1);
                }
                else if (receiver)
                {
                    receiveLate(rank - 1);
                    observeBlockedSsend(rank - 1);
                }
            }
            standardSendCompletesAlone(rank);
            readySends(rank);
            MPI.Finalize();
        }

        /** An Issend to this very rank does not complete before the matching receive is posted. */
        private static void issendToSelf(final int rank, final int count)
        {
            final int[] out = new int[count];
            out[count - 1] = rank + 17;
            final Request send = MPI.COMM_WORLD.Issend(out, 0, count, MPI.INT, rank, 5);
            for (int i = 0; i < 5; i++)
            {
                Check.that(send.Test() == null, "an Issend of " + count + " ints to self completed before any receive was posted");
                pause(1);
            }
            final int[] in = new int[count];
            final Status status = MPI.COMM_WORLD.Irecv(in, 0, count, MPI.INT, rank, 5).Wait();
            Check.equal(count, status.Get_count(MPI.INT), "count");
            Check.equal(rank + 17, in[count - 1], "data of the synchronous send to self");
            send.Wait();
            Check.that(send.Is_null(), "the Issend request is done with");
        }

        private static void issendBeforeReceive(final int peer)
        {
            final Request send = MPI.COMM_WORLD.Issend(new int[] {peer * 3}, 0, 1, MPI.INT, peer, 6);
            for (int i = 0; i < 20; i++)
            {
                Check.that(send.Test() == null, "Issend completed while its receiver was still waiting for a signal");
                pause(1);
            }
            final Request go = Exchange.signal(peer, 7);
            send.Wait();
            go.Wait();
        }

        private static void receiveLate(final int peer)
        {
            Exchange.awaitSignal(peer, 7);
            final int[] in = new int[1];
            MPI.COMM_WORLD.Recv(in, 0, 1, MPI.INT, peer, 6);
            Check.equal(MPI.COMM_WORLD.Rank() * 3, in[0], "data of the Issend");
        }

        private static void ssendBeforeReceive(final int peer)
        {
            MPI.COMM_WORLD.Ssend(new int[] {11}, 0, 1, MPI.INT, peer, 8);
            MPI.COMM_WORLD.Send(new int[] {12}, 0, 1, MPI.INT, peer, 9);
        }

        /** The "returned" message the sender sends after its Ssend cannot come while the Ssend is unmatched. */
        private static void observeBlockedSsend(final int peer)
        {
            final Status waiting = MPI.COMM_WORLD.Probe(peer, 8);
            Check.equal(1, waiting.Get_count(MPI.INT), "probed synchronous message");
            for (int i = 0; i < 20; i++)
            {
                Check.that(MPI.COMM_WORLD.Iprobe(peer, 9) == null, "Ssend returned before its message was received");
                pause(1);
            }
            final int[] in = new int[1];
            MPI.COMM_WORLD.Recv(in, 0, 1, MPI.INT, peer, 8);
            Check.equal(11, in[0], "Ssend data");
            MPI.COMM_WORLD.Recv(in, 0, 1, MPI.INT, peer, 9);
            Check.equal(12, in[0], "message after the Ssend");
        }

        /** A small standard send completes though its receiver only posts the receive after it completed. */
        private static void standardSendCompletesAlone(final int rank)
        {
            final Request send = MPI.COMM_WORLD.Isend(new int[] {rank + 5}, 0, 1, MPI.INT, next(), 10);
            final long deadline = System.nanoTime() + 10_000_000_000L;
            while (send.Test() == null)
            {
                Check.that(System.nanoTime() < deadline, "a standard send of 4 bytes did not complete without a matching receive");
                Thread.yield();
            }
            final Request done = Exchange.signal(next(), 11);
            Exchange.awaitSignal(prev(), 11);
            final int[] in = new int[1];
            MPI.COMM_WORLD.Recv(in, 0, 1, MPI.INT, prev(), 10);
            Check.equal(prev() + 5, in[0], "the eager message");
            done.Wait();
        }

        private static void readySends(final int rank)
        {
            final int[] in = new int[2];
            final Request receive = MPI.COMM_WORLD.Irecv(in, 0, 2, MPI.INT, prev(), 13);
            final Request posted = Exchange.signal(prev(), Exchange.POSTED_TAG);
            Exchange.awaitSignal(next(), Exchange.POSTED_TAG);
            MPI.COMM_WORLD.Rsend(new int[] {rank, 1}, 0, 2, MPI.INT, next(), 13);
            receive.Wait();
            Check.equal(new int[] {prev(), 1}, in, "Rsend data");
            posted.Wait();

            final Request receive2 = MPI.COMM_WORLD.Irecv(in, 0, 2, MPI.INT, prev(), 14);
            final Request posted2 = Exchange.signal(prev(), Exchange.POSTED_TAG);
            Exchange.awaitSignal(next(), Exchange.POSTED_TAG);
            final Request send = MPI.COMM_WORLD.Irsend(new int[] {rank, 2}, 0, 2, MPI.INT, next(), 14);
            receive2.Wait();
            send.Wait();
            Check.equal(new int[] {prev(), 2}, in, "Irsend data");
            posted2.Wait();
        }
    }

    /**
     * A cancelled receive completes as cancelled and does not take a later message; a cancelled large or
     * synchronous send that was never received disappears; a cancelled eager send arrives exactly when it reports
     * not cancelled; cancelling a receive that has matched changes nothing.
     */
    public static final class Cancel
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();

            final int[] in = {-1};
            final Request receive = MPI.COMM_WORLD.Irecv(in, 0, 1, MPI.INT, prev(), 20);
            receive.Cancel();
            final Status cancelled = Exchange.completeWithin(receive, "a cancelled receive");
            Check.that(cancelled.Test_cancelled(), "the cancelled receive's status says cancelled");
            Check.equal(-1, in[0], "buffer of the cancelled receive");
            final Request mayNowSend = Exchange.signal(prev(), 21);
            Exchange.awaitSignal(next(), 21);
            final Request send = MPI.COMM_WORLD.Isend(new int[] {rank}, 0, 1, MPI.INT, next(), 20);
            final Status got = MPI.COMM_WORLD.Recv(in, 0, 1, MPI.INT, prev(), 20);
            Check.that(!got.Test_cancelled(), "a normal receive is not cancelled");
            Check.equal(prev(), in[0], "the message after a cancelled receive");
            send.Wait();
            mayNowSend.Wait();

            final Request wildcard = MPI.COMM_SELF.Irecv(in, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
            wildcard.Cancel();
            final Status tested = Exchange.completeWithin(wildcard, "a cancelled wildcard receive");
            Check.that(tested.Test_cancelled(), "Test of the cancelled wildcard receive says cancelled");

            final int[] large = new int[100_000];
            final Request big = MPI.COMM_WORLD.Isend(large, 0, large.length, MPI.INT, next(), 22);
            big.Cancel();
            Check.that(Exchange.completeWithin(big, "a cancelled large send").Test_cancelled(),
                "a rendezvous send nobody received is cancelled");
            final Request sync = MPI.COMM_WORLD.Issend(new int[] {1}, 0, 1, MPI.INT, next(), 23);
            sync.Cancel();
            Check.that(Exchange.completeWithin(sync, "a cancelled synchronous send").Test_cancelled(),
                "a synchronous send nobody received is cancelled");
            final Request cancelledThem = Exchange.signal(next(), 24);
            Exchange.awaitSignal(prev(), 24);
            Check.that(MPI.COMM_WORLD.Iprobe(prev(), 22) == null, "the cancelled large send is still visible to its receiver");
            Check.that(MPI.COMM_WORLD.Iprobe(prev(), 23) == null, "the cancelled synchronous send is still visible to its receiver");
            final Request probed = Exchange.signal(prev(), 26);
            Exchange.awaitSignal(next(), 26);
            final Request later = MPI.COMM_WORLD.Isend(new int[] {rank + 1}, 0, 1, MPI.INT, next(), 22);
            final int[] in2 = new int[large.length];
            final Status laterStatus = MPI.COMM_WORLD.Recv(in2, 0, in2.length, MPI.INT, prev(), 22);
            Check.equal(1, laterStatus.Get_count(MPI.INT), "the message after a cancelled send with the same tag");
            Check.equal(prev() + 1, in2[0], "data of the message after a cancelled send");
            later.Wait();
            cancelledThem.Wait();
            probed.Wait();

            // Cancelling a small send that went out eagerly may or may not succeed, but the outcome must hold:
            // a send reported cancelled never arrives, one reported not cancelled does.
            final Request eager = MPI.COMM_WORLD.Isend(new int[] {rank + 50}, 0, 1, MPI.INT, next(), 27);
            eager.Cancel();
            final boolean withdrawn = Exchange.completeWithin(eager, "a cancelled eager send").Test_cancelled();
            final Request told = MPI.COMM_WORLD.Isend(new int[] {withdrawn ? 1 : 0}, 0, 1, MPI.INT, next(), 28);
            final int[] flag = new int[1];
            MPI.COMM_WORLD.Recv(flag, 0, 1, MPI.INT, prev(), 28);
            final Status there = MPI.COMM_WORLD.Iprobe(prev(), 27);
            if (flag[0] == 1)
            {
                Check.that(there == null, "a send reported cancelled arrived");
            }
            else
            {
                Check.that(there != null, "a send reported not cancelled did not arrive");
                MPI.COMM_WORLD.Recv(in, 0, 1, MPI.INT, prev(), 27);
                Check.equal(prev() + 50, in[0], "the eager send that was not cancelled");
            }
            told.Wait();

            final Request selfSend = MPI.COMM_SELF.Isend(new int[] {77}, 0, 1, MPI.INT, 0, 25);
            MPI.COMM_SELF.Probe(0, 25);
            final Request matched = MPI.COMM_SELF.Irecv(in, 0, 1, MPI.INT, 0, 25);
            matched.Cancel();
            final Status matchedStatus = matched.Wait();
            Check.that(!matchedStatus.Test_cancelled(), "cancelling a receive that had matched marked it cancelled");
            Check.equal(77, in[0], "data of a receive cancelled too late");
            selfSend.Wait();

            Exchange.checkRing(5, "cancellations");
            MPI.Finalize();
        }
    }

    /**
     * Every operation with MPI.PROC_NULL completes at once: source PROC_NULL, tag ANY_TAG, count 0, buffer
     * untouched.
     */
    public static final class ProcNull
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            final int[] buf = {42, 43};

            MPI.COMM_WORLD.Send(buf, 0, 2, MPI.INT, MPI.PROC_NULL, 1);
            MPI.COMM_WORLD.Ssend(buf, 0, 2, MPI.INT, MPI.PROC_NULL, 1);
            MPI.COMM_WORLD.Rsend(buf, 0, 2, MPI.INT, MPI.PROC_NULL, 1);
            isNull(MPI.COMM_WORLD.Recv(buf, 0, 2, MPI.INT, MPI.PROC_NULL, 1), "Recv");
            isNull(MPI.COMM_WORLD.Recv(buf, 0, 2, MPI.INT, MPI.PROC_NULL, MPI.ANY_TAG), "Recv with ANY_TAG");
            Check.equal(new int[] {42, 43}, buf, "buffer of a receive from PROC_NULL");

            final Request receive = MPI.COMM_WORLD.Irecv(buf, 0, 2, MPI.INT, MPI.PROC_NULL, 1);
            final Status tested = receive.Test();
            Check.that(tested != null, "Test of an Irecv from PROC_NULL completes at once");
            isNull(tested, "Irecv");
            final Request[] sends = {
                MPI.COMM_WORLD.Isend(buf, 0, 2, MPI.INT, MPI.PROC_NULL, 1),
                MPI.COMM_WORLD.Issend(buf, 0, 2, MPI.INT, MPI.PROC_NULL, 1),
                MPI.COMM_WORLD.Irsend(buf, 0, 2, MPI.INT, MPI.PROC_NULL, 1),
            };
            Check.that(Request.Testall(sends) != null, "Testall of sends to PROC_NULL completes at once");
            Check.equal(new int[] {42, 43}, buf, "buffer after PROC_NULL operations");

            final Status both = MPI.COMM_WORLD.Sendrecv(new int[] {1}, 0, 1, MPI.INT, MPI.PROC_NULL, 2,
                buf, 0, 2, MPI.INT, MPI.PROC_NULL, 2);
            isNull(both, "Sendrecv");
            isNull(MPI.COMM_WORLD.Sendrecv_replace(buf, 0, 2, MPI.INT, MPI.PROC_NULL, 3, MPI.PROC_NULL, 3), "Sendrecv_replace");
            Check.equal(new int[] {42, 43}, buf, "buffer after Sendrecv with PROC_NULL");

            final Status probed = MPI.COMM_WORLD.Probe(MPI.PROC_NULL, MPI.ANY_TAG);
            isNull(probed, "Probe");
            final Status iprobed = MPI.COMM_WORLD.Iprobe(MPI.PROC_NULL, 5);
            Check.that(iprobed != null, "Iprobe of PROC_NULL finds the null message");
            isNull(iprobed, "Iprobe");

            final Object[] objects = {"kept"};
            final Status objectStatus = MPI.COMM_WORLD.Recv(objects, 0, 1, MPI.OBJECT, MPI.PROC_NULL, 4);
            isNull(objectStatus, "Recv of objects");
            Check.equal(0, objectStatus.Get_count(MPI.OBJECT), "object count from PROC_NULL");
            Check.equal("kept", objects[0], "object buffer after a receive from PROC_NULL");
            MPI.COMM_WORLD.Send(objects, 0, 1, MPI.OBJECT, MPI.PROC_NULL, 4);

            final Prequest persistentSend = MPI.COMM_WORLD.Send_init(buf, 0, 2, MPI.INT, MPI.PROC_NULL, 6);
            final Prequest persistentRecv = MPI.COMM_WORLD.Recv_init(buf, 0, 2, MPI.INT, MPI.PROC_NULL, 6);
            for (int i = 0; i < 3; i++)
            {
                Prequest.Startall(new Prequest[] {persistentSend, persistentRecv});
                persistentSend.Wait();
                isNull(persistentRecv.Wait(), "persistent receive");
            }

            MPI.Buffer_attach(new byte[8 + MPI.BSEND_OVERHEAD]);
            MPI.COMM_WORLD.Bsend(new int[100], 0, 100, MPI.INT, MPI.PROC_NULL, 7);
            MPI.COMM_WORLD.Ibsend(new int[100], 0, 100, MPI.INT, MPI.PROC_NULL, 7).Wait();
            MPI.COMM_WORLD.Bsend(new int[2], 0, 2, MPI.INT, rank, 7);
            MPI.COMM_WORLD.Recv(new int[2], 0, 2, MPI.INT, rank, 7);
            MPI.Buffer_detach();

            // A shift without wrap-around: the first rank receives from, the last sends to, PROC_NULL.
            final int up = rank + 1 < size ? rank + 1 : MPI.PROC_NULL;
            final int down = rank > 0 ? rank - 1 : MPI.PROC_NULL;
            final int[] in = {-5};
            final Status shifted = MPI.COMM_WORLD.Sendrecv(new int[] {rank}, 0, 1, MPI.INT, up, 8, in, 0, 1, MPI.INT, down, 8);
            if (down == MPI.PROC_NULL)
            {
                isNull(shifted, "shift at rank 0");
                Check.equal(-5, in[0], "buffer of rank 0 in the shift");
            }
            else
            {
                Check.equal(down, shifted.source, "shift source");
                Check.equal(down, in[0], "shift data");
            }
            Exchange.checkRing(6, "PROC_NULL operations");
            MPI.Finalize();
        }

        private static void isNull(final Status status, final String what)
        {
            Check.equal(MPI.PROC_NULL, status.source, what + " status source");
            Check.equal(MPI.ANY_TAG, status.tag, what + " status tag");
            Check.equal(0, status.Get_count(MPI.INT), what + " count");
            Check.that(!status.Test_cancelled(), what + " not cancelled");
        }
    }

    /** Sendrecv at every shift around the ring, with wildcards, large messages, and Sendrecv_replace with offsets. */
    public static final class SendrecvRing
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            for (int shift = 1; shift <= size; shift++)
            {
                final int dest = (rank + shift) % size;
                final int source = (rank + size - shift) % size;
                final int[] in = new int[3];
                final Status status = MPI.COMM_WORLD.Sendrecv(new int[] {rank, shift, -rank}, 0, 3, MPI.INT, dest, shift,
                    in, 0, 3, MPI.INT, source, shift);
                Check.equal(new int[] {source, shift, -source}, in, "Sendrecv data at shift " + shift);
                Check.equal(source, status.source, "Sendrecv source at shift " + shift);
                Check.equal(shift, status.tag, "Sendrecv tag at shift " + shift);
                Check.equal(3, status.Get_count(MPI.INT), "Sendrecv count at shift " + shift);
            }

            final double[] large = new double[100_000];
            Arrays.fill(large, rank + 0.25);
            final double[] largeIn = new double[large.length];
            MPI.COMM_WORLD.Sendrecv(large, 0, large.length, MPI.DOUBLE, next(), 40, largeIn, 0, largeIn.length, MPI.DOUBLE, prev(), 40);
            for (final double value : largeIn)
            {
                if (value != prev() + 0.25)
                {
                    Check.equal(prev() + 0.25, value, "large Sendrecv data");
                }
            }

            final long[] buf = new long[10];
            for (int i = 0; i < buf.length; i++)
            {
                buf[i] = rank * 100L + i;
            }
            final Status replaced = MPI.COMM_WORLD.Sendrecv_replace(buf, 2, 5, MPI.LONG, next(), 41, prev(), 41);
            Check.equal(5, replaced.Get_count(MPI.LONG), "Sendrecv_replace count");
            for (int i = 0; i < buf.length; i++)
            {
                final long expected = i >= 2 && i < 7 ? prev() * 100L + i : rank * 100L + i;
                Check.equal(expected, buf[i], "Sendrecv_replace element " + i);
            }

            final Object[] objects = {"x", "from " + rank, rank};
            MPI.COMM_WORLD.Sendrecv_replace(objects, 1, 2, MPI.OBJECT, next(), 42, prev(), 42);
            Check.equal(new Object[] {"x", "from " + prev(), prev()}, objects, "Sendrecv_replace of objects");

            // Last, so that the only messages that can be waiting here are the previous rank's, in order.
            final int[] in = new int[1];
            final Status any = MPI.COMM_WORLD.Sendrecv(new int[] {rank + 1}, 0, 1, MPI.INT, next(), 43,
                in, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
            Check.equal(prev(), any.source, "wildcard Sendrecv source");
            Check.equal(43, any.tag, "wildcard Sendrecv tag");
            Check.equal(prev() + 1, in[0], "wildcard Sendrecv data");
            Exchange.checkRing(7, "Sendrecv");
            MPI.Finalize();
        }
    }
}
