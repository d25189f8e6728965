package org.openmpj.nas;

/**
 * MG's four grid operators on one process's blocks, each a flat array of {@code n1 * n2 * n3} cells with the first
 * index fastest: cell {@code (i1, i2, i3)} at {@code i1 + n1 * (i2 + n2 * i3)}, every index from 0, the ghost layers at
 * 0 and {@code n - 1}. The operators read ghosts but write interior points only (the interpolation writes ghosts too);
 * refreshing the ghosts afterwards is the caller's work.
 *
 * <p>The 27-point operators are written as NPB writes them: sums along the first axis are formed once per line into
 * scratch arrays, and a coefficient NPB takes to be zero ({@code a1} of the residual, {@code c3} of the smoother) is
 * left out, as NPB leaves it out, so the operation count and the rounding are NPB's.
 *
 * <p>An instance owns its scratch lines and is not thread-safe.
 */
public final class MgOperators
{
    private final double[] line1;
    private final double[] line2;
    private final double[] line3;
    /**
     * The fewest points a row needs for the residual, the smoother and the restriction to take it through
     * {@link MgVectorRows}: a vector's doubles, counted over the points each sweeps (the interior for the residual and
     * the smoother, the whole row for the restriction); no row where the JVM lacks the Vector API.
     */
    private final int shortestVectorRow;

    /**
     * Operators whose residual, smoother and restriction use the Vector API where this JVM has it ({@link VectorApi#PRESENT}), plain loops
     * elsewhere.
     *
     * @param longestLine the most cells a block has along its first axis, over every level this instance serves.
     */
    public MgOperators(final int longestLine)
    {
        this(longestLine, VectorApi.PRESENT);
    }

    /**
     * @param longestLine the most cells a block has along its first axis, over every level this instance serves.
     * @param vectorRows  whether the residual, the smoother and the restriction use the Vector API; only where this JVM has it.
     */
    MgOperators(final int longestLine, final boolean vectorRows)
    {
        this.shortestVectorRow = vectorRows ? MgVectorRows.lanes() : Integer.MAX_VALUE;
        line1 = new double[longestLine + 1];
        line2 = new double[longestLine + 1];
        line3 = new double[longestLine + 1];
    }

    /**
     * The residual {@code r = v - A u} at the interior points, where A has weight {@code a[0]} at the centre, {@code a[2]}
     * on the 12 edge neighbours and {@code a[3]} on the 8 corners. {@code v} may be {@code r}.
     */
    public void residual(final double[] u, final double[] v, final double[] r, final int n1, final int n2, final int n3,
                         final double[] a)
    {
        // Chosen per level, here, where the JIT does not speculate: rows shorter than a vector (the coarsest levels) go
        // the plain way, so the vector rows' compiled code never meets them (see smooth).
        if (n1 - 2 >= shortestVectorRow)
        {
            residualVectorRows(u, v, r, n1, n2, n3, a[0], a[2], a[3]);
            return;
        }
        final double a0 = a[0];
        final double a2 = a[2];
        final double a3 = a[3];
        final double[] u1 = line1;
        final double[] u2 = line2;
        final int plane = n1 * n2;
        for (int i3 = 1; i3 < n3 - 1; i3++)
        {
            for (int i2 = 1; i2 < n2 - 1; i2++)
            {
                final int row = n1 * i2 + plane * i3;
                lineSums(u, row, n1, plane, u1, u2, 0);
                residualPoints(u, v, r, row, a0, a2, a3, u1, u2, 1, n1 - 1);
            }
        }
    }

    private void residualVectorRows(final double[] u, final double[] v, final double[] r, final int n1, final int n2,
                                    final int n3, final double a0, final double a2, final double a3)
    {
        final int plane = n1 * n2;
        for (int i3 = 1; i3 < n3 - 1; i3++)
        {
            for (int i2 = 1; i2 < n2 - 1; i2++)
            {
                MgVectorRows.residual(u, v, r, n1 * i2 + plane * i3, n1, plane, a0, a2, a3, line1, line2);
            }
        }
    }

