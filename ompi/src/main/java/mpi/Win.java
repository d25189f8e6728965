package mpi;

import java.nio.Buffer;

/**
 * A window of memory for one-sided communication (MPI's {@code MPI_Win}: put, get, accumulate, fences and locks). One-sided
 * communication is not in OpenMPJ yet: the class is here so that programs using it compile, and every constructor and
 * method throws {@link MPIException} of class {@link MPI#ERR_UNSUPPORTED_OPERATION} with a message saying so. Being
 * thrown, not raised on a communicator, the failure reaches the program whatever the error handler.
 */
public final class Win implements Freeable
{
    /** The null window handle, as Open MPI's API numbers it. */
    public static final int WIN_NULL = 0;
    /** A window of memory private to each process (the {@code flavor} of the shared-memory constructor). */
    public static final int FLAVOR_PRIVATE = 0;
    /** A window of memory the processes of a node share. */
    public static final int FLAVOR_SHARED = 1;

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Win(final Buffer base, final int size, final int dispUnit, final Info info, final Comm comm) throws MPIException
    {
        throw unsupported("new Win");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Win(final int size, final int dispUnit, final Info info, final Comm comm, final Buffer base, final int flavor) throws MPIException
    {
        throw unsupported("new Win");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Win(final Info info, final Comm comm) throws MPIException
    {
        throw unsupported("new Win");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void attach(final Buffer base, final int size) throws MPIException
    {
        throw unsupported("Win.attach");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void detach(final Buffer base) throws MPIException
    {
        throw unsupported("Win.detach");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Group getGroup() throws MPIException
    {
        throw unsupported("Win.getGroup");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void put(final Buffer origin, final int orgCount, final Datatype orgType, final int targetRank, final int targetDisp,
        final int targetCount, final Datatype targetType) throws MPIException
    {
        throw unsupported("Win.put");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void get(final Buffer origin, final int orgCount, final Datatype orgType, final int targetRank, final int targetDisp,
        final int targetCount, final Datatype targetType) throws MPIException
    {
        throw unsupported("Win.get");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void accumulate(final Buffer origin, final int orgCount, final Datatype orgType, final int targetRank, final int targetDisp,
        final int targetCount, final Datatype targetType, final Op op) throws MPIException
    {
        throw unsupported("Win.accumulate");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void fence(final int assertion) throws MPIException
    {
        throw unsupported("Win.fence");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void start(final Group group, final int assertion) throws MPIException
    {
        throw unsupported("Win.start");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void complete() throws MPIException
    {
        throw unsupported("Win.complete");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void post(final Group group, final int assertion) throws MPIException
    {
        throw unsupported("Win.post");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void waitFor() throws MPIException
    {
        throw unsupported("Win.waitFor");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public boolean test() throws MPIException
    {
        throw unsupported("Win.test");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void lock(final int lockType, final int rank, final int assertion) throws MPIException
    {
        throw unsupported("Win.lock");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void unlock(final int rank) throws MPIException
    {
        throw unsupported("Win.unlock");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void setErrhandler(final Errhandler errhandler) throws MPIException
    {
        throw unsupported("Win.setErrhandler");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Errhandler getErrhandler() throws MPIException
    {
        throw unsupported("Win.getErrhandler");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void callErrhandler(final int errorCode) throws MPIException
    {
        throw unsupported("Win.callErrhandler");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public static int createKeyval() throws MPIException
    {
        throw unsupported("Win.createKeyval");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public static void freeKeyval(final int keyval) throws MPIException
    {
        throw unsupported("Win.freeKeyval");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void setAttr(final int keyval, final Object value) throws MPIException
    {
        throw unsupported("Win.setAttr");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Object getAttr(final int keyval) throws MPIException
    {
        throw unsupported("Win.getAttr");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void deleteAttr(final int keyval) throws MPIException
    {
        throw unsupported("Win.deleteAttr");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void free() throws MPIException
    {
        throw unsupported("Win.free");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Info getInfo() throws MPIException
    {
        throw unsupported("Win.getInfo");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void setInfo(final Info info) throws MPIException
    {
        throw unsupported("Win.setInfo");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public final Request rPut(final Buffer origin_addr, final int origin_count, final Datatype origin_datatype, final int target_rank,
        final int target_disp, final int target_count, final Datatype target_datatype) throws MPIException
    {
        throw unsupported("Win.rPut");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public final Request rGet(final Buffer origin, final int orgCount, final Datatype orgType, final int targetRank, final int targetDisp,
        final int targetCount, final Datatype targetType) throws MPIException
    {
        throw unsupported("Win.rGet");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Request rAccumulate(final Buffer origin, final int orgCount, final Datatype orgType, final int targetRank, final int targetDisp,
        final int targetCount, final Datatype targetType, final Op op) throws MPIException
    {
        throw unsupported("Win.rAccumulate");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void getAccumulate(final Buffer origin, final int orgCount, final Datatype orgType, final Buffer resultAddr,
        final int resultCount, final Datatype resultType, final int targetRank, final int targetDisp, final int targetCount,
        final Datatype targetType, final Op op) throws MPIException
    {
        throw unsupported("Win.getAccumulate");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Request rGetAccumulate(final Buffer origin, final int orgCount, final Datatype orgType, final Buffer resultAddr,
        final int resultCount, final Datatype resultType, final int targetRank, final int targetDisp, final int targetCount,
        final Datatype targetType, final Op op) throws MPIException
    {
        throw unsupported("Win.rGetAccumulate");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void lockAll(final int assertion) throws MPIException
    {
        throw unsupported("Win.lockAll");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void unlockAll() throws MPIException
    {
        throw unsupported("Win.unlockAll");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void sync() throws MPIException
    {
        throw unsupported("Win.sync");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void flush(final int targetRank) throws MPIException
    {
        throw unsupported("Win.flush");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void flushAll() throws MPIException
    {
        throw unsupported("Win.flushAll");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void compareAndSwap(final Buffer origin, final Buffer compareAddr, final Buffer resultAddr, final Datatype targetType,
        final int targetRank, final int targetDisp) throws MPIException
    {
        throw unsupported("Win.compareAndSwap");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void fetchAndOp(final Buffer origin, final Buffer resultAddr, final Datatype dataType, final int targetRank,
        final int targetDisp, final Op op) throws MPIException
    {
        throw unsupported("Win.fetchAndOp");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void flushLocal(final int targetRank) throws MPIException
    {
        throw unsupported("Win.flushLocal");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void flushLocalAll() throws MPIException
    {
        throw unsupported("Win.flushLocalAll");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public String getName() throws MPIException
    {
        throw unsupported("Win.getName");
    }

    /**
     * Refuses: one-sided communication (windows) is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void setName(final String name) throws MPIException
    {
        throw unsupported("Win.setName");
    }
    private static MPIException unsupported(final String call)
    {
        return MPIException.of(MPI.ERR_UNSUPPORTED_OPERATION, call + ": one-sided communication (MPI.Win) is not in OpenMPJ yet;"
            + " exchange the data with point-to-point or collective calls instead");
    }
}
