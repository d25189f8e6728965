package org.openmpj.examples;

import mpi.Datatype;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Status;

/**
 * Programs written the way existing MPJ Express code is, for the system tests to launch through {@code bin/mpjrun}
 * on every device. Each rank prints what it found; the tests read the lines.
 */
final class MpjExpressPrograms
{
    private MpjExpressPrograms()
    {
    }

    /** Rank 0 sends one int and goes on to Finalize; rank 1 sleeps a second, then loops on Iprobe until it sees it. */
    public static final class IprobeAfterSleep
    {
        public static void main(final String[] args) throws Exception
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            if (rank == 0)
            {
                MPI.COMM_WORLD.Send(new int[] {42}, 0, 1, MPI.INT, 1, 1);
            }
            else if (rank == 1)
            {
                Thread.sleep(1_000);
                Status status = MPI.COMM_WORLD.Iprobe(0, 1);
                while (status == null)
                {
                    status = MPI.COMM_WORLD.Iprobe(0, 1);
                }
                final int[] value = new int[1];
                MPI.COMM_WORLD.Recv(value, 0, 1, MPI.INT, 0, 1);
                System.out.println("iprobe saw " + status.Get_count(MPI.INT) + " int, received " + value[0]);
            }
            MPI.Finalize();
        }
    }

    /** The even and the odd ranks, each a communicator, joined on the world as the peer: MPJ Express's argument order. */
    public static final class EvenOddIntercomm
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final int color = rank % 2;
            final Intracomm half = MPI.COMM_WORLD.Split(color, rank);
            final Intercomm inter = MPI.COMM_WORLD.Create_intercomm(half, 0, color == 1 ? 0 : 1, 5);
            final int[] partner = new int[1];
            inter.Sendrecv(new int[] {rank}, 0, 1, MPI.INT, inter.Rank(), 7, partner, 0, 1, MPI.INT, inter.Rank(), 7);
            System.out.println("rank " + rank + " local " + inter.Size() + " remote " + inter.Remote_size() + " partner " + partner[0]);
            MPI.Finalize();
        }
    }

    /** A Struct of no blocks, 100 items of it sent from rank 0 to rank 1. */
    public static final class ZeroSizeStruct
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final Datatype empty = Datatype.Struct(new int[0], new int[0], new Datatype[0]);
            empty.Commit();
            final int[] buffer = new int[1];
            if (rank == 0)
            {
                buffer[0] = 2;
                MPI.COMM_WORLD.Send(buffer, 0, 100, empty, 1, 0);
            }
            else if (rank == 1)
            {
                final Status status = MPI.COMM_WORLD.Recv(buffer, 0, 100, empty, 0, 0);
                System.out.println("count " + status.Get_count(empty) + " elements " + status.Get_elements(empty) + " buffer " + buffer[0]);
            }
            MPI.COMM_WORLD.Barrier();
            MPI.Finalize();
        }
    }

    /**
     * Rank 0 reads its clock, sends to rank 1, which reads its own and sends that back, and rank 0 reads its clock
     * again: on one clock for the host the three times are in order.
     */
    public static final class WtimeInOrder
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final double[] stamp = new double[1];
            for (int round = 0; round < 3; round++)
            {
                if (rank == 0)
                {
                    final double before = MPI.Wtime();
                    MPI.COMM_WORLD.Send(stamp, 0, 1, MPI.DOUBLE, 1, round);
                    MPI.COMM_WORLD.Recv(stamp, 0, 1, MPI.DOUBLE, 1, round);
                    final double after = MPI.Wtime();
                    System.out.println("round " + round + " in order " + (before <= stamp[0] && stamp[0] <= after) + ": " + before + " <= "
                        + stamp[0] + " <= " + after);
                }
                else if (rank == 1)
                {
                    MPI.COMM_WORLD.Recv(stamp, 0, 1, MPI.DOUBLE, 0, round);
                    stamp[0] = MPI.Wtime();
                    MPI.COMM_WORLD.Send(stamp, 0, 1, MPI.DOUBLE, 0, round);
                }
            }
            MPI.Finalize();
        }
    }

    /** A main class that is not public, as the java launcher runs them and many MPJ programs have them. */
    static final class NotPublic
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            System.out.println("rank " + MPI.COMM_WORLD.Rank() + " of a class that is not public ran");
            MPI.Finalize();
        }
    }

    /**
     * The root's buffer is too small for its count; every rank reports how its Bcast ended. The Bcast is on a
     * duplicate of the world, as a communicator whose collective call failed is not to be used for collectives again.
     */
    public static final class RootBufferTooSmall
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            final Intracomm dup = MPI.COMM_WORLD.Dup();
            try
            {
                dup.Bcast(new int[rank == 0 ? 4 : 10], 0, 10, MPI.INT, 0);
                System.out.println("rank " + rank + " Bcast returned");
            }
            catch (final MPIException ex)
            {
                System.out.println("rank " + rank + " Bcast failed: " + ex.getMessage());
            }
            MPI.COMM_WORLD.Barrier();
            MPI.Finalize();
        }
    }

    /** Ranks 0 and 1 both act as the root of a small Bcast on the world; nothing else follows before Finalize. */
    public static final class TwoRoots
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            MPI.COMM_WORLD.Bcast(new int[] {rank}, 0, 1, MPI.INT, Math.min(rank, 1));
            MPI.Finalize();
        }
    }

    /** Never calls MPI: a main that MPJ Express test programs leave empty, run as plain Java on every rank. */
    public static final class NoMpiAtAll
    {
        public static void main(final String[] args)
        {
            System.out.println("plain Java ran");
        }
    }
}
