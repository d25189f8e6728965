package org.openmpj.executor;

import java.io.Serializable;
import java.util.function.Function;

/**
 * A function that can travel to another rank, for {@link MpiExecutor#map}: a {@link Function} that is also
 * {@link Serializable}, so that a lambda passed where one is expected is serializable.
 *
 * @param <I> the input's type.
 * @param <O> the result's type.
 */
@FunctionalInterface
public interface TaskFunction<I, O> extends Function<I, O>, Serializable
{
}