    /**
     * The residual at points {@code from} to {@code end - 1} of the row at {@code row}, from the row's line sums
     * ({@link #lineSums}): {@code r = v - a0 u - a2 (u2 + u1 left + u1 right) - a3 (u2 left + u2 right)}.
     */
    static void residualPoints(final double[] u, final double[] v, final double[] r, final int row, final double a0, final double a2,
        final double a3, final double[] u1, final double[] u2, final int from, final int end)
    {
        for (int i1 = from; i1 < end; i1++)
        {
            r[row + i1] = v[row + i1] - a0 * u[row + i1] - a2 * (u2[i1] + u1[i1 - 1] + u1[i1 + 1]) - a3 * (u2[i1 - 1] + u2[i1 + 1]);
        }
    }

    /**
     * The smoother {@code u = u + C r} at the interior points, where C has weight {@code c[0]} at the centre,
     * {@code c[1]} on the 6 face neighbours and {@code c[2]} on the 12 edge neighbours.
     */
    public void smooth(final double[] r, final double[] u, final int n1, final int n2, final int n3, final double[] c)
    {
        // The coarsest levels run first in a V-cycle's climb, before the JVM profiles the smoother: had their short rows
        // gone through the vector rows, C2 would have compiled those without the scalar tail that only short rows take,
        // and thrown the code away at the next cycle's coarsest level, to run Vector API code interpreted until compiled
        // again.
        if (n1 - 2 >= shortestVectorRow)
        {
            smoothVectorRows(r, u, n1, n2, n3, c[0], c[1], c[2]);
            return;
        }
        final double c0 = c[0];
        final double c1 = c[1];
        final double c2 = c[2];
        final double[] r1 = line1;
        final double[] r2 = line2;
        final int plane = n1 * n2;
        for (int i3 = 1; i3 < n3 - 1; i3++)
        {
            for (int i2 = 1; i2 < n2 - 1; i2++)
            {
                final int row = n1 * i2 + plane * i3;
                lineSums(r, row, n1, plane, r1, r2, 0);
                smoothPoints(r, u, row, c0, c1, c2, r1, r2, 1, n1 - 1);
            }
        }
    }

    private void smoothVectorRows(final double[] r, final double[] u, final int n1, final int n2, final int n3, final double c0,
                                  final double c1, final double c2)
    {
        final int plane = n1 * n2;
        for (int i3 = 1; i3 < n3 - 1; i3++)
        {
            for (int i2 = 1; i2 < n2 - 1; i2++)
            {
                MgVectorRows.smooth(r, u, n1 * i2 + plane * i3, n1, plane, c0, c1, c2, line1, line2);
            }
        }
    }

    /**
     * The smoother at points {@code from} to {@code end - 1} of the row at {@code row}, from the line sums of {@code r}
     * ({@link #lineSums}): {@code u += c0 r + c1 (r left + r right + r1) + c2 (r2 + r1 left + r1 right)}.
     */
    static void smoothPoints(final double[] r, final double[] u, final int row, final double c0, final double c1, final double c2,
        final double[] r1, final double[] r2, final int from, final int end)
    {
        for (int i1 = from; i1 < end; i1++)
        {
            u[row + i1] = u[row + i1] + c0 * r[row + i1] + c1 * (r[row + i1 - 1] + r[row + i1 + 1] + r1[i1])
                + c2 * (r2[i1] + r1[i1 - 1] + r1[i1 + 1]);
        }
    }

    /**
     * The line sums of the row at {@code row} of {@code g}, from point {@code from} to the row's end: for each point, the
     * sum of the rows beside it along the second and third axes (south, north, below, above) into {@code faces}, and of
     * the four rows diagonal to it in that plane into {@code edges}, as NPB forms them once per line.
     */
    static void lineSums(final double[] g, final int row, final int n1, final int plane, final double[] faces, final double[] edges,
        final int from)
    {
        final int south = row - n1;
        final int north = row + n1;
        final int below = row - plane;
        final int above = row + plane;
        for (int i1 = from; i1 < n1; i1++)
        {
            faces[i1] = g[south + i1] + g[north + i1] + g[below + i1] + g[above + i1];
            edges[i1] = g[south - plane + i1] + g[north - plane + i1] + g[south + plane + i1] + g[north + plane + i1];
        }
    }

