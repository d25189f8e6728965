package org.openmpj.executor;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntPredicate;

import mpi.Intracomm;
import mpi.MPIException;
import mpi.Status;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;

/**
 * The root's side of a pool: hands queued tasks to workers with room (at most {@code tasksPerWorker} in flight on each, the
 * least loaded first, several in one message) and completes each task's future when its outcome comes back.
 *
 * <p>No thread stands between a submission and the workers, or between an outcome and the thread that waits for it: the
 * submitting thread sends the task itself when a worker has room, and a thread waiting for a task's future receives
 * outcomes itself when no other thread does ({@link #receiveUntilDone}). Each wake-up of a sleeping thread costs more than
 * the round trip of a small task. The dispatcher's own thread receives the outcomes nobody waits for, runs a one-rank
 * pool's tasks, and ends the pool. It takes over at once from a waiting thread that stops with outcomes still to come, and
 * when a backlog builds; otherwise, while tasks are in flight and for a while after the last submission, it looks every
 * {@link #FIRST_LOOK_NS} to {@link #LAST_LOOK_NS} (each look that finds nothing to do doubles the interval, as a look costs
 * the busy threads a slice of a core), and receives when no outcome came back between two looks; after that it sleeps until
 * a submission wakes it. One thread at a time receives (it holds the receiving role); the lock guards the assignment of
 * tasks, never a wait.
 *
 * <p>Thread-safety: {@link #submit}, {@link #shutdown}, {@link #cancelQueued} and {@link #receiveUntilDone} may be called
 * from any thread; {@link #run} runs on the dispatcher's own thread.
 */
final class Dispatcher implements Runnable
{
    /** How soon the dispatcher's thread looks again for outcomes that no other thread receives, after it received some. */
    private static final long FIRST_LOOK_NS = 200_000;
    /**
     * The longest interval between its looks, when other threads receive everything: an outcome nobody waits for is received
     * within about two of them. Looking every 200 µs instead let one empty-task round trip in a thousand on 2 thread ranks
     * take 25-30 µs, the time a woken thread held a core from the busy ones.
     */
    private static final long LAST_LOOK_NS = 2_000_000;
    /** While this thread receives without a pause, it tells the progress listeners once every 1,024 outcomes (this mask + 1). */
    private static final long REPORT_LOOK_MASK = 1023;
    /** How long after the last submission the dispatcher's thread goes on looking before it sleeps until woken. */
    private static final long DORMANT_AFTER_NS = 20_000_000;

    private final Intracomm comm;
    private final int root;
    private final int size;
    private final int tasksPerWorker;
    private final ConcurrentLinkedQueue<Submitted<?>> queue = new ConcurrentLinkedQueue<>();
    private final PoolTally tally;
    private final CountDownLatch terminated = new CountDownLatch(1);
    private final AtomicBoolean receiving = new AtomicBoolean();
    /** Set by a waiting thread that stops receiving while outcomes are still to come. */
    private final AtomicBoolean handedOver = new AtomicBoolean();
    /** Used by the thread that holds the receiving role only. */
    private final Object[] received = new Object[1];

    private final ReentrantLock lock = new ReentrantLock();
    /** Guarded by {@link #lock}, as are the fields up to {@link #ended}. */
    private final WorkerLedger ledger;
    private final AssignmentSends sending = new AssignmentSends();
    /** Tasks whose message a worker's loss turned back, to be queued again; guarded by {@link #lock}. */
    private final List<Submitted<?>> bounced = new ArrayList<>();
    private final LostWorkers lostWorkers;
    private final IntPredicate isLost;
    /** Tasks that could not be encoded, and why, to be failed once the lock is let go. */
    private final Map<Submitted<?>, OpenMpjException> unsendable = new LinkedHashMap<>();
    /** The pool's object messages each way between this rank and every worker. */
    private final PoolStreams streams;
    /** Set once the workers are told to stop, or the pool has failed: nothing is assigned after it. */
    private boolean ended;
    /** Set once the workers are told to stop, by the pool's end or its failure. */
    private boolean workersTold;

