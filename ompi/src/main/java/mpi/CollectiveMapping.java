package mpi;

import java.lang.foreign.MemorySegment;

import org.openmpj.ErrorClass;
import org.openmpj.engine.CollectiveCalls;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.Neighborhood;
import org.openmpj.engine.Reduction;
import org.openmpj.engine.datatype.Layout;
import org.openmpj.engine.datatype.ReducingCollectives;
import org.openmpj.engine.datatype.TypeMap;
import org.openmpj.engine.datatype.TypedAlltoallw;
import org.openmpj.engine.datatype.TypedCollectives;

/**
 * The collectives of an intracommunicator from the arguments of Open MPI's API to the engine's typed collectives
 * ({@link TypedCollectives}, {@link ReducingCollectives}), for the blocking calls ({@link CollectiveCalls#BLOCKING}) and
 * the non-blocking ones (a {@link org.openmpj.engine.ScheduledCalls}) alike: each buffer this rank has a role for is
 * mapped and checked, and the in-place forms name where this rank's own contribution lies in the receive buffer (an
 * element offset, {@code sendAt} or {@code recvAt}). Buffers that MPI reads only at the root are not looked at elsewhere.
 * Failures are thrown for the communicator to raise.
 */
final class CollectiveMapping
{
    private CollectiveMapping()
    {
    }

    static void bcast(final CollectiveCalls calls, final String call, final Communicator c, final boolean direct, final Object buf,
        final int count, final Datatype type, final int root) throws MPIException
    {
        Args.root(call, c, root);
        final Buffers.Payload data = payload(call, "buf", buf, type, c.rank() != root, direct);
        Buffers.items(call, "buf", data, 0, count, type);
        TypedCollectives.bcast(calls, c, null, data.memory(), data.offset(), count, type.map(), root);
    }

    /** Each rank sends {@code sendcount} items from element {@code sendAt}; the root receives rank i's at {@code displs[i]}. */
    static void gatherv(final CollectiveCalls calls, final String call, final Communicator c, final boolean direct,
        final Object sendbuf, final long sendAt, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int[] recvcounts, final int[] displs, final Datatype recvtype, final int root, final boolean equal)
        throws MPIException
    {
        Args.root(call, c, root);
        final Buffers.Payload send = payload(call, "sendbuf", sendbuf, sendtype, false, direct);
        Buffers.items(call, "sendbuf", send, sendAt, sendcount, sendtype);
        final boolean atRoot = c.rank() == root;
        final Buffers.Payload recv = atRoot ? payload(call, "recvbuf", recvbuf, recvtype, true, direct) : null;
        if (atRoot)
        {
            blocks(call, "recvbuf", c.size(), "rank", recv, recvcounts, displs, recvtype);
            sameSignature(call, "the root's own block", sendcount, sendtype, recvcounts[root], recvtype);
        }
        TypedCollectives.gatherv(calls, c, null, send.memory(), offset(send, sendAt), sendcount, sendtype.map(), atRoot ? recv.memory() : null,
            atRoot ? recv.offset() : 0, recvcounts, displs, atRoot ? recvtype.map() : sendtype.map(), root, equal);
    }

    /** The root sends {@code sendcounts[i]} items from {@code displs[i]} to rank i, which receives them at element {@code recvAt}. */
    static void scatterv(final CollectiveCalls calls, final String call, final Communicator c, final boolean direct,
        final Object sendbuf, final int[] sendcounts, final int[] displs, final Datatype sendtype,
        final Object recvbuf, final long recvAt, final int recvcount, final Datatype recvtype, final int root, final boolean equal)
        throws MPIException
    {
        Args.root(call, c, root);
        final Buffers.Payload recv = payload(call, "recvbuf", recvbuf, recvtype, true, direct);
        Buffers.items(call, "recvbuf", recv, recvAt, recvcount, recvtype);
        final boolean atRoot = c.rank() == root;
        final Buffers.Payload send = atRoot ? payload(call, "sendbuf", sendbuf, sendtype, false, direct) : null;
        if (atRoot)
        {
            blocks(call, "sendbuf", c.size(), "rank", send, sendcounts, displs, sendtype);
            sameSignature(call, "the root's own block", sendcounts[root], sendtype, recvcount, recvtype);
        }
        TypedCollectives.scatterv(calls, c, null, atRoot ? send.memory() : null, atRoot ? send.offset() : 0, sendcounts, displs,
            atRoot ? sendtype.map() : recvtype.map(), recv.memory(), offset(recv, recvAt), recvcount, recvtype.map(), root, equal);
    }