    /**
     * Restricts the fine block {@code r} ({@code m1k x m2k x m3k}) onto the coarse block {@code s}
     * ({@code m1j x m2j x m3j}) by the trilinear finite-element projection: coarse point {@code j} takes half of fine
     * point {@code 2j} (shifted back by one along an axis where the fine block holds a single point), a quarter of
     * each face neighbour, an eighth of each edge neighbour and a sixteenth of each corner.
     */
    public void restrict(final double[] r, final int m1k, final int m2k, final int m3k, final double[] s, final int m1j,
                         final int m2j, final int m3j)
    {
        // Coarse point j of the whole grid lies over fine point 2j + 1, the upper of its pair: locally, fine cell 2j
        // under coarse cell j. A fine block holding a single point along an axis holds only such an upper point, so
        // there the fine cell under coarse cell j is 2j - 1.
        final int shift1 = m1k == 3 ? -1 : 0;
        final int shift2 = m2k == 3 ? -1 : 0;
        final int shift3 = m3k == 3 ? -1 : 0;
        if (m1k >= shortestVectorRow)
        {
            restrictVectorRows(r, m1k, m2k, s, m1j, m2j, m3j, shift1, shift2, shift3);
            return;
        }
        final double[] x1 = line1;
        final double[] y1 = line2;
        final int finePlane = m1k * m2k;
        final int coarsePlane = m1j * m2j;
        for (int j3 = 1; j3 < m3j - 1; j3++)
        {
            final int i3 = 2 * j3 + shift3;
            for (int j2 = 1; j2 < m2j - 1; j2++)
            {
                final int row = m1k * (2 * j2 + shift2) + finePlane * i3;
                restrictionSums(r, row, m1k, finePlane, x1, y1, 0);
                restrictPoints(r, s, row, m1j * j2 + coarsePlane * j3, shift1, x1, y1, m1j);
            }
        }
    }

    /**
     * The sweep of {@link #restrict} over rows of at least a vector, kept apart from the plain sweep there on purpose: each
     * copy of the loops has a profile of its own, so the compiled long-row sweep holds no predicate made for short rows.
     */
    private void restrictVectorRows(final double[] r, final int m1k, final int m2k, final double[] s, final int m1j,
                                    final int m2j, final int m3j, final int shift1, final int shift2, final int shift3)
    {
        final int finePlane = m1k * m2k;
        final int coarsePlane = m1j * m2j;
        for (int j3 = 1; j3 < m3j - 1; j3++)
        {
            final int i3 = 2 * j3 + shift3;
            for (int j2 = 1; j2 < m2j - 1; j2++)
            {
                final int row = m1k * (2 * j2 + shift2) + finePlane * i3;
                MgVectorRows.restrictionSums(r, row, m1k, finePlane, line1, line2);
                restrictPoints(r, s, row, m1j * j2 + coarsePlane * j3, shift1, line1, line2, m1j);
            }
        }
    }

    /**
     * The restriction's line sums of a whole fine row, points {@code from} to {@code m1k - 1}: the four face neighbours'
     * rows (south, north, below, above) into {@code x1} and the four edge neighbours' into {@code y1}, added in NPB's
     * {@code rprj3} order.
     */
    static void restrictionSums(final double[] r, final int row, final int m1k, final int finePlane, final double[] x1,
        final double[] y1, final int from)
    {
        final int south = row - m1k;
        final int north = row + m1k;
        for (int i1 = from; i1 < m1k; i1++)
        {
            x1[i1] = r[south + i1] + r[north + i1] + r[row - finePlane + i1] + r[row + finePlane + i1];
            y1[i1] = r[south - finePlane + i1] + r[south + finePlane + i1] + r[north - finePlane + i1] + r[north + finePlane + i1];
        }
    }

    /**
     * The coarse row at {@code target} from the fine row at {@code row} and its line sums over every point
     * ({@link #restrictionSums}): the sums at a coarse point's own fine point are NPB's {@code x2} and {@code y2}, which
     * its loop forms again, with the same additions.
     */
    private static void restrictPoints(final double[] r, final double[] s, final int row, final int target, final int shift1,
        final double[] x1, final double[] y1, final int m1j)
    {
        for (int j1 = 1; j1 < m1j - 1; j1++)
        {
            final int i1 = 2 * j1 + shift1;
            s[target + j1] = 0.5 * r[row + i1] + 0.25 * (r[row + i1 - 1] + r[row + i1 + 1] + x1[i1])
                + 0.125 * (x1[i1 - 1] + x1[i1 + 1] + y1[i1]) + 0.0625 * (y1[i1 - 1] + y1[i1 + 1]);
        }
    }

