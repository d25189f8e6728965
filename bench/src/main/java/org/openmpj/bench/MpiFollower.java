package org.openmpj.bench;

import mpi.Intracomm;
import mpi.MPI;

/** The echoing rank of an MPI ping-pong: receives each message from rank 0 and sends it straight back, until told to stop. */
final class MpiFollower extends FollowerTemplate
{
    static final int LEADER = 0;
    static final int TAG_CONTROL = 1;
    static final int TAG_DATA = 2;

    private final Intracomm comm = MPI.COMM_WORLD;
    private final MpiMessages messages;
    private final long[] reply = new long[1];

    /** @param messages how the measured messages travel. */
    MpiFollower(final MpiMessages messages)
    {
        this.messages = messages;
    }

    @Override
    void awaitCommand()
    {
        comm.Recv(command, 0, COMMAND_LENGTH, MPI.LONG, LEADER, TAG_CONTROL);
        if (command[0] != Command.STOP)
        {
            messages.prepare((int)command[1]);
        }
    }

    @Override
    void acknowledge()
    {
        comm.Send(reply, 0, 0, MPI.LONG, LEADER, TAG_CONTROL);
    }

    @Override
    void reportAllocation(final long bytes)
    {
        reply[0] = bytes;
        comm.Send(reply, 0, 1, MPI.LONG, LEADER, TAG_CONTROL);
    }

    @Override
    void echo(final int bytes, final int iterations)
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
