package org.openmpj.conformance;

import mpi.MPI;
import mpi.Request;

import org.openmpj.testing.Check;

/**
 * Programs that must fail their job: a rank that throws, aborts, returns without Finalize, fails a check, or
 * makes a bad call under MPI.ERRORS_ARE_FATAL. The other ranks are blocked in a receive from the failing rank
 * when it fails, so the job ends only if the failure reaches them.
 */
final class FailurePrograms
{
    /** Tag of the "I am about to block" messages the failing rank collects before it fails. */
    static final int BLOCKING_TAG = 50;

    private FailurePrograms()
    {
    }

    /** Rank 0 throws once every other rank is blocked receiving from it. */
    public static final class RankZeroThrows
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            failAt(0, () ->
            {
                throw new IllegalStateException("deliberate failure of rank 0");
            });
            MPI.Finalize();
        }
    }

    /**
     * Rank 0 throws while the others poll for a message from it, each rank with another polling call (Test,
     * Iprobe, Testany, Testall, Testsome): polling must fail once the job has failed, as blocking waits do, or
     * the polling ranks would spin on after the job ended.
     */
    public static final class RankZeroThrowsWhilePolled
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            if (rank == 0)
            {
                failAt(0, () ->
                {
                    throw new IllegalStateException("deliberate failure of rank 0 while others poll");
                });
            }
            else
            {
                final Request blocking = MPI.COMM_WORLD.Isend(new int[0], 0, 0, MPI.INT, 0, BLOCKING_TAG);
                final Request[] receive = {MPI.COMM_WORLD.Irecv(new int[1], 0, 1, MPI.INT, 0, 0)};
                boolean found = false;
                while (!found)
                {
                    found = switch (rank % 5)
                    {
                        case 1 -> receive[0].Test() != null;
                        case 2 -> MPI.COMM_WORLD.Iprobe(0, 0) != null;
                        case 3 -> Request.Testany(receive) != null;
                        case 4 -> Request.Testall(receive) != null;
                        default -> Request.Testsome(receive).length > 0;
                    };
                    Thread.yield();
                }
                blocking.Wait();
                throw new AssertionError("rank " + rank + " found a message its failing peer never sent");
            }
            MPI.Finalize();
        }
    }

    /** The last rank aborts with error code 3 once the others block on it; {@code args[0]} says how: "MPI" or "COMM_WORLD". */
    public static final class Aborts
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            failAt(MPI.COMM_WORLD.Size() - 1, () ->
            {
                if ("MPI".equals(args[0]))
                {
                    MPI.Abort(3);
                }
                else
                {
                    MPI.COMM_WORLD.Abort(3);
                }
                throw new AssertionError("Abort returned");
            });
            MPI.Finalize();
        }
    }

    /** The last rank returns from main without calling MPI.Finalize; the others finish cleanly. */
    public static final class NoFinalize
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            Exchange.checkRing(30, "start-up");
            if (MPI.COMM_WORLD.Rank() != MPI.COMM_WORLD.Size() - 1)
            {
                MPI.Finalize();
            }
        }
    }

    /** The last rank fails a check: the harness must report a failed job, or the whole suite could pass vacuously. */
    public static final class FailingCheck
    {
        static final String MESSAGE = "a check that must fail";

        public static void main(final String[] args)
        {
            MPI.Init(args);
            Exchange.checkRing(31, "start-up");
            if (MPI.COMM_WORLD.Rank() == MPI.COMM_WORLD.Size() - 1)
            {
                Check.equal(1, 2, MESSAGE);
            }
            MPI.Finalize();
        }
    }

    /** Under MPI.ERRORS_ARE_FATAL, a send to a rank out of range on the last rank aborts the job. */
    public static final class FatalErrors
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            MPI.COMM_WORLD.Errhandler_set(MPI.ERRORS_ARE_FATAL);
            Check.that(MPI.COMM_WORLD.Errhandler_get() == MPI.ERRORS_ARE_FATAL, "Errhandler_get");
            final int size = MPI.COMM_WORLD.Size();
            failAt(size - 1, () -> MPI.COMM_WORLD.Send(new int[1], 0, 1, MPI.INT, size, 0));
            MPI.Finalize();
        }
    }

    /** Under MPI.ERRORS_ARE_FATAL on the world, a bad group call (which belongs to no communicator) on the last rank aborts the job. */
    public static final class FatalWorldCoversGroups
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            MPI.COMM_WORLD.Errhandler_set(MPI.ERRORS_ARE_FATAL);
            final int size = MPI.COMM_WORLD.Size();
            failAt(size - 1, () -> MPI.COMM_WORLD.Group().Incl(new int[] {size}));
            MPI.Finalize();
        }
    }

    /** With MPI.ERRORS_RETURN on the world but MPI.ERRORS_ARE_FATAL on a duplicate, a bad call on the duplicate aborts the job. */
    public static final class FatalOnADuplicate
    {
        public static void main(final String[] args)
        {
            MPI.Init(args);
            final mpi.Intracomm dup = MPI.COMM_WORLD.Dup();
            dup.Errhandler_set(MPI.ERRORS_ARE_FATAL);
            final int size = MPI.COMM_WORLD.Size();
            failAt(size - 1, () -> dup.Send(new int[1], 0, 1, MPI.INT, 0, -5));
            MPI.Finalize();
        }
    }

    /**
     * Has every rank but {@code failing} tell it that it is about to block, then block receiving from it;
     * {@code failing} collects those messages, waits a little, and runs {@code failure}.
     */
    static void failAt(final int failing, final Runnable failure)
    {
        final int rank = MPI.COMM_WORLD.Rank();
        final int size = MPI.COMM_WORLD.Size();
        if (rank == failing)
        {
            for (int n = 0; n < size - 1; n++)
            {
                MPI.COMM_WORLD.Recv(new int[0], 0, 0, MPI.INT, MPI.ANY_SOURCE, BLOCKING_TAG);
            }
            Exchange.pause(50);
            failure.run();
            return;
        }
        final Request blocking = MPI.COMM_WORLD.Isend(new int[0], 0, 0, MPI.INT, failing, BLOCKING_TAG);
        MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, failing, 0);
        blocking.Wait();
        throw new AssertionError("rank " + rank + " received a message its failing peer never sent");
    }
}