    /**
     * Adds the trilinear interpolation of the coarse block {@code z} ({@code mm1 x mm2 x mm3}) to the fine block
     * {@code u} ({@code n1 x n2 x n3}): fine point {@code 2i} takes coarse point {@code i}, and the points between take
     * the mean of the two, four or eight coarse points around them. Ghost cells of {@code u} are written as well.
     */
    public void interpolate(final double[] z, final int mm1, final int mm2, final int mm3, final double[] u, final int n1,
                            final int n2, final int n3)
    {
        if (n1 != 3 && n2 != 3 && n3 != 3)
        {
            interpolateEven(z, mm1, mm2, mm3, u, n1, n2);
        }
        else
        {
            interpolateSingle(z, mm1, mm2, mm3, u, n1, n2, n3);
        }
    }

    private void interpolateEven(final double[] z, final int mm1, final int mm2, final int mm3, final double[] u, final int n1,
                                 final int n2)
    {
        final int coarsePlane = mm1 * mm2;
        final int finePlane = n1 * n2;
        for (int i3 = 0; i3 < mm3 - 1; i3++)
        {
            for (int i2 = 0; i2 < mm2 - 1; i2++)
            {
                interpolateRow(z, mm1 * i2 + coarsePlane * i3, mm1, coarsePlane, u, n1 * (2 * i2) + finePlane * (2 * i3), n1,
                    finePlane);
            }
        }
    }

    /**
     * Adds the interpolation of the coarse row at {@code here} to the four fine rows it covers, from {@code even}. A method
     * of its own, called per row, so that the JIT compiles it small and early rather than the whole sweep on the stack.
     */
    private void interpolateRow(final double[] z, final int here, final int mm1, final int coarsePlane, final double[] u,
                                final int even, final int n1, final int finePlane)
    {
        final double[] z1 = line1;
        final double[] z2 = line2;
        final double[] z3 = line3;
        final int north = here + mm1;
        final int above = here + coarsePlane;
        for (int i1 = 0; i1 < mm1; i1++)
        {
            z1[i1] = z[north + i1] + z[here + i1];
            z2[i1] = z[above + i1] + z[here + i1];
            z3[i1] = z[above + mm1 + i1] + z[above + i1] + z1[i1];
        }
        final int evenNorth = even + n1;
        final int evenAbove = even + finePlane;
        final int evenBoth = evenAbove + n1;
        for (int i1 = 0; i1 < mm1 - 1; i1++)
        {
            u[even + 2 * i1] += z[here + i1];
            u[even + 2 * i1 + 1] += 0.5 * (z[here + i1 + 1] + z[here + i1]);
        }
        for (int i1 = 0; i1 < mm1 - 1; i1++)
        {
            u[evenNorth + 2 * i1] += 0.5 * z1[i1];
            u[evenNorth + 2 * i1 + 1] += 0.25 * (z1[i1] + z1[i1 + 1]);
        }
        for (int i1 = 0; i1 < mm1 - 1; i1++)
        {
            u[evenAbove + 2 * i1] += 0.5 * z2[i1];
            u[evenAbove + 2 * i1 + 1] += 0.25 * (z2[i1] + z2[i1 + 1]);
        }
        for (int i1 = 0; i1 < mm1 - 1; i1++)
        {
            u[evenBoth + 2 * i1] += 0.25 * z3[i1];
            u[evenBoth + 2 * i1 + 1] += 0.125 * (z3[i1] + z3[i1 + 1]);
        }
    }

