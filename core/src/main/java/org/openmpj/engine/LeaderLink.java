package org.openmpj.engine;

import org.openmpj.OpenMpjException;
import org.openmpj.Primitive;
import org.openmpj.device.ReceiveRequest;
import org.openmpj.device.Request;
import org.openmpj.SendMode;

/**
 * How the leaders of two groups reach each other while they join or agree: a communicator both leaders belong
 * to, the other leader's rank in it, and a tag. Each exchange is one send and one receive, started together so
 * that two leaders exchanging at once never wait on each other.
 *
 * <p>Thread-safety: immutable; exchanges over one link must happen in the same order on both leaders.
 *
 * @param channel      the communicator both leaders belong to.
 * @param remoteLeader the other leader's rank in {@code channel}.
 * @param tag          the tag of the leaders' messages in {@code channel}.
 */
public record LeaderLink(Communicator channel, int remoteLeader, int tag)
{
    /** Sends {@code sendCount} elements of {@code send} to the other leader and receives up to {@code recvCount} into {@code recv}. */
    public void exchange(final Object send, final Primitive kind, final int sendCount, final Object recv, final int recvCount)
    {
        final Request sent = channel.isend(send, kind, 0, sendCount, remoteLeader, tag, SendMode.STANDARD);
        final ReceiveRequest received = channel.recv(recv, kind, 0, recvCount, remoteLeader, tag);
        final OpenMpjException error = received.error();
        if (error != null)
        {
            throw error;
        }
        channel.await(sent);
    }
}
