package mpi;

import org.openmpj.ErrorClass;
import org.openmpj.SendMode;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.messages.Messages;

/**
 * A persistent request: an operation set up once and started many times with {@link #Start()}. After a
 * wait it is inactive, not null, and can be started again.
 */
public class Prequest extends Request
{
    /** Which operation a persistent request performs. */
    enum Kind
    {
        STANDARD, SYNCHRONOUS, READY, BUFFERED, RECEIVE
    }

    private final Kind kind;
    private final Object buf;
    private final int offset;
    private final int count;
    private final Datatype datatype;
    private final int peer;
    private final int tag;

    Prequest(final Comm comm, final Kind kind, final Object buf, final int offset, final int count,
        final Datatype datatype, final int peer, final int tag)
    {
        super(comm, null);
        this.kind = kind;
        this.buf = buf;
        this.offset = offset;
        this.count = count;
        this.datatype = datatype;
        this.peer = peer;
        this.tag = tag;
    }

    /** Starts the operation; the request must be inactive. */
    public void Start()
    {
        checkUsable("Start");
        if (inner != null)
        {
            throw MPIException.of(ErrorClass.ERR_REQUEST, "Start: the persistent request is still active; wait for it before starting it again");
        }
        final Communicator communicator = comm.engine("Start");
        inner = switch (kind)
        {
            case STANDARD -> comm.startSend(communicator, buf, offset, count, datatype, peer, tag, SendMode.STANDARD);
            case SYNCHRONOUS -> comm.startSend(communicator, buf, offset, count, datatype, peer, tag, SendMode.SYNCHRONOUS);
            case READY -> comm.startSend(communicator, buf, offset, count, datatype, peer, tag, SendMode.READY);
            case BUFFERED ->
            {
                comm.bsend(communicator, buf, offset, count, datatype, peer, tag);
                yield Messages.buffered(communicator);
            }
            case RECEIVE -> comm.startReceive(communicator, buf, offset, count, datatype, peer, tag);
        };
    }

    /** Starts every request of the array. */
    public static void Startall(final Prequest[] requests)
    {
        if (requests == null)
        {
            throw MPIException.of(ErrorClass.ERR_REQUEST, "Startall: the request array is null");
        }
        for (final Prequest request : requests)
        {
            if (request != null)
            {
                request.Start();
            }
        }
    }

    /** @return false: a persistent request is never the null request until freed. */
    @Override
    public boolean Is_null()
    {
        return false;
    }
}
