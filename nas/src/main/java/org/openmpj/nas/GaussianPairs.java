package org.openmpj.nas;

/**
 * EP's work on a run of batches. A batch draws {@code 2 * PAIRS_PER_BATCH} uniform numbers from NPB's generator, takes
 * them as pairs {@code (x1, x2)} in (-1, 1), keeps the pairs inside the unit disc and turns each into two Gaussian
 * deviates {@code X, Y} by the Marsaglia polar method. It tallies the sums of {@code |X|} and {@code |Y|} and, for every
 * annulus {@code l <= max(|X|, |Y|) < l + 1}, how many pairs fell in it.
 *
 * <p>Batch {@code k} starts from the seed {@code SEED * a^(2 * PAIRS_PER_BATCH * k)}, so any run of batches can be done
 * on any process and the tallies added up, which is how EP splits its work.
 *
 * <p>Not thread-safe: an instance holds its batch of uniform numbers and its running tallies.
 */
final class GaussianPairs
{
    /** The log2 of the pairs in a batch (NPB's {@code mk}); it sets the work per seed jump, not the result. */
    static final int BATCH_LOG2 = 16;
    /** The pairs in a batch. */
    static final int PAIRS_PER_BATCH = 1 << BATCH_LOG2;
    /** The annuli counted, {@code [0, 1)} to {@code [9, 10)}. */
    static final int ANNULI = 10;
    /** EP's seed, NPB's {@code s}. */
    static final long SEED = 271_828_183L;

    private static final long BATCH_STRIDE = NpbRandom.power(NpbRandom.MULTIPLIER, 2L * PAIRS_PER_BATCH);

    private final double[] uniforms = new double[2 * PAIRS_PER_BATCH];
    private final NpbRandom stream = new NpbRandom(SEED, NpbRandom.MULTIPLIER);
    private final double[] annulusCounts = new double[ANNULI];
    private double sumX;
    private double sumY;

    /** Draws and tallies the batches {@code first .. first + count - 1}, adding to the tallies so far. */
    void addBatches(final long first, final long count)
    {
        for (long batch = first, end = first + count; batch < end; batch++)
        {
            stream.seed(NpbRandom.multiply(NpbRandom.power(BATCH_STRIDE, batch), SEED));
            stream.fill(uniforms, 0, uniforms.length);
            tallyBatch();
        }
    }

    /** @return the sum of {@code |X|} over the pairs tallied. */
    double sumX()
    {
        return sumX;
    }

    /** @return the sum of {@code |Y|} over the pairs tallied. */
    double sumY()
    {
        return sumY;
    }

    /** Copies the count of pairs in each annulus to {@code counts[0 .. ANNULI - 1]}. */
    void copyAnnulusCounts(final double[] counts)
    {
        System.arraycopy(annulusCounts, 0, counts, 0, ANNULI);
    }

    private void tallyBatch()
    {
        final double[] u = uniforms;
        final double[] counts = annulusCounts;
        double sx = sumX;
        double sy = sumY;
        for (int i = 0; i < u.length; i += 2)
        {
            final double x1 = 2.0 * u[i] - 1.0;
            final double x2 = 2.0 * u[i + 1] - 1.0;
            final double radius2 = x1 * x1 + x2 * x2;
            if (radius2 <= 1.0)
            {
                final double factor = Math.sqrt(-2.0 * Math.log(radius2) / radius2);
                final double gx = Math.abs(x1 * factor);
                final double gy = Math.abs(x2 * factor);
                counts[(int) Math.max(gx, gy)] += 1.0;
                sx += gx;
                sy += gy;
            }
        }
        sumX = sx;
        sumY = sy;
    }
}
