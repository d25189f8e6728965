package org.openmpj.nas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

class CgMatrixTest
{
    private static final int SIZE = 1400;
    private static final int NONZER = 7;
    private static final double SHIFT = 10.0;

    @Test
    void theWholeMatrixIsSymmetricWithItsDiagonalAndTheEntriesOfAPlainConstruction()
    {
        final CgMatrix matrix = whole();
        final Map<Long, Double> entries = entries(matrix, 0, 0);
        final Map<Long, Double> expected = plainConstruction();
        assertEquals(expected.size(), matrix.entries());
        assertEquals(expected, entries);
        for (final Map.Entry<Long, Double> entry : entries.entrySet())
        {
            final long row = entry.getKey() / SIZE;
            final long col = entry.getKey() % SIZE;
            final Double mirror = entries.get(col * SIZE + row);
            assertNotNull(mirror, "(" + col + ", " + row + ") mirrors (" + row + ", " + col + ")");
            assertEquals(entry.getValue(), mirror, 1e-12 * Math.abs(entry.getValue()));
        }
        for (int i = 0; i < SIZE; i++)
        {
            assertTrue(entries.containsKey((long) i * SIZE + i), "diagonal " + i);
        }
    }

    @Test
    void theBlocksOfAnEightProcessGridMakeUpTheWholeMatrix()
    {
        final Map<Long, Double> whole = entries(whole(), 0, 0);
        final Map<Long, Double> assembled = new HashMap<>();
        final int processes = 8;
        for (int rank = 0; rank < processes; rank++)
        {
            final CgGrid grid = new CgGrid(SIZE, processes, rank);
            final CgMatrix block = CgMatrix.generate(SIZE, NONZER, SHIFT, grid.firstRow, grid.rowCount, grid.firstColumn,
                grid.columnCount, CgMatrix.capacity(SIZE, NONZER, processes, grid.gridColumns), grid.firstColumn);
            for (final Map.Entry<Long, Double> entry : entries(block, grid.firstRow, grid.firstColumn).entrySet())
            {
                assertEquals(null, assembled.put(entry.getKey(), entry.getValue()), "one block per entry");
            }
        }
        assertEquals(whole, assembled);
    }

    @Test
    void aBlockThatOutgrowsItsCapacityFailsInsteadOfTruncating()
    {
        assertThrows(IllegalStateException.class, () -> CgMatrix.generate(SIZE, NONZER, SHIFT, 0, SIZE, 0, SIZE, 1000, 0));
    }

    private static CgMatrix whole()
    {
        return CgMatrix.generate(SIZE, NONZER, SHIFT, 0, SIZE, 0, SIZE, CgMatrix.capacity(SIZE, NONZER, 1, 1), 0);
    }

    /** The entries keyed by {@code row * SIZE + column}, in matrix coordinates. */
    private static Map<Long, Double> entries(final CgMatrix matrix, final int firstRow, final int columnOrigin)
    {
        final Map<Long, Double> entries = new HashMap<>();
        for (int r = 0; r < matrix.rowStart.length - 1; r++)
        {
            for (int k = matrix.rowStart[r]; k < matrix.rowStart[r + 1]; k++)
            {
                final long key = (long) (firstRow + r) * SIZE + matrix.column[k] + columnOrigin;
                assertEquals(null, entries.put(key, matrix.value[k]), "one entry per position");
            }
        }
        return entries;
    }

    /** The matrix as the specification describes it, summed in a map in the order the products are made. */
    private static Map<Long, Double> plainConstruction()
    {
        final NpbRandom stream = new NpbRandom(314_159_265L, NpbRandom.MULTIPLIER);
        stream.next();
        final Map<Long, Double> sums = new LinkedHashMap<>();
        final double ratio = Math.pow(CgMatrix.RCOND, 1.0 / SIZE);
        double scale = 1.0;
        for (int outer = 0; outer < SIZE; outer++)
        {
            final Map<Integer, Double> vector = new LinkedHashMap<>();
            while (vector.size() < NONZER)
            {
                final double value = stream.next();
                final int at = (int) (2048 * stream.next());
                if (at < SIZE)
                {
                    vector.putIfAbsent(at, value);
                }
            }
            vector.put(outer, 0.5);
            for (final Map.Entry<Integer, Double> column : vector.entrySet())
            {
                final double columnScale = scale * column.getValue();
                for (final Map.Entry<Integer, Double> row : vector.entrySet())
                {
                    sums.merge((long) row.getKey() * SIZE + column.getKey(), row.getValue() * columnScale, Double::sum);
                }
            }
            scale *= ratio;
        }
        for (int i = 0; i < SIZE; i++)
        {
            sums.merge((long) i * SIZE + i, CgMatrix.RCOND - SHIFT, Double::sum);
        }
        sums.values().removeIf(v -> v == 0.0);
        return sums;
    }
}
