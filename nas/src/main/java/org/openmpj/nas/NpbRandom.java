package org.openmpj.nas;

/**
 * The NPB pseudo-random generator: {@code x(k+1) = a * x(k) mod 2^46}, each value returned as {@code x(k+1) * 2^-46}
 * in (0, 1). The reference computes it in double precision with the operands split into 23-bit halves, which is exact;
 * here the same product is formed in {@code long} arithmetic, so every value is the reference's bit for bit.
 *
 * <p>An instance holds one stream (its seed and multiplier) and is not thread-safe; the static methods are pure.
 */
public final class NpbRandom
{
    /** The multiplier every NPB kernel uses, 5^13. */
    public static final long MULTIPLIER = 1_220_703_125L;
    /** The seed most NPB kernels start from. */
    public static final long DEFAULT_SEED = 314_159_265L;

    private static final long MODULUS_MASK = (1L << 46) - 1;
    private static final long LOW_HALF_MASK = (1L << 23) - 1;
    private static final double TWO_TO_MINUS_46 = 0x1p-46;

    private final long multiplier;
    private long seed;

    /**
     * @param seed       the first state, odd by NPB's convention, in (0, 2^46).
     * @param multiplier the multiplier a, in (0, 2^46).
     */
    public NpbRandom(final long seed, final long multiplier)
    {
        this.seed = checkedState("seed", seed);
        this.multiplier = checkedState("multiplier", multiplier);
    }

    /** @return {@code a * x mod 2^46} for {@code a, x} in [0, 2^46). */
    public static long multiply(final long a, final long x)
    {
        final long a1 = a >>> 23;
        final long a2 = a & LOW_HALF_MASK;
        final long x1 = x >>> 23;
        final long x2 = x & LOW_HALF_MASK;
        final long cross = (a1 * x2 + a2 * x1) & LOW_HALF_MASK;
        return ((cross << 23) + a2 * x2) & MODULUS_MASK;
    }

    /** @return {@code a^exponent mod 2^46}, by repeated squaring; 1 for a zero exponent. */
    public static long power(final long a, final long exponent)
    {
        if (exponent < 0)
        {
            throw new IllegalArgumentException("exponent=" + exponent + " must not be negative");
        }
        long result = 1;
        long square = a;
        for (long rest = exponent; rest != 0; rest >>>= 1)
        {
            if ((rest & 1) != 0)
            {
                result = multiply(square, result);
            }
            square = multiply(square, square);
        }
        return result;
    }

    /** @return {@code state * 2^-46}: a state as the value in (0, 1) the reference returns for it. */
    public static double toUnit(final long state)
    {
        return state * TWO_TO_MINUS_46;
    }

    /** Advances the stream one step. @return the new state as a value in (0, 1). */
    public double next()
    {
        seed = multiply(multiplier, seed);
        return seed * TWO_TO_MINUS_46;
    }

    /** Writes the next {@code count} values of the stream to {@code values[offset ..]} (NPB's {@code vranlc}). */
    public void fill(final double[] values, final int offset, final int count)
    {
        long state = seed;
        final long a = multiplier;
        for (int i = offset, end = offset + count; i < end; i++)
        {
            state = multiply(a, state);
            values[i] = state * TWO_TO_MINUS_46;
        }
        seed = state;
    }

    /** @return the current state. */
    public long seed()
    {
        return seed;
    }

    /** Moves the stream to {@code state}, in (0, 2^46). */
    public void seed(final long state)
    {
        seed = checkedState("seed", state);
    }

    private static long checkedState(final String name, final long value)
    {
        if (value <= 0 || value > MODULUS_MASK)
        {
            throw new IllegalArgumentException(name + "=" + value + " must be in (0, 2^46)");
        }
        return value;
    }
}
