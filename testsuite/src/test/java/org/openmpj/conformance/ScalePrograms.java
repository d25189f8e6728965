package org.openmpj.conformance;

import static org.openmpj.conformance.Exchange.next;
import static org.openmpj.conformance.Exchange.prev;

import java.util.Arrays;
import java.util.BitSet;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

import mpi.MPI;
import mpi.Request;
import mpi.Status;

import org.openmpj.testing.Check;

/**
 * The programs of the request suite that work at scale: ten thousand outstanding operations completed every
 * way, and many threads per rank. Each works at any number of ranks from 1 up.
 */
final class ScalePrograms
{
    private ScalePrograms()
    {
    }

    /** Ten thousand receives (and as many sends) outstanding at once, completed every way a program can. */
    abstract static class ManyOutstanding
    {
        static final int COUNT = 10_000;
        static final int GO_TAG = 999_999;

        /**
         * Posts COUNT receives from the previous rank, one element each at offset i with tag i, then lets the
         * previous rank send; this rank's sends go out once the next rank has posted.
         *
         * @param reverse whether to send in descending tag order, so that every message matches far down the
         *                posted queue.
         * @return the receives, with the sends appended after them.
         */
        static Request[] post(final int[] in, final int salt, final boolean reverse, final Checker before)
        {
            Arrays.fill(in, -1);
            final Request[] requests = new Request[2 * COUNT];
            for (int i = 0; i < COUNT; i++)
            {
                requests[i] = MPI.COMM_WORLD.Irecv(in, i, 1, MPI.INT, prev(), i);
            }
            before.check(Arrays.copyOf(requests, COUNT));
            final Request go = Exchange.signal(prev(), GO_TAG);
            Exchange.awaitSignal(next(), GO_TAG);
            final int[] out = new int[COUNT];
            for (int i = 0; i < COUNT; i++)
            {
                out[i] = value(Exchange.rank(), salt, i);
            }
            for (int n = 0; n < COUNT; n++)
            {
                final int i = reverse ? COUNT - 1 - n : n;
                requests[COUNT + i] = MPI.COMM_WORLD.Isend(out, i, 1, MPI.INT, next(), i);
            }
            go.Wait();
            return requests;
        }

        /** Checks the status of request {@code index} of the array {@link #post} returned, and its data. */
        static void check(final Status status, final int index, final int[] in, final int salt, final boolean[] seen)
        {
            Check.that(index >= 0 && index < 2 * COUNT, "status index " + index + " is a position in the array");
            Check.that(!seen[index], "request " + index + " reported complete twice");
            seen[index] = true;
            if (index < COUNT)
            {
                Check.equal(prev(), status.source, "source of receive " + index);
                Check.equal(index, status.tag, "tag of receive " + index);
                Check.equal(1, status.Get_count(MPI.INT), "count of receive " + index);
                Check.equal(value(prev(), salt, index), in[index], "data of receive " + index);
            }
        }

        static void checkAllSeen(final boolean[] seen, final String how)
        {
            for (int i = 0; i < seen.length; i++)
            {
                Check.that(seen[i], how + " never reported request " + i);
            }
        }

        static int value(final int rank, final int salt, final int i)
        {
            return rank * 100_000_000 + salt * 1_000_000 + i;
        }

        /** A check of the receives just posted, before any matching message was sent. */
        interface Checker
        {
            void check(Request[] receives);
        }
    }

    /** Completes ten thousand outstanding operations with Waitall, Waitany and Waitsome. */
    public static final class ManyOutstandingWaits extends ManyOutstanding
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int[] in = new int[COUNT];
            final ManyOutstanding.Checker nothing = receives ->
            {
            };

            Request[] requests = post(in, 1, true, nothing);
            final Status[] statuses = Request.Waitall(requests);
            Check.equal(2 * COUNT, statuses.length, "Waitall statuses");
            boolean[] seen = new boolean[2 * COUNT];
            for (int i = 0; i < 2 * COUNT; i++)
            {
                check(statuses[i], i, in, 1, seen);
                Check.that(requests[i].Is_null(), "request " + i + " after Waitall");
            }

            // Waitany scans the whole array per call: over the receives alone, 10,000 calls stay affordable.
            requests = post(in, 2, false, nothing);
            final Request[] receives = Arrays.copyOf(requests, COUNT);
            seen = new boolean[2 * COUNT];
            for (int n = 0; n < COUNT; n++)
            {
                final Status status = Request.Waitany(receives);
                check(status, status.index, in, 2, seen);
                Check.that(receives[status.index].Is_null(), "the request Waitany returned is done with");
            }
            Check.equal(MPI.UNDEFINED, Request.Waitany(receives).index, "Waitany index when no request is active");
            Request.Waitall(Arrays.copyOfRange(requests, COUNT, 2 * COUNT));
            Arrays.fill(seen, COUNT, 2 * COUNT, true);
            checkAllSeen(seen, "Waitany");

