package org.openmpj.conformance;

import mpi.MPI;
import mpi.Request;
import mpi.Status;

import org.openmpj.testing.Check;

/**
 * Programs that wait for messages by polling, as much existing MPJ code does: loops on {@code Iprobe} or on the
 * {@code Test} family, with nothing else calling into MPI. Each receiver starts polling only after its sender has
 * gone on to {@code Finalize}, so that only the polling calls themselves can bring the message in.
 */
final class PollingPrograms
{
    /**
     * Long enough that the sender is inside {@code Finalize}, waiting, before the receiver first looks: its few small
     * sends take milliseconds after {@code Init}. A whole second cost 71 runs of these two programs about 70 s of the
     * suite; were the sender ever later than this, the receiver would still see every message, its polls then merely
     * not alone in bringing them in.
     */
    private static final long SENDER_HEAD_START_MS = 250;
    private static final int TAG = 1;

    private PollingPrograms()
    {
    }

    /** Rank 0 sends one int to every other rank; each of them sleeps, then loops on {@code Iprobe} until it sees it. */
    public static final class IprobeLoop
    {
        public static void main(final String[] args) throws InterruptedException
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            if (rank == 0)
            {
                sendToEveryOtherRank();
            }
            else
            {
                Thread.sleep(SENDER_HEAD_START_MS);
                Status status = MPI.COMM_WORLD.Iprobe(0, TAG);
                while (status == null)
                {
                    status = MPI.COMM_WORLD.Iprobe(0, TAG);
                }
                Check.equal(0, status.source, "source of the probed message");
                Check.equal(1, status.Get_count(MPI.INT), "count of the probed message");
                receiveAndCheck();
            }
            MPI.Finalize();
        }
    }

    /** As {@link IprobeLoop}, but each receiver posts an {@code Irecv} and loops on {@code Test}, then {@code Testany}, then {@code Testall}. */
    public static final class TestLoops
    {
        public static void main(final String[] args) throws InterruptedException
        {
            MPI.Init(args);
            final int rank = MPI.COMM_WORLD.Rank();
            if (rank == 0)
            {
                sendToEveryOtherRank();
                sendToEveryOtherRank();
                sendToEveryOtherRank();
            }
            else
            {
                Thread.sleep(SENDER_HEAD_START_MS);
                final int[] value = new int[1];
                final Request one = MPI.COMM_WORLD.Irecv(value, 0, 1, MPI.INT, 0, TAG);
                Status status = one.Test();
                while (status == null)
                {
                    status = one.Test();
                }
                Check.equal(rank, value[0], "value received by a Test loop");
                final Request[] any = {MPI.COMM_WORLD.Irecv(value, 0, 1, MPI.INT, 0, TAG)};
                status = Request.Testany(any);
                while (status == null)
                {
                    status = Request.Testany(any);
                }
                Check.equal(0, status.index, "index Testany names");
                final Request[] all = {MPI.COMM_WORLD.Irecv(value, 0, 1, MPI.INT, 0, TAG)};
                Status[] statuses = Request.Testall(all);
                while (statuses == null)
                {
                    statuses = Request.Testall(all);
                }
                Check.equal(rank, value[0], "value received by a Testall loop");
            }
            MPI.Finalize();
        }
    }

    private static void sendToEveryOtherRank()
    {
        for (int dest = 1; dest < MPI.COMM_WORLD.Size(); dest++)
        {
            MPI.COMM_WORLD.Send(new int[] {dest}, 0, 1, MPI.INT, dest, TAG);
        }
    }

    private static void receiveAndCheck()
    {
        final int[] value = new int[1];
        MPI.COMM_WORLD.Recv(value, 0, 1, MPI.INT, 0, TAG);
        Check.equal(MPI.COMM_WORLD.Rank(), value[0], "value received after the probe saw it");
    }
}
