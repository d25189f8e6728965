package org.openmpj.conformance;

import static org.openmpj.conformance.Exchange.RENDEZVOUS_INTS;
import static org.openmpj.conformance.Exchange.next;
import static org.openmpj.conformance.Exchange.prev;

import java.util.Arrays;

import mpi.MPI;
import mpi.Request;
import mpi.Status;

import org.openmpj.testing.Check;

/**
 * The matching programs of the point-to-point suite: message order, tags, wildcards, probes and communicator
 * contexts. Each works at any number of ranks from 1 up.
 */
final class Programs
{
    private Programs()
    {
    }

    /** Passes a token around the ring with blocking sends; each rank checks what it receives. */
    public static final class Ring
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            final int[] token = new int[1];
            if (rank == 0)
            {
                token[0] = 1;
                final Request send = MPI.COMM_WORLD.Isend(token, 0, 1, MPI.INT, (rank + 1) % size, 5);
                MPI.COMM_WORLD.Recv(token, 0, 1, MPI.INT, (rank + size - 1) % size, 5);
                send.Wait();
                Check.equal(size, token[0], "token after one lap");
            }
            else
            {
                MPI.COMM_WORLD.Recv(token, 0, 1, MPI.INT, rank - 1, 5);
                Check.equal(rank, token[0], "token at rank " + rank);
                token[0]++;
                MPI.COMM_WORLD.Send(token, 0, 1, MPI.INT, (rank + 1) % size, 5);
            }
            MPI.Finalize();
        }
    }

    /** A thousand messages with one tag from one sender arrive in the order they were sent. */
    public static final class SameTagOrder
    {
        static final int MESSAGES = 1_000;

        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final Request[] sends = new Request[MESSAGES];
            for (int i = 0; i < MESSAGES; i++)
            {
                sends[i] = MPI.COMM_WORLD.Isend(new int[] {rank, i}, 0, 2, MPI.INT, next(), 3);
            }
            final int[] in = new int[2];
            for (int i = 0; i < MESSAGES; i++)
            {
                final Status status = MPI.COMM_WORLD.Recv(in, 0, 2, MPI.INT, prev(), 3);
                Check.equal(prev(), in[0], "sender recorded in message " + i);
                Check.equal(i, in[1], "sequence number of the message received " + i + "th from rank " + prev());
                Check.equal(prev(), status.source, "status source");
                Check.equal(3, status.tag, "status tag");
            }
            Request.Waitall(sends);
            MPI.Finalize();
        }
    }

    /**
     * Messages with different tags, sent interleaved, are received tag by tag in the opposite order; within a
     * tag they keep their order.
     */
    public static final class TagOrder
    {
        static final int TAGS = 5;
        static final int PER_TAG = 20;

        public static void main(final String[] args)
        {
            MPI.Init(args);
            final Request[] sends = new Request[TAGS * PER_TAG];
            int n = 0;
            for (int i = 0; i < PER_TAG; i++)
            {
                for (int tag = 0; tag < TAGS; tag++)
                {
                    sends[n++] = MPI.COMM_WORLD.Isend(new int[] {tag, i}, 0, 2, MPI.INT, next(), tag);
                }
            }
            final int[] in = new int[2];
            for (int tag = TAGS - 1; tag >= 0; tag--)
            {
                for (int i = 0; i < PER_TAG; i++)
                {
                    final Status status = MPI.COMM_WORLD.Recv(in, 0, 2, MPI.INT, prev(), tag);
                    Check.equal(tag, status.tag, "status tag");
                    Check.equal(tag, in[0], "tag recorded in the message received with tag " + tag);
                    Check.equal(i, in[1], "sequence number of message " + i + " with tag " + tag);
                }
            }
            Request.Waitall(sends);
            MPI.Finalize();
        }
    }

    /**
     * Every rank, rank 0 included, sends rank 0 messages with two alternating tags; rank 0 receives them with
     * a specific source and any tag, any source and a specific tag, then both wildcards. The status names the
     * real source and tag, and messages from one source stay in order under every filter.
     */
    public static final class Wildcards
    {
        static final int PER_SOURCE = 10;
        static final int EVEN_TAG = 100;
        static final int ODD_TAG = 101;

        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            final Request[] sends = new Request[PER_SOURCE];
            for (int k = 0; k < PER_SOURCE; k++)
            {
                sends[k] = MPI.COMM_WORLD.Isend(new int[] {rank, k}, 0, 2, MPI.INT, 0, k % 2 == 0 ? EVEN_TAG : ODD_TAG);
            }
            if (rank == 0)
            {
                collect(size);
            }
            Request.Waitall(sends);
            Exchange.releaseFromRankZero();
            Exchange.checkRing(1, "the wildcard receives");
            MPI.Finalize();
        }

        private static void collect(final int size)
        {
            final int[] in = new int[2];
            for (int source = 0; source < size; source++)
            {
                final Status status = MPI.COMM_WORLD.Recv(in, 0, 2, MPI.INT, source, MPI.ANY_TAG);
                Check.equal(source, status.source, "source with a specific source and ANY_TAG");
                Check.equal(EVEN_TAG, status.tag, "tag of the first message of rank " + source + " with ANY_TAG");
                Check.equal(new int[] {source, 0}, in, "first message of rank " + source);
            }
            final int[] expected = new int[size];
            Arrays.fill(expected, 1);
            for (int n = 0; n < size * PER_SOURCE / 2; n++)
            {
                final Status status = MPI.COMM_WORLD.Recv(in, 0, 2, MPI.INT, MPI.ANY_SOURCE, ODD_TAG);
                check(status, in, ODD_TAG, expected, size);
            }
            Arrays.fill(expected, 2);
            for (int n = 0; n < size * (PER_SOURCE / 2 - 1); n++)
            {
                final Status status = MPI.COMM_WORLD.Recv(in, 0, 2, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                check(status, in, EVEN_TAG, expected, size);
            }
            for (int source = 0; source < size; source++)
            {
                Check.equal(PER_SOURCE, expected[source], "messages of rank " + source + " received");
            }
            Check.that(MPI.COMM_WORLD.Iprobe(MPI.ANY_SOURCE, EVEN_TAG) == null, "a message with the even tag is left over");
            Check.that(MPI.COMM_WORLD.Iprobe(MPI.ANY_SOURCE, ODD_TAG) == null, "a message with the odd tag is left over");
        }

        private static void check(final Status status, final int[] in, final int tag, final int[] expected, final int size)
        {
            Check.that(status.source >= 0 && status.source < size, "status source " + status.source + " is a rank");
            Check.equal(tag, status.tag, "status tag");
            Check.equal(2, status.Get_count(MPI.INT), "count");
            Check.equal(status.source, in[0], "sender recorded in the message vs status source");
            Check.equal(expected[status.source], in[1], "sequence number of the next message of rank " + status.source);
            expected[status.source] += 2;
        }
    }

    /**
     * Small (eager), exactly-64-KiB and large (rendezvous) messages with one tag, interleaved, keep their order,
     * both when they wait unexpected and when the receives were posted first.
     */
    public static final class EagerRendezvousOrder
    {
        /** In ints: 16,384 is exactly the eager limit, 16,385 one int past it. */
        static final int[] SIZES = {1, RENDEZVOUS_INTS, 7, 16_384, RENDEZVOUS_INTS, RENDEZVOUS_INTS, 0, 16_385, 2, RENDEZVOUS_INTS};
        static final int TAG = 9;

        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int[][] out = new int[SIZES.length][];
            for (int i = 0; i < SIZES.length; i++)
            {
                out[i] = new int[SIZES[i]];
                for (int j = 0; j < SIZES[i]; j++)
                {
                    out[i][j] = value(rank, i, j);
                }
            }

            final Request[] sends = new Request[SIZES.length];
            for (int i = 0; i < SIZES.length; i++)
            {
                // Some synchronous sends in the mix: they wait unmatched, like large ones, whatever their size.
                sends[i] = i % 4 == 2
                    ? MPI.COMM_WORLD.Issend(out[i], 0, SIZES[i], MPI.INT, next(), TAG)
                    : MPI.COMM_WORLD.Isend(out[i], 0, SIZES[i], MPI.INT, next(), TAG);
            }
            final Request sent = Exchange.signal(next(), Exchange.SENT_TAG);
            Exchange.awaitSignal(prev(), Exchange.SENT_TAG);
            final int[] in = new int[RENDEZVOUS_INTS];
            for (int i = 0; i < SIZES.length; i++)
            {
                check(MPI.COMM_WORLD.Recv(in, 0, in.length, MPI.INT, prev(), TAG), in, i, "unexpected");
            }
            Request.Waitall(sends);
            sent.Wait();

            final Request[] receives = new Request[SIZES.length];
            final int[][] ins = new int[SIZES.length][RENDEZVOUS_INTS];
            for (int i = 0; i < SIZES.length; i++)
            {
                receives[i] = MPI.COMM_WORLD.Irecv(ins[i], 0, RENDEZVOUS_INTS, MPI.INT, prev(), TAG);
            }
            final Request posted = Exchange.signal(prev(), Exchange.POSTED_TAG);
            Exchange.awaitSignal(next(), Exchange.POSTED_TAG);
            for (int i = 0; i < SIZES.length; i++)
            {
                sends[i] = MPI.COMM_WORLD.Isend(out[i], 0, SIZES[i], MPI.INT, next(), TAG);
            }
            final Status[] statuses = Request.Waitall(receives);
            for (int i = 0; i < SIZES.length; i++)
            {
                check(statuses[i], ins[i], i, "pre-posted");
            }
            Request.Waitall(sends);
            posted.Wait();
            MPI.Finalize();
        }

        private static int value(final int rank, final int message, final int element)
        {
            return rank * 100_000_000 + message * 1_000_000 + element;
        }

        private static void check(final Status status, final int[] in, final int i, final String path)
        {
            Check.equal(SIZES[i], status.Get_count(MPI.INT), path + " message " + i + ": count (a message overtook another?)");
            for (int j = 0; j < SIZES[i]; j++)
            {
                if (in[j] != value(prev(), i, j))
                {
                    Check.equal(value(prev(), i, j), in[j], path + " message " + i + " element " + j);
                }
            }
        }
    }

    /**
     * Probe and Iprobe report the source, tag and size of waiting messages, small and large, without
     * receiving them; a probe with wildcards names a message a receive then takes exactly.
     */
    public static final class ProbeThenReceive
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            Check.that(MPI.COMM_SELF.Iprobe(MPI.ANY_SOURCE, MPI.ANY_TAG) == null, "Iprobe on COMM_SELF before any send");

            final int[] a = {rank, 1, 2, 3, 4};
            final double[] b = {rank, 0.5, 1.5, 2.5, 3.5, 4.5, 5.5};
            final byte[] c = new byte[70_000];
            Arrays.fill(c, (byte)rank);
            final Request[] sends = {
                MPI.COMM_WORLD.Isend(a, 0, a.length, MPI.INT, next(), 42),
                MPI.COMM_WORLD.Isend(b, 0, b.length, MPI.DOUBLE, next(), 43),
                MPI.COMM_WORLD.Isend(c, 0, c.length, MPI.BYTE, next(), 44),
            };

            Check.that(MPI.COMM_WORLD.Iprobe(prev(), 99) == null, "Iprobe for a tag never sent");
            final Status large = MPI.COMM_WORLD.Probe(prev(), 44);
            Check.equal(prev(), large.source, "Probe source");
            Check.equal(44, large.tag, "Probe tag");
            Check.equal(c.length, large.Get_count(MPI.BYTE), "Probe count of the large message");
            final Status doubles = MPI.COMM_WORLD.Probe(prev(), 43);
            Check.equal(43, doubles.tag, "Probe tag");
            Check.equal(7, doubles.Get_count(MPI.DOUBLE), "Probe count of the doubles");
            final Status ints = MPI.COMM_WORLD.Iprobe(prev(), 42);
            Check.that(ints != null, "Iprobe finds the message sent before two messages Probe found");
            Check.equal(5, ints.Get_count(MPI.INT), "Iprobe count");
            Check.equal(prev(), ints.source, "Iprobe source");

            // Probing leaves the message in place: the wildcard probe still finds the first one sent.
            final Status first = MPI.COMM_WORLD.Probe(MPI.ANY_SOURCE, MPI.ANY_TAG);
            Check.equal(prev(), first.source, "wildcard Probe source");
            Check.equal(42, first.tag, "wildcard Probe tag: the first message sent");
            final int[] aIn = new int[first.Get_count(MPI.INT)];
            final Status got = MPI.COMM_WORLD.Recv(aIn, 0, aIn.length, MPI.INT, first.source, first.tag);
            Check.equal(new int[] {prev(), 1, 2, 3, 4}, aIn, "the probed message");
            Check.equal(42, got.tag, "Recv tag");
            Check.that(MPI.COMM_WORLD.Iprobe(prev(), 42) == null, "Iprobe after the message was received");

            final double[] bIn = new double[doubles.Get_count(MPI.DOUBLE)];
            MPI.COMM_WORLD.Recv(bIn, 0, bIn.length, MPI.DOUBLE, prev(), 43);
            Check.equal(new double[] {prev(), 0.5, 1.5, 2.5, 3.5, 4.5, 5.5}, bIn, "doubles");
            final byte[] cIn = new byte[large.Get_count(MPI.BYTE)];
            final Status cStatus = MPI.COMM_WORLD.Recv(cIn, 0, cIn.length, MPI.BYTE, MPI.ANY_SOURCE, 44);
            Check.equal(c.length, cStatus.Get_count(MPI.BYTE), "large count");
            for (final byte value : cIn)
            {
                Check.equal(prev(), value, "large message contents");
            }
            Check.that(MPI.COMM_WORLD.Iprobe(MPI.ANY_SOURCE, 43) == null, "Iprobe after all received (43)");
            Check.that(MPI.COMM_WORLD.Iprobe(MPI.ANY_SOURCE, 44) == null, "Iprobe after all received (44)");
            Request.Waitall(sends);
            MPI.Finalize();
        }
    }

    /**
     * Every rank sends rank 0 messages of different lengths and tags; rank 0 probes with both wildcards,
     * sizes a buffer from the probe's count and receives exactly the probed message.
     */
    public static final class ProbeAnySource
    {
        static final int PER_SOURCE = 6;

        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int size = MPI.COMM_WORLD.Size();
            final Request[] sends = new Request[PER_SOURCE];
            for (int j = 0; j < PER_SOURCE; j++)
            {
                final int[] message = new int[length(rank, j)];
                message[0] = rank;
                message[1] = j;
                sends[j] = MPI.COMM_WORLD.Isend(message, 0, message.length, MPI.INT, 0, 10 + j);
            }
            if (rank == 0)
            {
                final int[] nextFrom = new int[size];
                for (int n = 0; n < size * PER_SOURCE; n++)
                {
                    final Status probed = MPI.COMM_WORLD.Probe(MPI.ANY_SOURCE, MPI.ANY_TAG);
                    final int source = probed.source;
                    Check.that(source >= 0 && source < size, "probed source " + source + " is a rank");
                    Check.equal(10 + nextFrom[source], probed.tag, "tag of the next message of rank " + source);
                    final int count = probed.Get_count(MPI.INT);
                    Check.equal(length(source, nextFrom[source]), count, "probed count");
                    final int[] in = new int[count];
                    final Status got = MPI.COMM_WORLD.Recv(in, 0, count, MPI.INT, source, probed.tag);
                    Check.equal(source, got.source, "received source");
                    Check.equal(probed.tag, got.tag, "received tag");
                    Check.equal(count, got.Get_count(MPI.INT), "received count");
                    Check.equal(source, in[0], "sender recorded in the message");
                    Check.equal(nextFrom[source], in[1], "sequence number recorded in the message");
                    nextFrom[source]++;
                }
                Check.that(MPI.COMM_WORLD.Iprobe(MPI.ANY_SOURCE, MPI.ANY_TAG) == null, "Iprobe after every message was received");
            }
            Request.Waitall(sends);
            Exchange.releaseFromRankZero();
            Exchange.checkRing(2, "probing");
            MPI.Finalize();
        }

        private static int length(final int rank, final int j)
        {
            return 2 + (rank * 3 + j * 5) % 11;
        }
    }

    /** Point-to-point traffic of COMM_SELF and COMM_WORLD never matches across the two. */
    public static final class Contexts
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            Check.equal(1, MPI.COMM_SELF.Size(), "COMM_SELF size");
            Check.equal(0, MPI.COMM_SELF.Rank(), "COMM_SELF rank");
            final int[] in = new int[1];
            Request world = MPI.COMM_WORLD.Isend(new int[] {1}, 0, 1, MPI.INT, rank, 5);
            Request self = MPI.COMM_SELF.Isend(new int[] {2}, 0, 1, MPI.INT, 0, 5);
            final Status selfStatus = MPI.COMM_SELF.Recv(in, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
            Check.equal(2, in[0], "COMM_SELF receive takes the COMM_SELF message, though the COMM_WORLD one was sent first");
            Check.equal(0, selfStatus.source, "COMM_SELF status source");
            Check.that(MPI.COMM_SELF.Iprobe(MPI.ANY_SOURCE, MPI.ANY_TAG) == null, "COMM_SELF Iprobe sees a COMM_WORLD message");
            final Status worldStatus = MPI.COMM_WORLD.Recv(in, 0, 1, MPI.INT, MPI.ANY_SOURCE, 5);
            Check.equal(1, in[0], "COMM_WORLD message");
            Check.equal(rank, worldStatus.source, "COMM_WORLD status source");
            world.Wait();
            self.Wait();

            self = MPI.COMM_SELF.Isend(new int[] {3}, 0, 1, MPI.INT, 0, 6);
            world = MPI.COMM_WORLD.Isend(new int[] {4}, 0, 1, MPI.INT, rank, 6);
            MPI.COMM_WORLD.Recv(in, 0, 1, MPI.INT, MPI.ANY_SOURCE, 6);
            Check.equal(4, in[0], "COMM_WORLD receive takes the COMM_WORLD message, though the COMM_SELF one was sent first");
            Check.that(MPI.COMM_WORLD.Iprobe(MPI.ANY_SOURCE, 6) == null, "COMM_WORLD Iprobe sees a COMM_SELF message");
            MPI.COMM_SELF.Recv(in, 0, 1, MPI.INT, 0, 6);
            Check.equal(3, in[0], "COMM_SELF message");
            world.Wait();
            self.Wait();
            Exchange.checkRing(3, "the self messages");
            MPI.Finalize();
        }
    }
}
