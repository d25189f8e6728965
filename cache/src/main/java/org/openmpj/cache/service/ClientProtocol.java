package org.openmpj.cache.service;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Status;

import org.openmpj.cache.CacheConfig;
import org.openmpj.cache.CacheException;
import org.openmpj.cache.CacheStats;
import org.openmpj.cache.store.Chunks;

/**
 * A client's side of the protocol: one request to its group's server at a time, the reply, and for a file that comes
 * by relay the chunk stream, forwarded on to this client's relay children as it arrives. A push listener thread keeps
 * what the server pushes. An MPI failure (the server's rank died, the job is failing) becomes a {@link CacheException}
 * {@code SERVER_FAILED} naming the group and its server. Thread-safe: operations are serialized.
 */
public final class ClientProtocol implements AutoCloseable
{
    /** The largest Java array. */
    static final long MAX_ARRAY_BYTES = Integer.MAX_VALUE - 8;

    private final Intracomm comm;
    private final int server;
    private final int group;
    private final Object lock = new Object();
    private final LatencyHistogram latency = new LatencyHistogram();
    private final PushedFiles pushed;
    private final Thread listener;
    /**
     * How long a relay parent may forward nothing: twice the backing store's limit, since a parent upstream of the server
     * may wait that long for the store before it fails and says so.
     */
    private final long relayStallMs;
    private boolean closed;
    /** Guarded by {@link #lock}: whether the server's answer to the goodbye, its end, has come. */
    private boolean ended;

    /** Starts this client's push listener. */
    public ClientProtocol(final Intracomm comm, final GroupMap groups, final CacheConfig config)
    {
        this.comm = comm;
        this.group = groups.groupOf(comm.Rank());
        this.server = groups.serverOf(group);
        this.relayStallMs = 2 * config.backingTimeoutMs();
        // Several ranks of a host may share one push directory: each keeps its own copy.
        this.pushed = new PushedFiles(config.pushDir() == null ? null : config.pushDir().resolve("rank-" + comm.Rank()));
        this.listener = new Thread(new PushListener(comm, server, pushed, this), "mpj-cache-push-listener-" + comm.Rank());
        listener.setDaemon(true);
        listener.start();
    }

    /** @return how long a relay parent may forward nothing before a receive from it fails. */
    long relayStallMs()
    {
        return relayStallMs;
    }

    /** @return the whole file, in one round trip when the server holds it and it is small. */
    public byte[] fetch(final String path)
    {
        final byte[][] result = new byte[1][];
        fetch(path, new Destination()
        {
            @Override
            public boolean fromPushed() throws IOException
            {
                result[0] = pushed.read(path);
                return result[0] != null;
            }

            @Override
            public ChunkTarget target(final long size, final int chunkBytes)
            {
                if (size > MAX_ARRAY_BYTES)
                {
                    return ChunkTarget.discarding(chunkBytes, new CacheException(CacheException.Reason.TOO_LARGE, "'" + path + "' is " + size
                        + " bytes, more than a byte[] holds; fetch it to a Path instead"));
                }
                result[0] = new byte[(int) size];
                return ChunkTarget.intoArray(result[0], chunkBytes);
            }

            @Override
            public void whole(final byte[] data)
            {
                result[0] = data;
            }
        });
        return result[0];
    }

    /** Fetches the file into {@code destination} from its position on, leaving the position as it was. @return its size. */
    public long fetch(final String path, final ByteBuffer destination)
    {
        final long[] size = new long[1];
        fetch(path, new Destination()
        {
            @Override
            public boolean fromPushed() throws IOException
            {
                size[0] = pushed.copyTo(path, destination);
                return size[0] >= 0;
            }

            @Override
            public ChunkTarget target(final long fileSize, final int chunkBytes)
            {
                size[0] = fileSize;
                if (fileSize > destination.remaining())
                {
                    return ChunkTarget.discarding(chunkBytes, tooLarge(path, fileSize, destination));
                }
                return ChunkTarget.intoBuffer(destination, chunkBytes);
            }

            @Override
            public void whole(final byte[] data)
            {
                size[0] = data.length;
                if (data.length > destination.remaining())
                {
                    throw tooLarge(path, data.length, destination);
                }
                destination.put(destination.position(), data);
            }
        });
        return size[0];
    }

