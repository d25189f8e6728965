package org.openmpj.nas;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CgSolverTest
{
    /** On one process the grid has one column and the solver sends nothing, so it runs without MPI. */
    @Test
    void classSOnOneProcessReachesNpbsZeta()
    {
        final int size = 1400;
        final int nonzer = 7;
        final double shift = 10.0;
        final CgGrid grid = new CgGrid(size, 1, 0);
        final CgMatrix matrix = CgMatrix.generate(size, nonzer, shift, 0, size, 0, size, CgMatrix.capacity(size, nonzer, 1, 1), 0);
        final CgSolver solver = new CgSolver(grid, matrix, size, shift, null);
        solver.step();
        solver.resetX();
        double zeta = 0;
        for (int iteration = 0; iteration < 15; iteration++)
        {
            zeta = solver.step();
        }
        assertEquals(8.5971775078648, zeta, 1e-10 * 8.5971775078648);
    }
}
