package org.openmpj.device;

import java.lang.foreign.MemorySegment;
import org.openmpj.Primitive;
import org.openmpj.SendMode;

/**
 * Matched point-to-point messaging for one rank: the SPI the engine is built on. Messages are slices of
 * primitive arrays, or memory segments, addressed by (peer, tag, context); receives match on (source, tag, context) with
 * wildcards, in MPI's non-overtaking order. Peers are world ranks; the envelope source and tag are opaque
 * to the device apart from matching.
 *
 * <p>Thread-safety: every method may be called by any number of threads at once.
 */
public interface Device extends AutoCloseable
{
    /** Matches a message from any source. */
    int ANY_SOURCE = -2;
    /** Matches a message with any tag. */
    int ANY_TAG = -2;

    /** @return the device's registered name, e.g. {@code thread}. */
    String name();

    /** @return this rank's world rank. */
    int rank();

    /** @return the number of ranks in the job. */
    int size();

    /** @return what the device can do. */
    DeviceCapabilities capabilities();

    /**
     * @return whether this rank's waits spin, as they do where its ranks have a core each; false where they yield and
     *         park because ranks share cores, so that a message's sender and receiver take turns on a core.
     */
    boolean waitsSpin();

    /** @return the largest message size sent eagerly (copied so the sender can return); larger ones wait for the receiver. */
    long eagerLimitBytes();

    /**
     * Starts a send of {@code count} elements of {@code buf} from element {@code offset}.
     *
     * @param dest           world rank of the receiver.
     * @param envelopeSource the sender's rank as the receiver's matching sees it (its rank in the communicator).
     * @return the request; the buffer must not be changed until it completes. A send that completes as it starts (copied
     *         eagerly) may return a shared request that is complete already, with no envelope: then there is nothing to
     *         cancel.
     */
    Request isend(Object buf, Primitive kind, int offset, int count, int dest, int envelopeSource, int tag, int context, SendMode mode);

    /** Sends and waits until the buffer may be reused; see {@link #isend}. */
    void send(Object buf, Primitive kind, int offset, int count, int dest, int envelopeSource, int tag, int context, SendMode mode);

    /**
     * Starts a receive into {@code count} elements of {@code buf} from element {@code offset}.
     *
     * @param source envelope source to match, or {@link #ANY_SOURCE}.
     * @param tag    tag to match, or {@link #ANY_TAG}.
     * @return the request; a message longer than the buffer completes it with an {@code ERR_TRUNCATE} error.
     */
    ReceiveRequest irecv(Object buf, Primitive kind, int offset, int count, int source, int tag, int context);

    /**
     * Receives and waits; see {@link #irecv}.
     *
     * @return the completed request, owned by the device and valid only until the calling thread's next
     *         blocking call on this device.
     */
    ReceiveRequest recv(Object buf, Primitive kind, int offset, int count, int source, int tag, int context);

    /**
     * Starts a send of every byte of {@code buf}, which may lie outside the heap and hold more than 2 GiB. The transports
     * read the segment where they would read an array: no copy is made for it beyond the ones an array's send makes.
     *
     * @param buf a segment that every thread may access (over an array, or of a shared, automatic or global arena).
     * @return the request; the segment must stay alive and unchanged until it completes.
     * @throws org.openmpj.OpenMpjException ({@code ERR_BUFFER}) when {@code buf} is confined to one thread or no longer alive.
     */
    Request isend(MemorySegment buf, int dest, int envelopeSource, int tag, int context, SendMode mode);

    /**
     * Starts a receive into {@code buf}, as {@link #isend(MemorySegment, int, int, int, int, SendMode)} sends one; the
     * message is matched as any other, and lands in the segment's bytes from its start.
     *
     * @param buf a writable segment that every thread may access.
     * @return the request; a message longer than the segment completes it with an {@code ERR_TRUNCATE} error.
     * @throws org.openmpj.OpenMpjException ({@code ERR_BUFFER}) when {@code buf} is read-only, confined or no longer alive.
     */
    ReceiveRequest irecv(MemorySegment buf, int source, int tag, int context);

    /**
     * Starts a send as {@link #isend} does, with the calling thread's one reusable send request instead of a new one: for
     * the point-to-point steps of collective operations, which finish each before the next. The calling thread alone
     * waits for it, and must see it complete before it starts its next such send; one it left unfinished (after an
     * error) is dropped, not reused.
     *
     * @return the thread's reusable request, valid until the thread's next call of this method.
     */
    default Request isendReusing(Object buf, Primitive kind, int offset, int count, int dest, int envelopeSource, int tag, int context)
    {
        return isendReusing(0, buf, kind, offset, count, dest, envelopeSource, tag, context);
    }

    /**
     * Starts a send with the calling thread's reusable send request number {@code slot}, for collective steps that keep
     * several sends going at once; slot 0 is the one of
     * {@link #isendReusing(Object, Primitive, int, int, int, int, int, int)}, and each slot is reused as that one is.
     *
     * @param slot a small non-negative number; the thread keeps a request for every slot it used so far.
     */
    Request isendReusing(int slot, Object buf, Primitive kind, int offset, int count, int dest, int envelopeSource, int tag, int context);

    /**
     * Starts a receive as {@link #irecv} does, with the calling thread's one reusable receive request: see
     * {@link #isendReusing}. It is another request than the one {@link #recv} uses, so a blocking receive may come
     * between its start and its end.
     *
     * @return the thread's reusable request, valid until the thread's next call of this method.
     */
    default ReceiveRequest irecvReusing(Object buf, Primitive kind, int offset, int count, int source, int tag, int context)
    {
        return irecvReusing(0, buf, kind, offset, count, source, tag, context);
    }

