package org.openmpj.executor;

import java.io.Serializable;

/**
 * A task without a result that can travel to another rank: a {@link Runnable} that is also {@link Serializable}.
 */
@FunctionalInterface
public interface Job extends Runnable, Serializable
{
}