    /** Every rank sends {@code sendcount} items from element {@code sendAt}; every rank receives rank i's at {@code displs[i]}. */
    static void allgatherv(final CollectiveCalls calls, final String call, final Communicator c, final boolean direct,
        final Object sendbuf, final long sendAt, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int[] recvcounts, final int[] displs, final Datatype recvtype) throws MPIException
    {
        final Buffers.Payload send = payload(call, "sendbuf", sendbuf, sendtype, false, direct);
        Buffers.items(call, "sendbuf", send, sendAt, sendcount, sendtype);
        final Buffers.Payload recv = payload(call, "recvbuf", recvbuf, recvtype, true, direct);
        blocks(call, "recvbuf", c.size(), "rank", recv, recvcounts, displs, recvtype);
        sameSignature(call, "this rank's own block", sendcount, sendtype, recvcounts[c.rank()], recvtype);
        TypedCollectives.allgatherv(calls, c, null, send.memory(), offset(send, sendAt), sendcount, sendtype.map(), recv.memory(),
            recv.offset(), recvcounts, displs, recvtype.map());
    }

    /** Rank r sends {@code sendcounts[i]} items from {@code sdispls[i]} to rank i, and receives rank i's at {@code rdispls[i]}. */
    static void alltoallv(final CollectiveCalls calls, final String call, final Communicator c, final boolean direct,
        final Object sendbuf, final int[] sendcounts, final int[] sdispls, final Datatype sendtype,
        final Object recvbuf, final int[] recvcounts, final int[] rdispls, final Datatype recvtype, final boolean regular)
        throws MPIException
    {
        final Buffers.Payload send = payload(call, "sendbuf", sendbuf, sendtype, false, direct);
        blocks(call, "sendbuf", c.size(), "rank", send, sendcounts, sdispls, sendtype);
        final Buffers.Payload recv = payload(call, "recvbuf", recvbuf, recvtype, true, direct);
        blocks(call, "recvbuf", c.size(), "rank", recv, recvcounts, rdispls, recvtype);
        sameSignature(call, "this rank's own block", sendcounts[c.rank()], sendtype, recvcounts[c.rank()], recvtype);
        TypedCollectives.alltoallv(calls, c, null, send.memory(), send.offset(), sendcounts, sdispls, sendtype.map(), recv.memory(),
            recv.offset(), recvcounts, rdispls, recvtype.map(), regular);
    }

    /**
     * The neighbour exchange of a communicator with a process topology: this rank sends {@code sendcounts[i]} items from
     * {@code sdispls[i]} to destination i of {@code hood}, and receives source i's at {@code rdispls[i]}. An allgather sends
     * one block to every destination (equal counts, displacements 0).
     */
    static void neighborAlltoallv(final CollectiveCalls calls, final String call, final Communicator c, final Neighborhood hood,
        final boolean direct, final Object sendbuf, final int[] sendcounts, final int[] sdispls, final Datatype sendtype,
        final Object recvbuf, final int[] recvcounts, final int[] rdispls, final Datatype recvtype) throws MPIException
    {
        final Buffers.Payload send = payload(call, "sendbuf", sendbuf, sendtype, false, direct);
        blocks(call, "sendbuf", hood.outDegree(), "destination", send, sendcounts, sdispls, sendtype);
        final Buffers.Payload recv = payload(call, "recvbuf", recvbuf, recvtype, true, direct);
        blocks(call, "recvbuf", hood.inDegree(), "source", recv, recvcounts, rdispls, recvtype);
        if (sendtype.kind() != recvtype.kind())
        {
            throw MPIException.of(ErrorClass.ERR_TYPE, call + ": send type " + sendtype + " and receive type " + recvtype
                + " have base types of different elements (" + sendtype.kind() + ", " + recvtype.kind() + ")");
        }
        TypedCollectives.neighborAlltoallv(calls, c, hood, send.memory(), send.offset(), sendcounts, sdispls, sendtype.map(), recv.memory(),
            recv.offset(), recvcounts, rdispls, recvtype.map());
    }

