package mpi;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import org.openmpj.ErrorClass;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.messages.Messages;

/**
 * A communicator: a group of ranks and a context in which they exchange messages, such as {@link MPI#COMM_WORLD}. It
 * carries the point-to-point calls, the collectives (blocking, and non-blocking on direct buffers), and what describes
 * and manages it: size, rank, group, duplicates, attributes, error handler. A call's failure goes to the communicator's
 * error handler: by default {@link MPI#ERRORS_ARE_FATAL}, which aborts the job; with {@link MPI#ERRORS_RETURN} it is
 * thrown to the program.
 *
 * <p>Thread-safety: any number of threads may use a communicator at once ({@link MPI#THREAD_MULTIPLE}); its collectives
 * must be called in the same order on every rank.
 */
public class Comm extends NeighborCollectives implements Freeable, Cloneable
{
    /** The split type of {@code splitType} that groups the ranks that share memory. */
    public static final int TYPE_SHARED = 0;

    /** The attribute keys made by {@link #createKeyval()}, numbered after the predefined ones. Per rank. */
    private static final AtomicInteger NEXT_KEYVAL = new AtomicInteger(MPI.WIN_DISP_UNIT + 1);
    /** The key the name is kept under, among the attributes: one no program key takes. */
    private static final int NAME_KEY = Integer.MIN_VALUE;

    private final Map<Integer, Object> attributes = new ConcurrentHashMap<>();
    private volatile Request creation;
    private volatile Info info;

    Comm(final String name)
    {
        super(name);
    }

    /** @return a duplicate, as {@link #dup()}; an unchecked {@code IllegalStateException} when that fails. */
    @Override
    public Comm clone()
    {
        try
        {
            return dup();
        }
        catch (final MPIException ex)
        {
            throw new IllegalStateException(ex.getMessage(), ex);
        }
    }

    /**
     * @return a new communicator of the same group with a context of its own and the same error handler. Collective.
     * @throws MPIException when the ranks cannot agree on a context.
     */
    public Comm dup() throws MPIException
    {
        return CommCreation.dup(this, "dup");
    }

    /**
     * Duplicates the communicator as {@link #dup()}; here the duplicate is ready at once and its {@link #getRequest()} is
     * complete.
     *
     * @return the duplicate.
     * @throws MPIException as {@link #dup()}.
     */
    public Comm iDup() throws MPIException
    {
        return completed(CommCreation.dup(this, "iDup"));
    }

    /**
     * @param info hints for the duplicate, kept but not acted on.
     * @return a duplicate, as {@link #dup()}, with {@code info}.
     * @throws MPIException as {@link #dup()}.
     */
    public Comm dupWithInfo(final Info info) throws MPIException
    {
        return withInfo(CommCreation.dup(this, "dupWithInfo"), info);
    }

    /** @return the request of an {@link #iDup()} that made this communicator, or null. */
    public final Request getRequest()
    {
        return creation;
    }

    /**
     * @return the number of ranks in the communicator.
     * @throws MPIException for the null communicator.
     */
    public int getSize() throws MPIException
    {
        return engine("getSize").size();
    }

    /**
     * @return this rank's rank in the communicator.
     * @throws MPIException for the null communicator.
     */
    public int getRank() throws MPIException
    {
        return engine("getRank").rank();
    }

    /**
     * @return {@link MPI#IDENT} for one communicator, {@link MPI#CONGRUENT} for the same ranks in the same order in another
     *         context, {@link MPI#SIMILAR} for the same ranks in another order, {@link MPI#UNEQUAL} otherwise.
     * @throws MPIException for a null communicator.
     */
    public static int compare(final Comm comm1, final Comm comm2) throws MPIException
    {
        return CommCreation.compare(comm1, comm2);
    }

    /**
     * Frees the communicator: it is the null communicator afterwards. {@link MPI#COMM_WORLD} and {@link MPI#COMM_SELF}
     * cannot be freed.
     *
     * @throws MPIException {@code ERR_COMM} for a predefined or null communicator.
     */
    @Override
    public final void free() throws MPIException
    {
        CommCreation.free(this);
    }

    /** @return whether this is a null communicator: freed, or given to a rank left out of a split or subset. */
    public final boolean isNull()
    {
        return bound() == null && this != MPI.COMM_WORLD && this != MPI.COMM_SELF;
    }