    /** Fetches the file into a new or truncated local file {@code target}, of any size. @return its size. */
    public long fetchTo(final String path, final Path target)
    {
        final long[] size = new long[1];
        final FileChannel[] channel = new FileChannel[1];
        try
        {
            fetch(path, new Destination()
            {
                @Override
                public boolean fromPushed() throws IOException
                {
                    size[0] = pushed.copyTo(path, target);
                    return size[0] >= 0;
                }

                @Override
                public ChunkTarget target(final long fileSize, final int chunkBytes)
                {
                    size[0] = fileSize;
                    try
                    {
                        channel[0] = open(target);
                        return ChunkTarget.intoChannel(channel[0], chunkBytes);
                    }
                    catch (final IOException ex)
                    {
                        return ChunkTarget.discarding(chunkBytes, localIo(target, ex));
                    }
                }

                @Override
                public void whole(final byte[] data) throws IOException
                {
                    size[0] = data.length;
                    Files.write(target, data);
                }
            });
        }
        finally
        {
            if (channel[0] != null)
            {
                try
                {
                    channel[0].close();
                }
                catch (final IOException ex)
                {
                    throw localIo(target, ex);
                }
            }
        }
        return size[0];
    }

    /** @return the file's size, or -1 when it does not exist. */
    public long size(final String path)
    {
        try
        {
            final long local = pushed.size(path);
            if (local >= 0)
            {
                return local;
            }
        }
        catch (final IOException ex)
        {
            throw localIo(Path.of(path), ex);
        }
        synchronized (lock)
        {
            final Reply reply = call(Request.of(Op.SIZE, path));
            return reply.size();
        }
    }

    /** Asks the server to load {@code paths} ahead of use; returns at once. */
    public void prefetch(final List<String> paths)
    {
        synchronized (lock)
        {
            checkOpen();
            send(new Request(Op.PREFETCH, 0, paths, new byte[0]));
        }
    }

    /** Publishes {@code paths} to every client of this group, or of every group; returns once all hold them. */
    public void push(final List<String> paths, final boolean allGroups)
    {
        synchronized (lock)
        {
            call(new Request(Op.PUSH, allGroups ? 1 : 0, paths, new byte[0]));
        }
    }

    /** @return the group's tier counts, with this client's own request latencies. */
    public CacheStats stats()
    {
        synchronized (lock)
        {
            final Reply reply = call(Request.of(Op.STATS, ""));
            synchronized (latency)
            {
                return StatsCodec.decode(reply.payload(), StatsCodec.latencyOf(latency));
            }
        }
    }

    /** {@link #awaitEnd()}: says goodbye and waits for every other client. Collective. */
    @Override
    public void close()
    {
        awaitEnd();
    }

    /**
     * Tells the server, with this client's latencies, that this client asks for nothing more; returns at once. The push
     * listener goes on relaying and keeping pushes until the cache ends ({@link #awaitEnd()}).
     */
    public void sayGoodbye()
    {
        synchronized (lock)
        {
            if (closed)
            {
                return;
            }
            final byte[] statistics;
            synchronized (latency)
            {
                statistics = latency.encode();
            }
            // The server answers a goodbye only once every client of the job has said it: awaitEnd takes the answer.
            send(new Request(Op.BYE, 0, List.of(), statistics));
            closed = true;
        }
    }