    /** Tasks on workers; written under {@link #lock}, read by threads that look without it. */
    private volatile int inFlightCount;
    private volatile boolean shutdown;
    /** {@code unsendable.size()} as the lock was let go, for threads that look without the lock. */
    private volatile int unsendableCount;
    private volatile boolean dormant;
    /** Set as the pool ends, before the queue's last tasks are refused. */
    private volatile boolean closed;
    private volatile Throwable failure;
    private Thread thread;

    Dispatcher(final Intracomm comm, final int root, final int tasksPerWorker, final LostWorkerTasks onLostWorker)
    {
        this.lostWorkers = new LostWorkers(comm, root, onLostWorker);
        this.isLost = lostWorkers::isLost;
        this.comm = comm;
        this.root = root;
        this.size = comm.Size();
        this.tasksPerWorker = tasksPerWorker;
        this.ledger = new WorkerLedger(size, root, tasksPerWorker);
        this.tally = new PoolTally(size);
        this.streams = new PoolStreams(comm);
    }

    /** Starts the dispatcher's own thread, named {@code name}. */
    void start(final String name)
    {
        thread = new Thread(this, name);
        thread.setDaemon(true);
        thread.start();
    }

    /** Queues {@code task}, and hands it to a worker at once when one has room; @return what its submitter holds. */
    <T> Submitted<T> submit(final Callable<T> task)
    {
        final Submitted<T> submitted = new Submitted<>(tally.submitted(), task, this);
        if (shutdown)
        {
            throw rejection();
        }
        if (size == 1 || !queue.isEmpty() || !assignQueued(submitted))
        {
            queue.add(submitted);
            if (size > 1)
            {
                assignQueued(null);
            }
        }
        // The pool may have ended between the test above and the queueing: then nobody else takes the task out.
        if (closed && queue.remove(submitted))
        {
            submitted.fail(rejection());
        }
        if (dormant || !queue.isEmpty())
        {
            // A backlog needs a thread receiving the outcomes that make room; a single task is left to whoever waits for it.
            LockSupport.unpark(thread);
        }
        return submitted;
    }

    /**
     * Receives the pool's outcomes on the calling thread until {@code future} is done, as long as no other thread receives
     * them; returns at once when another thread does, or when the task is not on a worker.
     */
    void receiveUntilDone(final CompletableFuture<?> future)
    {
        boolean received = false;
        // An interrupted thread does not take up receiving: its wait is to end at once, with InterruptedException.
        while (!future.isDone() && inFlightCount > 0 && !Thread.currentThread().isInterrupted() && receiveIfFree())
        {
            received = true;
        }
        if (received && (inFlightCount > 0 || !queue.isEmpty()))
        {
            // Outcomes are still to come, maybe for tasks nobody waits for: the dispatcher's thread takes over at once.
            handedOver.set(true);
            LockSupport.unpark(thread);
        }
    }

    /** Stops taking tasks; those queued and in flight still run. */
    void shutdown()
    {
        shutdown = true;
        LockSupport.unpark(thread);
    }

    /** Cancels every task not yet handed to a worker; @return them. */
    List<Runnable> cancelQueued()
    {
        final List<Runnable> cancelled = new ArrayList<>();
        for (Submitted<?> submitted = queue.poll(); submitted != null; submitted = queue.poll())
        {
            if (submitted.future.cancel(false))
            {
                cancelled.add(submitted::runHere);
            }
        }
        LockSupport.unpark(thread);
        return cancelled;
    }

    /** Has {@code listener} told the pool's progress at most every {@code intervalNs}, and when the pool ends. */
    void addProgressListener(final ProgressListener listener, final long intervalNs)
    {
        tally.addListener(listener, intervalNs, intervalNs < LAST_LOOK_NS);
    }