    /**
     * The interpolation when the fine block holds a single point along some axis. Along such an axis the block holds
     * only the upper point of a pair, the one under a coarse point, so the fine cell matching coarse cell {@code i} is
     * {@code 2i - 1} rather than {@code 2i}, and the coarse loop starts one later; the other axes are as in the even
     * case. NPB writes this case point by point, without the line sums.
     */
    private static void interpolateSingle(final double[] z, final int mm1, final int mm2, final int mm3, final double[] u,
                                          final int n1, final int n2, final int n3)
    {
        // "on" is the fine offset of a point matching a coarse one, "off" of the point after it; "first" is where the
        // coarse loop over matching points starts.
        final int on1 = n1 == 3 ? -1 : 0;
        final int on2 = n2 == 3 ? -1 : 0;
        final int on3 = n3 == 3 ? -1 : 0;
        final int off1 = n1 == 3 ? 0 : 1;
        final int off2 = n2 == 3 ? 0 : 1;
        final int off3 = n3 == 3 ? 0 : 1;
        final int first1 = -on1;
        final int first2 = -on2;
        final int first3 = -on3;
        final int cp = mm1 * mm2;
        final int fp = n1 * n2;
        for (int i3 = first3; i3 < mm3 - 1; i3++)
        {
            final int f3 = fp * (2 * i3 + on3);
            for (int i2 = first2; i2 < mm2 - 1; i2++)
            {
                final int c = mm1 * i2 + cp * i3;
                final int f = n1 * (2 * i2 + on2) + f3;
                for (int i1 = first1; i1 < mm1 - 1; i1++)
                {
                    u[f + 2 * i1 + on1] += z[c + i1];
                }
                for (int i1 = 0; i1 < mm1 - 1; i1++)
                {
                    u[f + 2 * i1 + off1] += 0.5 * (z[c + i1 + 1] + z[c + i1]);
                }
            }
            for (int i2 = 0; i2 < mm2 - 1; i2++)
            {
                final int c = mm1 * i2 + cp * i3;
                final int f = n1 * (2 * i2 + off2) + f3;
                for (int i1 = first1; i1 < mm1 - 1; i1++)
                {
                    u[f + 2 * i1 + on1] += 0.5 * (z[c + mm1 + i1] + z[c + i1]);
                }
                for (int i1 = 0; i1 < mm1 - 1; i1++)
                {
                    u[f + 2 * i1 + off1] += 0.25 * (z[c + mm1 + i1 + 1] + z[c + i1 + 1] + z[c + mm1 + i1] + z[c + i1]);
                }
            }
        }
        for (int i3 = 0; i3 < mm3 - 1; i3++)
        {
            final int f3 = fp * (2 * i3 + off3);
            for (int i2 = first2; i2 < mm2 - 1; i2++)
            {
                final int c = mm1 * i2 + cp * i3;
                final int f = n1 * (2 * i2 + on2) + f3;
                for (int i1 = first1; i1 < mm1 - 1; i1++)
                {
                    u[f + 2 * i1 + on1] += 0.5 * (z[c + cp + i1] + z[c + i1]);
                }
                for (int i1 = 0; i1 < mm1 - 1; i1++)
                {
                    u[f + 2 * i1 + off1] += 0.25 * (z[c + cp + i1 + 1] + z[c + cp + i1] + z[c + i1 + 1] + z[c + i1]);
                }
            }
            for (int i2 = 0; i2 < mm2 - 1; i2++)
            {
                final int c = mm1 * i2 + cp * i3;
                final int f = n1 * (2 * i2 + off2) + f3;
                for (int i1 = first1; i1 < mm1 - 1; i1++)
                {
                    u[f + 2 * i1 + on1] += 0.25 * (z[c + cp + mm1 + i1] + z[c + cp + i1] + z[c + mm1 + i1] + z[c + i1]);
                }
                for (int i1 = 0; i1 < mm1 - 1; i1++)
                {
                    u[f + 2 * i1 + off1] += 0.125 * (z[c + cp + mm1 + i1 + 1] + z[c + cp + i1 + 1] + z[c + cp + mm1 + i1]
                        + z[c + cp + i1] + z[c + mm1 + i1 + 1] + z[c + i1 + 1] + z[c + mm1 + i1] + z[c + i1]);
                }
            }
        }
    }

    /**
     * The sum of squares and the largest magnitude over the interior points of {@code r}, this process's share of the
     * L2 and uniform norms.
     *
     * @param sumAndMax receives the sum of squares at index 0 and the largest magnitude at index 1.
     */
    public static void localNorms(final double[] r, final int n1, final int n2, final int n3, final double[] sumAndMax)
    {
        double sum = 0;
        double max = 0;
        final int plane = n1 * n2;
        for (int i3 = 1; i3 < n3 - 1; i3++)
        {
            for (int i2 = 1; i2 < n2 - 1; i2++)
            {
                final int row = n1 * i2 + plane * i3;
                for (int i1 = 1; i1 < n1 - 1; i1++)
                {
                    final double value = r[row + i1];
                    sum += value * value;
                    max = Math.max(max, Math.abs(value));
                }
            }
        }
        sumAndMax[0] = sum;
        sumAndMax[1] = max;
    }
}