    /**
     * Rank r sends {@code sendcounts[i]} items of {@code sendtypes[i]} from byte {@code sdispls[i]} of {@code sendbuf} to rank
     * i and receives rank i's as {@code recvcounts[i]} items of {@code recvtypes[i]} at byte {@code rdispls[i]}.
     */
    static void alltoallw(final CollectiveCalls calls, final String call, final Communicator c, final boolean direct,
        final Object sendbuf, final int[] sendcounts, final int[] sdispls, final Datatype[] sendtypes,
        final Object recvbuf, final int[] recvcounts, final int[] rdispls, final Datatype[] recvtypes) throws MPIException
    {
        final MemorySegment send = Buffers.bytes(call, "sendbuf", sendbuf, false, direct);
        final MemorySegment recv = Buffers.bytes(call, "recvbuf", recvbuf, true, direct);
        final TypeMap[] sendMaps = byteBlocks(call, "sendbuf", c, send, sendcounts, sdispls, sendtypes);
        final TypeMap[] recvMaps = byteBlocks(call, "recvbuf", c, recv, recvcounts, rdispls, recvtypes);
        TypedAlltoallw.alltoallw(calls, c, send, sendcounts, sdispls, sendMaps, recv, recvcounts, rdispls, recvMaps);
    }

    /** Checks blocks of a datatype each, at byte displacements, against {@code memory}; returns their type maps. */
    private static TypeMap[] byteBlocks(final String call, final String which, final Communicator c, final MemorySegment memory,
        final int[] counts, final int[] displs, final Datatype[] types) throws MPIException
    {
        final int n = c.size();
        if (counts == null || displs == null || types == null || counts.length < n || displs.length < n || types.length < n)
        {
            throw MPIException.of(ErrorClass.ERR_ARG, call + ": the counts, displacements and datatypes of " + which + " need " + n
                + " entries each, one per rank");
        }
        final TypeMap[] maps = new TypeMap[n];
        for (int i = 0; i < n; i++)
        {
            if (counts[i] < 0)
            {
                throw MPIException.of(ErrorClass.ERR_COUNT, call + ": count[" + i + "]=" + counts[i] + " of " + which
                    + " is negative; expected 0 or more");
            }
            Buffers.checkType(call, types[i]);
            maps[i] = types[i].map();
            if (counts[i] == 0)
            {
                continue;
            }
            final Layout layout = maps[i].layout();
            final long elementBytes = maps[i].kind().sizeBytes();
            final long low = displs[i] + layout.lowestElement(0, counts[i]) * elementBytes;
            final long high = displs[i] + layout.highestElement(0, counts[i]) * elementBytes;
            if (displs[i] < 0 || low < 0 || high > memory.byteSize())
            {
                throw MPIException.of(ErrorClass.ERR_BUFFER, call + ": block " + i + " of " + which + " (" + counts[i] + " x " + types[i]
                    + " at byte " + displs[i] + ") touches bytes " + low + " to " + (high - 1) + ", outside the buffer's "
                    + memory.byteSize());
            }
        }
        return maps;
    }

    /**
     * Combines every rank's {@code count} items into the root's {@code recvbuf}; with {@code inPlace}, {@code recvbuf} is
     * also the root's send buffer, and {@code sendbuf} the others'.
     */
    static void reduce(final CollectiveCalls calls, final String call, final Communicator c, final boolean direct, final Object sendbuf,
        final Object recvbuf, final int count, final Datatype type, final Op op, final int root, final boolean inPlace)
        throws MPIException
    {
        Args.root(call, c, root);
        final boolean atRoot = c.rank() == root;
        final Buffers.Payload recv = atRoot ? payload(call, "recvbuf", recvbuf, type, true, direct) : null;
        final Buffers.Payload send = inPlace && atRoot ? recv : payload(call, "sendbuf", sendbuf, type, false, direct);
        Buffers.items(call, "sendbuf", send, 0, count, type);
        if (atRoot)
        {
            Buffers.items(call, "recvbuf", recv, 0, count, type);
        }
        final Reduction reduction = reduction(call, op, type);
        ReducingCollectives.reduce(calls, c, null, send.memory(), send.offset(), atRoot ? recv.memory() : null, atRoot ? recv.offset() : 0,
            count, type.map(), root, reduction, op.itemElements(type));
    }