    /** @return how far the pool has come; may be called from any thread. */
    PoolProgress progress()
    {
        return tally.progress();
    }

    int tasksPerWorker()
    {
        return tasksPerWorker;
    }

    boolean isShutdown()
    {
        return shutdown;
    }

    CountDownLatch terminated()
    {
        return terminated;
    }

    @Override
    public void run()
    {
        boolean receivedLast = false;
        boolean sawInFlight = false;
        long seenDone = -1;
        long seenSubmissions = -1;
        long activeNs = System.nanoTime();
        long lookNs = FIRST_LOOK_NS;
        long receipts = 0;
        try
        {
            while (failure == null)
            {
                if (size == 1)
                {
                    runQueuedHere();
                }
                else if (inFlightCount > 0 && (receivedLast || handedOver.getAndSet(false) || !queue.isEmpty()
                    || sawInFlight && tally.doneSoFar() == seenDone) && receiveIfFree())
                {
                    // Outcomes that no other thread receives: this thread goes on receiving, or takes over from one that
                    // stopped, or finds a backlog, or has seen no outcome come back for a whole look's interval.
                    receivedLast = true;
                    lookNs = FIRST_LOOK_NS;
                    if ((++receipts & REPORT_LOOK_MASK) == 0)
                    {
                        tally.report(false);
                    }
                    continue;
                }
                // Listeners that wait longer than a look between tellings are told from here, off the way from an outcome to its future.
                tally.report(false);
                receivedLast = false;
                if (endIfDone())
                {
                    stopWorkers();
                    break;
                }
                sawInFlight = inFlightCount > 0;
                seenDone = tally.doneSoFar();
                final long now = System.nanoTime();
                if (tally.submittedSoFar() != seenSubmissions)
                {
                    seenSubmissions = tally.submittedSoFar();
                    activeNs = now;
                }
                // Each look that found nothing to do doubles the next interval; after a sleep until woken, looks start soon.
                lookNs = pause(now - activeNs < DORMANT_AFTER_NS, lookNs) ? Math.min(LAST_LOOK_NS, 2 * lookNs) : FIRST_LOOK_NS;
            }
        }
        catch (final RuntimeException | Error ex)
        {
            fail(ex);
        }
        finally
        {
            closed = true;
            rejectQueued();
            tally.report(true);
            terminated.countDown();
        }
    }

    /**
     * Sleeps {@code lookNs}, or, when the pool has been quiet a while and has nothing to do, until woken.
     *
     * @return whether it slept a look's interval.
     */
    private boolean pause(final boolean recentlyActive, final long lookNs)
    {
        if (recentlyActive || inFlightCount > 0)
        {
            LockSupport.parkNanos(this, lookNs);
            return true;
        }
        dormant = true;
        // Written before the tests below, as a submitter writes its task before it reads dormant: one of the two sees the other.
        if (queue.isEmpty() && inFlightCount == 0 && !shutdown)
        {
            LockSupport.park(this);
        }
        dormant = false;
        return false;
    }

    /**
     * Hands queued tasks to workers with room. Given {@code alone}, a task just submitted while nothing was queued, it first
     * sends that one to the least loaded worker without queueing it, when one has room: a task that comes alone so skips the
     * queue's two atomic updates. A failure to send fails the pool, and so every task in it.
     *
     * @param alone the task to send at once, or null.
     * @return whether {@code alone} was handed to a worker, or failed with the pool; false when it is to be queued.
     */
    private boolean assignQueued(final Submitted<?> alone)
    {
        boolean taken = false;
        try
        {
            lock.lock();
            try
            {
                final int rank = alone == null || ended || !queue.isEmpty() ? -1 : ledger.leastLoaded(isLost);
                if (rank >= 0)
                {
                    final List<Submitted<?>> batch = ledger.batch(rank);
                    batch.add(alone);
                    // From here the pool's failure, if the send fails, fails it with the rest.
                    taken = true;
                    send(rank, batch);
                    batch.clear();
                }
                if (alone == null || !bounced.isEmpty())
                {
                    assign();
                }
            }
            finally
            {
                unlockAfterAssigning();
            }
            failUnsendable();
        }
        catch (final RuntimeException ex)
        {
            fail(ex);
        }
        return taken;
    }

