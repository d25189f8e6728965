package org.openmpj.engine;

import org.openmpj.Primitive;
import org.openmpj.device.ReceiveRequest;
import org.openmpj.device.Request;

/**
 * The steps a collective algorithm is made of: point-to-point transfers on a communicator's collective side, waits for
 * them, and the combining and copying of data between them. An algorithm is written once against this interface and
 * runs two ways: {@link #NOW} takes each step as it comes and returns when it is done (a blocking collective), and a
 * {@link ScheduleRecorder} writes the steps down, in order, as a {@link Schedule} that whoever waits or tests later
 * carries out (a non-blocking collective). So an algorithm must take its decisions from its arguments alone, never
 * from data a step has moved, and must move or combine data only through these steps.
 *
 * <p>The methods mirror {@link Transfers}, whose Javadoc says what each does when taken at once; tags are operation
 * families there, and a schedule replaces them with its operation's own.
 */
interface Steps
{
    /** Takes every step at once: the steps of blocking collectives. */
    Steps NOW = new ImmediateSteps();

    /** Sends; see {@link Transfers#send}. */
    void send(Communicator c, Object buf, Primitive kind, int offset, int count, int dest, int tag);

    /** Receives, checking what arrived; see {@link Transfers#receive}. */
    void receive(Communicator c, Object buf, Primitive kind, int offset, int count, int source, int tag);

    /** Sends one block and receives another; see {@link Transfers#exchange}. */
    void exchange(Communicator c, Object sendBuf, Primitive kind, int sendOffset, int sendCount, int dest, Object recvBuf, int recvOffset,
        int recvCount, int source, int tag);

    /** Sends to a rank that takes the block with {@link #receivePaired}; see {@link Transfers#sendPaired}. */
    void sendPaired(Communicator c, Object buf, Primitive kind, int offset, int count, int dest, int tag, boolean shared);

    /** Receives from a rank that sends with {@link #sendPaired}; see {@link Transfers#receivePaired}. */
    void receivePaired(Communicator c, Object buf, Primitive kind, int offset, int count, int source, int tag, boolean shared);

    /**
     * Starts a receive kept posted while other steps go on, finished by {@link #awaitArrival} or by {@link #awaitAll} and
     * {@link #checkArrival}; see {@link Transfers#irecvSlot}.
     *
     * @return the receive, to hand to those steps and to nothing else.
     */
    ReceiveRequest irecvSlot(Communicator c, int slot, Object buf, Primitive kind, int offset, int count, int source);

    /**
     * Starts a send kept going while other steps go on, finished by {@link #awaitAll}; see {@link Transfers#isendSlot}.
     *
     * @return the send, to hand to {@link #awaitAll} and to nothing else.
     */
    Request isendSlot(Communicator c, int slot, Object buf, Primitive kind, int offset, int count, int dest, int tag);

    /** Waits for a receive of {@link #irecvSlot} and checks it; see {@link Transfers#awaitArrival}. */
    void awaitArrival(Communicator c, ReceiveRequest request, Object buf, Primitive kind, int offset, int count, int source, int tag);

    /** Waits for every request of {@code requests} that is not null; see {@link Transfers#awaitAll}. */
    void awaitAll(Communicator c, Request[] requests, int tag);

    /** Checks a receive of {@link #irecvSlot} that {@link #awaitAll} waited for; see {@link Transfers#checkArrival}. */
    void checkArrival(Communicator c, ReceiveRequest request, Object buf, Primitive kind, int offset, int count, int source, int tag);

    /** Combines {@code items} items of {@code in} into {@code inout} with {@code op} ({@link Reduction#reduce}). */
    void reduce(Reduction op, Object in, int inOffset, Object inout, int inoutOffset, int items);

    /** Copies {@code count} elements of {@code kind} from one array to another, or within one. */
    void copy(Primitive kind, Object from, int fromOffset, Object to, int toOffset, int count);
}
