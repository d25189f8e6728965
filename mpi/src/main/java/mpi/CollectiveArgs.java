package mpi;

import org.openmpj.ErrorClass;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.datatype.Layout;

/**
 * Checks of collective arguments at the API boundary: roots, buffers of items of any datatype, per-rank counts and
 * displacements, and the type signatures of the blocks a rank both sends and receives. Each failure names the call,
 * the argument and its value.
 */
final class CollectiveArgs
{
    private CollectiveArgs()
    {
    }

    static void root(final String call, final Communicator communicator, final int root)
    {
        if (root < 0 || root >= communicator.size())
        {
            throw MPIException.of(ErrorClass.ERR_ROOT, call + ": root=" + root + " out of range for communicator of size "
                + communicator.size() + "; expected 0 to " + (communicator.size() - 1));
        }
    }

    /** Checks a buffer of {@code count} items of {@code datatype} from {@code offset}. */
    static void buffer(final String call, final String which, final Object buf, final int offset, final int count, final Datatype datatype)
    {
        Checks.buffer(call, which, buf, offset, count, datatype);
        if (datatype.isEmpty())
        {
            throw MPIException.of(ErrorClass.ERR_TYPE, Checks.name(call, which) + ": " + datatype + " holds no data; collectives take"
                + " types that do");
        }
    }

    /**
     * Checks per-rank counts (in items) and displacements (in extents of {@code datatype}) against the buffer they
     * index: every block's items must lie in it, and all blocks together must fit one Java array.
     */
    static void vector(
        final String call, final String which, final Communicator communicator, final Object buf, final int offset,
        final int[] counts, final int[] displs, final Datatype datatype)
    {
        vector(call, which, communicator.size(), "rank", buf, offset, counts, displs, datatype);
    }

    /** As {@link #vector(String, String, Communicator, Object, int, int[], int[], Datatype)}, for {@code n} blocks, one per {@code whose}. */
    static void vector(
        final String call, final String which, final int n, final String whose, final Object buf, final int offset,
        final int[] counts, final int[] displs, final Datatype datatype)
    {
        Checks.buffer(call, which, buf, offset, 0, datatype);
        if (counts == null || displs == null || counts.length < n || displs.length < n)
        {
            throw MPIException.of(ErrorClass.ERR_ARG, call + ": the " + which + " counts and displacements need "
                + n + " entries each, one per " + whose + "; got " + (counts == null ? "null" : counts.length) + " and "
                + (displs == null ? "null" : displs.length));
        }
        final Layout layout = datatype.layout();
        final int length = java.lang.reflect.Array.getLength(buf);
        long elements = 0;
        for (int i = 0; i < n; i++)
        {
            if (counts[i] < 0)
            {
                throw MPIException.of(ErrorClass.ERR_COUNT, call + ": " + which + " count[" + i + "]=" + counts[i]
                    + " is negative; expected 0 or more");
            }
            elements += (long)counts[i] * layout.size();
            if (counts[i] == 0 || layout.size() == 0)
            {
                continue;
            }
            final long origin = offset + (long)displs[i] * layout.extent();
            final long low = origin + layout.lowestElement(0, counts[i]);
            final long high = origin + layout.highestElement(0, counts[i]);
            if (low < 0 || high > length)
            {
                throw MPIException.of(ErrorClass.ERR_BUFFER, Checks.name(call, which) + ": block " + i + " of count[" + i + "]=" + counts[i]
                    + " items of " + datatype + " at displacement[" + i + "]=" + displs[i] + " (extent " + layout.extent() + ") from offset="
                    + offset + " touches elements " + low + " to " + (high - 1) + ", outside the buffer of length " + length);
            }
        }
        if (elements > Integer.MAX_VALUE)
        {
            throw MPIException.of(ErrorClass.ERR_COUNT, Checks.name(call, which) + ": the blocks hold " + elements + " elements of " + datatype
                + " together, more than a Java array holds");
        }
    }

    /**
     * Checks that a block this rank sends to itself and the block it receives it into have the same type signature:
     * the same number of elements of the same kind.
     */
    static void sameSignature(
        final String call, final String block, final int sendcount, final Datatype sendtype, final int recvcount, final Datatype recvtype)
    {
        if (sendtype.kind() != recvtype.kind() || sendtype.isObject() != recvtype.isObject())
        {
            throw MPIException.of(ErrorClass.ERR_TYPE, call + ": send type " + sendtype + " and receive type " + recvtype
                + " hold different kinds of elements");
        }
        final long sent = (long)sendcount * sendtype.layout().size();
        final long received = (long)recvcount * recvtype.layout().size();
        if (sent != received)
        {
            throw MPIException.of(sent > received ? ErrorClass.ERR_TRUNCATE : ErrorClass.ERR_COUNT, call + ": " + block + " is sent as "
                + sendcount + " x " + sendtype + " (" + sent + " elements) but received as " + recvcount + " x " + recvtype + " ("
                + received + " elements); the type signatures must match");
        }
    }
}