    /** Hands queued tasks to workers with room, one at a time, and sends each worker its share in one message. */
    private void assign()
    {
        do
        {
            while (!ended && !queue.isEmpty())
            {
                final int rank = ledger.leastLoaded(isLost);
                if (rank < 0)
                {
                    break;
                }
                final Submitted<?> next = queue.poll();
                if (next != null && !next.future.isDone())
                {
                    ledger.batch(rank).add(next);
                }
            }
            for (int rank = 0; rank < size; rank++)
            {
                final List<Submitted<?>> batch = ledger.batch(rank);
                if (!batch.isEmpty())
                {
                    send(rank, batch);
                    batch.clear();
                }
            }
        }
        while (queueBounced());
    }

    /** Queues again the tasks a lost worker's send turned back, which no worker has seen; @return whether there were any. */
    private boolean queueBounced()
    {
        if (bounced.isEmpty())
        {
            return false;
        }
        queue.addAll(bounced);
        bounced.clear();
        return true;
    }

    /**
     * Sends {@code batch} to worker {@code rank}. A task that cannot be encoded (it holds something not serializable) is not
     * sent, and fails alone once the lock is let go; the others go as usual.
     */
    private void send(final int rank, final List<Submitted<?>> batch)
    {
        final Object[] tasks = new Object[batch.size()];
        for (int i = 0; i < tasks.length; i++)
        {
            tasks[i] = batch.get(i).task;
        }
        try
        {
            // Not a blocking send: a large assignment waits for its worker to receive it, and that worker may itself be
            // waiting to hand a large result to this rank, which must be free to receive it.
            streams.isend(tasks, tasks.length, rank, PoolMessages.TAG_TASKS, sending);
        }
        catch (final MPIException failed)
        {
            if (!lostWorkers.explainedByLoss(failed))
            {
                throw failed;
            }
            lostWorkers.markLost(rank);
            bounced.addAll(batch);
            return;
        }
        catch (final OpenMpjException unencodable)
        {
            if (unencodable.errorClass() != ErrorClass.ERR_TYPE)
            {
                throw unencodable;
            }
            if (batch.size() == 1)
            {
                unsendable.put(batch.get(0), unencodable);
                return;
            }
            for (final Submitted<?> submitted : batch)
            {
                send(rank, List.of(submitted));
            }
            return;
        }
        ledger.sent(rank, batch);
        inFlightCount += tasks.length;
    }

    /** Lets the lock go after assigning, telling threads that look without it whether some tasks could not be encoded. */
    private void unlockAfterAssigning()
    {
        if (unsendableCount != unsendable.size())
        {
            // Written only when it changes: a volatile write costs a fence on every task's way to a worker.
            unsendableCount = unsendable.size();
        }
        lock.unlock();
    }

    /** Fails the tasks that could not be encoded; called without the lock, as a future's stages run in its completion. */
    private void failUnsendable()
    {
        if (unsendableCount == 0)
        {
            return;
        }
        final Map<Submitted<?>, OpenMpjException> failed;
        lock.lock();
        try
        {
            failed = new LinkedHashMap<>(unsendable);
            unsendable.clear();
            unsendableCount = 0;
        }
        finally
        {
            lock.unlock();
        }
        failed.forEach((submitted, cause) ->
        {
            tally.done(-1, true);
            submitted.fail(new RejectedExecutionException("task " + submitted.number + " cannot travel to a worker: "
                + cause.getMessage(), cause));
        });
    }

    /** A pool without workers runs its tasks on the dispatcher's thread, so that a one-rank job works as a larger one. */
    private void runQueuedHere()
    {
        for (Submitted<?> submitted = queue.poll(); submitted != null; submitted = queue.poll())
        {
            if (!submitted.future.isDone())
            {
                complete(submitted, root, WorkerLoop.run(submitted.task));
            }
        }
    }

