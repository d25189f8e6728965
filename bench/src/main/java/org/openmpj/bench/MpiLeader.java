package org.openmpj.bench;

import mpi.Intracomm;
import mpi.MPI;

/** Rank 0 of an MPI ping-pong: sends each message to the follower with {@code Send} and waits for it in {@code Recv}. */
final class MpiLeader extends LeaderTemplate
{
    private final Intracomm comm = MPI.COMM_WORLD;
    private final MpiMessages messages;
    private final long[] command = new long[FollowerTemplate.COMMAND_LENGTH];
    private final long[] reply = new long[1];
    private final int follower;

    /**
     * @param messages how the measured messages travel.
     * @param follower the echoing rank.
     */
    MpiLeader(final MpiMessages messages, final int follower)
    {
        this.messages = messages;
        this.follower = follower;
    }

    @Override
    long followerAllocatedBytes()
    {
        comm.Recv(reply, 0, 1, MPI.LONG, follower, MpiFollower.TAG_CONTROL);
        return reply[0];
    }

    @Override
    public void stop()
    {
        command[0] = Command.STOP;
        comm.Send(command, 0, command.length, MPI.LONG, follower, MpiFollower.TAG_CONTROL);
    }

    @Override
    void command(final int op, final int bytes, final int iterations)
    {
        messages.prepare(bytes);
        command[0] = op;
        command[1] = bytes;
        command[2] = iterations;
        comm.Send(command, 0, command.length, MPI.LONG, follower, MpiFollower.TAG_CONTROL);
        comm.Recv(reply, 0, 0, MPI.LONG, follower, MpiFollower.TAG_CONTROL);
    }

    @Override
    void exchange(final int bytes, final int iterations)
    {
        final byte[] buffer = messages.byteBuffer();
        if (buffer != null)
        {
            // The API called directly, as a program would: an extra call level here can keep the JIT from
            // inlining Recv, and then from removing the Status it returns.
            for (int i = 0; i < iterations; i++)
            {
                comm.Send(buffer, 0, bytes, MPI.BYTE, follower, MpiFollower.TAG_DATA);
                comm.Recv(buffer, 0, bytes, MPI.BYTE, follower, MpiFollower.TAG_DATA);
            }
            return;
        }
        for (int i = 0; i < iterations; i++)
        {
            messages.send(bytes, follower, MpiFollower.TAG_DATA);
            messages.receive(bytes, follower, MpiFollower.TAG_DATA);
        }
    }
}
