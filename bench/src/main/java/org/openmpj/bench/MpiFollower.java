package org.openmpj.bench;

import mpi.Intracomm;
import mpi.MPI;

/** Rank 1 of an MPI ping-pong: receives each message from rank 0 and sends it straight back, until told to stop. */
final class MpiFollower
{
    static final int LEADER = 0;
    static final int FOLLOWER = 1;
    static final int TAG_CONTROL = 1;
    static final int TAG_DATA = 2;
    /** A command is {op, bytes, iterations}. */
    static final int COMMAND_LENGTH = 3;

    private final Intracomm comm = MPI.COMM_WORLD;
    private final MpiMessages messages;
    private final long[] command = new long[COMMAND_LENGTH];
    private final long[] reply = new long[1];

    /** @param messages how the measured messages travel. */
    MpiFollower(final MpiMessages messages)
    {
        this.messages = messages;
    }

    /** Echoes batches until rank 0 sends {@link Command#STOP}. */
    void run()
    {
        while (true)
        {
            comm.Recv(command, 0, COMMAND_LENGTH, MPI.LONG, LEADER, TAG_CONTROL);
            final int op = (int)command[0];
            if (op == Command.STOP)
            {
                return;
            }
            final int bytes = (int)command[1];
            final int iterations = (int)command[2];
            messages.prepare(bytes);
            comm.Send(reply, 0, 0, MPI.LONG, LEADER, TAG_CONTROL);
            if (op == Command.ALLOCATION)
            {
                final long before = ThreadAllocation.currentThreadBytes();
                echo(bytes, iterations);
                reply[0] = ThreadAllocation.currentThreadBytes() - before;
                comm.Send(reply, 0, 1, MPI.LONG, LEADER, TAG_CONTROL);
            }
            else
            {
                echo(bytes, iterations);
            }
        }
    }

    private void echo(final int bytes, final int iterations)
    {
        final byte[] buffer = messages.byteBuffer();
        if (buffer != null)
        {
            // Direct API calls, as in MpiLeader.exchange.
            for (int i = 0; i < iterations; i++)
            {
                comm.Recv(buffer, 0, bytes, MPI.BYTE, LEADER, TAG_DATA);
                comm.Send(buffer, 0, bytes, MPI.BYTE, LEADER, TAG_DATA);
            }
            return;
        }
        for (int i = 0; i < iterations; i++)
        {
            messages.receive(bytes, LEADER, TAG_DATA);
            messages.send(bytes, LEADER, TAG_DATA);
        }
    }
}