    /** Takes the receiving role when no other thread holds it, receives one outcome, and gives the role back; @return whether it did. */
    private boolean receiveIfFree()
    {
        if (!receiving.compareAndSet(false, true))
        {
            return false;
        }
        try
        {
            receiveIfInFlight();
        }
        finally
        {
            receiving.set(false);
        }
        return true;
    }

    /**
     * Receives one outcome, when a task is in flight, and completes its task. Called by the holder of the receiving role
     * only, so that the test and the receive see the same tasks in flight: each has exactly one outcome still to come.
     */
    private void receiveIfInFlight()
    {
        if (inFlightCount == 0)
        {
            return;
        }
        final Submitted<?> submitted;
        final PoolMessages.Outcome outcome;
        final int source;
        try
        {
            final Status status = lostWorkers.receiveAny(streams);
            if (status == null)
            {
                takeOutLostWorkers();
                return;
            }
            source = status.source;
            streams.decode(status, received);
            final int tag = streams.tag();
            if (tag == PoolMessages.TAG_UNREADABLE)
            {
                final Throwable why = (Throwable)received[0];
                received[0] = null;
                for (final Submitted<?> lost : unreadable(source))
                {
                    complete(lost, source, new PoolMessages.Outcome(null, why));
                }
                failUnsendable();
                return;
            }
            outcome = tag == PoolMessages.TAG_THREW ? new PoolMessages.Outcome(null, (Throwable)received[0])
                : new PoolMessages.Outcome(withArray(received[0], source), null);
            received[0] = null;
            submitted = landed(source);
            failUnsendable();
        }
        catch (final RuntimeException | Error ex)
        {
            fail(ex);
            return;
        }
        complete(submitted, source, outcome);
    }

    /** Takes the workers the job lost out of the pool: the tasks each held fail naming it, or go to the workers left. */
    private void takeOutLostWorkers()
    {
        final List<Submitted<?>> orphans = new ArrayList<>();
        final boolean noneLeft;
        lock.lock();
        try
        {
            for (final int rank : lostWorkers.newlyLost())
            {
                final List<Submitted<?>> held = ledger.takeAll(rank);
                inFlightCount -= held.size();
                orphans.addAll(held);
            }
            noneLeft = lostWorkers.live() == 0;
            if (lostWorkers.resubmits() && !noneLeft)
            {
                queue.addAll(orphans);
                orphans.clear();
                assign();
            }
        }
        finally
        {
            unlockAfterAssigning();
        }
        for (final Submitted<?> orphan : orphans)
        {
            tally.done(orphan.rank, true);
            orphan.fail(WorkerLostException.onLostWorker(orphan.rank, orphan.number));
        }
        failUnsendable();
        if (noneLeft)
        {
            fail(new IllegalStateException("the job lost every worker of the pool"));
        }
    }

    /** @return {@code value}, or the array it announces, received: a large primitive array follows as a message of its own. */
    private Object withArray(final Object value, final int source)
    {
        if (!(value instanceof PoolMessages.ArrayFollows follows))
        {
            return value;
        }
        // Messages from one rank on one communicator arrive in order: the array is the next from this worker.
        final Object array = follows.kind().newArray(follows.length());
        comm.Recv(array, 0, follows.length(), PrimitiveArrays.datatype(follows.kind()), source, PoolMessages.TAG_ARRAY);
        return array;
    }

    /**
     * Worker {@code source} could not decode its oldest assignment: takes that message's tasks off it. A task that went
     * alone is lost to that worker; tasks that went together go back to it one per message, so that only the one it
     * cannot decode fails. @return the tasks to fail.
     */
    private List<Submitted<?>> unreadable(final int source)
    {
        lock.lock();
        try
        {
            final List<Submitted<?>> together = ledger.takeOldestMessage(source);
            if (together.isEmpty())
            {
                throw new IllegalStateException("rank " + source + " could not decode an assignment, but it holds none");
            }
            inFlightCount -= together.size();
            if (together.size() == 1)
            {
                assign();
                return together;
            }
            for (final Submitted<?> submitted : together)
            {
                send(source, List.of(submitted));
            }
            return List.of();
        }
        finally
        {
            unlockAfterAssigning();
        }
    }

