package org.openmpj.nas;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * One butterfly run of {@link StockhamFft}'s stage written with the incubating Vector API, for JVMs started with
 * {@code --add-modules jdk.incubator.vector} ({@link VectorApi#PRESENT}). C2 in JDK 25 does not vectorize the plain
 * loop: its stores into the output arrays may alias its loads from the input arrays, and it does not check that at run
 * time. Each lane computes what the plain loop computes, in the same order, so both give the same bits.
 *
 * <p>Only {@link StockhamFft} calls this class, and only where the JVM has the module: without it, loading the class fails.
 */
final class FftVectorStage
{
    private static final VectorSpecies<Double> SPECIES = DoubleVector.SPECIES_PREFERRED;

    private FftVectorStage()
    {
    }

    /**
     * The butterflies of one group: for {@code t} in {@code [0, run)}, {@code out[sum + t] = a + b} and
     * {@code out[difference + t] = w (a - b)}, where {@code a = in[first + t]} and {@code b = in[second + t]}, complex.
     *
     * @return the first {@code t} left for the caller's plain loop: {@code run} rounded down to whole vectors.
     */
    static int butterflies(final double[] inRe, final double[] inIm, final double[] outRe, final double[] outIm, final int first,
        final int second, final int sum, final int difference, final int run, final double wRe, final double wIm)
    {
        final int bound = SPECIES.loopBound(run);
        for (int t = 0; t < bound; t += SPECIES.length())
        {
            final DoubleVector aRe = DoubleVector.fromArray(SPECIES, inRe, first + t);
            final DoubleVector aIm = DoubleVector.fromArray(SPECIES, inIm, first + t);
            final DoubleVector bRe = DoubleVector.fromArray(SPECIES, inRe, second + t);
            final DoubleVector bIm = DoubleVector.fromArray(SPECIES, inIm, second + t);
            aRe.add(bRe).intoArray(outRe, sum + t);
            aIm.add(bIm).intoArray(outIm, sum + t);
            final DoubleVector dRe = aRe.sub(bRe);
            final DoubleVector dIm = aIm.sub(bIm);
            dRe.mul(wRe).sub(dIm.mul(wIm)).intoArray(outRe, difference + t);
            dIm.mul(wRe).add(dRe.mul(wIm)).intoArray(outIm, difference + t);
        }
        return bound;
    }
}
