package org.openmpj.nas;

import java.util.Arrays;

/**
 * One process's block of CG's sparse symmetric matrix, in compressed-row form, made as NPB's {@code makea} makes it.
 * The matrix is {@code sum over i of size_i * v_i v_i^T + (rcond - shift) I}: each {@code v_i} is a random sparse vector
 * with {@code nonzer} entries drawn from NPB's generator, plus 0.5 at position {@code i}, and {@code size_i} falls
 * geometrically from 1 to {@code rcond}. Every process draws all the vectors, so that all draw the same ones, and keeps the
 * products that fall in its block; duplicates are summed row by row in the order they were made, and exact zeros dropped.
 *
 * <p>Row {@code r} of the block (matrix row {@code firstRow + r}) has its entries at {@code rowStart[r] ..
 * rowStart[r + 1] - 1} of {@link #column} and {@link #value}. Columns are stored less the origin given to
 * {@link #generate}. The arrays are owned by the instance and not changed after it is made.
 */
final class CgMatrix
{
    /** The reciprocal condition number every class uses: the smallest eigenvalue of the unshifted matrix is above it. */
    static final double RCOND = 0.1;

    private static final long SEED = 314_159_265L;

    /** Where each row's entries start; one more element than rows, the last the number of entries. */
    final int[] rowStart;
    /** Each entry's column, less the origin. */
    final int[] column;
    /** Each entry's value. */
    final double[] value;

    private CgMatrix(final int[] rowStart, final int[] column, final double[] value)
    {
        this.rowStart = rowStart;
        this.column = column;
        this.value = value;
    }

    /** @return the entries stored. */
    int entries()
    {
        return rowStart[rowStart.length - 1];
    }

    /**
     * NPB's bound on the entries, with duplicates, that a process's block is made from; {@link #generate} fails rather than
     * go past it.
     */
    static int capacity(final int size, final int nonzer, final int processes, final int gridColumns)
    {
        final long bound = (long) size * (nonzer + 1) / processes * (nonzer + 1) + nonzer
            + (long) size * (nonzer + 2 + processes / 256) / gridColumns;
        if (bound > Integer.MAX_VALUE - 8)
        {
            throw new IllegalArgumentException("a matrix of order " + size + " with " + nonzer + " nonzeros a row needs "
                + bound + " entries on each of " + processes + " processes, more than an array holds; use more processes");
        }
        return (int) bound;
    }

    /**
     * Makes the block of rows {@code firstRow .. firstRow + rows - 1} and columns {@code firstColumn .. firstColumn +
     * columns - 1} of the matrix of order {@code size}.
     *
     * @param nonzer       the random entries of each vector (NPB's {@code nonzer}).
     * @param shift        subtracted from the diagonal.
     * @param capacity     the most entries, with duplicates, to make (see {@link #capacity}).
     * @param columnOrigin subtracted from every column stored: {@code firstColumn} for columns local to the block.
     * @throws IllegalStateException when the block needs more than {@code capacity} entries.
     */
    static CgMatrix generate(final int size, final int nonzer, final double shift, final int firstRow, final int rows,
                             final int firstColumn, final int columns, final int capacity, final int columnOrigin)
    {
        final NpbRandom stream = new NpbRandom(SEED, NpbRandom.MULTIPLIER);
        // NPB draws one number before the matrix, so the vectors start from the second.
        stream.next();
        final int lastRow = firstRow + rows - 1;
        final int lastColumn = firstColumn + columns - 1;
        int positionRange = 1;
        do
        {
            positionRange *= 2;
        }
        while (positionRange < size);

        final int[] entryRow = new int[capacity];
        final int[] entryColumn = new int[capacity];
        final double[] entryValue = new double[capacity];
        final double[] vector = new double[nonzer + 1];
        final int[] position = new int[nonzer + 1];
        final boolean[] drawn = new boolean[size];
        final double ratio = Math.pow(RCOND, 1.0 / size);
        double scale = 1.0;
        int entries = 0;
        for (int outer = 0; outer < size; outer++)
        {
            int length = randomVector(stream, size, nonzer, positionRange, vector, position, drawn);
            length = setElement(vector, position, length, outer, 0.5);
            for (int c = 0; c < length; c++)
            {
                final int col = position[c];
                if (col >= firstColumn && col <= lastColumn)
                {
                    final double columnScale = scale * vector[c];
                    for (int r = 0; r < length; r++)
                    {
                        final int row = position[r];
                        if (row >= firstRow && row <= lastRow)
                        {
                            entries = checkedRoom(entries, capacity, outer);
                            entryRow[entries] = row;
                            entryColumn[entries] = col;
                            entryValue[entries] = vector[r] * columnScale;
                            entries++;
                        }
                    }
                }
            }
            scale *= ratio;
        }
        for (int i = Math.max(firstRow, firstColumn), end = Math.min(lastRow, lastColumn); i <= end; i++)
        {
            entries = checkedRoom(entries, capacity, size);
            entryRow[entries] = i;
            entryColumn[entries] = i;
            entryValue[entries] = RCOND - shift;
            entries++;
        }
        return sumDuplicates(size, firstRow, rows, entryRow, entryColumn, entryValue, entries, columnOrigin);
    }

