package org.openmpj.conformance;

import static org.openmpj.conformance.Exchange.next;
import static org.openmpj.conformance.Exchange.prev;

import java.nio.ByteBuffer;
import java.util.Arrays;

import mpi.MPI;
import mpi.MPIException;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;

import org.openmpj.testing.Check;

/**
 * The programs of the request suite: persistent requests, buffered sends, and arrays of requests with null
 * entries and errors. Each works at any number of ranks from 1 up.
 */
final class RequestPrograms
{
    private RequestPrograms()
    {
    }

    /**
     * Persistent requests of every mode, started again and again with new buffer contents; a persistent
     * request is never the null request, and starting one that is active fails with ERR_REQUEST.
     */
    public static final class Persistent
    {
        static final int ROUNDS = 30;

        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int[] out = new int[5];
            final int[] in = new int[7];
            Arrays.fill(in, -1);

            final Prequest standard = MPI.COMM_WORLD.Send_init(out, 1, 3, MPI.INT, next(), 10);
            final Prequest receive = MPI.COMM_WORLD.Recv_init(in, 2, 3, MPI.INT, prev(), 10);
            Check.that(!standard.Is_null() && !receive.Is_null(), "a persistent request before its first start is not null");
            for (int round = 0; round < ROUNDS; round++)
            {
                fill(out, rank, round);
                Prequest.Startall(new Prequest[] {receive, standard});
                Check.that(!receive.Is_null(), "an active persistent request is not null");
                final Status status;
                switch (round % 3)
                {
                    case 0 -> status = Request.Waitall(new Request[] {receive, standard})[0];
                    case 1 ->
                    {
                        status = receive.Wait();
                        standard.Wait();
                    }
                    default -> status = testAll(receive, standard);
                }
                check(in, status, round, 10, "Send_init");
                Check.that(!receive.Is_null() && !standard.Is_null(), "a completed persistent request is not null");
            }

            final Prequest synchronous = MPI.COMM_WORLD.Ssend_init(out, 1, 3, MPI.INT, next(), 11);
            final Prequest receive11 = MPI.COMM_WORLD.Recv_init(in, 2, 3, MPI.INT, prev(), 11);
            for (int round = 0; round < ROUNDS; round++)
            {
                fill(out, rank + 1, round);
                Prequest.Startall(new Prequest[] {receive11, synchronous});
                final Status status = receive11.Wait();
                synchronous.Wait();
                check(in, status, round, 11, "Ssend_init", 1);
            }

            MPI.Buffer_attach(new byte[3 * 4 + MPI.BSEND_OVERHEAD]);
            final Prequest buffered = MPI.COMM_WORLD.Bsend_init(out, 1, 3, MPI.INT, next(), 12);
            final Prequest receive12 = MPI.COMM_WORLD.Recv_init(in, 2, 3, MPI.INT, prev(), 12);
            for (int round = 0; round < ROUNDS; round++)
            {
                fill(out, rank + 2, round);
                receive12.Start();
                buffered.Start();
                buffered.Wait();
                check(in, receive12.Wait(), round, 12, "Bsend_init", 2);
                // The attached space holds one message: the next start needs this one delivered.
                final Request delivered = Exchange.signal(prev(), 13);
                Exchange.awaitSignal(next(), 13);
                delivered.Wait();
            }
            MPI.Buffer_detach();

            final Prequest ready = MPI.COMM_WORLD.Rsend_init(out, 1, 3, MPI.INT, next(), 14);
            final Prequest receive14 = MPI.COMM_WORLD.Recv_init(in, 2, 3, MPI.INT, prev(), 14);
            for (int round = 0; round < ROUNDS; round++)
            {
                fill(out, rank + 3, round);
                receive14.Start();
                final Request posted = Exchange.signal(prev(), Exchange.POSTED_TAG);
                Exchange.awaitSignal(next(), Exchange.POSTED_TAG);
                ready.Start();
                check(in, receive14.Wait(), round, 14, "Rsend_init", 3);
                ready.Wait();
                posted.Wait();
            }

