package mpi;

import org.openmpj.Envelope;
import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.SendMode;
import org.openmpj.engine.AttachedBuffer;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.ScheduledOperation;
import org.openmpj.engine.Session;
import org.openmpj.engine.datatype.Packing;
import org.openmpj.engine.messages.Completion;
import org.openmpj.engine.messages.Messages;
import org.openmpj.engine.messages.Operation;
import org.openmpj.objects.ObjectCodec;

/**
 * A communicator: a group of ranks and a context in which they exchange messages. Point-to-point
 * communication in every MPI mode, probes, attributes and error handling.
 *
 * <p>Every call checks its arguments and throws {@link MPIException} naming a bad one; buffers are
 * one-dimensional Java arrays of the datatype's element type, with {@code offset} and {@code count} in
 * elements. Thread-safety: any number of threads may use a communicator at once ({@code THREAD_MULTIPLE}).
 */
public class Comm
{
    private final String name;
    private volatile Communicator engine;
    private volatile Session session;
    private volatile Errhandler errhandler = MPI.ERRORS_RETURN;
    private volatile boolean freed;

    Comm(final String name)
    {
        this.name = name;
    }

    void bind(final Communicator communicator, final Session rankSession)
    {
        this.session = rankSession;
        this.engine = communicator;
    }

    /** @return the number of ranks in this communicator. */
    public int Size()
    {
        return engine("Size").size();
    }

    /** @return this rank's rank in this communicator. */
    public int Rank()
    {
        return engine("Rank").rank();
    }

    /**
     * An OpenMPJ extension for jobs that survive lost ranks ({@code -Dopenmpj.job.surviveRankLoss=true}): where operations
     * that involve a lost rank fail with {@link MPI#ERR_PROC_FAILED}, this tells which ranks those are.
     *
     * @return the ranks of this communicator that the job has lost, in ascending order; empty while none is.
     */
    public int[] Lost_ranks()
    {
        return engine("Lost_ranks").lostRanks();
    }

    /**
     * An OpenMPJ extension, with {@link #Lost_ranks()}: a count that changes when a loss becomes known, anywhere in the job, so
     * that a program can tell whether a loss came between two of its steps.
     *
     * @return how many ranks the job has lost so far; 0 in a job that does not survive lost ranks.
     */
    public int Lost_count()
    {
        return engine("Lost_count").jobLossCount();
    }

    /**
     * An OpenMPJ extension, with {@link #Lost_ranks()}.
     *
     * @return whether this job goes on when ranks are lost ({@code -Dopenmpj.job.surviveRankLoss=true}), failing only the
     *         operations that involve them.
     */
    public boolean Survives_rank_loss()
    {
        return engine("Survives_rank_loss").survivesRankLoss();
    }

    /** @return the group of this communicator's processes. */
    public Group Group()
    {
        return Communicators.group(this, engine("Group"));
    }

    /** @return {@code MPI.IDENT}, {@code CONGRUENT} (same group, other context), {@code SIMILAR} or {@code UNEQUAL}. */
    public static int Compare(final Comm comm1, final Comm comm2)
    {
        return Communicators.compare(comm1, comm2);
    }

    /** Frees this communicator; using it afterwards is an error. */
    public void Free()
    {
        Communicators.free(this);
    }

    /**
     * Creates an intercommunicator between the group of {@code localComm} and another, disjoint group: MPI's
     * {@code MPI_Intercomm_create}, called on the peer communicator, which holds both groups' leaders. Collective over
     * both groups: every rank of {@code localComm} calls it with the same {@code localLeader}, its group's leader's
     * rank in {@code localComm}. This communicator, {@code remoteLeader} (the other group's leader's rank in this
     * communicator) and {@code tag} are used by the leaders only. Mismatched calls, such as leaders that name each
     * other wrongly or give different tags, fail on every rank of both groups rather than wait.
     *
     * @return the intercommunicator, seen from {@code localComm}'s group.
     */
    public Intercomm Create_intercomm(final Comm localComm, final int localLeader, final int remoteLeader, final int tag)
    {
        return Communicators.intercomm(localComm, this, localLeader, remoteLeader, tag);
    }

    /** @return false: this is not an intercommunicator. */
    public boolean Test_inter()
    {
        engine("Test_inter");
        return false;
    }

    /** @return the topology of this communicator: {@code MPI.UNDEFINED} when it has none. */
    public int Topo_test()
    {
        engine("Topo_test");
        return MPI.UNDEFINED;
    }