    /**
     * Sets hints for the communicator, kept but not acted on.
     *
     * @throws MPIException for the null communicator.
     */
    public final void setInfo(final Info info) throws MPIException
    {
        engine("setInfo");
        this.info = info;
    }

    /**
     * @return a copy of the hints set for the communicator; empty when none were.
     * @throws MPIException for the null communicator.
     */
    public final Info getInfo() throws MPIException
    {
        engine("getInfo");
        final Info hints = info;
        return hints == null || hints.isNull() ? new Info() : hints.dup();
    }

    /**
     * Frees the communicator, as {@link #free()}: OpenMPJ delivers pending messages on its own.
     *
     * @throws MPIException as {@link #free()}.
     */
    public final void disconnect() throws MPIException
    {
        CommCreation.free(this);
    }

    /**
     * @return the group of the communicator's ranks.
     * @throws MPIException for the null communicator.
     */
    public Group getGroup() throws MPIException
    {
        final Communicator communicator = engine("getGroup");
        return Group.of(communicator.worldRanks(), communicator.worldRank(communicator.rank()));
    }

    /**
     * @return whether this is an intercommunicator ({@link Intercomm}).
     * @throws MPIException for the null communicator.
     */
    public final boolean isInter() throws MPIException
    {
        engine("isInter");
        return intercommunicator() != null;
    }

    /**
     * Makes an intercommunicator between the group of {@code localComm} and another, disjoint group; called on the peer
     * communicator, which holds the leaders of both groups. Collective over both groups.
     *
     * @param localComm    this rank's group, an intracommunicator.
     * @param localLeader  the rank in {@code localComm} of this group's leader; the same on every rank of the group.
     * @param remoteLeader the rank in this (peer) communicator of the other group's leader; used at the local leader.
     * @param tag          the tag of the leaders' messages in this communicator; used at the local leader.
     * @return the intercommunicator, with {@code localComm}'s error handler.
     * @throws MPIException {@code ERR_COMM} for a null or inter {@code localComm}, {@code ERR_RANK} for bad leaders, {@code ERR_TAG}
     *                      for a bad tag; a failure at either leader fails every rank of both groups.
     */
    public final Intercomm createIntercomm(final Comm localComm, final int localLeader, final int remoteLeader, final int tag)
        throws MPIException
    {
        return CommCreation.intercomm(localComm, this, localLeader, remoteLeader, tag);
    }

    /**
     * @return a new attribute key for {@link #setAttr}.
     * @throws MPIException when MPI is not active.
     */
    public static int createKeyval() throws MPIException
    {
        MPI.check("createKeyval");
        return NEXT_KEYVAL.getAndIncrement();
    }

    /**
     * Frees an attribute key; values set with it stay until deleted.
     *
     * @throws MPIException {@code ERR_KEYVAL} for a predefined key.
     */
    public static void freeKeyval(final int keyval) throws MPIException
    {
        MPI.check("freeKeyval");
        if (keyval <= MPI.WIN_DISP_UNIT)
        {
            throw MPI.raiseOnWorld(MPIException.of(MPI.ERR_KEYVAL, "freeKeyval: key " + keyval + " is predefined and cannot be freed"));
        }
    }

    /**
     * Sets the value of attribute {@code keyval} on this communicator; duplicates do not inherit it.
     *
     * @throws MPIException {@code ERR_KEYVAL} for a predefined key.
     */
    public final void setAttr(final int keyval, final Object value) throws MPIException
    {
        engine("setAttr");
        if (keyval <= MPI.WIN_DISP_UNIT)
        {
            throw raise(MPIException.of(MPI.ERR_KEYVAL, "setAttr: key " + keyval + " is predefined; its value cannot be set"));
        }
        if (value == null)
        {
            attributes.remove(keyval);
        }
        else
        {
            attributes.put(keyval, value);
        }
    }

    /**
     * @return the value of attribute {@code keyval}: for the predefined {@link MPI#TAG_UB}, {@link MPI#HOST}, {@link MPI#IO},
     *         {@link MPI#WTIME_IS_GLOBAL}, {@link MPI#APPNUM} and {@link MPI#UNIVERSE_SIZE} an {@link Integer}; null for a key
     *         with no value.
     * @throws MPIException for the null communicator.
     */
    public final Object getAttr(final int keyval) throws MPIException
    {
        final Communicator communicator = engine("getAttr");
        return switch (keyval)
        {
            case MPI.TAG_UB -> communicator.largestTag();
            case MPI.HOST -> MPI.PROC_NULL;
            case MPI.IO -> MPI.ANY_SOURCE;
            case MPI.WTIME_IS_GLOBAL -> communicator.clockIsGlobal() ? 1 : 0;
            case MPI.APPNUM -> 0;
            case MPI.UNIVERSE_SIZE -> session().world().size();
            default -> attributes.get(keyval);
        };
    }

