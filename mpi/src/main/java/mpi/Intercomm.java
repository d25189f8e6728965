package mpi;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.engine.Collectives;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.InterCalls;
import org.openmpj.engine.Intercommunicator;
import org.openmpj.engine.ScheduledInterCalls;
import org.openmpj.engine.Session;

/**
 * A communicator between two disjoint groups, made by {@link Comm#Create_intercomm}: point-to-point names the
 * ranks of the other (remote) group, and statuses report senders by their rank in it. {@link #Size}, {@link #Rank}
 * and {@link #Group} describe this rank's own (local) group. The collective operations MPI defines on
 * intercommunicators move data from one group to the other: in a rooted one, the root passes {@link MPI#ROOT},
 * the rest of its group {@link MPI#PROC_NULL}, and the other group the root's rank.
 *
 * <p>Thread-safety: as {@link Comm}.
 */
public class Intercomm extends Comm
{
    private volatile Intercommunicator inter;

    Intercomm(final String name)
    {
        super(name);
    }

    void bind(final Intercommunicator intercommunicator, final Session rankSession)
    {
        this.inter = intercommunicator;
        bind(intercommunicator.remote(), rankSession);
    }

    /** @return the number of ranks in this rank's own group. */
    @Override
    public int Size()
    {
        return inter("Size").localSize();
    }

    /** @return this rank's rank in its own group. */
    @Override
    public int Rank()
    {
        return inter("Rank").rank();
    }

    /** @return this rank's own group. */
    @Override
    public Group Group()
    {
        final Communicator local = inter("Group").local();
        return new Group(local.worldRanks(), local.worldRank(local.rank()));
    }

    /** @return true: this is an intercommunicator. */
    @Override
    public boolean Test_inter()
    {
        inter("Test_inter");
        return true;
    }

    /** @return the number of ranks in the other group. */
    public int Remote_size()
    {
        return inter("Remote_size").remoteSize();
    }

    /** @return the other group. */
    public Group Remote_group()
    {
        final Intercommunicator intercommunicator = inter("Remote_group");
        return new Group(intercommunicator.remote().worldRanks(), intercommunicator.local().worldRank(intercommunicator.rank()));
    }

