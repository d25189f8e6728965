package org.openmpj.nas;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * One row of MG's residual, smoother and restriction written with the incubating Vector API, for JVMs started with
 * {@code --add-modules jdk.incubator.vector} ({@link VectorApi#PRESENT}); {@link MgOperators} takes them there and its
 * plain loops elsewhere. The plain loops are not vectorized by C2 in JDK 25: their stores into a line of scratch may alias the loads
 * from the grid at offsets known only at run time, and C2 does not check that. Each lane adds and multiplies in the
 * plain loops' order, so both give the same bits.
 *
 * <p>Only {@link MgOperators} calls this class, and only where the JVM has the module: without it, loading the class fails.
 */
final class MgVectorRows
{
    private static final VectorSpecies<Double> SPECIES = DoubleVector.SPECIES_PREFERRED;

    private MgVectorRows()
    {
    }

    /** @return the doubles in one of this JVM's vectors. */
    static int lanes()
    {
        return SPECIES.length();
    }

    /**
     * The residual's row at {@code row}: the line sums of the four face and four edge neighbours' rows into {@code u1} and
     * {@code u2}, then {@code r = v - a0 u - a2 (u2 + u1 left + u1 right) - a3 (u2 left + u2 right)} at the row's interior
     * points.
     */
    static void residual(final double[] u, final double[] v, final double[] r, final int row, final int n1, final int plane,
        final double a0, final double a2, final double a3, final double[] u1, final double[] u2)
    {
        lineSums(u, row, n1, plane, u1, u2);
        final int end = n1 - 1;
        int i = 1;
        for (final int bound = 1 + SPECIES.loopBound(end - 1); i < bound; i += SPECIES.length())
        {
            final DoubleVector edges = fetch(u2, i).add(fetch(u1, i - 1)).add(fetch(u1, i + 1));
            final DoubleVector corners = fetch(u2, i - 1).add(fetch(u2, i + 1));
            fetch(v, row + i).sub(fetch(u, row + i).mul(a0)).sub(edges.mul(a2)).sub(corners.mul(a3)).intoArray(r, row + i);
        }
        MgOperators.residualPoints(u, v, r, row, a0, a2, a3, u1, u2, i, end);
    }

    /**
     * The smoother's row at {@code row}: the line sums of {@code r}'s neighbour rows into {@code r1} and {@code r2}, then
     * {@code u += c0 r + c1 (r left + r right + r1) + c2 (r2 + r1 left + r1 right)} at the row's interior points.
     */
    static void smooth(final double[] r, final double[] u, final int row, final int n1, final int plane, final double c0,
        final double c1, final double c2, final double[] r1, final double[] r2)
    {
        lineSums(r, row, n1, plane, r1, r2);
        final int end = n1 - 1;
        int i = 1;
        for (final int bound = 1 + SPECIES.loopBound(end - 1); i < bound; i += SPECIES.length())
        {
            final DoubleVector faces = fetch(r, row + i - 1).add(fetch(r, row + i + 1)).add(fetch(r1, i));
            final DoubleVector edges = fetch(r2, i).add(fetch(r1, i - 1)).add(fetch(r1, i + 1));
            fetch(u, row + i).add(fetch(r, row + i).mul(c0)).add(faces.mul(c1)).add(edges.mul(c2)).intoArray(u, row + i);
        }
        MgOperators.smoothPoints(r, u, row, c0, c1, c2, r1, r2, i, end);
    }

    /** {@link MgOperators#restrictionSums} over a whole fine row, a vector of points at a time, the last points one by one. */
    static void restrictionSums(final double[] r, final int row, final int m1k, final int finePlane, final double[] x1,
        final double[] y1)
    {
        final int south = row - m1k;
        final int north = row + m1k;
        int i = 0;
        for (final int bound = SPECIES.loopBound(m1k); i < bound; i += SPECIES.length())
        {
            fetch(r, south + i).add(fetch(r, north + i)).add(fetch(r, row - finePlane + i)).add(fetch(r, row + finePlane + i))
                .intoArray(x1, i);
            fetch(r, south - finePlane + i).add(fetch(r, south + finePlane + i)).add(fetch(r, north - finePlane + i))
                .add(fetch(r, north + finePlane + i)).intoArray(y1, i);
        }
        MgOperators.restrictionSums(r, row, m1k, finePlane, x1, y1, i);
    }

    /** {@link MgOperators#lineSums}, a vector of points at a time, the last points one by one. */
    private static void lineSums(final double[] g, final int row, final int n1, final int plane, final double[] faces,
        final double[] edges)
    {
        final int south = row - n1;
        final int north = row + n1;
        int i = 0;
        for (final int bound = SPECIES.loopBound(n1); i < bound; i += SPECIES.length())
        {
            fetch(g, south + i).add(fetch(g, north + i)).add(fetch(g, row - plane + i)).add(fetch(g, row + plane + i)).intoArray(faces, i);
            fetch(g, south - plane + i).add(fetch(g, north - plane + i)).add(fetch(g, south + plane + i)).add(fetch(g, north + plane + i))
                .intoArray(edges, i);
        }
        MgOperators.lineSums(g, row, n1, plane, faces, edges, i);
    }

    private static DoubleVector fetch(final double[] array, final int offset)
    {
        return DoubleVector.fromArray(SPECIES, array, offset);
    }
}