    /** How the ranks' contributions are combined into every rank's receive buffer. */
    enum Combination
    {
        ALL, PREFIX, EXCLUSIVE_PREFIX
    }

    /** Combines every rank's {@code count} items into every rank's {@code recvbuf}, as {@code combination} says. */
    static void everywhere(final CollectiveCalls calls, final String call, final Communicator c, final boolean direct,
        final Object sendbuf, final Object recvbuf, final int count, final Datatype type, final Op op, final boolean inPlace,
        final Combination combination) throws MPIException
    {
        final Buffers.Payload recv = payload(call, "recvbuf", recvbuf, type, true, direct);
        Buffers.items(call, "recvbuf", recv, 0, count, type);
        final Buffers.Payload send = inPlace ? recv : payload(call, "sendbuf", sendbuf, type, false, direct);
        Buffers.items(call, "sendbuf", send, 0, count, type);
        final Reduction reduction = reduction(call, op, type);
        final int itemElements = op.itemElements(type);
        if (combination == Combination.EXCLUSIVE_PREFIX)
        {
            ReducingCollectives.exclusiveScan(calls, c, send.memory(), send.offset(), recv.memory(), recv.offset(), count, type.map(),
                reduction, itemElements);
        }
        else
        {
            ReducingCollectives.everywhere(calls, c, null, send.memory(), send.offset(), recv.memory(), recv.offset(), count, type.map(),
                combination == Combination.PREFIX, reduction, itemElements);
        }
    }

    /**
     * Combines every rank's items, the sum of {@code recvcounts}; rank i receives {@code recvcounts[i]} of the result, in
     * order. With {@code inPlace}, {@code recvbuf} holds the contribution and the result goes to its start.
     */
    static void reduceScatter(final CollectiveCalls calls, final String call, final Communicator c, final boolean direct,
        final Object sendbuf, final Object recvbuf, final int[] recvcounts, final Datatype type, final Op op, final boolean inPlace)
        throws MPIException
    {
        final int total = total(call, c, recvcounts);
        final Buffers.Payload recv = payload(call, "recvbuf", recvbuf, type, true, direct);
        Buffers.items(call, "recvbuf", recv, 0, inPlace ? total : recvcounts[c.rank()], type);
        final Buffers.Payload send = inPlace ? recv : payload(call, "sendbuf", sendbuf, type, false, direct);
        Buffers.items(call, "sendbuf", send, 0, total, type);
        final Reduction reduction = reduction(call, op, type);
        ReducingCollectives.reduceScatter(calls, c, null, send.memory(), send.offset(), recv.memory(), recv.offset(), recvcounts,
            type.map(), total, reduction, op.itemElements(type));
    }

    /** Combines {@code count} items of {@code inBuf} into those of {@code inOutBuf}, on this rank alone. */
    static void reduceLocal(final Object inBuf, final Object inOutBuf, final int count, final Datatype type, final Op op)
        throws MPIException
    {
        final String call = "reduceLocal";
        final Buffers.Payload in = Buffers.map(call, "inBuf", inBuf, type, false);
        Buffers.items(call, "inBuf", in, 0, count, type);
        final Buffers.Payload inOut = Buffers.map(call, "inOutBuf", inOutBuf, type, true);
        Buffers.items(call, "inOutBuf", inOut, 0, count, type);
        ReducingCollectives.local(in.memory(), in.offset(), inOut.memory(), inOut.offset(), count, type.map(), reduction(call, op, type),
            op.itemElements(type));
    }

    /** @return {@code n} counts of {@code count}, for the calls of equal blocks. */
    static int[] counts(final int n, final int count)
    {
        final int[] counts = new int[n];
        java.util.Arrays.fill(counts, count);
        return counts;
    }

    /** @return the displacements of {@code n} blocks of {@code count} items one after another, in items. */
    static int[] displs(final int n, final int count)
    {
        final int[] displs = new int[n];
        for (int i = 0; i < n; i++)
        {
            displs[i] = i * count;
        }
        return displs;
    }

    /** @return the element where the block at {@code displ} (in extents of {@code type}) starts. */
    static long at(final int displ, final Datatype type)
    {
        return (long)displ * type.map().layout().extent();
    }

