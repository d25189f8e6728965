package org.openmpj.nas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CgGridTest
{
    /** The classes' orders, with process counts that split them evenly and unevenly, squares and not. */
    @ParameterizedTest(name = "order {0} on {1} processes")
    @CsvSource({"1400, 1", "1400, 2", "1400, 4", "1400, 8", "1400, 16", "1400, 128", "7000, 16", "7000, 32", "14000, 32",
        "75000, 64", "1401, 4", "1401, 8", "1000, 32"})
    void blocksTileTheMatrixAndEveryExchangeHasAMatchingPartner(final int size, final int processes)
    {
        final CgGrid[] grid = new CgGrid[processes];
        for (int rank = 0; rank < processes; rank++)
        {
            grid[rank] = new CgGrid(size, processes, rank);
        }
        final int columns = grid[0].gridColumns;
        final int rows = grid[0].gridRows;
        assertEquals(processes, columns * rows);
        assertTrue(columns == rows || columns == 2 * rows, columns + " x " + rows);

        for (int gridRow = 0; gridRow < rows; gridRow++)
        {
            int nextColumn = 0;
            for (int gridColumn = 0; gridColumn < columns; gridColumn++)
            {
                final CgGrid g = grid[gridRow * columns + gridColumn];
                assertEquals(nextColumn, g.firstColumn, "grid column " + gridColumn + " starts where the one before ends");
                nextColumn += g.columnCount;
                assertEquals(grid[gridRow * columns].firstRow, g.firstRow, "a grid row shares its matrix rows");
                assertEquals(grid[gridRow * columns].rowCount, g.rowCount);
            }
            assertEquals(size, nextColumn);
        }
        int nextRow = 0;
        for (int gridRow = 0; gridRow < rows; gridRow++)
        {
            assertEquals(nextRow, grid[gridRow * columns].firstRow);
            nextRow += grid[gridRow * columns].rowCount;
        }
        assertEquals(size, nextRow);

        for (int rank = 0; rank < processes; rank++)
        {
            final CgGrid me = grid[rank];
            final CgGrid transpose = grid[me.transposePartner];
            assertEquals(rank, transpose.transposePartner, "rank " + rank + " and its transpose process pair up");
            if (me.reduceSteps > 0)
            {
                // The summed rows this process sends are the columns its transpose process holds.
                assertEquals(transpose.firstColumn, me.firstRow + me.sendStart, "rank " + rank);
                assertEquals(transpose.columnCount, me.sendLength, "rank " + rank);
            }
            for (int step = 0; step < me.reduceSteps; step++)
            {
                final CgGrid partner = grid[me.reducePartner[step]];
                assertEquals(rank, partner.reducePartner[step], "rank " + rank + " step " + step);
                assertEquals(me.gridRow, partner.gridRow);
                assertEquals(partner.sendStart, me.reduceSendStart[step], "rank " + rank + " sends the rows its partner keeps");
                assertEquals(partner.reduceReceiveLength[step], me.reduceSendLength[step], "rank " + rank + " step " + step);
            }
        }
    }
}
