package mpi;

import org.openmpj.ErrorClass;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.datatype.Layout;

/** Argument checks at the API boundary; each failure names the call, the argument, its value and what was expected. */
final class Checks
{
    private Checks()
    {
    }

    static void buffer(final String call, final Object buf, final int offset, final int count, final Datatype datatype)
    {
        buffer(call, null, buf, offset, count, datatype);
    }

    /**
     * Checks {@code count} items of {@code datatype} in {@code buf} from {@code offset}; messages name {@code which}
     * buffer of the call it is, if not null. The name is put together only for a message, so that checks allocate nothing.
     */
    static void buffer(final String call, final String which, final Object buf, final int offset, final int count, final Datatype datatype)
    {
        items(call, which, count, datatype);
        if (offset < 0)
        {
            throw MPIException.of(ErrorClass.ERR_ARG, name(call, which) + ": offset=" + offset + " is negative; expected 0 or more");
        }
        if (datatype.isEmpty())
        {
            // Items of no data touch no element, so any buffer will do, as in MPI.
            return;
        }
        if (buf instanceof mpjbuf.Buffer packed)
        {
            packedBuffer(call, which, packed, offset, count, datatype);
            return;
        }
        if (buf == null)
        {
            throw MPIException.of(ErrorClass.ERR_BUFFER, name(call, which) + ": buffer is null; expected a " + datatype.arrayTypeName()
                + " for " + datatype);
        }
        final int length;
        if (datatype.isObject())
        {
            if (!(buf instanceof Object[] objects))
            {
                throw MPIException.of(ErrorClass.ERR_TYPE, name(call, which) + ": buffer is a " + buf.getClass().getSimpleName()
                    + " but " + datatype + " needs an Object[]");
            }
            length = objects.length;
        }
        else
        {
            if (!datatype.kind().isArrayOf(buf))
            {
                throw MPIException.of(ErrorClass.ERR_TYPE, name(call, which) + ": buffer is a " + buf.getClass().getSimpleName()
                    + " but " + datatype + " needs a " + datatype.arrayTypeName());
            }
            length = java.lang.reflect.Array.getLength(buf);
        }
        if (datatype.isDerived())
        {
            derivedSpan(call, which, offset, count, datatype, length);
        }
        else if ((long)offset + count > length)
        {
            throw MPIException.of(ErrorClass.ERR_BUFFER, name(call, which) + ": offset=" + offset + " + count=" + count
                + " runs past the end of the buffer of length " + length);
        }
    }

    /** Checks an MPJ Express buffer, which holds bytes packed for {@code MPI.PACKED}. */
    private static void packedBuffer(
        final String call, final String which, final mpjbuf.Buffer buf, final int offset, final int count, final Datatype datatype)
    {
        if (datatype != MPI.PACKED)
        {
            throw MPIException.of(ErrorClass.ERR_TYPE, name(call, which) + ": an mpjbuf.Buffer holds packed bytes and goes with MPI.PACKED,"
                + " not " + datatype);
        }
        if (buf.getStaticBuffer().isFreed())
        {
            throw MPIException.of(ErrorClass.ERR_BUFFER, name(call, which) + ": the mpjbuf.Buffer has been freed");
        }
        if ((long)offset + count > buf.length())
        {
            throw MPIException.of(ErrorClass.ERR_BUFFER, name(call, which) + ": offset=" + offset + " + count=" + count
                + " runs past the end of the mpjbuf.Buffer of " + buf.length() + " bytes");
        }
    }

    /** Checks that {@code count} items of {@code datatype} can be communicated, whatever the buffer. */
    static void items(final String call, final int count, final Datatype datatype)
    {
        items(call, null, count, datatype);
    }

    private static void items(final String call, final String which, final int count, final Datatype datatype)
    {
        if (datatype == null)
        {
            throw MPIException.of(ErrorClass.ERR_TYPE, name(call, which) + ": datatype is null");
        }
        datatype.checkUsable(call);
        if (!datatype.isCarrier() && !datatype.isEmpty())
        {
            throw MPIException.of(ErrorClass.ERR_TYPE, name(call, which) + ": " + datatype + " cannot describe message data");
        }
        if (count < 0)
        {
            throw MPIException.of(ErrorClass.ERR_COUNT, name(call, which) + ": count=" + count + " is negative; expected 0 or more");
        }
        if ((long)count * datatype.layout().size() > Integer.MAX_VALUE)
        {
            throw MPIException.of(ErrorClass.ERR_COUNT, name(call, which) + ": count=" + count + " items of " + datatype + " are "
                + (long)count * datatype.layout().size() + " elements, more than a Java array holds");
        }
    }

    /** Checks that the elements {@code count} items of a derived type touch lie in the buffer. */
    private static void derivedSpan(
        final String call, final String which, final int offset, final int count, final Datatype datatype, final int length)
    {
        final Layout layout = datatype.layout();
        if (count == 0 || layout.size() == 0)
        {
            return;
        }
        final long low = layout.lowestElement(offset, count);
        final long high = layout.highestElement(offset, count);
        if (low < 0 || high > length)
        {
            throw MPIException.of(ErrorClass.ERR_BUFFER, name(call, which) + ": offset=" + offset + " and count=" + count + " items of "
                + datatype + " (extent=" + layout.extent() + ") touch elements " + low + " to " + (high - 1)
                + ", outside the buffer of length " + length);
        }
    }

    /** @return the call, and which of its buffers, for a message. */
    static String name(final String call, final String which)
    {
        return which == null ? call : call + " (" + which + ")";
    }

    static void dest(final String call, final Communicator communicator, final int dest)
    {
        if (dest != MPI.PROC_NULL && (dest < 0 || dest >= communicator.size()))
        {
            throw MPIException.of(ErrorClass.ERR_RANK, call + ": dest=" + dest + " out of range for communicator of size "
                + communicator.size() + "; expected 0 to " + (communicator.size() - 1) + " or MPI.PROC_NULL");
        }
    }

    static void source(final String call, final Communicator communicator, final int source)
    {
        if (source != MPI.PROC_NULL && source != MPI.ANY_SOURCE && (source < 0 || source >= communicator.size()))
        {
            throw MPIException.of(ErrorClass.ERR_RANK, call + ": source=" + source + " out of range for communicator of size "
                + communicator.size() + "; expected 0 to " + (communicator.size() - 1) + ", MPI.ANY_SOURCE or MPI.PROC_NULL");
        }
    }

    static void sendTag(final String call, final int tag)
    {
        if (tag < 0)
        {
            throw MPIException.of(ErrorClass.ERR_TAG, call + ": tag=" + tag + " is invalid for a send; expected 0 to MPI.TAG_UB ("
                + Integer.MAX_VALUE + ")");
        }
    }

    static void recvTag(final String call, final int tag)
    {
        if (tag < 0 && tag != MPI.ANY_TAG)
        {
            throw MPIException.of(ErrorClass.ERR_TAG, call + ": tag=" + tag + " is invalid for a receive; expected 0 to MPI.TAG_UB ("
                + Integer.MAX_VALUE + ") or MPI.ANY_TAG");
        }
    }
}