            largeAndObjects(rank);
            activeStart();
            for (final Prequest request : new Prequest[] {standard, receive, synchronous, receive11, buffered, receive12, ready, receive14})
            {
                request.Free();
            }
            Check.fails(MPI.ERR_REQUEST, standard::Start, "Free");
            Exchange.checkRing(8, "the persistent requests");
            MPI.Finalize();
        }

        private static void largeAndObjects(final int rank)
        {
            final int[] out = new int[Exchange.RENDEZVOUS_INTS];
            final int[] in = new int[Exchange.RENDEZVOUS_INTS];
            final Prequest send = MPI.COMM_WORLD.Send_init(out, 0, out.length, MPI.INT, next(), 15);
            final Prequest receive = MPI.COMM_WORLD.Recv_init(in, 0, in.length, MPI.INT, prev(), 15);
            final Object[] objects = new Object[2];
            final Object[] objectsIn = new Object[3];
            final Prequest sendObjects = MPI.COMM_WORLD.Send_init(objects, 0, 2, MPI.OBJECT, next(), 16);
            final Prequest receiveObjects = MPI.COMM_WORLD.Recv_init(objectsIn, 1, 2, MPI.OBJECT, prev(), 16);
            for (int round = 0; round < 5; round++)
            {
                Arrays.fill(out, rank * 100 + round);
                objects[0] = "round " + round;
                objects[1] = rank;
                Prequest.Startall(new Prequest[] {receive, send, receiveObjects, sendObjects});
                final Status[] statuses = Request.Waitall(new Request[] {receive, send, receiveObjects, sendObjects});
                Check.equal(out.length, statuses[0].Get_count(MPI.INT), "large persistent count");
                Check.equal(prev() * 100 + round, in[0], "large persistent data, first element");
                Check.equal(prev() * 100 + round, in[in.length - 1], "large persistent data, last element");
                Check.equal(2, statuses[2].Get_count(MPI.OBJECT), "persistent object count");
                Check.equal(new Object[] {null, "round " + round, prev()}, objectsIn, "persistent objects");
            }
        }

        /** Starting an active request fails; a persistent receive can be cancelled and started again. */
        private static void activeStart()
        {
            final int[] in = new int[1];
            final Prequest never = MPI.COMM_WORLD.Recv_init(in, 0, 1, MPI.INT, prev(), 999);
            for (int round = 0; round < 3; round++)
            {
                never.Start();
                Check.fails(MPI.ERR_REQUEST, never::Start, "active");
                Check.fails(MPI.ERR_REQUEST, () -> Prequest.Startall(new Prequest[] {never}), "active");
                never.Cancel();
                Check.that(Exchange.completeWithin(never, "a cancelled persistent receive").Test_cancelled(), "cancelled persistent receive");
                Check.that(!never.Is_null(), "a cancelled persistent request is not null");
            }
            never.Free();

            // A persistent send cancelled before anyone received it can be started again, and then delivers.
            final int[] large = new int[Exchange.RENDEZVOUS_INTS];
            final Prequest send = MPI.COMM_WORLD.Send_init(large, 0, large.length, MPI.INT, next(), 17);
            send.Start();
            send.Cancel();
            Check.that(Exchange.completeWithin(send, "a cancelled persistent send").Test_cancelled(), "cancelled persistent send");
            final Request cancelled = Exchange.signal(next(), 18);
            Exchange.awaitSignal(prev(), 18);
            large[large.length - 1] = MPI.COMM_WORLD.Rank() + 1;
            send.Start();
            final int[] largeIn = new int[large.length];
            final Status status = MPI.COMM_WORLD.Recv(largeIn, 0, largeIn.length, MPI.INT, prev(), 17);
            Check.equal(largeIn.length, status.Get_count(MPI.INT), "the restarted persistent send");
            Check.equal(prev() + 1, largeIn[largeIn.length - 1], "data of the restarted persistent send");
            Check.that(!send.Wait().Test_cancelled(), "a restarted persistent send is not cancelled");
            send.Free();
            cancelled.Wait();
        }

