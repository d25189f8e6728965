package org.openmpj.engine.datatype;

import java.util.Arrays;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;

/**
 * Builds the {@link Layout} of a derived datatype from copies of its components' layouts, each placed at a
 * displacement in buffer elements. Blocks are kept in the order the copies are added and merged when one
 * starts where the previous one ends. Not thread-safe: one builder per constructor call.
 */
public final class LayoutBuilder
{
    /** More blocks than this are refused rather than risk exhausting the heap on a mistaken count. */
    private static final int MAX_BLOCKS = 1 << 26;

    private final String call;
    private int[] displacements = new int[4];
    private int[] lengths = new int[4];
    private int blocks;
    private long size;
    private boolean lbMarked;
    private long markedLb = Long.MAX_VALUE;
    private boolean ubMarked;
    private long markedUb = Long.MIN_VALUE;
    private boolean hasData;
    private long dataLow = Long.MAX_VALUE;
    private long dataHigh = Long.MIN_VALUE;

    /** @param call the constructor being run, for error messages. */
    public LayoutBuilder(final String call)
    {
        this.call = call;
    }

    /**
     * Adds {@code copies} copies of {@code component} with their origins at {@code start}, {@code start + stride},
     * and so on.
     */
    public void addCopies(final Layout component, final long start, final long stride, final int copies)
    {
        if (copies == 0)
        {
            return;
        }
        final long last = start + stride * (copies - 1);
        final long low = Math.min(start, last);
        final long high = Math.max(start, last);
        if (component.lbMarked())
        {
            lbMarked = true;
            markedLb = Math.min(markedLb, low + component.lb());
        }
        if (component.ubMarked())
        {
            ubMarked = true;
            markedUb = Math.max(markedUb, high + component.ub());
        }
        if (component.size() == 0)
        {
            return;
        }
        size += (long)copies * component.size();
        if (size > Integer.MAX_VALUE)
        {
            throw new OpenMpjException(ErrorClass.ERR_COUNT, call + ": the type would hold " + size
                + " elements, more than a Java array can; expected at most " + Integer.MAX_VALUE);
        }
        hasData = true;
        dataLow = Math.min(dataLow, low + component.dataLow());
        dataHigh = Math.max(dataHigh, high + component.dataHigh());
        if (component.blockCount() == 1 && component.length(0) == stride)
        {
            // Copies of one block that follow each other form one block: no need to add them one by one.
            append(start + component.displacement(0), (long)copies * stride);
            return;
        }
        for (int i = 0; i < copies; i++)
        {
            final long origin = start + i * stride;
            for (int block = 0; block < component.blockCount(); block++)
            {
                append(origin + component.displacement(block), component.length(block));
            }
        }
    }

    public Layout build()
    {
        final long lb = lbMarked ? markedLb : hasData ? dataLow : 0;
        final long ub = ubMarked ? markedUb : hasData ? dataHigh : 0;
        checkFits("lower bound", lb);
        checkFits("upper bound", ub);
        checkFits("extent", ub - lb);
        return new Layout(Arrays.copyOf(displacements, blocks), Arrays.copyOf(lengths, blocks), (int)size, (int)lb, (int)ub,
            lbMarked, ubMarked, hasData ? (int)dataLow : 0, hasData ? (int)dataHigh : 0);
    }

    private void append(final long displacement, final long length)
    {
        checkFits("displacement", displacement);
        checkFits("displacement", displacement + length);
        if (blocks > 0 && displacements[blocks - 1] + lengths[blocks - 1] == displacement)
        {
            lengths[blocks - 1] += (int)length;
            return;
        }
        if (blocks == displacements.length)
        {
            if (blocks >= MAX_BLOCKS)
            {
                throw new OpenMpjException(ErrorClass.ERR_ARG, call + ": the type would have more than " + MAX_BLOCKS
                    + " separate blocks of elements");
            }
            displacements = Arrays.copyOf(displacements, blocks * 2);
            lengths = Arrays.copyOf(lengths, blocks * 2);
        }
        displacements[blocks] = (int)displacement;
        lengths[blocks] = (int)length;
        blocks++;
    }

    private void checkFits(final String what, final long value)
    {
        if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE)
        {
            throw new OpenMpjException(ErrorClass.ERR_ARG, call + ": a " + what + " of the type would be " + value
                + " elements, outside the range of an int");
        }
    }
}
