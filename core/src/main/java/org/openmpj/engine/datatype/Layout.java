package org.openmpj.engine.datatype;

import java.lang.foreign.MemorySegment;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.device.ArrayCopy;
import org.openmpj.Primitive;

/**
 * Where the data of one item of a datatype lies, in buffer elements from the item's origin: its blocks in
 * type-map order, which is the order they are packed in, with adjacent blocks merged; and its bounds. Item
 * {@code i} of a buffer at {@code offset} has its origin at {@code offset + i * extent()}.
 *
 * <p>The lower bound is the lowest {@code MPI.LB} marker of the flattened type map if there is one, else the
 * lowest data element; the upper bound likewise with {@code MPI.UB} markers and one past the highest data
 * element (MPI-1's rules). Markers stay in the type map through nesting, so whether a bound comes from a
 * marker is kept.
 *
 * <p>The user's buffer of {@link #pack} and {@link #unpack} may be a {@link MemorySegment} instead of an array: its
 * elements are then those of the kind in native byte order, element {@code i} at byte {@code i * kind.sizeBytes()}, as a
 * façade maps direct memory (a direct {@code java.nio} buffer) onto the engine.
 *
 * <p>Immutable and thread-safe.
 */
public final class Layout
{
    /** One element at the origin: every basic type that carries data. */
    public static final Layout ELEMENT = new Layout(new int[] {0}, new int[] {1}, 1, 0, 1, false, false, 0, 1);
    /** The {@code MPI.LB} marker at the origin. */
    public static final Layout LB_MARKER = new Layout(new int[0], new int[0], 0, 0, 0, true, false, 0, 0);
    /** The {@code MPI.UB} marker at the origin. */
    public static final Layout UB_MARKER = new Layout(new int[0], new int[0], 0, 0, 0, false, true, 0, 0);

    private final int[] displacements;
    private final int[] lengths;
    private final int size;
    private final int lb;
    private final int ub;
    private final boolean lbMarked;
    private final boolean ubMarked;
    private final int dataLow;
    private final int dataHigh;

    /**
     * @param dataLow  the lowest data element; with {@code dataHigh}, 0 when there is no data.
     * @param dataHigh one past the highest data element.
     */
    Layout(final int[] displacements, final int[] lengths, final int size, final int lb, final int ub,
        final boolean lbMarked, final boolean ubMarked, final int dataLow, final int dataHigh)
    {
        this.displacements = displacements;
        this.lengths = lengths;
        this.size = size;
        this.lb = lb;
        this.ub = ub;
        this.lbMarked = lbMarked;
        this.ubMarked = ubMarked;
        this.dataLow = dataLow;
        this.dataHigh = dataHigh;
    }

    /** @return the number of data elements in one item. */
    public int size()
    {
        return size;
    }

    public int lb()
    {
        return lb;
    }

    public int ub()
    {
        return ub;
    }

    public int extent()
    {
        return ub - lb;
    }

    public boolean lbMarked()
    {
        return lbMarked;
    }

    public boolean ubMarked()
    {
        return ubMarked;
    }

    public int dataLow()
    {
        return dataLow;
    }

    public int dataHigh()
    {
        return dataHigh;
    }

    /**
     * @return the same data with the lower bound at {@code newLb} and the extent {@code newExtent} (MPI's
     *         {@code MPI_Type_create_resized}): both bounds count as set by markers, so that they stay where they are in types
     *         built from this one, whatever the data.
     * @throws OpenMpjException {@code ERR_ARG} when the upper bound would not fit an int.
     */
    public Layout resized(final int newLb, final int newExtent)
    {
        final long newUb = (long)newLb + newExtent;
        if (newUb < Integer.MIN_VALUE || newUb > Integer.MAX_VALUE)
        {
            throw new OpenMpjException(ErrorClass.ERR_ARG, "resized: lower bound " + newLb + " and extent " + newExtent
                + " put the upper bound at " + newUb + ", outside the range of an int");
        }
        return new Layout(displacements, lengths, size, newLb, (int)newUb, true, true, dataLow, dataHigh);
    }

    /**
     * @return this layout counted in units {@code factor} times smaller: every displacement, length and bound multiplied by
     *         it, e.g. a layout of {@code int} elements as one of their bytes ({@code factor} 4), for a type whose buffer is
     *         raw memory.
     * @throws OpenMpjException {@code ERR_ARG} when a scaled value would not fit an int.
     */
    public Layout scaled(final int factor)
    {
        if (factor < 1)
        {
            throw new IllegalArgumentException("factor=" + factor + "; expected 1 or more");
        }
        final int[] scaledDisplacements = new int[displacements.length];
        final int[] scaledLengths = new int[lengths.length];
        for (int i = 0; i < displacements.length; i++)
        {
            scaledDisplacements[i] = times(displacements[i], factor);
            scaledLengths[i] = times(lengths[i], factor);
        }
        return new Layout(scaledDisplacements, scaledLengths, times(size, factor), times(lb, factor), times(ub, factor), lbMarked,
            ubMarked, times(dataLow, factor), times(dataHigh, factor));
    }

