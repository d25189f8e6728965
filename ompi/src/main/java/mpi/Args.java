package mpi;

import org.openmpj.ErrorClass;
import org.openmpj.engine.Communicator;

/**
 * Checks of ranks, roots and tags at the API boundary. Each failure names the call, the argument, its value and what was
 * expected, and is returned for the caller to raise on its communicator.
 */
final class Args
{
    private Args()
    {
    }

    static void dest(final String call, final Communicator communicator, final int dest) throws MPIException
    {
        if (dest != MPI.PROC_NULL && (dest < 0 || dest >= communicator.size()))
        {
            throw MPIException.of(ErrorClass.ERR_RANK, call + ": dest=" + dest + " out of range for communicator of size "
                + communicator.size() + "; expected 0 to " + (communicator.size() - 1) + " or MPI.PROC_NULL");
        }
    }

    static void source(final String call, final Communicator communicator, final int source) throws MPIException
    {
        if (source != MPI.PROC_NULL && source != MPI.ANY_SOURCE && (source < 0 || source >= communicator.size()))
        {
            throw MPIException.of(ErrorClass.ERR_RANK, call + ": source=" + source + " out of range for communicator of size "
                + communicator.size() + "; expected 0 to " + (communicator.size() - 1) + ", MPI.ANY_SOURCE or MPI.PROC_NULL");
        }
    }

    static void sendTag(final String call, final Communicator communicator, final int tag) throws MPIException
    {
        if (tag < 0 || tag > communicator.largestTag())
        {
            throw MPIException.of(ErrorClass.ERR_TAG, call + ": tag=" + tag + " is invalid for a send; expected 0 to "
                + communicator.largestTag() + " (the MPI.TAG_UB attribute)");
        }
    }

    static void recvTag(final String call, final Communicator communicator, final int tag) throws MPIException
    {
        if (tag != MPI.ANY_TAG && (tag < 0 || tag > communicator.largestTag()))
        {
            throw MPIException.of(ErrorClass.ERR_TAG, call + ": tag=" + tag + " is invalid for a receive; expected 0 to "
                + communicator.largestTag() + " (the MPI.TAG_UB attribute) or MPI.ANY_TAG");
        }
    }

    static void root(final String call, final Communicator communicator, final int root) throws MPIException
    {
        if (root < 0 || root >= communicator.size())
        {
            throw MPIException.of(ErrorClass.ERR_ROOT, call + ": root=" + root + " out of range for communicator of size "
                + communicator.size() + "; expected 0 to " + (communicator.size() - 1));
        }
    }
}
