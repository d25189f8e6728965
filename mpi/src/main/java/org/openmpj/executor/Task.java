package org.openmpj.executor;

import java.io.Serializable;
import java.util.concurrent.Callable;

/**
 * A task that can travel to another rank: a {@link Callable} that is also {@link Serializable}. A lambda passed where a
 * {@code Task} is expected is serializable, so {@code pool.submit(() -> simulate(seed))} works as written; what the lambda
 * captures must be serializable too, and its result as well.
 *
 * @param <T> the result's type.
 */
@FunctionalInterface
public interface Task<T> extends Callable<T>, Serializable
{
}
