package org.openmpj.executor;

import java.io.Serial;
import java.io.Serializable;
import java.util.concurrent.Callable;

import org.openmpj.Primitive;

/** The messages between a pool's root and its workers, and the tags they travel under on the pool's communicator. */
final class PoolMessages
{
    /** Root to worker: tasks to run, in order. */
    static final int TAG_TASKS = 1;
    /** Worker to root: the outcome of one task. */
    static final int TAG_OUTCOME = 2;
    /** Root to itself: a task was submitted or the pool shut down while the dispatcher waited for outcomes. */
    static final int TAG_WAKE = 3;
    /** Root to worker: the pool has ended; stop serving. */
    static final int TAG_STOP = 4;
    /** Worker to root: a result that is a large primitive array, right after the outcome that announces it. */
    static final int TAG_ARRAY = 5;

    private PoolMessages()
    {
    }

    /**
     * Tasks for one worker, numbered by the root.
     *
     * @param numbers each task's number, by which its outcome comes back.
     * @param tasks the tasks, each serializable.
     */
    record Assignment(long[] numbers, Callable<?>[] tasks) implements Serializable
    {
        @Serial
        private static final long serialVersionUID = 1L;
    }

    /**
     * How one task ended on a worker: its value, or what it threw.
     *
     * @param number the task's number.
     * @param value what it returned; null when it threw.
     * @param thrown what it threw; null when it returned.
     */
    record Outcome(long number, Object value, Throwable thrown) implements Serializable
    {
        @Serial
        private static final long serialVersionUID = 1L;
    }

    /**
     * Stands in an outcome for a result that follows as a typed message of its own.
     *
     * @param kind the array's element kind.
     * @param length its length.
     */
    record ArrayFollows(Primitive kind, int length) implements Serializable
    {
        @Serial
        private static final long serialVersionUID = 1L;
    }

    /** An input and the function to apply to it, as a task. */
    record Applied<I, O>(TaskFunction<I, O> function, I input) implements Task<O>
    {
        @Serial
        private static final long serialVersionUID = 1L;

        @Override
        public O call()
        {
            return function.apply(input);
        }
    }

    /** Makes a {@link Job} or its value into a task. */
    record JobTask<T>(Runnable job, T value) implements Task<T>
    {
        @Serial
        private static final long serialVersionUID = 1L;

        @Override
        public T call()
        {
            job.run();
            return value;
        }
    }
}
