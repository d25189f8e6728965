package org.openmpj.engine;

/**
 * A reduction operation as collectives apply it: combines {@code items} items of {@code in} into
 * {@code inout}, so that afterwards {@code inout[i] = in[i] op inout[i]}, with {@code in} holding the
 * contribution of the lower ranks. Offsets are in elements of the buffers' arrays.
 */
public interface Reduction
{
    /** Combines {@code in} into {@code inout}. */
    void reduce(Object in, int inOffset, Object inout, int inoutOffset, int items);

    /** @return whether the operation is commutative, so that collectives may combine in any order. */
    boolean isCommutative();
}