    /**
     * Says goodbye if this client has not, then waits until every client of the job has and the server has ended this
     * client's push listener.
     */
    public void awaitEnd()
    {
        sayGoodbye();
        synchronized (lock)
        {
            if (!ended)
            {
                receiveReply();
                ended = true;
            }
        }
        try
        {
            listener.join();
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }

    /** Rereads chunk {@code index} of {@code path} from the backing store, for a copy that arrived corrupt. */
    byte[] repair(final String path, final int index)
    {
        synchronized (lock)
        {
            final Reply reply = call(new Request(Op.REPAIR, index, List.of(path), new byte[0]));
            final byte[] data = reply.payload();
            if (Chunks.crc(data, 0, data.length) != reply.inlineCrc())
            {
                throw new CacheException(CacheException.Reason.CORRUPT, "chunk " + index + " of '" + path
                    + "' arrived corrupt twice, the second time straight from the server");
            }
            return data;
        }
    }

    private void fetch(final String path, final Destination destination)
    {
        final long startNs = System.nanoTime();
        if (!fromPushed(path, destination) && !fetchFromServer(path, destination, startNs, false))
        {
            // The file is being pushed to this client: it comes with the push, or else by a stream of its own.
            final boolean kept;
            try
            {
                kept = pushed.awaitPush(path);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                throw new CacheException(CacheException.Reason.SERVER_FAILED, "interrupted while '" + path + "' was being pushed here", ex);
            }
            if (!kept || !fromPushed(path, destination))
            {
                fetchFromServer(path, destination, startNs, true);
            }
        }
        synchronized (latency)
        {
            latency.record(System.nanoTime() - startNs);
        }
    }

    private static boolean fromPushed(final String path, final Destination destination)
    {
        try
        {
            return destination.fromPushed();
        }
        catch (final IOException ex)
        {
            throw localIo(Path.of(path), ex);
        }
    }

    /**
     * Asks the server for the file and receives it.
     *
     * @param alone whether to ask for a stream of this client's own, which no other client joins.
     * @return true; false when the server answered that the file is being pushed to this client.
     */
    private boolean fetchFromServer(final String path, final Destination destination, final long startNs, final boolean alone)
    {
        final Request fetch = alone ? fetchAlone(path) : Request.of(Op.FETCH, path);
        synchronized (lock)
        {
            Reply reply = call(fetch);
            if (inlineCorrupt(reply))
            {
                reply = call(fetch);
                if (inlineCorrupt(reply))
                {
                    throw new CacheException(CacheException.Reason.CORRUPT, "'" + path + "' arrived corrupt twice from the server");
                }
            }
            if (reply.status() == Reply.PUSHING)
            {
                return false;
            }
            int firstIndex = 0;
            if (reply.status() == Reply.JOINED)
            {
                firstIndex = awaitJoinStart(reply.parent(), path);
                if (firstIndex < 0)
                {
                    reply = call(fetchAlone(path));
                    firstIndex = 0;
                }
            }
            try
            {
                if (reply.chunkCount() == 0)
                {
                    destination.whole(reply.payload());
                }
                else
                {
                    final ChunkTarget target = destination.target(reply.size(), reply.chunkBytes());
                    if (!receiveStream(path, reply, target, firstIndex, startNs))
                    {
                        // The node that adopted this client cannot pass on what it missed: a stream of its own.
                        receiveStream(path, call(fetchAlone(path)), target, 0, startNs);
                    }
                }
            }
            catch (final IOException ex)
            {
                throw localIo(Path.of(path), ex);
            }
        }
        return true;
    }

    /** @return a request for {@code path} by a stream of this client's own, which no other client joins. */
    private static Request fetchAlone(final String path)
    {
        return new Request(Op.FETCH, Op.FETCH_ALONE, List.of(path), new byte[0]);
    }

    /** @return whether {@code reply} carries the file inline and its bytes fail their checksum. */
    private static boolean inlineCorrupt(final Reply reply)
    {
        return reply.status() == Reply.OK && reply.chunkCount() == 0 && Chunks.crc(reply.payload(), 0, reply.payload().length) != reply.inlineCrc();
    }

    /**
     * Receives a file's chunk stream into {@code target}, from chunk {@code firstIndex} round, repairing corrupt chunks;
     * then passes on what this client owes the clients it adopted, and ends its part in the relay.
     *
     * @param startNs when the fetch began.
     * @return true; false when the node that adopted this client said it cannot pass on the chunks it missed.
     */
    private boolean receiveStream(final String path, final Reply header, final ChunkTarget target, final int firstIndex,
        final long startNs)
    {
        if (header.chunkCount() == 0)
        {
            throw new CacheException(CacheException.Reason.SERVER_FAILED, "the server sent '" + path + "' inline when asked again for it"
                + " alone, after it had streamed");
        }
        final StreamReceiver stream = new StreamReceiver(comm, header.parent(), header.children(), StreamKind.FETCH, header.size(),
            header.chunkCount(), target, relayStallMs, firstIndex, new StreamReceiver.Fetch(server, path, startNs));
        final int[] corrupt;
        try
        {
            corrupt = stream.receive();
        }
        catch (final MPIException ex)
        {
            throw serverFailed(ex);
        }
        catch (final RuntimeException ex)
        {
            release(stream);
            if (stream.parentCannotPassOn())
            {
                return false;
            }
            throw ex;
        }
        try
        {
            for (final int index : corrupt)
            {
                target.onRepair(index, repair(path, index));
            }
        }
        finally
        {
            release(stream);
        }
        if (target.problem() != null)
        {
            throw target.problem();
        }
        return true;
    }

    private void release(final StreamReceiver stream)
    {
        try
        {
            StreamRelease.release(comm, stream);
        }
        catch (final MPIException ex)
        {
            throw serverFailed(ex);
        }
    }

    /**
     * @return the chunk the adopter of this joining client forwards first, or -1 when it cannot adopt.
     * @throws CacheException {@code SOURCE_TIMEOUT} when it does not answer within the relay stall limit.
     */
    private int awaitJoinStart(final int adopter, final String path)
    {
        final int[] start = new int[1];
        final mpi.Request[] answer = {comm.Irecv(start, 0, 1, MPI.INT, adopter, Tags.JOIN_START)};
        try (RelayStall stall = new RelayStall(relayStallMs, answer))
        {
            answer[0].Wait();
            if (stall.stalled())
            {
                throw new CacheException(CacheException.Reason.SOURCE_TIMEOUT, "relay node rank " + adopter + " did not answer within "
                    + stall.limitMs() + " ms when this client joined its stream of '" + path + "'");
            }
        }
        catch (final MPIException ex)
        {
            throw serverFailed(ex);
        }
        return start[0];
    }

    private Reply call(final Request request)
    {
        checkOpen();
        send(request);
        return receiveReply();
    }

    private Reply receiveReply()
    {
        try
        {
            final Status status = comm.Probe(server, Tags.REPLY);
            final int length = status.Get_count(MPI.BYTE);
            final byte[] wire = new byte[length];
            comm.Recv(wire, 0, length, MPI.BYTE, server, Tags.REPLY);
            final Reply reply = Reply.decode(wire, length);
            if (reply.status() == Reply.ERROR)
            {
                throw reply.toException();
            }
            return reply;
        }
        catch (final MPIException ex)
        {
            throw serverFailed(ex);
        }
    }

    private void send(final Request request)
    {
        final byte[] wire = request.encode();
        try
        {
            comm.Send(wire, 0, wire.length, MPI.BYTE, server, Tags.REQUEST);
        }
        catch (final MPIException ex)
        {
            throw serverFailed(ex);
        }
    }

    private void checkOpen()
    {
        if (closed)
        {
            throw new IllegalStateException("this cache client is closed");
        }
    }

    CacheException serverFailed(final RuntimeException cause)
    {
        return new CacheException(CacheException.Reason.SERVER_FAILED, "the cache server of group " + group + " (rank " + server
            + ") failed or stopped answering: " + cause.getMessage(), cause);
    }

    private static FileChannel open(final Path target) throws IOException
    {
        // Read as well: a client that adopts a late joiner passes it the chunks it missed from this file.
        return FileChannel.open(target, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE,
            StandardOpenOption.READ);
    }

    private static CacheException tooLarge(final String path, final long size, final ByteBuffer destination)
    {
        return new CacheException(CacheException.Reason.TOO_LARGE, "'" + path + "' is " + size + " bytes; the buffer has room for "
            + destination.remaining());
    }

    private static CacheException localIo(final Path target, final IOException cause)
    {
        return new CacheException(CacheException.Reason.LOCAL_IO, "cannot write " + target + ": " + cause, cause);
    }

    /** Where one fetch puts the file. */
    private interface Destination
    {
        /** @return true when the file was pushed to this client and is now in place. */
        boolean fromPushed() throws IOException;

        /** @return where the chunks of a file of {@code size} go. */
        ChunkTarget target(long size, int chunkBytes);

        /** Takes the whole file, which came inline. */
        void whole(byte[] data) throws IOException;
    }
}