    static Buffers.Payload payload(final String call, final String which, final Object buf, final Datatype type,
        final boolean receive, final boolean direct) throws MPIException
    {
        if (direct && (buf == null || buf instanceof java.nio.Buffer))
        {
            return Buffers.direct(call, which, (java.nio.Buffer)buf, type, receive);
        }
        return Buffers.map(call, which, buf, type, receive);
    }

    private static int offset(final Buffers.Payload data, final long at)
    {
        return (int)(data.offset() + at);
    }

    /**
     * Checks per-peer counts (in items) and displacements (in extents): one each per rank or neighbour ({@code whose}), every
     * block inside the buffer.
     */
    static void blocks(final String call, final String which, final int n, final String whose, final Buffers.Payload data,
        final int[] counts, final int[] displs, final Datatype type) throws MPIException
    {
        if (counts == null || displs == null || counts.length < n || displs.length < n)
        {
            throw MPIException.of(ErrorClass.ERR_ARG, call + ": the counts and displacements of " + which + " need " + n + " entries each,"
                + " one per " + whose + "; got " + (counts == null ? "null" : counts.length) + " and " + (displs == null ? "null" : displs.length));
        }
        final Layout layout = type.map().layout();
        long elements = 0;
        for (int i = 0; i < n; i++)
        {
            if (counts[i] < 0)
            {
                throw MPIException.of(ErrorClass.ERR_COUNT, call + ": count[" + i + "]=" + counts[i] + " of " + which
                    + " is negative; expected 0 or more");
            }
            elements += (long)counts[i] * layout.size();
            Buffers.items(call, which + " block " + i, data, (long)displs[i] * layout.extent(), counts[i], type);
        }
        if (elements > Integer.MAX_VALUE)
        {
            throw MPIException.of(ErrorClass.ERR_COUNT, call + ": the blocks of " + which + " hold " + elements + " elements together, more"
                + " than one Java buffer holds");
        }
    }

    /** Checks that a block sent and received by the same rank has the same elements on both sides. */
    private static void sameSignature(final String call, final String block, final int sendcount, final Datatype sendtype,
        final int recvcount, final Datatype recvtype) throws MPIException
    {
        if (sendtype.kind() != recvtype.kind())
        {
            throw MPIException.of(ErrorClass.ERR_TYPE, call + ": send type " + sendtype + " and receive type " + recvtype
                + " have base types of different elements (" + sendtype.kind() + ", " + recvtype.kind() + ")");
        }
        final long sent = (long)sendcount * sendtype.map().layout().size();
        final long received = (long)recvcount * recvtype.map().layout().size();
        if (sent != received)
        {
            throw MPIException.of(sent > received ? ErrorClass.ERR_TRUNCATE : ErrorClass.ERR_COUNT, call + ": " + block + " is sent as "
                + sendcount + " x " + sendtype + " (" + sent + " elements) but received as " + recvcount + " x " + recvtype + " ("
                + received + " elements); the type signatures must match");
        }
    }

    private static int total(final String call, final Communicator c, final int[] recvcounts) throws MPIException
    {
        final int n = c.size();
        if (recvcounts == null || recvcounts.length < n)
        {
            throw MPIException.of(ErrorClass.ERR_ARG, call + ": recvcounts needs " + n + " entries, one per rank; got "
                + (recvcounts == null ? "null" : recvcounts.length));
        }
        long total = 0;
        for (int i = 0; i < n; i++)
        {
            if (recvcounts[i] < 0)
            {
                throw MPIException.of(ErrorClass.ERR_COUNT, call + ": recvcounts[" + i + "]=" + recvcounts[i] + " is negative");
            }
            total += recvcounts[i];
        }
        if (total > Integer.MAX_VALUE)
        {
            throw MPIException.of(ErrorClass.ERR_COUNT, call + ": recvcounts add up to " + total + " items, more than one buffer holds");
        }
        return (int)total;
    }

    static Reduction reduction(final String call, final Op op, final Datatype type) throws MPIException
    {
        if (op == null)
        {
            throw MPIException.of(ErrorClass.ERR_OP, call + ": op is null");
        }
        return op.reduction(call, type);
    }
}
