package mpi;

import org.openmpj.ErrorClass;
import org.openmpj.SendMode;
import org.openmpj.engine.messages.Operation;

/**
 * A persistent request: a send or receive set up once ({@link Comm#sendInit}, {@link Comm#recvInit} …) and started as
 * often as the program likes with {@link #start()}. After each wait it is inactive, not null, and keeps its direct buffer;
 * {@link #free()} ends it.
 */
public final class Prequest extends Request
{
    /** Which operation each start performs. */
    enum Kind
    {
        STANDARD(SendMode.STANDARD), SYNCHRONOUS(SendMode.SYNCHRONOUS), READY(SendMode.READY), BUFFERED(null), RECEIVE(null);

        final SendMode mode;

        Kind(final SendMode mode)
        {
            this.mode = mode;
        }
    }

    private final PointToPoint comm;
    private final Kind kind;
    private final Buffers.Payload data;
    private final Object buffer;
    private final int count;
    private final Datatype type;
    private final int peer;
    private final int tag;

    Prequest(final PointToPoint comm, final Kind kind, final Buffers.Payload data, final Object buffer, final int count, final Datatype type,
        final int peer, final int tag)
    {
        super(comm, null, buffer);
        this.comm = comm;
        this.kind = kind;
        this.data = data;
        this.buffer = buffer;
        this.count = count;
        this.type = type;
        this.peer = peer;
        this.tag = tag;
    }

    /**
     * Starts the operation; the request must be inactive.
     *
     * @throws MPIException {@code ERR_REQUEST} when it is active or freed, or the failure to start.
     */
    public void start() throws MPIException
    {
        MPI.check("Prequest.start");
        if (isFreed())
        {
            throw comm.raise(MPIException.of(ErrorClass.ERR_REQUEST, "Prequest.start: the request was freed"));
        }
        if (operation() != null)
        {
            throw comm.raise(MPIException.of(ErrorClass.ERR_REQUEST, "Prequest.start: the request is still active; wait for it or test"
                + " it until it completes before starting it again"));
        }
        final Operation started = comm.startPersistent("Prequest.start", kind, data, count, type, peer, tag);
        activate(started, buffer);
    }

    /**
     * Starts every request of the array, in order.
     *
     * @throws MPIException as {@link #start()}, for the first that cannot start; those before it have started.
     */
    public static void startAll(final Prequest[] requests) throws MPIException
    {
        MPI.check("Prequest.startAll");
        if (requests == null)
        {
            throw MPI.raiseOnWorld(MPIException.of(ErrorClass.ERR_REQUEST, "Prequest.startAll: requests is null"));
        }
        for (final Prequest request : requests)
        {
            if (request != null)
            {
                request.start();
            }
        }
    }

    @Override
    boolean isPersistent()
    {
        return true;
    }
}