    /**
     * Deletes the value of attribute {@code keyval}.
     *
     * @throws MPIException {@code ERR_KEYVAL} for a predefined key.
     */
    public final void deleteAttr(final int keyval) throws MPIException
    {
        engine("deleteAttr");
        if (keyval <= MPI.WIN_DISP_UNIT)
        {
            throw raise(MPIException.of(MPI.ERR_KEYVAL, "deleteAttr: key " + keyval + " is predefined and cannot be deleted"));
        }
        attributes.remove(keyval);
    }

    /**
     * @return the process topology of the communicator: {@link MPI#CART}, {@link MPI#GRAPH}, {@link MPI#DIST_GRAPH}, or
     *         {@link MPI#UNDEFINED} for none.
     * @throws MPIException for the null communicator.
     */
    public final int getTopology() throws MPIException
    {
        engine("getTopology");
        return topology();
    }

    /** @return the kind of process topology the communicator has; {@link MPI#UNDEFINED} here. */
    int topology()
    {
        return MPI.UNDEFINED;
    }

    /**
     * Aborts the whole job: every rank's calls fail, and the launcher ends the job with {@code errorcode} as its exit
     * status. It does not return: the calling rank is unwound with the exception.
     *
     * @throws MPIException always, to unwind this rank.
     */
    public final void abort(final int errorcode) throws MPIException
    {
        engine("abort");
        throw MPIException.of(session().abort(errorcode));
    }

    /**
     * Sets what a failure of a call on this communicator does.
     *
     * @param errhandler {@link MPI#ERRORS_ARE_FATAL}, {@link MPI#ERRORS_ABORT} or {@link MPI#ERRORS_RETURN}.
     * @throws MPIException {@code ERR_ARG} for null.
     */
    public final void setErrhandler(final Errhandler errhandler) throws MPIException
    {
        engine("setErrhandler");
        if (errhandler == null)
        {
            throw raise(MPIException.of(ErrorClass.ERR_ARG, "setErrhandler: errhandler is null; expected MPI.ERRORS_RETURN or"
                + " MPI.ERRORS_ARE_FATAL"));
        }
        handler(errhandler);
    }

    /**
     * @return what a failure of a call on this communicator does.
     * @throws MPIException when MPI is not active.
     */
    public final Errhandler getErrhandler() throws MPIException
    {
        MPI.check("getErrhandler");
        return handler();
    }

    /**
     * Hands the error {@code errorCode} to the communicator's error handler, as if a call had failed with it: under
     * {@link MPI#ERRORS_RETURN} it is thrown, under a fatal handler the job is aborted. {@link MPI#SUCCESS} does nothing.
     *
     * @throws MPIException the error, unless it is {@link MPI#SUCCESS}.
     */
    public void callErrhandler(final int errorCode) throws MPIException
    {
        engine("callErrhandler");
        if (errorCode != MPI.SUCCESS)
        {
            throw raise(MPIException.of(errorCode, "callErrhandler: error " + errorCode + " raised by the program on " + this));
        }
    }

    /**
     * Names the communicator, for messages.
     *
     * @throws MPIException for the null communicator.
     */
    public final void setName(final String name) throws MPIException
    {
        engine("setName");
        attributes.put(NAME_KEY, name == null ? "" : name);
    }

    /**
     * @return the communicator's name: the one set with {@link #setName}, else OpenMPJ's, such as "MPI.COMM_WORLD".
     * @throws MPIException for the null communicator.
     */
    public final String getName() throws MPIException
    {
        engine("getName");
        final Object set = attributes.get(NAME_KEY);
        return set != null ? (String)set : name();
    }

    /** @return {@code created}, with the complete request of a non-blocking duplication. */
    final <C extends Comm> C completed(final C created) throws MPIException
    {
        ((Comm)created).creation = new Request(created, Messages.buffered(engine("iDup")));
        return created;
    }

    /** @return {@code created}, carrying the same hints as this communicator. */
    final <C extends Comm> C withInfo(final C created, final Info hints)
    {
        ((Comm)created).info = hints;
        return created;
    }
}