    /**
     * @return the value of a predefined attribute ({@link MPI#TAG_UB}, {@link MPI#HOST}, {@link MPI#IO},
     *         {@link MPI#WTIME_IS_GLOBAL}) as an {@link Integer}, or null for a key with no value.
     */
    public Object Attr_get(final int keyval)
    {
        final Communicator communicator = engine("Attr_get");
        return switch (keyval)
        {
            case MPI.TAG_UB -> communicator.largestTag();
            case MPI.HOST -> MPI.PROC_NULL;
            case MPI.IO -> MPI.ANY_SOURCE;
            case MPI.WTIME_IS_GLOBAL -> communicator.clockIsGlobal() ? 1 : 0;
            default -> null;
        };
    }

    /**
     * Refuses: the attributes here are the predefined ones ({@link MPI#TAG_UB}, {@link MPI#HOST}, {@link MPI#IO},
     * {@link MPI#WTIME_IS_GLOBAL}), which MPI does not let a program delete, and no other key has a value.
     */
    public void Attr_delete(final int keyval)
    {
        engine("Attr_delete");
        final boolean predefined = keyval == MPI.TAG_UB || keyval == MPI.HOST || keyval == MPI.IO || keyval == MPI.WTIME_IS_GLOBAL;
        throw raise(MPIException.of(ErrorClass.ERR_ARG, "Attr_delete: key " + keyval + (predefined
            ? " is a predefined attribute, which cannot be deleted" : " has no attribute on " + this)));
    }

    /** @return a new communicator with the same group and a context of its own; collective. */
    @Override
    public Object clone()
    {
        return Communicators.dup(this, "clone");
    }

    /** Sets what happens when a call on this communicator fails. */
    public void Errhandler_set(final Errhandler handler)
    {
        if (handler == null)
        {
            throw raise(MPIException.of(ErrorClass.ERR_ARG, "Errhandler_set: handler is null; use MPI.ERRORS_RETURN or MPI.ERRORS_ARE_FATAL"));
        }
        errhandler = handler;
    }

    /** @return what happens when a call on this communicator fails. */
    public Errhandler Errhandler_get()
    {
        return errhandler;
    }

    /** Same as {@link #Errhandler_set}, under the name MPJ Express used. */
    public void Errorhandler_set(final Errhandler handler)
    {
        Errhandler_set(handler);
    }

    /** Same as {@link #Errhandler_get}, under the name MPJ Express used. */
    public Errhandler Errorhandler_get()
    {
        return Errhandler_get();
    }

    /**
     * Aborts the whole job: every rank's MPI calls fail, and the launcher ends the job with
     * {@code errorcode} as its exit status. Does not return: the calling rank is unwound with an exception.
     */
    public void Abort(final int errorcode)
    {
        engine("Abort");
        throw MPIException.of(session.abort(errorcode));
    }

    // ---------------------------------------------------------------- blocking sends

    /** Sends in standard mode: returns when the buffer may be reused. */
    public void Send(final Object buf, final int offset, final int count, final Datatype datatype, final int dest, final int tag)
    {
        send("Send", buf, offset, count, datatype, dest, tag, SendMode.STANDARD);
    }

    /** Sends in synchronous mode: returns once the matching receive has started. */
    public void Ssend(final Object buf, final int offset, final int count, final Datatype datatype, final int dest, final int tag)
    {
        send("Ssend", buf, offset, count, datatype, dest, tag, SendMode.SYNCHRONOUS);
    }

    /** Sends in ready mode; the matching receive must be posted already. */
    public void Rsend(final Object buf, final int offset, final int count, final Datatype datatype, final int dest, final int tag)
    {
        send("Rsend", buf, offset, count, datatype, dest, tag, SendMode.READY);
    }

    /** Sends in buffered mode: copies into the buffer attached with {@code MPI.Buffer_attach} and returns. */
    public void Bsend(final Object buf, final int offset, final int count, final Datatype datatype, final int dest, final int tag)
    {
        final Communicator communicator = checkSend("Bsend", buf, offset, count, datatype, dest, tag);
        bsend(communicator, buf, offset, count, datatype, dest, tag);
    }

    // ---------------------------------------------------------------- non-blocking sends

    /** Starts a standard-mode send. */
    public Request Isend(final Object buf, final int offset, final int count, final Datatype datatype, final int dest, final int tag)
    {
        return isend("Isend", buf, offset, count, datatype, dest, tag, SendMode.STANDARD);
    }

