package org.openmpj.executor;

import java.io.Serial;
import java.io.Serializable;

import org.openmpj.Primitive;

/**
 * The messages between a pool's root and its workers, and the tags they travel under on the pool's communicator. Objects
 * travel on the {@link PoolStreams} between two ranks. A worker runs its tasks in the order they came and answers each in
 * that order, and messages between two ranks keep their order: so the root knows which task an answer is for without a
 * number on the wire, and a small task's round trip pays for encoding nothing but the task and its value.
 */
final class PoolMessages
{
    /** Root to worker: tasks to run, in order, as objects (at most the pool's tasks per worker). */
    static final int TAG_TASKS = 1;
    /** Worker to root: what the worker's oldest unanswered task returned, as one object. */
    static final int TAG_VALUE = 2;
    /** Worker to root: what the worker's oldest unanswered task threw, as one object. */
    static final int TAG_THREW = 3;
    /** Root to worker: the pool has ended; stop serving. */
    static final int TAG_STOP = 4;
    /** Worker to root: a value that is a large primitive array, right after the {@link ArrayFollows} that announces it. */
    static final int TAG_ARRAY = 5;
    /**
     * Worker to root: the worker could not decode its oldest unanswered assignment (a class it cannot load, a
     * {@code readObject} that throws), as one object: a {@link TaskFailure} saying why.
     */
    static final int TAG_UNREADABLE = 6;
    /**
     * Either way: a message of objects longer than the receiver's buffer follows under {@link #TAG_LONG}; this one says its
     * length and the tag it stands for.
     */
    static final int TAG_ANNOUNCED = 7;
    /** Either way: the long message an announcement told of. */
    static final int TAG_LONG = 8;

    private PoolMessages()
    {
    }

    /**
     * How one task ended: its value, or what it threw. Never sent as such: its value or its exception travels under a tag
     * of its own.
     *
     * @param value what it returned; null when it threw.
     * @param thrown what it threw; null when it returned.
     */
    record Outcome(Object value, Throwable thrown)
    {
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
