package org.openmpj.matching;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.device.Device;
import org.openmpj.device.JobControl;
import org.openmpj.device.Request;

/**
 * Ends, in a job that survives the loss of ranks, the waits that a lost rank leaves without an end: a send to it, a
 * receive from it, and a receive from any rank that was still unmatched when a rank was lost. MPI's ANY_SOURCE receives
 * behave so where processes may fail: the one that could have sent is gone, and the program must be told, not left
 * waiting. A receive that matched before the loss goes on to complete.
 *
 * <p>Thread-safety: safe for any number of threads; each request is checked by the threads that wait for it.
 */
final class LostPeerWaits
{
    /** The peer of a receive from any rank, or of one the engine did not name. */
    static final int ANY_PEER = -1;

    private final JobControl job;
    private final Device device;

    LostPeerWaits(final JobControl job, final Device device)
    {
        this.job = job;
        this.device = device;
    }

    /** Marks {@code recv}, about to be posted, with the losses known now; its peer is unknown until the engine names it. */
    void stamp(final RecvRequest recv)
    {
        recv.expectedPeer = ANY_PEER;
        recv.lossesAtPost = job.lossCount();
    }

    /** @throws OpenMpjException with {@code ERR_PROC_FAILED} when {@code request} can no longer complete: see the class. */
    void failIfLost(final Request request)
    {
        if (job.lossCount() == 0 || request.isComplete())
        {
            return;
        }
        if (request instanceof SendRequest send)
        {
            failIfLost(send, send.dest, "a send to rank " + send.dest);
        }
        else if (request instanceof RecvRequest recv)
        {
            if (recv.expectedPeer != ANY_PEER)
            {
                failIfLost(recv, recv.expectedPeer, "a receive from rank " + recv.expectedPeer);
            }
            else if (job.lossCount() != recv.lossesAtPost && device.cancel(recv))
            {
                throw new OpenMpjException(ErrorClass.ERR_PROC_FAILED, "a receive from any rank was cancelled, unmatched, because "
                    + lostSince() + "; the rank that was to send may be gone");
            }
        }
    }

    private void failIfLost(final Request request, final int peer, final String what)
    {
        final String why = job.lossOf(peer);
        if (why != null)
        {
            // Cancelled where it can be; a request that matched already is left to the transport, which no longer moves it.
            device.cancel(request);
            throw new OpenMpjException(ErrorClass.ERR_PROC_FAILED, what + " cannot complete: the rank was lost (" + why + ")");
        }
    }

    /** @return which ranks the job has lost, and why, for an error that cannot name the one it waited on. */
    private String lostSince()
    {
        final StringBuilder lost = new StringBuilder();
        for (int rank = 0; rank < device.size(); rank++)
        {
            final String why = job.lossOf(rank);
            if (why != null)
            {
                lost.append(lost.isEmpty() ? "" : "; ").append(why);
            }
        }
        return "ranks were lost while it waited (" + lost + ")";
    }
}
