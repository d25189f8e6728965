package mpi;

import org.openmpj.ErrorClass;
import org.openmpj.device.Primitive;
import org.openmpj.engine.Communicator;

/**
 * Checks of collective arguments at the API boundary, and the translation of datatypes and item counts into
 * the element counts the engine works in. Each failure names the call, the argument and its value.
 */
final class CollectiveArgs
{
    private CollectiveArgs()
    {
    }

    /**
     * @return the elements one item of {@code datatype} occupies, for a type whose items are contiguous runs of one
     *         primitive kind.
     * @throws MPIException {@code ERR_TYPE} for types collectives do not take yet.
     */
    static int elementsPerItem(final String call, final Datatype datatype)
    {
        if (datatype == null)
        {
            throw MPIException.of(ErrorClass.ERR_TYPE, call + ": datatype is null");
        }
        datatype.checkUsable(call);
        if (datatype.isObject())
        {
            if (datatype.isDerived())
            {
                throw MPIException.of(ErrorClass.ERR_TYPE, call + ": collectives take MPI.OBJECT itself, not types derived from it, yet");
            }
            return 1;
        }
        final Primitive kind = datatype.kind();
        // Two items in a row must be one run of elements: then any count of them is.
        if (kind == null || datatype.Lb() != 0 || !datatype.isContiguous(2))
        {
            throw MPIException.of(ErrorClass.ERR_TYPE, call + ": " + datatype
                + " is not a contiguous type of one primitive kind; collectives do not take such types yet");
        }
        return datatype.elements(1);
    }

    static void root(final String call, final Communicator communicator, final int root)
    {
        if (root < 0 || root >= communicator.size())
        {
            throw MPIException.of(ErrorClass.ERR_ROOT, call + ": root=" + root + " out of range for communicator of size "
                + communicator.size() + "; expected 0 to " + (communicator.size() - 1));
        }
    }

    /**
     * Checks a buffer of {@code count} items of {@code datatype} from {@code offset} (in elements).
     *
     * @return the elements per item of {@code datatype}.
     */
    static int buffer(final String call, final String which, final Object buf, final int offset, final int count, final Datatype datatype)
    {
        final int perItem = elementsPerItem(call, datatype);
        if (count < 0)
        {
            throw MPIException.of(ErrorClass.ERR_COUNT, call + ": " + which + " count=" + count + " is negative; expected 0 or more");
        }
        Checks.buffer(call + " (" + which + ")", buf, offset, (int)Math.min(Integer.MAX_VALUE, (long)count * perItem), basicOf(datatype));
        return perItem;
    }

    /**
     * Checks per-rank counts and displacements (in items) against the buffer they index.
     *
     * @return the elements per item of {@code datatype}.
     */
    static int vector(
        final String call, final String which, final Communicator communicator, final Object buf, final int offset,
        final int[] counts, final int[] displs, final Datatype datatype)
    {
        final int perItem = elementsPerItem(call, datatype);
        final int n = communicator.size();
        if (counts == null || displs == null || counts.length < n || displs.length < n)
        {
            throw MPIException.of(ErrorClass.ERR_ARG, call + ": the " + which + " counts and displacements need "
                + n + " entries each, one per rank; got " + (counts == null ? "null" : counts.length) + " and "
                + (displs == null ? "null" : displs.length));
        }
        long end = 0;
        for (int i = 0; i < n; i++)
        {
            if (counts[i] < 0 || displs[i] < 0)
            {
                throw MPIException.of(ErrorClass.ERR_COUNT, call + ": " + which + " count[" + i + "]=" + counts[i]
                    + ", displacement[" + i + "]=" + displs[i] + "; expected 0 or more");
            }
            end = Math.max(end, ((long)displs[i] + counts[i]) * perItem);
        }
        Checks.buffer(call + " (" + which + ")", buf, offset, (int)Math.min(Integer.MAX_VALUE, end), basicOf(datatype));
        return perItem;
    }

    /**
     * Checks that the root's own block of a Gather or Scatter is as long on its send side as on its receive side, as
     * MPI requires of every rank: the other ranks size their part of the collective by the count they were given.
     */
    static void sameBlock(
        final String call, final String firstSide, final int firstCount, final Datatype firstType, final int firstPerItem,
        final String secondSide, final int secondCount, final Datatype secondType, final int secondPerItem)
    {
        final long first = (long)firstCount * firstPerItem;
        final long second = (long)secondCount * secondPerItem;
        if (first != second)
        {
            throw MPIException.of(ErrorClass.ERR_COUNT, call + ": at the root, " + firstSide + " count=" + firstCount + " of " + firstType
                + " is " + first + " elements but " + secondSide + " count=" + secondCount + " of " + secondType + " is " + second
                + "; each rank's block must be the same size on both sides");
        }
    }

    /** @return {@code values} scaled from items to elements; zeros for null, which ranks other than a root may pass. */
    static int[] elements(final int[] values, final int n, final int perItem)
    {
        final int[] scaled = new int[n];
        for (int i = 0; values != null && i < n; i++)
        {
            scaled[i] = values[i] * perItem;
        }
        return scaled;
    }

    /** @return the basic datatype of the kind {@code datatype}'s elements are, for buffer checks in elements. */
    private static Datatype basicOf(final Datatype datatype)
    {
        if (datatype.isObject())
        {
            return MPI.OBJECT;
        }
        return switch (datatype.kind())
        {
            case BYTE -> datatype.baseType == Datatype.PACKED_TYPE ? MPI.PACKED : MPI.BYTE;
            case CHAR -> MPI.CHAR;
            case SHORT -> MPI.SHORT;
            case BOOLEAN -> MPI.BOOLEAN;
            case INT -> MPI.INT;
            case LONG -> MPI.LONG;
            case FLOAT -> MPI.FLOAT;
            case DOUBLE -> MPI.DOUBLE;
        };
    }
}