    /**
     * Starts a receive with the calling thread's reusable receive request number {@code slot}, for collective steps that keep
     * several receives posted at once (the segments of a pipeline, one per peer); slot 0 is the one of
     * {@link #irecvReusing(Object, Primitive, int, int, int, int, int)}. Each slot is reused as that method reuses its one:
     * the request is valid until the thread's next call for the same slot.
     *
     * @param slot a small non-negative number; the thread keeps a request for every slot it used so far.
     */
    ReceiveRequest irecvReusing(int slot, Object buf, Primitive kind, int offset, int count, int source, int tag, int context);

    /**
     * Starts a receive whose buffer is allocated to fit the message when it matches, for messages of unknown
     * size such as serialized objects.
     *
     * @return the request; once complete, {@link ReceiveRequest#payload()} holds the bytes.
     */
    ReceiveRequest irecvAllocating(int source, int tag, int context);

    /**
     * Receives into a buffer the device allocates, as {@link #irecvAllocating} does, and waits.
     *
     * @return the completed request, owned by the device and valid only until the calling thread's next blocking call on
     *         this device; its {@link ReceiveRequest#payload()} holds the bytes.
     */
    ReceiveRequest recvAllocating(int source, int tag, int context);

    /**
     * Looks for a matching message that has arrived but not been received, making progress first when there is none
     * yet, so that a program polling with probes alone sees messages arrive.
     *
     * @return true, with {@code result} filled in (envelope, size and first bytes), when one is there.
     */
    boolean iprobe(int source, int tag, int context, ProbeResult result);

    /**
     * Cancels a pending operation if it has not matched yet.
     *
     * @return true when cancelled; the request then completes with {@link Request#isCancelled()} set.
     */
    boolean cancel(Request request);

    /**
     * Waits until {@code request} completes, driving progress.
     *
     * @throws org.openmpj.OpenMpjException when the job fails while waiting.
     */
    void await(Request request);

    /**
     * One step of a wait the caller drives, such as waiting for any of several requests: makes progress,
     * checks the job is alive, and idles when there was nothing to do. The caller ends the wait with
     * {@link #endWait(int)}, also when a step throws.
     *
     * @param round 0 on the first step, then the value the previous step returned.
     * @return the round to pass to the next step.
     */
    int awaitStep(int round);

    /**
     * Ends a wait driven by {@link #awaitStep(int)}.
     *
     * @param round the value the last step returned (0 if there was none).
     */
    void endWait(int round);

    /**
     * Waits for {@code request} as {@link #await} does, but for at most {@code steps} steps (each a round of progress
     * or of idling) and about two seconds, going on from idle round {@code round}, so that a caller can look at other
     * things between stretches of one long wait, however long its idle steps have grown. The caller ends the whole
     * wait with {@link #endWait} and the last round returned.
     *
     * @return the round reached; the request may or may not be complete.
     */
    int awaitStretch(Request request, int round, int steps);

    /**
     * @return whether no receive is posted and no message waits in {@code context} on this rank, so that the
     *         context may be given to a new communicator.
     */
    boolean isQuiet(int context);

    /** @return the amount of work done moving messages; 0 when there was none. */
    int progress();

    /**
     * @return the job as this device sees it: whether it stands and, in a job that survives lost ranks, which ranks it lost;
     *         {@link JobControl#STANDING} for a device outside a job's runtime.
     */
    default JobControl job()
    {
        return JobControl.STANDING;
    }

    /**
     * In a job that survives the loss of ranks, ends the wait for {@code request} when it can no longer complete: a send to
     * a lost rank, a receive from one ({@link ReceiveRequest#expectFrom}), or a receive from any rank (or from a rank the
     * device was not told) that is still unmatched after a rank was lost since it was posted. Such a request is cancelled
     * where it can be; the error tells which rank was lost.
     *
     * @throws org.openmpj.OpenMpjException with {@code ERR_PROC_FAILED} when so.
     */
    default void failIfPeerLost(final Request request)
    {
    }

    /**
     * @param shared whether a block going one way may be copied by both ranks at once (see {@link PairedCopy#offer}).
     * @return the paired copy between this rank and device rank {@code peer}, for an exchange in which this rank sends
     *         {@code sendBytes} and receives {@code recvBytes} (either may be 0); null when the device moves it as messages.
     *         The peer, asked with the counts swapped and the same {@code shared}, gets the same answer.
     */
    default PairedCopy pairedCopy(final int peer, final long sendBytes, final long recvBytes, final boolean shared)
    {
        return null;
    }

    /**
     * @return the world board every rank of the job shares (laid out as {@link WorldBoard} for {@link #size()} ranks, zeroed
     *         when the device opened), for small collectives of the world communicator; null when the ranks do not
     *         all share memory or the device keeps none. Every rank gets the same answer.
     */
    default MemorySegment worldBoard()
    {
        return null;
    }

    /**
     * Tells the peers, where the device can, why this rank's process is about to end in failure, so that they name the
     * cause rather than only the process's end. Called once, just before the process halts.
     *
     * @param report what failed, starting with the rank.
     */
    default void announceFailure(final String report)
    {
    }

    /** Releases the device's resources. Pending operations are abandoned. */
    @Override
    void close();
}
