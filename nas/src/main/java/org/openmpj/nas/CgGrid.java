package org.openmpj.nas;

/**
 * CG's process grid and one process's place in it, as NPB's MPI version lays them out. The {@code 2^k} processes form
 * {@code rows x columns} with {@code columns = rows} or {@code columns = 2 * rows}; process {@code p} sits at grid row
 * {@code p / columns} and grid column {@code p % columns} and owns the block of the matrix at the intersection of its
 * grid row's matrix rows and its grid column's matrix columns.
 *
 * <p>A product {@code A.p} is summed across a grid row by recursive halving with partners {@link #reducePartner}
 * (the last step first), after which each process holds the sum for its part of its matrix rows ({@link #sendStart},
 * {@link #sendLength}); it sends that part to its transpose process ({@link #transposePartner}), which needs those
 * values as its matrix columns. Scalar sums use the same partners in the other order, a butterfly that leaves the sum on
 * every process of the grid row. When the grid has one column, nothing is exchanged.
 *
 * <p>Indices here are 0-based: matrix rows and columns from 0, vector positions from 0. Immutable.
 */
final class CgGrid
{
    /** Processes in a grid row (NPB's {@code npcols}). */
    final int gridColumns;
    /** Processes in a grid column (NPB's {@code nprows}). */
    final int gridRows;
    /** This process's grid row. */
    final int gridRow;
    /** This process's grid column. */
    final int gridColumn;
    /** The first matrix row of this process's block. */
    final int firstRow;
    /** The matrix rows of this process's block. */
    final int rowCount;
    /** The first matrix column of this process's block. */
    final int firstColumn;
    /** The matrix columns of this process's block. */
    final int columnCount;
    /** Where this process's part of the summed rows starts, in its row-indexed vectors. */
    final int sendStart;
    /** How many summed rows this process sends to its transpose process. */
    final int sendLength;
    /** The process that needs this process's summed rows as its columns, and sends its own in return. */
    final int transposePartner;
    /** The steps of the sum across a grid row: log2 of {@link #gridColumns}. */
    final int reduceSteps;
    /** The partner of each step of the sum across a grid row. */
    final int[] reducePartner;
    /** Where each step's outgoing part starts. */
    final int[] reduceSendStart;
    /** How long each step's outgoing part is. */
    final int[] reduceSendLength;
    /** How long each step's incoming part is; it lands at {@link #sendStart}. */
    final int[] reduceReceiveLength;

    /**
     * @param size      the matrix order (NPB's {@code na}).
     * @param processes the processes, a power of two.
     * @param rank      this process.
     */
    CgGrid(final int size, final int processes, final int rank)
    {
        final int log2 = Integer.numberOfTrailingZeros(processes);
        gridRows = 1 << (log2 / 2);
        gridColumns = 1 << (log2 - log2 / 2);
        gridRow = rank / gridColumns;
        gridColumn = rank % gridColumns;
        final boolean square = gridRows == gridColumns;

        if (size % gridColumns == 0)
        {
            final int columnSize = size / gridColumns;
            final int rowSize = size / gridRows;
            firstColumn = gridColumn * columnSize;
            columnCount = columnSize;
            firstRow = gridRow * rowSize;
            rowCount = rowSize;
        }
        else
        {
            final int[] rowPart = evenPart(size, gridRows, gridRow);
            firstRow = rowPart[0];
            rowCount = rowPart[1];
            if (square)
            {
                final int[] columnPart = evenPart(size, gridColumns, gridColumn);
                firstColumn = columnPart[0];
                columnCount = columnPart[1];
            }
            else
            {
                // Split the columns as for a square grid, then give each pair of grid columns one half each, the first
                // the larger half.
                final int[] pairPart = evenPart(size, gridColumns / 2, gridColumn / 2);
                if (rank % 2 == 0)
                {
                    firstColumn = pairPart[0];
                    columnCount = (pairPart[1] - 1) / 2 + 1;
                }
                else
                {
                    firstColumn = pairPart[0] + (pairPart[1] - 1) / 2 + 1;
                    columnCount = pairPart[1] / 2;
                }
            }
        }

        if (square)
        {
            sendStart = 0;
            sendLength = rowCount;
            transposePartner = (rank % gridRows) * gridRows + rank / gridRows;
        }
        else
        {
            if (rank % 2 == 0)
            {
                sendStart = 0;
                sendLength = (rowCount + 1) / 2;
            }
            else
            {
                sendStart = (rowCount + 1) / 2;
                sendLength = rowCount / 2;
            }
            transposePartner = 2 * ((rank / 2 % gridRows) * gridRows + rank / 2 / gridRows) + rank % 2;
        }

        reduceSteps = Integer.numberOfTrailingZeros(gridColumns);
        reducePartner = new int[reduceSteps];
        reduceSendStart = new int[reduceSteps];
        reduceSendLength = new int[reduceSteps];
        reduceReceiveLength = new int[reduceSteps];
        for (int step = 0, span = gridColumns; step < reduceSteps; step++, span /= 2)
        {
            final int partnerColumn = (gridColumn + span / 2) % span + gridColumn / span * span;
            reducePartner[step] = gridRow * gridColumns + partnerColumn;
            if (square)
            {
                reduceSendStart[step] = sendStart;
                reduceSendLength[step] = sendLength;
                reduceReceiveLength[step] = rowCount;
            }
            else if (step == reduceSteps - 1)
            {
                // The first step of the sum, with the neighbouring grid column: each sends the half the other keeps.
                reduceReceiveLength[step] = sendLength;
                reduceSendLength[step] = rowCount - sendLength;
                reduceSendStart[step] = rank % 2 == 0 ? sendStart + sendLength : 0;
            }
            else
            {
                reduceReceiveLength[step] = sendLength;
                reduceSendLength[step] = sendLength;
                reduceSendStart[step] = sendStart;
            }
        }
    }

    /**
     * @return {@code {first, count}} of part {@code part} when {@code size} is split into {@code parts} parts whose sizes
     *         differ by at most one, the larger ones first.
     */
    private static int[] evenPart(final int size, final int parts, final int part)
    {
        final int small = size / parts;
        final int larger = size - small * parts;
        if (part < larger)
        {
            return new int[] {part * (small + 1), small + 1};
        }
        return new int[] {larger * (small + 1) + (part - larger) * small, small};
    }
}