    private static int times(final int value, final int factor)
    {
        final long scaled = (long)value * factor;
        if (scaled < Integer.MIN_VALUE || scaled > Integer.MAX_VALUE)
        {
            throw new OpenMpjException(ErrorClass.ERR_ARG, "a displacement or bound of " + value + " elements is " + scaled
                + " in units " + factor + " times smaller, outside the range of an int");
        }
        return (int)scaled;
    }

    public int blockCount()
    {
        return displacements.length;
    }

    public int displacement(final int block)
    {
        return displacements[block];
    }

    public int length(final int block)
    {
        return lengths[block];
    }

    /** @return whether {@code count} items occupy one run of consecutive elements, so that they need no packing. */
    public boolean isContiguous(final int count)
    {
        return count == 0 || displacements.length == 0
            || displacements.length == 1 && (count == 1 || lengths[0] == extent());
    }

    /**
     * @return whether packing leaves every element where it is, relative to the first item's origin: one block at the
     *         origin, as long as the extent. Items then look the same packed and in a buffer.
     */
    public boolean packsInPlace()
    {
        return displacements.length == 0 || displacements.length == 1 && displacements[0] == 0 && lengths[0] == extent();
    }

    /** @return where the run of {@code count} items from {@code offset} starts, for a contiguous layout. */
    public int firstElement(final int offset, final int count)
    {
        return count == 0 || displacements.length == 0 ? offset : offset + displacements[0];
    }

    /** @return the lowest element {@code count > 0} items from {@code offset} touch. */
    public long lowestElement(final int offset, final int count)
    {
        return (long)offset + dataLow + Math.min(0L, (long)(count - 1) * extent());
    }

    /** @return one past the highest element {@code count > 0} items from {@code offset} touch. */
    public long highestElement(final int offset, final int count)
    {
        return (long)offset + dataHigh + Math.max(0L, (long)(count - 1) * extent());
    }

    /**
     * Copies the data of {@code count} items of {@code user} from {@code offset} to consecutive elements of
     * {@code packed} from {@code position}.
     *
     * @param kind the element kind of both arrays, null for {@code Object[]}.
     */
    public void pack(final Primitive kind, final Object user, final int offset, final int count, final Object packed, final int position)
    {
        transfer(kind, user, offset, packed, position, count * size, false);
    }

    /**
     * Copies {@code elements} consecutive elements of {@code packed} from {@code position} into the items of
     * {@code user} from {@code offset}, in pack order; the last item may be filled only in part.
     */
    public void unpack(final Primitive kind, final Object packed, final int position, final Object user, final int offset, final int elements)
    {
        transfer(kind, user, offset, packed, position, elements, true);
    }

    private void transfer(
        final Primitive kind, final Object user, final int offset, final Object packed, final int position, final int elements,
        final boolean unpack)
    {
        if (elements == 0 || size == 0)
        {
            return;
        }
        if (displacements.length == 1 && lengths[0] == extent())
        {
            copy(kind, user, offset + displacements[0], packed, position, elements, unpack);
            return;
        }
        int done = 0;
        int origin = offset;
        while (done < elements)
        {
            for (int block = 0; block < displacements.length && done < elements; block++)
            {
                final int length = Math.min(lengths[block], elements - done);
                copy(kind, user, origin + displacements[block], packed, position + done, length, unpack);
                done += length;
            }
            origin += extent();
        }
    }

    private static void copy(
        final Primitive kind, final Object user, final int at, final Object packed, final int position, final int length,
        final boolean unpack)
    {
        final Object src = unpack ? packed : user;
        final Object dst = unpack ? user : packed;
        final int srcOffset = unpack ? position : at;
        final int dstOffset = unpack ? at : position;
        if (user instanceof MemorySegment)
        {
            ArrayCopy.copy(src, kind, srcOffset, dst, kind, dstOffset, (long)length * kind.sizeBytes());
        }
        else if (kind == null)
        {
            System.arraycopy(src, srcOffset, dst, dstOffset, length);
        }
        else
        {
            ArrayCopy.copyElements(kind, src, srcOffset, dst, dstOffset, length);
        }
    }
}