            requests = post(in, 3, false, nothing);
            seen = new boolean[2 * COUNT];
            int done = 0;
            while (done < 2 * COUNT)
            {
                final Status[] some = Request.Waitsome(requests);
                Check.that(some.length > 0, "Waitsome returned no status while requests were active");
                for (final Status status : some)
                {
                    check(status, status.index, in, 3, seen);
                }
                done += some.length;
            }
            checkAllSeen(seen, "Waitsome");
            Check.equal(0, Request.Waitsome(requests).length, "Waitsome when no request is active");
            Exchange.checkRing(11, "ten thousand waits");
            MPI.Finalize();
        }
    }

    /** Completes ten thousand outstanding operations with Testall, Testany and Testsome. */
    public static final class ManyOutstandingTests extends ManyOutstanding
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int[] in = new int[COUNT];

            Request[] requests = post(in, 4, false, posted ->
                Check.that(Request.Testall(posted) == null, "Testall while no message was sent"));
            Status[] all = Request.Testall(requests);
            while (all == null)
            {
                Thread.yield();
                all = Request.Testall(requests);
            }
            Check.equal(2 * COUNT, all.length, "Testall statuses");
            boolean[] seen = new boolean[2 * COUNT];
            for (int i = 0; i < 2 * COUNT; i++)
            {
                check(all[i], i, in, 4, seen);
            }

            requests = post(in, 5, false, posted ->
                Check.that(Request.Testany(posted) == null, "Testany while no message was sent"));
            final Request[] receives = Arrays.copyOf(requests, COUNT);
            seen = new boolean[2 * COUNT];
            int done = 0;
            while (done < COUNT)
            {
                final Status status = Request.Testany(receives);
                if (status == null)
                {
                    Thread.yield();
                    continue;
                }
                check(status, status.index, in, 5, seen);
                done++;
            }
            Request.Waitall(Arrays.copyOfRange(requests, COUNT, 2 * COUNT));
            Arrays.fill(seen, COUNT, 2 * COUNT, true);
            checkAllSeen(seen, "Testany");
            final Status none = Request.Testany(receives);
            Check.that(none != null, "Testany when no request is active returns a status");
            Check.equal(MPI.UNDEFINED, none.index, "Testany index when no request is active");

            requests = post(in, 6, false, posted ->
                Check.equal(0, Request.Testsome(posted).length, "Testsome while no message was sent"));
            seen = new boolean[2 * COUNT];
            done = 0;
            while (done < 2 * COUNT)
            {
                final Status[] some = Request.Testsome(requests);
                if (some.length == 0)
                {
                    Thread.yield();
                }
                for (final Status status : some)
                {
                    check(status, status.index, in, 6, seen);
                }
                done += some.length;
            }
            checkAllSeen(seen, "Testsome");
            Exchange.checkRing(12, "ten thousand tests");
            MPI.Finalize();
        }
    }

    /**
     * MPI.THREAD_MULTIPLE: four threads per rank send and receive thousands of messages at once, each with its
     * own tag and its own way of communicating (blocking, non-blocking, synchronous, probing, some past the
     * eager limit); then all four receive with ANY_TAG from the same peer and take each message exactly once.
     * Only the thread that initialized MPI is its main thread.
     */
    public static final class ThreadMultiple
    {
        static final int THREADS = 4;
        static final int MESSAGES = 2_000;
        static final int SHARED_MESSAGES = 500;

        public static void main(final String[] args)
        {
            final String[] returned = MPI.initThread(MPI.THREAD_MULTIPLE, MPI.THREAD_MULTIPLE, args);
            Check.that(returned == args, "initThread returns the arguments");
            Check.equal(MPI.THREAD_MULTIPLE, MPI.queryThread(), "thread level provided");
            Check.that(MPI.isMainThread(), "isMainThread on the thread that called initThread");
            final int rank = MPI.COMM_WORLD.Rank();
            runWorkers(rank, thread -> work(rank, thread));
            Check.that(MPI.isMainThread(), "isMainThread on the init thread after the workers ran");

            // Every worker receives from the same peer with ANY_TAG, so any worker may take any message of the
            // peer's workers: together they must take each exactly once. The previous phase is over on both sides:
            // its messages to this rank were all received before the peer's workers ended.
            final BitSet taken = new BitSet(THREADS * SHARED_MESSAGES);
            runWorkers(rank, thread -> shareOneTag(rank, thread, taken));
            Check.equal(THREADS * SHARED_MESSAGES, taken.cardinality(), "messages taken by the workers receiving with ANY_TAG");
            Exchange.checkRing(13, "the worker threads");
            MPI.Finalize();
        }

        /** Runs {@code body} on {@link #THREADS} new threads and waits for them, failing when one fails. */
        private static void runWorkers(final int rank, final IntConsumer body)
        {
            final Queue<Throwable> failures = new ConcurrentLinkedQueue<>();
            final AtomicInteger finished = new AtomicInteger();
            final Thread[] workers = new Thread[THREADS];
            for (int t = 0; t < THREADS; t++)
            {
                final int thread = t;
                workers[t] = new Thread(() ->
                {
                    try
                    {
                        body.accept(thread);
                        finished.incrementAndGet();
                    }
                    catch (final Throwable ex)
                    {
                        failures.add(ex);
                    }
                }, "rank-" + rank + "-worker-" + t);
            }
            for (final Thread worker : workers)
            {
                worker.start();
            }
            for (final Thread worker : workers)
            {
                join(worker, failures);
            }
            Check.equal(THREADS, finished.get(), "workers that finished");
        }

        private static void shareOneTag(final int rank, final int thread, final BitSet taken)
        {
            final Request[] sends = new Request[SHARED_MESSAGES];
            for (int i = 0; i < SHARED_MESSAGES; i++)
            {
                sends[i] = MPI.COMM_WORLD.Isend(new int[] {thread, i}, 0, 2, MPI.INT, next(), 100 + thread);
            }
            final int[] in = new int[2];
            for (int n = 0; n < SHARED_MESSAGES; n++)
            {
                final Status status = MPI.COMM_WORLD.Recv(in, 0, 2, MPI.INT, prev(), MPI.ANY_TAG);
                Check.equal(100 + in[0], status.tag, "tag of a message taken with ANY_TAG vs the sender's worker in it");
                final int id = in[0] * SHARED_MESSAGES + in[1];
                synchronized (taken)
                {
                    Check.that(!taken.get(id), "message " + in[1] + " of worker " + in[0] + " was received twice");
                    taken.set(id);
                }
            }
            Request.Waitall(sends);
        }

        /** Waits for {@code worker}, failing as soon as any worker has failed so the job ends promptly. */
        private static void join(final Thread worker, final Queue<Throwable> failures)
        {
            while (worker.isAlive())
            {
                try
                {
                    worker.join(10);
                }
                catch (final InterruptedException ex)
                {
                    Thread.currentThread().interrupt();
                    throw new AssertionError("interrupted", ex);
                }
                final Throwable failure = failures.peek();
                if (failure != null)
                {
                    throw new AssertionError("a worker thread failed: " + failure, failure);
                }
            }
            final Throwable failure = failures.peek();
            if (failure != null)
            {
                throw new AssertionError("a worker thread failed: " + failure, failure);
            }
        }

        private static void work(final int rank, final int thread)
        {
            Check.that(!MPI.isMainThread(), "isMainThread on worker " + thread);
            final int tag = thread;
            int[] out = new int[1];
            int[] in = new int[1];
            for (int i = 0; i < MESSAGES; i++)
            {
                // Every 100th message of thread 1 is past the eager limit, so rendezvous completions cross threads too.
                final int count = thread == 1 && i % 100 == 99 ? Exchange.RENDEZVOUS_INTS : 1;
                if (out.length != count)
                {
                    out = new int[count];
                    in = new int[count];
                }
                out[0] = value(rank, thread, i);
                out[count - 1] = value(rank, thread, i);
                in[0] = -1;
                in[count - 1] = -1;
                final Status status;
                switch (thread % 4)
                {
                    case 0 -> status = MPI.COMM_WORLD.Sendrecv(out, 0, 1, MPI.INT, next(), tag, in, 0, 1, MPI.INT, prev(), tag);
                    case 1 ->
                    {
                        final Request send = MPI.COMM_WORLD.Isend(out, 0, count, MPI.INT, next(), tag);
                        status = MPI.COMM_WORLD.Recv(in, 0, count, MPI.INT, prev(), tag);
                        send.Wait();
                        Check.equal(count, status.Get_count(MPI.INT), "worker 1 count of message " + i);
                    }
                    case 2 ->
                    {
                        final Request receive = MPI.COMM_WORLD.Irecv(in, 0, 1, MPI.INT, prev(), tag);
                        if (i % 2 == 0)
                        {
                            MPI.COMM_WORLD.Ssend(out, 0, 1, MPI.INT, next(), tag);
                        }
                        else
                        {
                            MPI.COMM_WORLD.Send(out, 0, 1, MPI.INT, next(), tag);
                        }
                        status = receive.Wait();
                    }
                    default ->
                    {
                        final Request send = MPI.COMM_WORLD.Isend(out, 0, 1, MPI.INT, next(), tag);
                        final Status probed = MPI.COMM_WORLD.Probe(MPI.ANY_SOURCE, tag);
                        status = MPI.COMM_WORLD.Recv(in, 0, 1, MPI.INT, probed.source, probed.tag);
                        send.Wait();
                    }
                }
                if (in[0] != value(prev(), thread, i) || in[count - 1] != value(prev(), thread, i)
                    || status.source != prev() || status.tag != tag)
                {
                    Check.equal(value(prev(), thread, i), in[0], "worker " + thread + " message " + i);
                    Check.equal(value(prev(), thread, i), in[count - 1], "worker " + thread + " message " + i + ", last element");
                    Check.equal(prev(), status.source, "worker " + thread + " source");
                    Check.equal(tag, status.tag, "worker " + thread + " tag");
                }
            }
        }

        private static int value(final int rank, final int thread, final int i)
        {
            return rank * 10_000_000 + thread * 1_000_000 + i;
        }
    }
}