        private static Status testAll(final Request... requests)
        {
            Status[] statuses = Request.Testall(requests);
            while (statuses == null)
            {
                Thread.yield();
                statuses = Request.Testall(requests);
            }
            return statuses[0];
        }

        private static void fill(final int[] out, final int sender, final int round)
        {
            Arrays.fill(out, -7);
            for (int j = 0; j < 3; j++)
            {
                out[1 + j] = sender * 10_000 + round * 10 + j;
            }
        }

        private static void check(final int[] in, final Status status, final int round, final int tag, final String what)
        {
            check(in, status, round, tag, what, 0);
        }

        /** Checks the receive slice {@code in[2..5)} holds what {@link #fill} put in the sender's slice, and nothing else changed. */
        private static void check(final int[] in, final Status status, final int round, final int tag, final String what, final int senderSalt)
        {
            final int sender = prev() + senderSalt;
            final int[] expected = {-1, -1, 0, 0, 0, -1, -1};
            for (int j = 0; j < 3; j++)
            {
                expected[2 + j] = sender * 10_000 + round * 10 + j;
            }
            Check.equal(expected, in, what + " receive buffer in round " + round);
            Arrays.fill(in, -1);
            Check.equal(prev(), status.source, what + " source");
            Check.equal(tag, status.tag, what + " tag");
            Check.equal(3, status.Get_count(MPI.INT), what + " count");
        }
    }

    /**
     * Buffered sends: without a buffer or with too small a one they fail with ERR_BUFFER naming the sizes; an
     * attached buffer holds exactly its size in messages plus MPI.BSEND_OVERHEAD each; the send buffer is free
     * on return; Buffer_detach hands the memory back.
     */
    public static final class Buffered
    {
        static final int COUNT = 100;
        static final int BYTES = COUNT * 4;
        static final int MESSAGES = 8;

        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            Check.that(MPI.BSEND_OVERHEAD >= 0, "MPI.BSEND_OVERHEAD is not negative");
            Check.that(MPI.Buffer_detach() == null, "Buffer_detach with nothing attached");
            Check.fails(MPI.ERR_BUFFER, () -> MPI.COMM_WORLD.Bsend(new int[COUNT], 0, COUNT, MPI.INT, next(), 30),
                COUNT + " elements", "Buffer_attach");
            Check.fails(MPI.ERR_BUFFER, () -> MPI.COMM_WORLD.Ibsend(new int[COUNT], 0, COUNT, MPI.INT, next(), 30),
                COUNT + " elements", "Buffer_attach");
            Exchange.checkRing(9, "Bsend without a buffer");

            final byte[] space = new byte[MESSAGES * (BYTES + MPI.BSEND_OVERHEAD)];
            MPI.Buffer_attach(space);
            Check.fails(MPI.ERR_BUFFER, () -> MPI.Buffer_attach(new byte[BYTES]), "attached already");
            final int[] out = new int[COUNT];
            for (int m = 0; m < MESSAGES; m++)
            {
                for (int j = 0; j < COUNT; j++)
                {
                    out[j] = value(rank, m, j);
                }
                if (m % 2 == 0)
                {
                    MPI.COMM_WORLD.Bsend(out, 0, COUNT, MPI.INT, next(), 30);
                }
                else
                {
                    final Request request = MPI.COMM_WORLD.Ibsend(out, 0, COUNT, MPI.INT, next(), 30);
                    Check.that(request.Test() != null, "Ibsend is complete once the data is copied");
                }
                // The data was copied: the buffer is free for reuse at once.
                Arrays.fill(out, -1);
            }
            final Request sent = Exchange.signal(next(), Exchange.SENT_TAG);
            Exchange.awaitSignal(prev(), Exchange.SENT_TAG);
            final int[] in = new int[COUNT];
            for (int m = 0; m < MESSAGES; m++)
            {
                final Status status = MPI.COMM_WORLD.Recv(in, 0, COUNT, MPI.INT, prev(), 30);
                Check.equal(COUNT, status.Get_count(MPI.INT), "buffered message count");
                for (int j = 0; j < COUNT; j++)
                {
                    Check.equal(value(prev(), m, j), in[j], "buffered message " + m + " element " + j);
                }
            }
            sent.Wait();
            Check.that(MPI.Buffer_detach() == space, "Buffer_detach returns the attached array");

            final int tooSmall = BYTES + MPI.BSEND_OVERHEAD - 1;
            MPI.Buffer_attach(new byte[tooSmall]);
            Check.fails(MPI.ERR_BUFFER, () -> MPI.COMM_WORLD.Bsend(new int[COUNT], 0, COUNT, MPI.INT, next(), 31),
                Integer.toString(BYTES + MPI.BSEND_OVERHEAD), Integer.toString(tooSmall));
            final Request smaller = MPI.COMM_WORLD.Ibsend(new int[] {rank}, 0, 1, MPI.INT, next(), 31);
            MPI.COMM_WORLD.Recv(in, 0, COUNT, MPI.INT, prev(), 31);
            Check.equal(prev(), in[0], "the buffered message that fit");
            smaller.Wait();
            MPI.Buffer_detach();

            pendingMessagesHoldTheirSpace(rank);
            byteBuffers(rank);
            objects(rank);
            Exchange.checkRing(10, "buffered sends");
            MPI.Finalize();
        }

        /**
         * A buffered message too large to be sent eagerly (256 KiB; the thread device's default eager limit is 4 KiB)
         * holds its space until received, so a second one does not fit; once received, it does.
         */
        private static void pendingMessagesHoldTheirSpace(final int rank)
        {
            final int count = 64 * 1024;
            final int needed = count * 4 + MPI.BSEND_OVERHEAD;
            MPI.Buffer_attach(new byte[2 * needed - 1]);
            final int[] out = new int[count];
            Arrays.fill(out, rank);
            MPI.COMM_WORLD.Bsend(out, 0, count, MPI.INT, next(), 32);
            Check.fails(MPI.ERR_BUFFER, () -> MPI.COMM_WORLD.Bsend(out, 0, count, MPI.INT, next(), 32),
                Integer.toString(needed), Integer.toString(needed - 1));
            // Only now may the receiver post its receive: had it been posted, the first message would be gone.
            final Request sent = Exchange.signal(next(), Exchange.SENT_TAG);
            Exchange.awaitSignal(prev(), Exchange.SENT_TAG);
            final int[] in = new int[count];
            MPI.COMM_WORLD.Recv(in, 0, count, MPI.INT, prev(), 32);
            Check.equal(prev(), in[count - 1], "large buffered message");
            final Request received = Exchange.signal(prev(), 33);
            Exchange.awaitSignal(next(), 33);
            Arrays.fill(out, rank + 100);
            MPI.COMM_WORLD.Bsend(out, 0, count, MPI.INT, next(), 32);
            MPI.COMM_WORLD.Recv(in, 0, count, MPI.INT, prev(), 32);
            Check.equal(prev() + 100, in[count - 1], "second large buffered message");
            received.Wait();
            sent.Wait();
            MPI.Buffer_detach();
        }

        private static void byteBuffers(final int rank)
        {
            final ByteBuffer heap = ByteBuffer.allocate(BYTES + MPI.BSEND_OVERHEAD);
            MPI.Buffer_attach(heap);
            MPI.COMM_WORLD.Bsend(new int[] {rank, 1}, 0, 2, MPI.INT, next(), 34);
            final int[] in = new int[2];
            MPI.COMM_WORLD.Recv(in, 0, 2, MPI.INT, prev(), 34);
            Check.equal(new int[] {prev(), 1}, in, "Bsend through a heap ByteBuffer");
            Check.that(MPI.Buffer_detach() == heap.array(), "Buffer_detach returns the ByteBuffer's array");

            MPI.Buffer_attach(ByteBuffer.allocateDirect(BYTES + MPI.BSEND_OVERHEAD));
            MPI.COMM_WORLD.Bsend(new int[] {rank, 2}, 0, 2, MPI.INT, next(), 34);
            MPI.COMM_WORLD.Recv(in, 0, 2, MPI.INT, prev(), 34);
            Check.equal(new int[] {prev(), 2}, in, "Bsend through a direct ByteBuffer");
            Check.that(MPI.Buffer_detach() == null, "Buffer_detach of a direct ByteBuffer, which has no array");
        }

        private static void objects(final int rank)
        {
            MPI.Buffer_attach(new byte[4096]);
            MPI.COMM_WORLD.Bsend(new Object[] {"from", rank}, 0, 2, MPI.OBJECT, next(), 35);
            final Object[] in = new Object[2];
            final Status status = MPI.COMM_WORLD.Recv(in, 0, 2, MPI.OBJECT, prev(), 35);
            Check.equal(new Object[] {"from", prev()}, in, "buffered objects");
            Check.equal(2, status.Get_count(MPI.OBJECT), "buffered object count");
            MPI.Buffer_detach();
        }

        private static int value(final int rank, final int message, final int element)
        {
            return rank * 1_000_000 + message * 1_000 + element;
        }
    }

    /**
     * Arrays of requests with null entries and MPI.REQUEST_NULL: those count as inactive in every array call, a
     * wait on them returns an empty status, and an array of nothing active completes at once.
     */
    public static final class NullRequests
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            Check.that(MPI.REQUEST_NULL.Is_null(), "MPI.REQUEST_NULL is null");
            empty(MPI.REQUEST_NULL.Wait(), "Wait on MPI.REQUEST_NULL");
            empty(MPI.REQUEST_NULL.Test(), "Test on MPI.REQUEST_NULL");

            final Request[] inactive = {null, MPI.REQUEST_NULL};
            Check.equal(MPI.UNDEFINED, Request.Waitany(inactive).index, "Waitany over inactive requests");
            Check.equal(MPI.UNDEFINED, Request.Testany(inactive).index, "Testany over inactive requests");
            Check.equal(0, Request.Waitsome(inactive).length, "Waitsome over inactive requests");
            Check.equal(0, Request.Testsome(inactive).length, "Testsome over inactive requests");
            Check.equal(2, Request.Waitall(inactive).length, "Waitall over inactive requests");
            Check.that(Request.Testall(inactive) != null, "Testall over inactive requests");
            Check.equal(MPI.UNDEFINED, Request.Waitany(new Request[0]).index, "Waitany over no requests");

            final int[] in = new int[2];
            for (int round = 0; round < 4; round++)
            {
                final Request[] requests = {
                    null,
                    MPI.COMM_WORLD.Irecv(in, 0, 1, MPI.INT, prev(), 40),
                    MPI.REQUEST_NULL,
                    MPI.COMM_WORLD.Isend(new int[] {rank + round}, 0, 1, MPI.INT, next(), 40),
                    MPI.COMM_WORLD.Irecv(in, 1, 1, MPI.INT, prev(), 41),
                    MPI.COMM_WORLD.Isend(new int[] {-rank - round}, 0, 1, MPI.INT, next(), 41),
                };
                final boolean[] seen = new boolean[requests.length];
                switch (round)
                {
                    case 0 ->
                    {
                        final Status[] statuses = Request.Waitall(requests);
                        empty(statuses[0], "Waitall status of a null entry");
                        empty(statuses[2], "Waitall status of MPI.REQUEST_NULL");
                        Check.equal(40, statuses[1].tag, "Waitall status of a receive");
                        Arrays.fill(seen, true);
                    }
                    case 1 ->
                    {
                        for (int n = 0; n < 4; n++)
                        {
                            seen[Request.Waitany(requests).index] = true;
                        }
                        Check.equal(MPI.UNDEFINED, Request.Waitany(requests).index, "Waitany after every request completed");
                    }
                    case 2 ->
                    {
                        int done = 0;
                        while (done < 4)
                        {
                            for (final Status status : Request.Waitsome(requests))
                            {
                                seen[status.index] = true;
                                done++;
                            }
                        }
                    }
                    default ->
                    {
                        int done = 0;
                        while (done < 4)
                        {
                            final Status status = Request.Testany(requests);
                            if (status == null)
                            {
                                Thread.yield();
                            }
                            else
                            {
                                Check.that(status.index != MPI.UNDEFINED, "Testany found no active request before all completed");
                                seen[status.index] = true;
                                done++;
                            }
                        }
                    }
                }
                Check.that(seen[1] && seen[3] && seen[4] && seen[5], "round " + round + ": every active request was reported");
                Check.that(round == 0 || !seen[0] && !seen[2], "round " + round + ": an inactive entry was reported complete");
                Check.equal(new int[] {prev() + round, -prev() - round}, in, "round " + round + " data");
            }
            freeTheNullRequest();
            errorsInArrays(rank);
            freeAnActiveReceive(rank);
            Exchange.checkRing(15, "arrays with null requests");
            MPI.Finalize();
        }

        /** Freeing MPI.REQUEST_NULL is refused or ignored; either way the shared null request stays usable. */
        private static void freeTheNullRequest()
        {
            try
            {
                MPI.REQUEST_NULL.Free();
            }
            catch (final MPIException refused)
            {
                Check.equal(MPI.ERR_REQUEST, refused.getErrorClass(), "error class of freeing MPI.REQUEST_NULL");
            }
            empty(MPI.REQUEST_NULL.Wait(), "Wait on MPI.REQUEST_NULL after an attempt to free it");
            Check.equal(MPI.UNDEFINED, Request.Waitany(new Request[] {MPI.REQUEST_NULL}).index, "Waitany over MPI.REQUEST_NULL");
        }

        /**
         * A receive that fails (truncated) in the middle of an array: Waitall reports the error, yet completes
         * the other requests; Waitany reports it for that request alone and goes on with the others.
         */
        private static void errorsInArrays(final int rank)
        {
            final int[] in = new int[4];
            final Request[] sends = {
                MPI.COMM_WORLD.Isend(new int[] {rank}, 0, 1, MPI.INT, next(), 42),
                MPI.COMM_WORLD.Isend(new int[] {rank, rank}, 0, 2, MPI.INT, next(), 43),
                MPI.COMM_WORLD.Isend(new int[] {-rank}, 0, 1, MPI.INT, next(), 44),
            };
            final Request[] receives = {
                MPI.COMM_WORLD.Irecv(in, 0, 1, MPI.INT, prev(), 42),
                MPI.COMM_WORLD.Irecv(in, 1, 1, MPI.INT, prev(), 43),
                MPI.COMM_WORLD.Irecv(in, 2, 1, MPI.INT, prev(), 44),
            };
            Check.fails(MPI.ERR_TRUNCATE, () -> Request.Waitall(receives), "8 bytes", "4 bytes");
            for (int i = 0; i < receives.length; i++)
            {
                Check.that(receives[i].Is_null(), "receive " + i + " is done with after a Waitall that failed");
            }
            Check.equal(prev(), in[0], "the receive before the truncated one in Waitall");
            Check.equal(-prev(), in[2], "the receive after the truncated one in Waitall");
            Request.Waitall(sends);

            final Request[] sends2 = {
                MPI.COMM_WORLD.Isend(new int[] {rank, rank}, 0, 2, MPI.INT, next(), 45),
                MPI.COMM_WORLD.Isend(new int[] {rank + 7}, 0, 1, MPI.INT, next(), 46),
            };
            final Request[] receives2 = {
                MPI.COMM_WORLD.Irecv(in, 0, 1, MPI.INT, prev(), 45),
                MPI.COMM_WORLD.Irecv(in, 3, 1, MPI.INT, prev(), 46),
            };
            int failures = 0;
            int completions = 0;
            for (int n = 0; n < 2; n++)
            {
                try
                {
                    Check.equal(1, Request.Waitany(receives2).index, "the request Waitany completed without error");
                    completions++;
                }
                catch (final MPIException truncated)
                {
                    Check.equal(MPI.ERR_TRUNCATE, truncated.getErrorClass(), "error class from Waitany");
                    failures++;
                }
            }
            Check.that(failures == 1 && completions == 1, "Waitany reported " + failures + " failures and " + completions + " completions");
            Check.equal(prev() + 7, in[3], "the receive next to a truncated one in Waitany");
            Check.equal(MPI.UNDEFINED, Request.Waitany(receives2).index, "Waitany after both completed");
            Request.Waitall(sends2);

            for (final boolean test : new boolean[] {false, true})
            {
                someWithAnError(rank, test);
            }
        }

        /**
         * Waitsome or Testsome over a good receive and, after it in the array, a truncated one, both complete: the
         * error is reported, and the good receive's status is not lost with it but reported by a call.
         */
        private static void someWithAnError(final int rank, final boolean test)
        {
            final String call = test ? "Testsome" : "Waitsome";
            final int[] in = new int[2];
            final Request[] sends = {
                MPI.COMM_WORLD.Isend(new int[] {rank + 3}, 0, 1, MPI.INT, next(), 49),
                MPI.COMM_WORLD.Isend(new int[] {rank, rank}, 0, 2, MPI.INT, next(), 50),
            };
            final Request sent = Exchange.signal(next(), Exchange.SENT_TAG);
            Exchange.awaitSignal(prev(), Exchange.SENT_TAG);
            final Request[] receives = {
                MPI.COMM_WORLD.Irecv(in, 0, 1, MPI.INT, prev(), 49),
                MPI.COMM_WORLD.Irecv(in, 1, 1, MPI.INT, prev(), 50),
            };
            int failures = 0;
            int goodReported = 0;
            final long deadline = System.nanoTime() + 10_000_000_000L;
            while (!receives[0].Is_null() || !receives[1].Is_null())
            {
                Check.that(System.nanoTime() < deadline, call + " did not complete both receives within 10 s");
                try
                {
                    for (final Status status : test ? Request.Testsome(receives) : Request.Waitsome(receives))
                    {
                        Check.equal(0, status.index, call + ": only the good receive completes without error");
                        Check.equal(49, status.tag, call + ": tag of the good receive");
                        goodReported++;
                    }
                }
                catch (final MPIException truncated)
                {
                    Check.equal(MPI.ERR_TRUNCATE, truncated.getErrorClass(), call + ": error class");
                    failures++;
                }
            }
            Check.equal(1, failures, call + ": errors reported");
            Check.equal(1, goodReported, call + ": times the good receive's status was reported");
            Check.equal(prev() + 3, in[0], call + ": data of the good receive");
            Request.Waitall(sends);
            sent.Wait();
        }

        /** A receive freed while active still takes its message into the buffer; a later receive gets the next one. */
        private static void freeAnActiveReceive(final int rank)
        {
            final int[] freedBuffer = {-1};
            final Request freed = MPI.COMM_WORLD.Irecv(freedBuffer, 0, 1, MPI.INT, prev(), 47);
            freed.Free();
            final Request mayNowSend = Exchange.signal(prev(), 48);
            Exchange.awaitSignal(next(), 48);
            final Request first = MPI.COMM_WORLD.Isend(new int[] {rank * 10 + 1}, 0, 1, MPI.INT, next(), 47);
            final Request second = MPI.COMM_WORLD.Isend(new int[] {rank * 10 + 2}, 0, 1, MPI.INT, next(), 47);
            final int[] in = new int[1];
            MPI.COMM_WORLD.Recv(in, 0, 1, MPI.INT, prev(), 47);
            Check.equal(prev() * 10 + 2, in[0], "the message after the one the freed receive took");
            Check.equal(prev() * 10 + 1, freedBuffer[0], "the buffer of the freed receive");
            Request.Waitall(new Request[] {first, second, mayNowSend});
        }

        private static void empty(final Status status, final String what)
        {
            Check.equal(MPI.ANY_SOURCE, status.source, what + ": source");
            Check.equal(MPI.ANY_TAG, status.tag, what + ": tag");
            Check.equal(0, status.Get_count(MPI.INT), what + ": count");
            Check.that(!status.Test_cancelled(), what + ": cancelled");
        }
    }
}
