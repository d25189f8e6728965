package org.openmpj.executor;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * What each worker of a pool holds: its tasks in the order it answers them, the tasks gathered for its next assignment
 * message, and when it last answered; from these, which worker gets the next task.
 *
 * <p>Thread-safety: none of its own; the dispatcher's lock guards every call.
 */
final class WorkerLedger
{
    private final int root;
    private final int tasksPerWorker;
    /** Per worker, the tasks it holds, oldest first: the order in which it answers them. */
    private final List<ArrayDeque<Submitted<?>>> held = new ArrayList<>();
    /** Per worker, the tasks gathered for its next assignment message. */
    private final List<List<Submitted<?>>> batches = new ArrayList<>();
    /** Per worker, when it last answered, counted in answers. */
    private final long[] lastAnswer;
    private long answers;
    /** How many assignment messages have been sent. */
    private long messagesSent;

    WorkerLedger(final int size, final int root, final int tasksPerWorker)
    {
        this.root = root;
        this.tasksPerWorker = tasksPerWorker;
        this.lastAnswer = new long[size];
        for (int rank = 0; rank < size; rank++)
        {
            held.add(new ArrayDeque<>());
            batches.add(new ArrayList<>());
        }
    }

    /**
     * @return the worker with room that holds the fewest tasks (those gathered for it included), so that idle workers get work
     *     first; among those, the one that answered last, as it is the likeliest to be awake (a worker that has waited long
     *     sleeps, and waking it costs more than a small task's round trip); -1 when none has room.
     */
    int leastLoaded(final IntPredicate isLost)
    {
        int best = -1;
        int bestLoad = tasksPerWorker;
        for (int rank = 0; rank < lastAnswer.length; rank++)
        {
            final int load = held.get(rank).size() + batches.get(rank).size();
            final boolean better = load < bestLoad || load == bestLoad && best >= 0 && lastAnswer[rank] > lastAnswer[best];
            if (better && rank != root && !isLost.test(rank))
            {
                best = rank;
                bestLoad = load;
            }
        }
        return best;
    }

    /** @return the tasks gathered for worker {@code rank}'s next assignment message; the caller adds to it and clears it. */
    List<Submitted<?>> batch(final int rank)
    {
        return batches.get(rank);
    }

    /** Records that {@code batch} went to worker {@code rank} in one message. */
    void sent(final int rank, final List<Submitted<?>> batch)
    {
        messagesSent++;
        final ArrayDeque<Submitted<?>> tasks = held.get(rank);
        for (final Submitted<?> submitted : batch)
        {
            submitted.rank = rank;
            submitted.message = messagesSent;
            tasks.add(submitted);
        }
    }

    /** @return the oldest task of worker {@code rank}, whose answer has come, taken off it; null when it holds none. */
    Submitted<?> answered(final int rank)
    {
        final Submitted<?> submitted = held.get(rank).poll();
        if (submitted != null)
        {
            lastAnswer[rank] = ++answers;
        }
        return submitted;
    }

    /** @return the tasks that went to worker {@code rank} in its oldest assignment message still held, taken off it. */
    List<Submitted<?>> takeOldestMessage(final int rank)
    {
        final ArrayDeque<Submitted<?>> tasks = held.get(rank);
        final List<Submitted<?>> together = new ArrayList<>();
        final long message = tasks.isEmpty() ? -1 : tasks.peek().message;
        while (!tasks.isEmpty() && tasks.peek().message == message)
        {
            together.add(tasks.poll());
        }
        return together;
    }

    /** @return every task worker {@code rank} holds, taken off it. */
    List<Submitted<?>> takeAll(final int rank)
    {
        final ArrayDeque<Submitted<?>> tasks = held.get(rank);
        final List<Submitted<?>> all = new ArrayList<>(tasks);
        tasks.clear();
        return all;
    }

    /** @return every task any worker holds, and every task gathered for one but not sent (a send that failed), taken off them. */
    List<Submitted<?>> takeEverything()
    {
        final List<Submitted<?>> all = new ArrayList<>();
        for (int rank = 0; rank < held.size(); rank++)
        {
            all.addAll(takeAll(rank));
            all.addAll(batches.get(rank));
            batches.get(rank).clear();
        }
        return all;
    }
}