    /** Starts a synchronous-mode send; it completes once the matching receive has started. */
    public Request Issend(final Object buf, final int offset, final int count, final Datatype datatype, final int dest, final int tag)
    {
        return isend("Issend", buf, offset, count, datatype, dest, tag, SendMode.SYNCHRONOUS);
    }

    /** Starts a ready-mode send. */
    public Request Irsend(final Object buf, final int offset, final int count, final Datatype datatype, final int dest, final int tag)
    {
        return isend("Irsend", buf, offset, count, datatype, dest, tag, SendMode.READY);
    }

    /** Starts a buffered-mode send; it is complete on return, its data copied to the attached buffer. */
    public Request Ibsend(final Object buf, final int offset, final int count, final Datatype datatype, final int dest, final int tag)
    {
        final Communicator communicator = checkSend("Ibsend", buf, offset, count, datatype, dest, tag);
        bsend(communicator, buf, offset, count, datatype, dest, tag);
        return new Request(this, Messages.buffered(communicator));
    }

    // ---------------------------------------------------------------- receives

    /** Receives a message, waiting for it. */
    public Status Recv(final Object buf, final int offset, final int count, final Datatype datatype, final int source, final int tag)
    {
        final Communicator communicator = checkRecv("Recv", buf, offset, count, datatype, source, tag);
        if (buf instanceof mpjbuf.Buffer || !Messages.receivesDirectly(count, datatype.map()))
        {
            return recvFinished(communicator, buf, offset, count, datatype, source, tag);
        }
        // Kept small so that the JIT inlines it into the caller and escape analysis removes the Status: a blocking
        // receive of primitive data then allocates nothing.
        final Envelope arrived;
        try
        {
            arrived = Messages.receive(communicator, buf, offset, count, datatype.map(), source, tag);
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
        if (arrived.error() != null)
        {
            throw raise(arrived.error());
        }
        return new Status(arrived.source(), arrived.tag(), arrived.byteCount(), arrived.isCancelled(), -1);
    }

    private Status recvFinished(
        final Communicator communicator, final Object buf, final int offset, final int count, final Datatype datatype,
        final int source, final int tag)
    {
        final Completion done;
        try
        {
            done = Messages.receiveAndFinish(communicator, array(buf), arrayOffset(buf, offset), count, datatype.map(), source, tag,
                objectCodec());
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
        return Status.of(done);
    }

    /** Starts a receive. */
    public Request Irecv(final Object buf, final int offset, final int count, final Datatype datatype, final int source, final int tag)
    {
        final Communicator communicator = checkRecv("Irecv", buf, offset, count, datatype, source, tag);
        return new Request(this, startReceive(communicator, buf, offset, count, datatype, source, tag));
    }

    // ---------------------------------------------------------------- persistent requests

    /** Creates a persistent standard-mode send; {@link Prequest#Start()} starts it. */
    public Prequest Send_init(final Object buf, final int offset, final int count, final Datatype datatype, final int dest, final int tag)
    {
        checkSend("Send_init", buf, offset, count, datatype, dest, tag);
        return new Prequest(this, Prequest.Kind.STANDARD, buf, offset, count, datatype, dest, tag);
    }

    /** Creates a persistent synchronous-mode send. */
    public Prequest Ssend_init(final Object buf, final int offset, final int count, final Datatype datatype, final int dest, final int tag)
    {
        checkSend("Ssend_init", buf, offset, count, datatype, dest, tag);
        return new Prequest(this, Prequest.Kind.SYNCHRONOUS, buf, offset, count, datatype, dest, tag);
    }

    /** Creates a persistent buffered-mode send. */
    public Prequest Bsend_init(final Object buf, final int offset, final int count, final Datatype datatype, final int dest, final int tag)
    {
        checkSend("Bsend_init", buf, offset, count, datatype, dest, tag);
        return new Prequest(this, Prequest.Kind.BUFFERED, buf, offset, count, datatype, dest, tag);
    }

    /** Creates a persistent ready-mode send. */
    public Prequest Rsend_init(final Object buf, final int offset, final int count, final Datatype datatype, final int dest, final int tag)
    {
        checkSend("Rsend_init", buf, offset, count, datatype, dest, tag);
        return new Prequest(this, Prequest.Kind.READY, buf, offset, count, datatype, dest, tag);
    }

    /** Creates a persistent receive. */
    public Prequest Recv_init(final Object buf, final int offset, final int count, final Datatype datatype, final int source, final int tag)
    {
        checkRecv("Recv_init", buf, offset, count, datatype, source, tag);
        return new Prequest(this, Prequest.Kind.RECEIVE, buf, offset, count, datatype, source, tag);
    }

    // ---------------------------------------------------------------- combined

    /** Sends one message and receives another, without deadlock between two ranks that exchange. */
    public Status Sendrecv(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype, final int dest, final int sendtag,
        final Object recvbuf, final int recvoffset, final int recvcount, final Datatype recvtype, final int source, final int recvtag)
    {
        checkRecv("Sendrecv", recvbuf, recvoffset, recvcount, recvtype, source, recvtag);
        final Request send = isend("Sendrecv", sendbuf, sendoffset, sendcount, sendtype, dest, sendtag, SendMode.STANDARD);
        final Status status = Recv(recvbuf, recvoffset, recvcount, recvtype, source, recvtag);
        send.Wait();
        return status;
    }

    /** Sends the contents of a buffer and replaces them with a received message. */
    public Status Sendrecv_replace(
        final Object buf, final int offset, final int count, final Datatype datatype,
        final int dest, final int sendtag, final int source, final int recvtag)
    {
        checkSend("Sendrecv_replace", buf, offset, count, datatype, dest, sendtag);
        checkRecv("Sendrecv_replace", buf, offset, count, datatype, source, recvtag);
        final Object outgoing = Messages.packedCopy(buf, offset, count, datatype.map());
        final Request send = isend("Sendrecv_replace", outgoing, 0, datatype.elements(count), datatype.base(), dest, sendtag,
            SendMode.STANDARD);
        final Status status = Recv(buf, offset, count, datatype, source, recvtag);
        send.Wait();
        return status;
    }

    // ---------------------------------------------------------------- probes

    /** @return the status of a matching message waiting to be received, or null when there is none. */
    public Status Iprobe(final int source, final int tag)
    {
        final Communicator communicator = engine("Iprobe");
        Checks.source("Iprobe", communicator, source);
        Checks.recvTag("Iprobe", tag);
        final Completion found;
        try
        {
            found = Messages.probe(communicator, source, tag, false);
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
        if (found == null)
        {
            checkJobAlive();
            return null;
        }
        return probed(found);
    }

    /** Waits until a matching message can be received, and returns its status without receiving it. */
    public Status Probe(final int source, final int tag)
    {
        final Communicator communicator = engine("Probe");
        Checks.source("Probe", communicator, source);
        Checks.recvTag("Probe", tag);
        final Completion found;
        try
        {
            found = Messages.probe(communicator, source, tag, true);
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
        return probed(found);
    }

    /** The status of a probed message; a message of serialized objects tells its object count in its first bytes. */
    private static Status probed(final Completion found)
    {
        return Status.of(found);
    }

    // ---------------------------------------------------------------- packing

    /**
     * @return the bytes {@link #Pack} needs for {@code incount} items of {@code datatype}; for {@code OBJECT}
     *         types the least it can need, as serialized objects have no fixed size.
     */
    public int Pack_size(final int incount, final Datatype datatype)
    {
        engine("Pack_size");
        try
        {
            Checks.items("Pack_size", incount, datatype);
        }
        catch (final MPIException ex)
        {
            throw raise(ex);
        }
        final long bytes = Packing.packSize(incount, datatype.map());
        if (bytes > Integer.MAX_VALUE)
        {
            throw raise(MPIException.of(ErrorClass.ERR_COUNT, "Pack_size: " + incount + " items of " + datatype + " take " + bytes
                + " bytes, more than a byte[] holds"));
        }
        return (int)bytes;
    }

    /**
     * Packs {@code incount} items of {@code datatype} from {@code inbuf} at {@code offset} into {@code outbuf}
     * at byte {@code position}, for sending as {@code MPI.PACKED} or unpacking with {@link #Unpack}.
     *
     * @return the position after the packed data.
     * @throws MPIException {@code ERR_BUFFER} when {@code outbuf} has no room for them.
     */
    public int Pack(final Object inbuf, final int offset, final int incount, final Datatype datatype, final byte[] outbuf,
        final int position)
    {
        engine("Pack");
        try
        {
            Checks.buffer("Pack", inbuf, offset, incount, datatype);
            return Packing.pack(inbuf, offset, incount, datatype.map(), outbuf, position);
        }
        catch (final MPIException | OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    /**
     * Unpacks {@code outcount} items of {@code datatype} from {@code inbuf} at byte {@code position}, as
     * {@link #Pack} packed them, into {@code outbuf} at {@code offset}.
     *
     * @return the position after the unpacked data.
     * @throws MPIException {@code ERR_BUFFER} when {@code inbuf} ends before them.
     */
    public int Unpack(final byte[] inbuf, final int position, final Object outbuf, final int offset, final int outcount,
        final Datatype datatype)
    {
        engine("Unpack");
        try
        {
            Checks.buffer("Unpack", outbuf, offset, outcount, datatype);
            return Packing.unpack(inbuf, position, outbuf, offset, outcount, datatype.map(), objectCodec());
        }
        catch (final MPIException | OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    /**
     * Packs into an MPJ Express buffer, as {@link #Pack(Object, int, int, Datatype, byte[], int)} packs into a byte
     * array; {@code position} and the position returned count bytes from the buffer's {@code offset()}.
     */
    public int Pack(final Object inbuf, final int offset, final int incount, final Datatype datatype, final mpjbuf.Buffer outbuf,
        final int position)
    {
        final byte[] bytes = packedBytes("Pack", "outbuf", outbuf, position);
        return Pack(inbuf, offset, incount, datatype, bytes, outbuf.offset() + position) - outbuf.offset();
    }

    /**
     * Unpacks from an MPJ Express buffer, as {@link #Unpack(byte[], int, Object, int, int, Datatype)} unpacks from a byte
     * array; {@code position} and the position returned count bytes from the buffer's {@code offset()}.
     */
    public int Unpack(final mpjbuf.Buffer inbuf, final int position, final Object outbuf, final int offset, final int outcount,
        final Datatype datatype)
    {
        final byte[] bytes = packedBytes("Unpack", "inbuf", inbuf, position);
        return Unpack(bytes, inbuf.offset() + position, outbuf, offset, outcount, datatype) - inbuf.offset();
    }

    /** @return the bytes of an MPJ Express buffer, after checking it and a position in it. */
    private byte[] packedBytes(final String call, final String which, final mpjbuf.Buffer buffer, final int position)
    {
        engine(call);
        if (buffer == null || buffer.getStaticBuffer().isFreed())
        {
            throw raise(MPIException.of(ErrorClass.ERR_BUFFER, call + ": " + which + (buffer == null ? " is null" : " has been freed")
                + "; expected an mpjbuf.Buffer"));
        }
        if (position < 0 || position > buffer.length())
        {
            throw raise(MPIException.of(ErrorClass.ERR_ARG, call + ": position=" + position + " is outside " + which + " of "
                + buffer.length() + " bytes; expected 0 to " + buffer.length()));
        }
        return buffer.getStaticBuffer().bytes();
    }

    // ---------------------------------------------------------------- internals shared with Request

    /**
     * @return the request of the non-blocking collective {@code operation}, once {@code describe} has written its calls
     *         into it; when it refuses them, the other ranks are told ({@link ScheduledOperation#abandon}) and the refusal
     *         is raised.
     */
    final Request startCollective(final ScheduledOperation operation, final Runnable describe)
    {
        try
        {
            describe.run();
        }
        catch (final MPIException refused)
        {
            operation.abandon();
            throw raise(refused);
        }
        catch (final OpenMpjException ex)
        {
            operation.abandon();
            throw raise(ex);
        }
        return new Request(this, Operation.of(operation.start()));
    }

    /** @return the engine communicator, after checking MPI is initialized and not finalized. */
    final Communicator engine(final String call)
    {
        MPI.checkActive(call);
        final Communicator communicator = engine;
        if (communicator == null)
        {
            final MPIException failure = MPIException.of(ErrorClass.ERR_COMM, call + ": " + name + (freed ? " has been freed" : " is not usable"));
            // A freed communicator has no handler of its own any more: MPI hands such errors to the world's.
            throw this == MPI.COMM_WORLD ? failure : MPI.raiseOnWorld(failure);
        }
        return communicator;
    }

    /** @return whether this communicator may be used: bound, and not freed. */
    final boolean isUsable()
    {
        return engine != null;
    }

    final Session session()
    {
        return session;
    }

    final void markFreed()
    {
        freed = true;
        engine = null;
    }

    /** Applies the error handler to a failure and returns the exception to throw. */
    final MPIException raise(final OpenMpjException failure)
    {
        return raise(MPIException.of(failure));
    }

    /** Turns a failed argument check, or a failure of the engine, into this communicator's error. */
    final MPIException raise(final RuntimeException failure)
    {
        return failure instanceof OpenMpjException engine ? raise(engine) : raise((MPIException)failure);
    }

    final MPIException raise(final MPIException failure)
    {
        final Session rankSession = session;
        if (errhandler.isFatal() && rankSession != null)
        {
            rankSession.abortOnError(failure.getErrorClass(), failure.getMessage());
        }
        return failure;
    }

    /**
     * Throws, as a wait would, once the job has failed (a rank threw out of main or aborted). Polling calls
     * that find nothing done call it, so that a loop of them ends like a blocking wait instead of spinning on.
     */
    final void checkJobAlive()
    {
        final Session rankSession = session;
        if (rankSession == null)
        {
            return;
        }
        try
        {
            rankSession.checkJobAlive();
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    /** @return the rank's object codec, which deserializes with the rank's own class loader. */
    final ObjectCodec objectCodec()
    {
        return session.objectCodec();
    }

    final void bsend(
        final Communicator communicator, final Object buf, final int offset, final int count, final Datatype datatype,
        final int dest, final int tag)
    {
        final AttachedBuffer buffer = MPI.attachedBuffer();
        if (buffer == null)
        {
            throw raise(MPIException.of(ErrorClass.ERR_BUFFER, "buffered send of " + count
                + " elements, but no buffer is attached; call MPI.Buffer_attach first"));
        }
        try
        {
            Messages.sendBuffered(buffer, communicator, array(buf), arrayOffset(buf, offset), count, datatype.map(), dest, tag);
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    final Communicator checkSend(
        final String call, final Object buf, final int offset, final int count, final Datatype datatype, final int dest, final int tag)
    {
        final Communicator communicator = engine(call);
        try
        {
            Checks.buffer(call, buf, offset, count, datatype);
            Checks.dest(call, communicator, dest);
            Checks.sendTag(call, tag);
        }
        catch (final MPIException ex)
        {
            throw raise(ex);
        }
        return communicator;
    }

    final Communicator checkRecv(
        final String call, final Object buf, final int offset, final int count, final Datatype datatype, final int source, final int tag)
    {
        final Communicator communicator = engine(call);
        try
        {
            Checks.buffer(call, buf, offset, count, datatype);
            Checks.source(call, communicator, source);
            Checks.recvTag(call, tag);
        }
        catch (final MPIException ex)
        {
            throw raise(ex);
        }
        return communicator;
    }

    private void send(
        final String call, final Object buf, final int offset, final int count, final Datatype datatype,
        final int dest, final int tag, final SendMode mode)
    {
        final Communicator communicator = checkSend(call, buf, offset, count, datatype, dest, tag);
        try
        {
            Messages.send(communicator, array(buf), arrayOffset(buf, offset), count, datatype.map(), dest, tag, mode);
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    private Request isend(
        final String call, final Object buf, final int offset, final int count, final Datatype datatype,
        final int dest, final int tag, final SendMode mode)
    {
        final Communicator communicator = checkSend(call, buf, offset, count, datatype, dest, tag);
        return new Request(this, startSend(communicator, buf, offset, count, datatype, dest, tag, mode));
    }

    /** @return the array a message buffer's elements are in: an {@code mpjbuf.Buffer}'s bytes, else the buffer itself. */
    private static Object array(final Object buf)
    {
        return buf instanceof mpjbuf.Buffer packed ? packed.getStaticBuffer().bytes() : buf;
    }

    /** @return where {@code offset} of a message buffer lies in its {@link #array}. */
    private static int arrayOffset(final Object buf, final int offset)
    {
        return buf instanceof mpjbuf.Buffer packed ? packed.offset() + offset : offset;
    }

    /** Starts a send of checked arguments on the engine, for a non-blocking or persistent request. */
    final Operation startSend(
        final Communicator communicator, final Object buf, final int offset, final int count, final Datatype datatype, final int dest,
        final int tag, final SendMode mode)
    {
        try
        {
            return Messages.startSend(communicator, array(buf), arrayOffset(buf, offset), count, datatype.map(), dest, tag, mode);
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    /** Starts a receive of checked arguments on the engine, for a non-blocking or persistent request. */
    final Operation startReceive(
        final Communicator communicator, final Object buf, final int offset, final int count, final Datatype datatype, final int source,
        final int tag)
    {
        try
        {
            return Messages.startReceive(communicator, array(buf), arrayOffset(buf, offset), count, datatype.map(), source, tag);
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    @Override
    public String toString()
    {
        return name;
    }
}