    private static int checkedRoom(final int entries, final int capacity, final int outer)
    {
        if (entries >= capacity)
        {
            throw new IllegalStateException("the matrix block needs more than " + capacity + " entries (at vector " + outer + ")");
        }
        return entries;
    }

    /**
     * NPB's {@code sprnvc}: draws {@code count} distinct positions in {@code [0, size)}, each with a value drawn before it,
     * into {@code vector} and {@code position}. A position is drawn in {@code [0, positionRange)} and drawn again when it
     * falls at or past {@code size} or was drawn already. {@code drawn} is all false on entry and on return.
     *
     * @return {@code count}.
     */
    private static int randomVector(final NpbRandom stream, final int size, final int count, final int positionRange,
                                    final double[] vector, final int[] position, final boolean[] drawn)
    {
        int length = 0;
        while (length < count)
        {
            final double entry = stream.next();
            final int at = (int) (positionRange * stream.next());
            if (at < size && !drawn[at])
            {
                drawn[at] = true;
                vector[length] = entry;
                position[length] = at;
                length++;
            }
        }
        for (int i = 0; i < length; i++)
        {
            drawn[position[i]] = false;
        }
        return length;
    }

    /** NPB's {@code vecset}: sets the entry at {@code at} to {@code entry}, appending it when absent. @return the new length. */
    private static int setElement(final double[] vector, final int[] position, final int length, final int at, final double entry)
    {
        boolean found = false;
        for (int i = 0; i < length; i++)
        {
            if (position[i] == at)
            {
                vector[i] = entry;
                found = true;
            }
        }
        if (found)
        {
            return length;
        }
        vector[length] = entry;
        position[length] = at;
        return length + 1;
    }

    /**
     * NPB's {@code sparse}: sorts the entries by row, keeping their order within a row, then sums each row's entries per
     * column; a row's columns come out in the order each first became non-zero, and columns whose sum is zero are left out.
     */
    private static CgMatrix sumDuplicates(final int size, final int firstRow, final int rows, final int[] entryRow,
                                          final int[] entryColumn, final double[] entryValue, final int entries,
                                          final int columnOrigin)
    {
        final int[] rowStart = new int[rows + 1];
        for (int e = 0; e < entries; e++)
        {
            rowStart[entryRow[e] - firstRow + 1]++;
        }
        for (int r = 1; r <= rows; r++)
        {
            rowStart[r] += rowStart[r - 1];
        }
        final int[] column = new int[entries];
        final double[] value = new double[entries];
        final int[] next = Arrays.copyOf(rowStart, rows);
        for (int e = 0; e < entries; e++)
        {
            final int at = next[entryRow[e] - firstRow]++;
            value[at] = entryValue[e];
            column[at] = entryColumn[e];
        }

        final double[] sums = new double[size];
        final boolean[] seen = new boolean[size];
        final int[] order = new int[size];
        int kept = 0;
        int rowBegin = rowStart[0];
        for (int r = 0; r < rows; r++)
        {
            int distinct = 0;
            for (int k = rowBegin, end = rowStart[r + 1]; k < end; k++)
            {
                final int col = column[k];
                sums[col] += value[k];
                if (!seen[col] && sums[col] != 0.0)
                {
                    seen[col] = true;
                    order[distinct++] = col;
                }
            }
            // Writing behind the reading position is safe: a row never keeps more entries than it was made of.
            for (int i = 0; i < distinct; i++)
            {
                final int col = order[i];
                seen[col] = false;
                final double sum = sums[col];
                sums[col] = 0.0;
                if (sum != 0.0)
                {
                    value[kept] = sum;
                    column[kept] = col - columnOrigin;
                    kept++;
                }
            }
            rowBegin = rowStart[r + 1];
            rowStart[r + 1] = kept;
        }
        return new CgMatrix(rowStart, Arrays.copyOf(column, kept), Arrays.copyOf(value, kept));
    }
}
