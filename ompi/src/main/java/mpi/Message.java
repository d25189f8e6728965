package mpi;

import java.nio.Buffer;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.messages.MatchedMessage;
import org.openmpj.engine.messages.Operation;

/**
 * A message matched by a probe ({@link #mProbe}, {@link #imProbe}) and received with this object alone
 * ({@link #mRecv}, {@link #imRecv}): no other receive can take it in between, which a probe followed by a receive cannot
 * promise when several threads receive. See {@link MatchedMessage} for the one case it does not cover. A new
 * {@code Message} is the null message; receiving makes it null again.
 *
 * <p>Thread-safety: one thread at a time uses a message.
 */
public final class Message
{
    private MatchedMessage matched;
    private Comm comm;

    /** The null message, to be filled by {@link #mProbe} or {@link #imProbe}. */
    public Message()
    {
    }

    /** @return whether this is the null message: never matched, or received already. */
    public boolean isNull()
    {
        return matched == null;
    }

    /** @return whether this is the message of no data that a probe of {@link MPI#PROC_NULL} matches. */
    public boolean isNoProc()
    {
        return matched != null && matched.isFromNoProcess();
    }

    /**
     * Waits until a message from {@code source} with {@code tag} has arrived on {@code comm}, and takes it for this object.
     *
     * @return its status: sender, tag, size.
     * @throws MPIException for a null communicator or a bad source or tag.
     */
    public Status mProbe(final int source, final int tag, final Comm comm) throws MPIException
    {
        return Status.of(probe("mProbe", source, tag, comm, true).envelope());
    }

    /**
     * Takes a message from {@code source} with {@code tag} on {@code comm} for this object if one has arrived.
     *
     * @return its status, or null when none has arrived (this object stays as it was).
     * @throws MPIException for a null communicator or a bad source or tag.
     */
    public Status imProbe(final int source, final int tag, final Comm comm) throws MPIException
    {
        final MatchedMessage found = probe("imProbe", source, tag, comm, false);
        if (found == null)
        {
            comm.checkJobAlive();
            return null;
        }
        return Status.of(found.envelope());
    }

    /**
     * Receives the matched message into {@code buf}, at most {@code count} items of {@code type}; this object is the null
     * message afterwards.
     *
     * @return the status of the receive.
     * @throws MPIException {@code ERR_REQUEST} for the null message, {@code ERR_TRUNCATE} for a message larger than the items.
     */
    public Status mRecv(final Object buf, final int count, final Datatype type) throws MPIException
    {
        final Comm owner = owner("mRecv");
        final Operation receive = receive("mRecv", owner, buf, count, type, false);
        try
        {
            receive.await();
            return Status.of(receive.finish(null));
        }
        catch (final OpenMpjException ex)
        {
            throw owner.raise(ex);
        }
    }

    /**
     * Starts receiving the matched message into a direct buffer; this object is the null message afterwards.
     *
     * @return the request, whose status is the receive's.
     * @throws MPIException as {@link #mRecv}, or {@code ERR_BUFFER} for a heap buffer.
     */
    public Request imRecv(final Buffer buf, final int count, final Datatype type) throws MPIException
    {
        final Comm owner = owner("imRecv");
        return new Request(owner, receive("imRecv", owner, buf, count, type, true), buf);
    }

    private MatchedMessage probe(final String call, final int source, final int tag, final Comm on, final boolean wait) throws MPIException
    {
        if (on == null)
        {
            MPI.check(call);
            throw MPI.raiseOnWorld(MPIException.of(ErrorClass.ERR_COMM, call + ": comm is null"));
        }
        final Communicator c = on.engine(call);
        final MatchedMessage found;
        try
        {
            on.checkProbe(call, c, source, tag);
            found = MatchedMessage.probe(c, source, tag, wait);
        }
        catch (final MPIException ex)
        {
            throw on.raise(ex);
        }
        catch (final OpenMpjException ex)
        {
            throw on.raise(ex);
        }
        if (found != null)
        {
            matched = found;
            comm = on;
        }
        return found;
    }

    private Comm owner(final String call) throws MPIException
    {
        MPI.check(call);
        if (matched == null)
        {
            throw MPI.raiseOnWorld(MPIException.of(ErrorClass.ERR_REQUEST, call + ": the message is null; match one with mProbe or"
                + " imProbe first"));
        }
        return comm;
    }

    private Operation receive(final String call, final Comm owner, final Object buf, final int count, final Datatype type,
        final boolean direct) throws MPIException
    {
        try
        {
            final Buffers.Payload data = direct ? Buffers.direct(call, "buf", (Buffer)buf, type, true)
                : Buffers.map(call, "buf", buf, type, true);
            Buffers.items(call, "buf", data, 0, count, type);
            final Operation receive = matched.receive(data.memory(), data.offset(), count, type.map());
            matched = null;
            comm = null;
            return receive;
        }
        catch (final MPIException ex)
        {
            throw owner.raise(ex);
        }
    }
}
