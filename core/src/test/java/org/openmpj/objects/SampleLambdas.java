package org.openmpj.objects;

import java.io.Serializable;
import java.util.List;
import java.util.function.IntUnaryOperator;
import java.util.function.Supplier;

/** Serializable lambdas for the codec's tests, written by this class (which therefore rebuilds them). */
final class SampleLambdas
{
    private SampleLambdas()
    {
    }

    /** A lambda's interface that can travel; public, as a rank's own copy of this class reaches it across loaders. */
    public interface Scaling extends IntUnaryOperator, Serializable
    {
    }

    /** Gives back what the lambda captured. */
    public interface Captured extends Supplier<Object>, Serializable
    {
    }

    static Scaling scaling(final int factor, final String label)
    {
        return x -> x * factor + label.length();
    }

    static Captured capturing(final Object value)
    {
        return () -> value;
    }

    static Captured listOf(final List<Integer> values)
    {
        return () -> values.size();
    }
}
