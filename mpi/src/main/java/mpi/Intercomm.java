package mpi;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.InterCollectives;
import org.openmpj.engine.Intercommunicator;
import org.openmpj.engine.Reduction;
import org.openmpj.runtime.RankContext;

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

    void bind(final Intercommunicator intercommunicator, final RankContext rankContext)
    {
        this.inter = intercommunicator;
        bind(intercommunicator.remote(), rankContext);
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
            merged = intercommunicator.merge(rankContext().contextIds(), high);
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
        final Intracomm created = new Intracomm("merge of " + this);
        created.bind(merged, rankContext());
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
            return wrap("dup of " + this, intercommunicator.dup(rankContext().contextIds()), this);
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
        rankContext().contextIds().release(intercommunicator.local().context());
    }

    // ---------------------------------------------------------------- collectives across the two groups

    /** Returns once every rank of both groups has entered. */
    public void Barrier()
    {
        final Intercommunicator intercommunicator = inter("Barrier");
        try
        {
            InterCollectives.barrier(intercommunicator);
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
        int perItem = 1;
        try
        {
            root("Bcast", intercommunicator, root);
            if (root != MPI.PROC_NULL)
            {
                perItem = items("Bcast", "buffer", buf, offset, count, datatype);
            }
        }
        catch (final MPIException ex)
        {
            throw raise(ex);
        }
        if (root == MPI.PROC_NULL)
        {
            return;
        }
        try
        {
            InterCollectives.bcast(intercommunicator, buf, datatype.kind(), offset, count * perItem, root);
        }
        catch (final OpenMpjException ex)
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
        Gatherv(sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
            org.openmpj.engine.Collectives.counts(n, recvcount), org.openmpj.engine.Collectives.blocks(n, recvcount), recvtype, root);
    }

    /** Each rank of the other group sends {@code sendcount} items; the root receives rank i's {@code recvcount[i]} at item {@code displs[i]}. */
    public void Gatherv(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcount, final int[] displs, final Datatype recvtype, final int root)
    {
        final Intercommunicator intercommunicator = inter("Gatherv");
        int sendPerItem = 1;
        int recvPerItem = 1;
        try
        {
            root("Gatherv", intercommunicator, root);
            if (root == MPI.ROOT)
            {
                recvPerItem = vector("Gatherv", "receive", intercommunicator, recvbuf, recvoffset, recvcount, displs, recvtype);
            }
            else if (root != MPI.PROC_NULL)
            {
                sendPerItem = items("Gatherv", "send", sendbuf, sendoffset, sendcount, sendtype);
            }
        }
        catch (final MPIException ex)
        {
            throw raise(ex);
        }
        if (root == MPI.PROC_NULL)
        {
            return;
        }
        try
        {
            final int n = intercommunicator.remoteSize();
            InterCollectives.gatherv(intercommunicator, sendbuf, sendoffset, sendcount * sendPerItem, recvbuf, recvoffset,
                CollectiveArgs.elements(root == MPI.ROOT ? recvcount : null, n, recvPerItem),
                CollectiveArgs.elements(root == MPI.ROOT ? displs : null, n, recvPerItem), (root == MPI.ROOT ? recvtype : sendtype).kind(), root);
        }
        catch (final OpenMpjException ex)
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
        Scatterv(sendbuf, sendoffset, org.openmpj.engine.Collectives.counts(n, sendcount),
            org.openmpj.engine.Collectives.blocks(n, sendcount), sendtype, recvbuf, recvoffset, recvcount, recvtype, root);
    }

    /** The root sends {@code sendcount[i]} items from item {@code displs[i]} to rank i of the other group. */
    public void Scatterv(
        final Object sendbuf, final int sendoffset, final int[] sendcount, final int[] displs, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int recvcount, final Datatype recvtype, final int root)
    {
        final Intercommunicator intercommunicator = inter("Scatterv");
        int sendPerItem = 1;
        int recvPerItem = 1;
        try
        {
            root("Scatterv", intercommunicator, root);
            if (root == MPI.ROOT)
            {
                sendPerItem = vector("Scatterv", "send", intercommunicator, sendbuf, sendoffset, sendcount, displs, sendtype);
            }
            else if (root != MPI.PROC_NULL)
            {
                recvPerItem = items("Scatterv", "receive", recvbuf, recvoffset, recvcount, recvtype);
            }
        }
        catch (final MPIException ex)
        {
            throw raise(ex);
        }
        if (root == MPI.PROC_NULL)
        {
            return;
        }
        try
        {
            final int n = intercommunicator.remoteSize();
            InterCollectives.scatterv(intercommunicator, sendbuf, sendoffset,
                CollectiveArgs.elements(root == MPI.ROOT ? sendcount : null, n, sendPerItem),
                CollectiveArgs.elements(root == MPI.ROOT ? displs : null, n, sendPerItem), recvbuf, recvoffset, recvcount * recvPerItem,
                (root == MPI.ROOT ? sendtype : recvtype).kind(), root);
        }
        catch (final OpenMpjException ex)
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
        Allgatherv(sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset,
            org.openmpj.engine.Collectives.counts(n, recvcount), org.openmpj.engine.Collectives.blocks(n, recvcount), recvtype);
    }

    /** Every rank receives rank i of the other group's items, {@code recvcount[i]} of them, at item {@code displs[i]}. */
    public void Allgatherv(
        final Object sendbuf, final int sendoffset, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcount, final int[] displs, final Datatype recvtype)
    {
        final Intercommunicator intercommunicator = inter("Allgatherv");
        final int sendPerItem;
        final int recvPerItem;
        try
        {
            sendPerItem = items("Allgatherv", "send", sendbuf, sendoffset, sendcount, sendtype);
            recvPerItem = vector("Allgatherv", "receive", intercommunicator, recvbuf, recvoffset, recvcount, displs, recvtype);
        }
        catch (final MPIException ex)
        {
            throw raise(ex);
        }
        try
        {
            final int n = intercommunicator.remoteSize();
            InterCollectives.allgatherv(intercommunicator, sendbuf, sendoffset, sendcount * sendPerItem, recvbuf, recvoffset,
                CollectiveArgs.elements(recvcount, n, recvPerItem), CollectiveArgs.elements(displs, n, recvPerItem), sendtype.kind());
        }
        catch (final OpenMpjException ex)
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
        Alltoallv(sendbuf, sendoffset, org.openmpj.engine.Collectives.counts(n, sendcount),
            org.openmpj.engine.Collectives.blocks(n, sendcount), sendtype, recvbuf, recvoffset,
            org.openmpj.engine.Collectives.counts(n, recvcount), org.openmpj.engine.Collectives.blocks(n, recvcount), recvtype);
    }

    /** Every rank sends {@code sendcount[i]} items from {@code sdispls[i]} to rank i of the other group and receives its at {@code rdispls[i]}. */
    public void Alltoallv(
        final Object sendbuf, final int sendoffset, final int[] sendcount, final int[] sdispls, final Datatype sendtype,
        final Object recvbuf, final int recvoffset, final int[] recvcount, final int[] rdispls, final Datatype recvtype)
    {
        final Intercommunicator intercommunicator = inter("Alltoallv");
        final int sendPerItem;
        final int recvPerItem;
        try
        {
            sendPerItem = vector("Alltoallv", "send", intercommunicator, sendbuf, sendoffset, sendcount, sdispls, sendtype);
            recvPerItem = vector("Alltoallv", "receive", intercommunicator, recvbuf, recvoffset, recvcount, rdispls, recvtype);
        }
        catch (final MPIException ex)
        {
            throw raise(ex);
        }
        try
        {
            final int n = intercommunicator.remoteSize();
            InterCollectives.alltoallv(intercommunicator, sendbuf, sendoffset, CollectiveArgs.elements(sendcount, n, sendPerItem),
                CollectiveArgs.elements(sdispls, n, sendPerItem), recvbuf, recvoffset, CollectiveArgs.elements(recvcount, n, recvPerItem),
                CollectiveArgs.elements(rdispls, n, recvPerItem), sendtype.kind());
        }
        catch (final OpenMpjException ex)
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
        int perItem = 1;
        Reduction reduction = null;
        try
        {
            root("Reduce", intercommunicator, root);
            if (root == MPI.ROOT)
            {
                perItem = items("Reduce", "receive", recvbuf, recvoffset, count, datatype);
            }
            else if (root != MPI.PROC_NULL)
            {
                perItem = items("Reduce", "send", sendbuf, sendoffset, count, datatype);
                reduction = Intracomm.reduction("Reduce", op, datatype);
            }
        }
        catch (final MPIException ex)
        {
            throw raise(ex);
        }
        if (root == MPI.PROC_NULL)
        {
            return;
        }
        try
        {
            InterCollectives.reduce(intercommunicator, sendbuf, sendoffset, recvbuf, recvoffset, datatype.kind(), count * perItem, perItem,
                reduction, root);
        }
        catch (final OpenMpjException ex)
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
        final int perItem;
        final Reduction reduction;
        try
        {
            perItem = items("Allreduce", "send", sendbuf, sendoffset, count, datatype);
            items("Allreduce", "receive", recvbuf, recvoffset, count, datatype);
            reduction = Intracomm.reduction("Allreduce", op, datatype);
        }
        catch (final MPIException ex)
        {
            throw raise(ex);
        }
        try
        {
            InterCollectives.allreduce(intercommunicator, sendbuf, sendoffset, recvbuf, recvoffset, datatype.kind(), count * perItem,
                perItem, reduction);
        }
        catch (final OpenMpjException ex)
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
        final int perItem;
        final Reduction reduction;
        try
        {
            final int total = CollectiveArgs.total("Reduce_scatter", recvcounts, intercommunicator.localSize());
            perItem = items("Reduce_scatter", "send", sendbuf, sendoffset, total, datatype);
            items("Reduce_scatter", "receive", recvbuf, recvoffset, recvcounts[intercommunicator.rank()], datatype);
            reduction = Intracomm.reduction("Reduce_scatter", op, datatype);
        }
        catch (final MPIException ex)
        {
            throw raise(ex);
        }
        try
        {
            InterCollectives.reduceScatter(intercommunicator, sendbuf, sendoffset, recvbuf, recvoffset,
                CollectiveArgs.elements(recvcounts, intercommunicator.localSize(), perItem), datatype.kind(), perItem, reduction);
        }
        catch (final OpenMpjException ex)
        {
            throw raise(ex);
        }
    }

    private static void root(final String call, final Intercommunicator intercommunicator, final int root)
    {
        if (root != MPI.ROOT && root != MPI.PROC_NULL && (root < 0 || root >= intercommunicator.remoteSize()))
        {
            throw MPIException.of(ErrorClass.ERR_ROOT, call + ": root=" + root + " is not valid on an intercommunicator whose other group"
                + " has " + intercommunicator.remoteSize() + " ranks; expected MPI.ROOT at the root, MPI.PROC_NULL in the rest of"
                + " its group, and 0 to " + (intercommunicator.remoteSize() - 1) + " in the other group");
        }
    }

    /** Checks a buffer of {@code count} items, as {@link CollectiveArgs#buffer}, for a type intercommunicator collectives take. */
    private static int items(final String call, final String which, final Object buf, final int offset, final int count, final Datatype datatype)
    {
        primitive(call, datatype);
        return CollectiveArgs.buffer(call, which, buf, offset, count, datatype);
    }

    /** Checks per-rank counts and displacements over the other group, as {@link CollectiveArgs#vector}. */
    private static int vector(
        final String call, final String which, final Intercommunicator intercommunicator, final Object buf, final int offset,
        final int[] counts, final int[] displs, final Datatype datatype)
    {
        primitive(call, datatype);
        return CollectiveArgs.vector(call, which, intercommunicator.remote(), buf, offset, counts, displs, datatype);
    }

    private static void primitive(final String call, final Datatype datatype)
    {
        if (datatype != null && datatype.isObject())
        {
            throw MPIException.of(ErrorClass.ERR_TYPE, call + ": intercommunicator collectives take primitive types, not MPI.OBJECT");
        }
    }

    static Intercomm wrap(final String name, final Intercommunicator intercommunicator, final Comm parent)
    {
        final Intercomm created = new Intercomm(name);
        created.bind(intercommunicator, parent.rankContext());
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