    /**
     * @return an intracommunicator of both groups: first the group whose ranks passed {@code high} false, then the
     *         other; when both groups passed the same value, the group whose first rank has the lower world rank
     *         comes first. Every rank of a group must pass the same value. Collective over both groups.
     */
    public Intracomm Merge(final boolean high)
    {
        final Intercommunicator intercommunicator = inter("Merge");
        final Communicator merged;
        try
        {
            merged = intercommunicator.merge(session().contextIds(), high);
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
        final Intracomm created = new Intracomm("merge of " + this);
        created.bind(merged, session());
        created.Errhandler_set(Errhandler_get());
        return created;
    }

    /** @return a new intercommunicator of the same two groups, with contexts of its own; collective over both groups. */
    @Override
    public Object clone()
    {
        return Dup();
    }

    /** @return a new intercommunicator of the same two groups, with contexts of its own; collective over both groups. */
    public Intercomm Dup()
    {
        final Intercommunicator intercommunicator = inter("Dup");
        try
        {
            return wrap("dup of " + this, intercommunicator.dup(session().contextIds()), this);
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    /** Frees this intercommunicator and both its contexts; using it afterwards is an error. */
    @Override
    public void Free()
    {
        final Intercommunicator intercommunicator = inter("Free");
        super.Free();
        session().contextIds().release(intercommunicator.local().context());
    }

    // ---------------------------------------------------------------- collectives across the two groups

    /** Returns once every rank of both groups has entered. */
    public void Barrier()
    {
        final Intercommunicator intercommunicator = inter("Barrier");
        try
        {
            InterCalls.BLOCKING.enter(intercommunicator);
            InterCalls.BLOCKING.barrier(intercommunicator);
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    /** Copies {@code count} items from the root's buffer into the buffer of every rank of the other group. */
    public void Bcast(final Object buf, final int offset, final int count, final Datatype datatype, final int root)
    {
        final Intercommunicator intercommunicator = inter("Bcast");
        try
        {
            InterCollectiveCalls.bcast(InterCalls.BLOCKING, intercommunicator, objectCodec(), buf, offset, count, datatype, root);
        }
        catch (final MPIException | OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    /** Each rank of the other group sends {@code sendcount} items; the root receives rank i's at item {@code i * recvcount}. */
    public void Gather(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int recvcount, final Datatype recvtype, final int root)
    {
        final int n = inter("Gather").remoteSize();
        Gatherv(sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, Collectives.counts(n, recvcount),
            Collectives.blocks(n, recvcount), recvtype, root);
    }

    /** Each rank of the other group sends {@code sendcount} items; the root receives rank i's {@code recvcount[i]} at item {@code displs[i]}. */
    public void Gatherv(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcount, final int[] displs, final Datatype recvtype, final int root)
    {
        final Intercommunicator intercommunicator = inter("Gatherv");
        try
        {
            InterCollectiveCalls.gatherv(InterCalls.BLOCKING, intercommunicator, objectCodec(), sendbuf, sendoffset, sendcount, sendtype, recvbuf,
                recvoffset, recvcount, displs,
                recvtype, root);
        }
        catch (final MPIException | OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    /** The root sends {@code sendcount} items to each rank of the other group, rank i's from item {@code i * sendcount}. */
    public void Scatter(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int recvcount, final Datatype recvtype, final int root)
    {
        final int n = inter("Scatter").remoteSize();
        Scatterv(sendbuf, sendoffset, Collectives.counts(n, sendcount), Collectives.blocks(n, sendcount), sendtype, recvbuf, recvoffset,
            recvcount, recvtype, root);
    }

    /** The root sends {@code sendcount[i]} items from item {@code displs[i]} to rank i of the other group. */
    public void Scatterv(
        final Object sendbuf, final int sendoffset, final int[] sendcount, final int[] displs, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int recvcount, final Datatype recvtype, final int root)
    {
        final Intercommunicator intercommunicator = inter("Scatterv");
        try
        {
            InterCollectiveCalls.scatterv(InterCalls.BLOCKING, intercommunicator, objectCodec(), sendbuf, sendoffset, sendcount, displs, sendtype,
                recvbuf, recvoffset, recvcount,
                recvtype, root);
        }
        catch (final MPIException | OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    /** Every rank receives the {@code sendcount} items of every rank of the other group, rank i's at item {@code i * recvcount}. */
    public void Allgather(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int recvcount, final Datatype recvtype)
    {
        final int n = inter("Allgather").remoteSize();
        Allgatherv(sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, Collectives.counts(n, recvcount),
            Collectives.blocks(n, recvcount), recvtype);
    }

    /** Every rank receives rank i of the other group's items, {@code recvcount[i]} of them, at item {@code displs[i]}. */
    public void Allgatherv(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcount, final int[] displs, final Datatype recvtype)
    {
        final Intercommunicator intercommunicator = inter("Allgatherv");
        try
        {
            InterCollectiveCalls.allgatherv(InterCalls.BLOCKING, intercommunicator, objectCodec(), sendbuf, sendoffset, sendcount, sendtype, recvbuf,
                recvoffset, recvcount, displs,
                recvtype);
        }
        catch (final MPIException | OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    /** Every rank sends its block i ({@code sendcount} items) to rank i of the other group and receives that rank's at its block i. */
    public void Alltoall(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int recvcount, final Datatype recvtype)
    {
        final int n = inter("Alltoall").remoteSize();
        Alltoallv(sendbuf, sendoffset, Collectives.counts(n, sendcount), Collectives.blocks(n, sendcount), sendtype, recvbuf, recvoffset,
            Collectives.counts(n, recvcount), Collectives.blocks(n, recvcount), recvtype);
    }

    /** Every rank sends {@code sendcount[i]} items from {@code sdispls[i]} to rank i of the other group and receives its at {@code rdispls[i]}. */
    public void Alltoallv(
        final Object sendbuf, final int sendoffset, final int[] sendcount, final int[] sdispls, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcount, final int[] rdispls, final Datatype recvtype)
    {
        final Intercommunicator intercommunicator = inter("Alltoallv");
        try
        {
            InterCollectiveCalls.alltoallv(InterCalls.BLOCKING, intercommunicator, objectCodec(), sendbuf, sendoffset, sendcount, sdispls, sendtype,
                recvbuf, recvoffset, recvcount,
                rdispls, recvtype);
        }
        catch (final MPIException | OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    /** Combines, in rank order, the {@code count} items of every rank of the other group into the root's receive buffer. */
    public void Reduce(
        final Object sendbuf, final int sendoffset, final Object recvbuf, final int recvoffset, final int count,
        final Datatype datatype, final Op op, final int root)
    {
        final Intercommunicator intercommunicator = inter("Reduce");
        try
        {
            InterCollectiveCalls.reduce(InterCalls.BLOCKING, intercommunicator, objectCodec(), sendbuf, sendoffset, recvbuf, recvoffset, count,
                datatype, op, root);
        }
        catch (final MPIException | OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    /** Every rank receives the combination, in rank order, of the {@code count} items of every rank of the other group. */
    public void Allreduce(
        final Object sendbuf, final int sendoffset, final Object recvbuf, final int recvoffset, final int count,
        final Datatype datatype, final Op op)
    {
        final Intercommunicator intercommunicator = inter("Allreduce");
        try
        {
            InterCollectiveCalls.allreduce(InterCalls.BLOCKING, intercommunicator, objectCodec(), sendbuf, sendoffset, recvbuf, recvoffset,
                count, datatype, op);
        }
        catch (final MPIException | OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    /**
     * Combines, in rank order, the vectors of every rank of the other group (each the sum of {@code recvcounts} items);
     * rank i of this group receives {@code recvcounts[i]} items of the result, in order. The counts of both groups
     * must add up to the same total.
     */
    public void Reduce_scatter(
        final Object sendbuf, final int sendoffset, final Object recvbuf, final int recvoffset, final int[] recvcounts,
        final Datatype datatype, final Op op)
    {
        final Intercommunicator intercommunicator = inter("Reduce_scatter");
        try
        {
            InterCollectiveCalls.reduceScatter(InterCalls.BLOCKING, intercommunicator, objectCodec(), sendbuf, sendoffset, recvbuf, recvoffset,
                recvcounts, datatype, op);
        }
        catch (final MPIException | OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    // ---------------------------------------------------------------- non-blocking collectives (MPI-3; an extension of mpiJava 1.2)

    /**
     * Starts a barrier across the two groups ({@code MPI_Ibarrier}, an extension of mpiJava 1.2, as are the calls below),
     * whose request completes once every rank of both groups has started it. The non-blocking collectives of an
     * intercommunicator follow the rules of an intracommunicator's ({@link Intracomm#Ibarrier}): every rank of both
     * groups starts them in the same order, the buffers belong to them until they complete, and {@code MPI.OBJECT} is
     * refused. Their arguments are those of the blocking call of the same name.
     */
    public Request Ibarrier()
    {
        return start("Ibarrier", (calls, ic) ->
        {
            calls.enter(ic);
            calls.barrier(ic);
        });
    }

    /** Starts a {@link #Bcast}. */
    public Request Ibcast(final Object buf, final int offset, final int count, final Datatype datatype, final int root)
    {
        return start("Ibcast", (calls, ic) -> InterCollectiveCalls.bcast(calls, ic, objectCodec(), buf, offset, count, datatype, root));
    }

    /** Starts a {@link #Gather}. */
    public Request Igather(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int recvcount, final Datatype recvtype, final int root)
    {
        return start("Igather", (calls, ic) -> InterCollectiveCalls.gatherv(calls, ic, objectCodec(), sendbuf, sendoffset, sendcount, sendtype,
            recvbuf, recvoffset, Collectives.counts(ic.remoteSize(), recvcount), Collectives.blocks(ic.remoteSize(), recvcount), recvtype, root));
    }

    /** Starts a {@link #Gatherv}. */
    public Request Igatherv(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcount, final int[] displs, final Datatype recvtype, final int root)
    {
        return start("Igatherv", (calls, ic) -> InterCollectiveCalls.gatherv(calls, ic, objectCodec(), sendbuf, sendoffset, sendcount, sendtype,
            recvbuf, recvoffset, recvcount, displs, recvtype, root));
    }

    /** Starts a {@link #Scatter}. */
    public Request Iscatter(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int recvcount, final Datatype recvtype, final int root)
    {
        return start("Iscatter", (calls, ic) -> InterCollectiveCalls.scatterv(calls, ic, objectCodec(), sendbuf, sendoffset,
            Collectives.counts(ic.remoteSize(), sendcount), Collectives.blocks(ic.remoteSize(), sendcount), sendtype, recvbuf, recvoffset,
            recvcount, recvtype, root));
    }

    /** Starts a {@link #Scatterv}. */
    public Request Iscatterv(
        final Object sendbuf, final int sendoffset, final int[] sendcount, final int[] displs, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int recvcount, final Datatype recvtype, final int root)
    {
        return start("Iscatterv", (calls, ic) -> InterCollectiveCalls.scatterv(calls, ic, objectCodec(), sendbuf, sendoffset, sendcount, displs,
            sendtype, recvbuf, recvoffset, recvcount, recvtype, root));
    }

    /** Starts an {@link #Allgather}. */
    public Request Iallgather(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int recvcount, final Datatype recvtype)
    {
        return start("Iallgather", (calls, ic) -> InterCollectiveCalls.allgatherv(calls, ic, objectCodec(), sendbuf, sendoffset, sendcount,
            sendtype, recvbuf, recvoffset, Collectives.counts(ic.remoteSize(), recvcount), Collectives.blocks(ic.remoteSize(), recvcount),
            recvtype));
    }

    /** Starts an {@link #Allgatherv}. */
    public Request Iallgatherv(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcount, final int[] displs, final Datatype recvtype)
    {
        return start("Iallgatherv", (calls, ic) -> InterCollectiveCalls.allgatherv(calls, ic, objectCodec(), sendbuf, sendoffset, sendcount,
            sendtype, recvbuf, recvoffset, recvcount, displs, recvtype));
    }

    /** Starts an {@link #Alltoall}. */
    public Request Ialltoall(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int recvcount, final Datatype recvtype)
    {
        return start("Ialltoall", (calls, ic) -> InterCollectiveCalls.alltoallv(calls, ic, objectCodec(), sendbuf, sendoffset,
            Collectives.counts(ic.remoteSize(), sendcount), Collectives.blocks(ic.remoteSize(), sendcount), sendtype, recvbuf, recvoffset,
            Collectives.counts(ic.remoteSize(), recvcount), Collectives.blocks(ic.remoteSize(), recvcount), recvtype));
    }

    /** Starts an {@link #Alltoallv}. */
    public Request Ialltoallv(
        final Object sendbuf, final int sendoffset, final int[] sendcount, final int[] sdispls, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcount, final int[] rdispls, final Datatype recvtype)
    {
        return start("Ialltoallv", (calls, ic) -> InterCollectiveCalls.alltoallv(calls, ic, objectCodec(), sendbuf, sendoffset, sendcount,
            sdispls, sendtype, recvbuf, recvoffset, recvcount, rdispls, recvtype));
    }

    /** Starts a {@link #Reduce}. */
    public Request Ireduce(
        final Object sendbuf, final int sendoffset, final Object recvbuf, final int recvoffset, final int count,
        final Datatype datatype, final Op op, final int root)
    {
        return start("Ireduce", (calls, ic) -> InterCollectiveCalls.reduce(calls, ic, objectCodec(), sendbuf, sendoffset, recvbuf, recvoffset,
            count, datatype, op, root));
    }

    /** Starts an {@link #Allreduce}. */
    public Request Iallreduce(
        final Object sendbuf, final int sendoffset, final Object recvbuf, final int recvoffset, final int count,
        final Datatype datatype, final Op op)
    {
        return start("Iallreduce", (calls, ic) -> InterCollectiveCalls.allreduce(calls, ic, objectCodec(), sendbuf, sendoffset, recvbuf,
            recvoffset, count, datatype, op));
    }

    /** Starts a {@link #Reduce_scatter}. */
    public Request Ireduce_scatter(
        final Object sendbuf, final int sendoffset, final Object recvbuf, final int recvoffset, final int[] recvcounts,
        final Datatype datatype, final Op op)
    {
        return start("Ireduce_scatter", (calls, ic) -> InterCollectiveCalls.reduceScatter(calls, ic, objectCodec(), sendbuf, sendoffset,
            recvbuf, recvoffset, recvcounts, datatype, op));
    }

    /** What a non-blocking collective does: checks its arguments and makes its calls through {@code calls}. */
    @FunctionalInterface
    private interface Started
    {
        void describe(InterCalls calls, Intercommunicator intercommunicator);
    }

    /** @return the request of the non-blocking collective {@code call}, described by {@code started} and started. */
    private Request start(final String call, final Started started)
    {
        final Intercommunicator intercommunicator = inter(call);
        // Counted before the arguments are checked, on every rank alike; a refusal is told to both groups.
        final ScheduledInterCalls calls = ScheduledInterCalls.begin(intercommunicator, call);
        return startCollective(calls, () -> started.describe(calls, intercommunicator));
    }

    static Intercomm wrap(final String name, final Intercommunicator intercommunicator, final Comm parent)
    {
        final Intercomm created = new Intercomm(name);
        created.bind(intercommunicator, parent.session());
        created.Errhandler_set(parent.Errhandler_get());
        return created;
    }

    /** @return the engine intercommunicator, after checking MPI is active and this one not freed. */
    final Intercommunicator inter(final String call)
    {
        engine(call);
        final Intercommunicator intercommunicator = inter;
        if (intercommunicator == null)
        {
            throw MPIException.of(ErrorClass.ERR_COMM, call + ": " + this + " is not usable");
        }
        return intercommunicator;
    }
}