    /** Takes the oldest task off worker {@code source}, whose answer has come, and gives its room to the queue; @return it. */
    private Submitted<?> landed(final int source)
    {
        lock.lock();
        try
        {
            final Submitted<?> submitted = ledger.answered(source);
            if (submitted == null)
            {
                throw new IllegalStateException("rank " + source + " answered a task, but it holds none");
            }
            inFlightCount--;
            if (!queue.isEmpty() || !bounced.isEmpty())
            {
                assign();
            }
            return submitted;
        }
        finally
        {
            unlockAfterAssigning();
        }
    }

    private void complete(final Submitted<?> submitted, final int rank, final PoolMessages.Outcome outcome)
    {
        tally.done(rank, outcome.thrown() != null);
        if (outcome.thrown() == null)
        {
            submitted.succeed(outcome.value());
        }
        else
        {
            submitted.fail(new RemoteTaskException(rank, submitted.number, outcome.thrown()));
        }
        tally.reportOnOutcome();
    }

    /** @return whether the pool is shut down with nothing queued or in flight; then nothing more is assigned. */
    private boolean endIfDone()
    {
        lock.lock();
        try
        {
            ended = shutdown && queue.isEmpty() && inFlightCount == 0;
            return ended;
        }
        finally
        {
            lock.unlock();
        }
    }

    /** Tells every worker to stop, once the assignments on their way have left. */
    private void stopWorkers()
    {
        lock.lock();
        try
        {
            workersTold = true;
        }
        finally
        {
            lock.unlock();
        }
        try
        {
            sending.awaitAll();
        }
        catch (final MPIException ex)
        {
            // An assignment to a worker the job lost leaves no reason to wait for the others: they are told to stop below.
            if (!lostWorkers.explainedByLoss(ex))
            {
                throw ex;
            }
        }
        lostWorkers.stopTheOthers();
    }

    /**
     * The pool cannot go on: every task in flight or queued fails, naming where it was, and the workers that can still hear
     * are told to stop, so that none waits for a root that no longer sends.
     */
    private void fail(final Throwable cause)
    {
        final List<Submitted<?>> lost;
        final boolean tellWorkers;
        lock.lock();
        try
        {
            if (failure == null)
            {
                failure = cause;
            }
            tellWorkers = !workersTold;
            workersTold = true;
            shutdown = true;
            ended = true;
            lost = ledger.takeEverything();
            inFlightCount = 0;
        }
        finally
        {
            lock.unlock();
        }
        for (final Submitted<?> submitted : lost)
        {
            tally.done(submitted.rank, true);
            submitted.fail(new WorkerLostException(submitted.rank, submitted.number, cause));
        }
        for (Submitted<?> submitted = queue.poll(); submitted != null; submitted = queue.poll())
        {
            tally.done(-1, true);
            submitted.fail(new WorkerLostException(-1, submitted.number, cause));
        }
        if (tellWorkers)
        {
            lostWorkers.stopWhoeverHears();
        }
        LockSupport.unpark(thread);
    }

    /** Tasks that slipped into the queue as the pool ended are refused. */
    private void rejectQueued()
    {
        for (Submitted<?> submitted = queue.poll(); submitted != null; submitted = queue.poll())
        {
            submitted.fail(rejection());
        }
    }

    private RejectedExecutionException rejection()
    {
        final Throwable failed = failure;
        return failed == null ? new RejectedExecutionException("the pool has been shut down")
            : new RejectedExecutionException("the pool failed: " + failed.getMessage(), failed);
    }
}
