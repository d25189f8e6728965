package org.openmpj.cache.service;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

import mpi.Intracomm;
import mpi.MPI;
import mpi.Status;

import org.openmpj.cache.CacheConfig;
import org.openmpj.cache.CacheException;
import org.openmpj.cache.CachePaths;
import org.openmpj.cache.CacheStats;
import org.openmpj.cache.Source;
import org.openmpj.cache.store.CachedFile;
import org.openmpj.cache.store.Chunks;
import org.openmpj.cache.store.DiskTier;
import org.openmpj.cache.store.MemoryTier;
import org.openmpj.cache.store.TierCounters;

/**
 * The cache server of one node group. Its calling thread receives every request ({@link #serve()}); answers that need
 * no waiting (a small file in memory, statistics) go out at once, the rest from worker threads: loaders read the
 * backing store, senders stream files down relays of the clients that asked for them together, a push worker
 * publishes files to every client. {@link #serve()} returns once every client of every group has said goodbye.
 */
public final class CacheServer
{
    private static final byte[] EMPTY = new byte[0];

    private final Intracomm comm;
    private final GroupMap groups;
    private final int rank;
    private final int group;
    private final int[] clients;
    private final CacheConfig config;
    private final TieredStore store;
    private final Pusher pusher;
    private final RequestGatherer gatherer;
    private final ExecutorService loaders;
    private final ExecutorService senders;
    private final ExecutorService queries;
    private final ScheduledExecutorService timer;
    private final int inlineBytes;
    private final int fanout;
    private final LatencyHistogram groupLatency = new LatencyHistogram();
    private final StreamCounters streams = new StreamCounters();
    private final LiveRelays relays;
    private final PrintStream console;
    private volatile Throwable fatal;
    private volatile boolean ownPushesDone;
    private int clientsDone;
    private int serversDone;

    /**
     * @param comm   the cache's communicator, over which every server and client of the job talk.
     * @param source the backing store; the server closes it when done.
     */
    public CacheServer(final Intracomm comm, final GroupMap groups, final CacheConfig config, final Source source, final PrintStream console)
    {
        this.comm = comm;
        this.groups = groups;
        this.rank = comm.Rank();
        this.group = groups.groupOf(rank);
        this.clients = groups.clientsOf(group);
        this.config = config;
        this.console = console;
        this.inlineBytes = config.inlineBytes();
        this.fanout = config.relayFanout();
        final String prefix = "mpj-cache-g" + group + "-";
        this.loaders = Executors.newFixedThreadPool(4, daemons(prefix + "loader-"));
        this.senders = Executors.newCachedThreadPool(daemons(prefix + "sender-"));
        this.queries = Executors.newFixedThreadPool(2, daemons(prefix + "query-"));
        this.timer = Executors.newSingleThreadScheduledExecutor(daemons(prefix + "gather-"));
        this.store = new TieredStore(new MemoryTier(config.memoryBytes(), config.memoryPolicy()), openDisk(config, group), source,
            config.chunkBytes(), config.backingTimeoutMs(), loaders);
        this.pusher = new Pusher(comm, groups, store, streams, fanout, console, this::failed);
        this.relays = new LiveRelays(groups, rank, fanout);
        this.gatherer = new RequestGatherer(config.relayGatherMicros(), timer, this::gathered);
    }

    /** Serves requests until every client of every group is done. Throws when the server cannot go on. */
    public void serve()
    {
        try
        {
            preload();
            pusher.pushAtStart(config.pushList());
            if (clients.length == 0)
            {
                onClientsDone();
            }
            final byte[] probeBuffer = new byte[0];
            while (true)
            {
                final Status status = comm.Probe(MPI.ANY_SOURCE, Tags.REQUEST);
                final int length = status.Get_count(MPI.BYTE);
                final byte[] wire = length == 0 ? probeBuffer : new byte[length];
                comm.Recv(wire, 0, length, MPI.BYTE, status.source, Tags.REQUEST);
                if (fatal != null)
                {
                    throw new CacheException(CacheException.Reason.SERVER_FAILED, "cache server of group " + group + " (rank " + rank
                        + ") failed: " + fatal, fatal);
                }
                final Request request;
                try
                {
                    request = Request.decode(wire, length);
                }
                catch (final IllegalArgumentException ex)
                {
                    console.println("MPJ-Cache group " + group + ": ignored a request from rank " + status.source + " that does not decode: "
                        + ex.getMessage());
                    continue;
                }
                if (handle(request, status.source))
                {
                    return;
                }
            }
        }
        finally
        {
            pusher.shutdown();
            loaders.shutdownNow();
            senders.shutdownNow();
            queries.shutdownNow();
            timer.shutdownNow();
            store.close();
        }
    }

    /** @return true when the job's cache is done and this server must stop. */
    private boolean handle(final Request request, final int from)
    {
        switch (request.op())
        {
            case FETCH -> fetch(request.paths().get(0), request.arg() == Op.FETCH_ALONE, from);
            case SIZE -> queries.execute(guarded(() -> size(request.paths().get(0), from)));
            case PREFETCH -> request.paths().forEach(this::prefetch);
            case STATS -> reply(from, Reply.payload(StatsCodec.encode(stats(clientLatency()))));
            case REPAIR -> queries.execute(guarded(() -> repair(request.paths().get(0), (int) request.arg(), from)));
            case PUSH -> pusher.push(request.paths(), request.arg() != 0, from);
            case PUSH_FORWARDED -> pusher.pushForwarded(request.paths(), from);
            case BYE -> goodbye(request, from);
            case WAKE -> joinLate();
            case DONE -> nodeDone(request.paths().get(0), request.arg(), from);
            default -> throw new IllegalStateException("unhandled operation " + request.op());
        }
        return clientsDone == clients.length && ownPushesDone && serversDone == groups.groups() - 1 && finish();
    }

    private void fetch(final String asked, final boolean alone, final int from)
    {
        final String path;
        try
        {
            path = CachePaths.normalize(asked);
        }
        catch (final CacheException ex)
        {
            reply(from, Reply.error(ex.reason(), ex.getMessage()));
            return;
        }
        if (alone)
        {
            startDelivery(relays.alone(path, from));
            return;
        }
        final CachedFile held = store.memory().lookup(path);
        if (held != null && held.sizeBytes() <= inlineBytes && held.isComplete())
        {
            replyInline(from, held);
            return;
        }
        if (pusher.isPushing(path))
        {
            reply(from, Reply.pushing());
            return;
        }
        if (joinLiveRelay(path, from))
        {
            if (held == null)
            {
                store.countCoalesced();
            }
            return;
        }
        final boolean joined = gatherer.add(path, from, held != null && held.isComplete());
        if (held == null && (joined || store.isOpening(path)))
        {
            store.countCoalesced();
        }
        if (held == null && !joined)
        {
            store.obtain(path);
        }
    }

    /** Takes a batch of requests the gatherer closed: it starts a relay, or joins the file's live one. */
    private void gathered(final String path, final int[] members)
    {
        final LiveRelays.Relay relay = relays.gathered(path, members);
        if (relay != null)
        {
            startDelivery(relay);
        }
        else if (relays.hasLate())
        {
            // Adopting sends to relay nodes, which the request loop alone does: a node's DONE is answered there.
            wakeUp();
        }
    }

    /** Adopts the requests that were gathered while their file's relay streamed, or starts a relay where it has ended. */
    private void joinLate()
    {
        for (final LiveRelays.LateMember member : relays.takeLate())
        {
            if (!joinLiveRelay(member.path(), member.rank()))
            {
                gathered(member.path(), new int[] {member.rank()});
            }
        }
    }

    /** Hands {@code relay} to a sender thread, which delivers the file to its members. */
    private void startDelivery(final LiveRelays.Relay relay)
    {
        senders.execute(guarded(() -> deliver(relay)));
    }

    /**
     * Offers {@code rank}'s request to the file's live relay: a member of it if it has not started, else adopted by one
     * of its nodes. Request loop only.
     *
     * @return false when no relay of the file is live.
     */
    private boolean joinLiveRelay(final String path, final int rank)
    {
        final LiveRelays.Adoption adoption = relays.offer(path, rank);
        if (adoption == null)
        {
            return false;
        }
        if (!adoption.asMember())
        {
            adopted(path, rank, adoption);
        }
        return true;
    }

    /** Tells the adopter to take {@code joiner} on and the joiner where its stream comes from. Request loop only. */
    private void adopted(final String path, final int joiner, final LiveRelays.Adoption adoption)
    {
        final int[] ask = {Tags.ADOPT_JOINER, joiner};
        comm.Send(ask, 0, ask.length, MPI.INT, adoption.adopter(), Tags.ADOPT);
        reply(joiner, Reply.joined(adoption.sizeBytes(), adoption.chunkBytes(), adoption.chunkCount(), adoption.adopter()));
        store.memory().counters().served(adoption.sizeBytes());
        streams.of(path).joined();
    }

    /**
     * A relay node has passed on all it holds: it is asked to adopt no more, and told so. Request loop only.
     *
     * @param fetchNanos how long its fetch took, or -1 when it said so before it had the file.
     */
    private void nodeDone(final String path, final long fetchNanos, final int node)
    {
        relays.done(path, node);
        if (fetchNanos >= 0)
        {
            streams.of(path).fetched(fetchNanos);
        }
        final int[] release = {Tags.RELEASE, 0};
        comm.Send(release, 0, release.length, MPI.INT, node, Tags.ADOPT);
    }

    /** Sends the file to the relay's members: inline when small, else down the relay, which late requests then join. */
    private void deliver(final LiveRelays.Relay relay) throws InterruptedException
    {
        final String path = relay.path();
        CachedFile file;
        try
        {
            file = store.awaitOpened(path);
        }
        catch (final CacheException ex)
        {
            for (final int member : relays.close(relay))
            {
                reply(member, Reply.error(ex.reason(), ex.getMessage()));
            }
            return;
        }
        if (!file.isResident())
        {
            file = store.stream(file);
        }
        if (file.sizeBytes() <= inlineBytes)
        {
            try
            {
                store.awaitLoaded(file);
            }
            catch (final CacheException ex)
            {
                store.forget(file);
                for (final int member : relays.close(relay))
                {
                    reply(member, Reply.error(ex.reason(), ex.getMessage()));
                }
                return;
            }
            for (final int member : relays.close(relay))
            {
                replyInline(member, file);
            }
            return;
        }
        final LiveRelays.Start start = relays.start(relay, file.sizeBytes(), file.chunkBytes(), file.chunkCount());
        final int[] members = start.members();
        final RelayPlan plan = start.plan();
        for (final int member : members)
        {
            reply(member, Reply.stream(file.sizeBytes(), file.chunkBytes(), file.chunkCount(), plan.parentOf(member),
                plan.childrenOf(member), EMPTY));
        }
        store.memory().counters().served(file.sizeBytes() * members.length);
        final StreamCounters.FileCounters counts = streams.of(path);
        counts.started(members.length);
        try
        {
            StreamSender.send(comm, file, plan.childrenOf(rank), StreamKind.FETCH, store.stall(), store.sourceName(), counts);
        }
        catch (final CacheException ex)
        {
            // Its nodes pass the failure on; a request from now on is not adopted into it but starts afresh.
            relays.close(relay);
            store.forget(file);
        }
    }

    private void replyInline(final int to, final CachedFile file)
    {
        final byte[] data = new byte[(int) file.sizeBytes()];
        for (int index = 0; index < file.chunkCount(); index++)
        {
            final byte[] chunk = file.chunk(index);
            System.arraycopy(chunk, 0, data, index * file.chunkBytes(), chunk.length);
        }
        store.memory().counters().served(data.length);
        streams.of(file.path()).sent(data.length);
        reply(to, new Reply(Reply.OK, null, file.chunkBytes(), data.length, 0, -1, new int[0], Chunks.crc(data, 0, data.length), data));
    }

    private void size(final String asked, final int from)
    {
        try
        {
            final String path = CachePaths.normalize(asked);
            final CompletableFuture<Long> size = CompletableFuture.supplyAsync(() ->
            {
                try
                {
                    return store.sizeOf(path);
                }
                catch (final IOException ex)
                {
                    throw new CacheException(CacheException.Reason.SOURCE_UNAVAILABLE, "cannot stat '" + path + "' in " + store.sourceName()
                        + ": " + ex, ex);
                }
            }, loaders);
            reply(from, Reply.size(awaitQuery(size, "the size of '" + path + "'")));
        }
        catch (final CacheException ex)
        {
            reply(from, Reply.error(ex.reason(), ex.getMessage()));
        }
    }

    private void repair(final String asked, final int index, final int from)
    {
        try
        {
            final String path = CachePaths.normalize(asked);
            final CompletableFuture<byte[]> chunk = CompletableFuture.supplyAsync(() ->
            {
                try
                {
                    return store.readChunk(path, index);
                }
                catch (final IOException ex)
                {
                    throw new CacheException(CacheException.Reason.SOURCE_UNAVAILABLE, "cannot reread chunk " + index + " of '" + path + "' from "
                        + store.sourceName() + ": " + ex, ex);
                }
            }, loaders);
            final byte[] data = awaitQuery(chunk, "chunk " + index + " of '" + path + "'");
            store.memory().counters().corruptChunk();
            reply(from, new Reply(Reply.OK, null, data.length, data.length, 0, -1, new int[0], Chunks.crc(data, 0, data.length), data));
        }
        catch (final CacheException ex)
        {
            reply(from, Reply.error(ex.reason(), ex.getMessage()));
        }
    }

    private <T> T awaitQuery(final CompletableFuture<T> query, final String what)
    {
        try
        {
            return store.stall().await(query);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new CacheException(CacheException.Reason.SERVER_FAILED, "interrupted while reading " + what);
        }
        catch (final ExecutionException ex)
        {
            throw ex.getCause() instanceof CacheException cause ? cause
                : new CacheException(CacheException.Reason.SOURCE_UNAVAILABLE, "reading " + what + " failed: " + ex.getCause(), ex.getCause());
        }
        catch (final TimeoutException ex)
        {
            throw new CacheException(CacheException.Reason.SOURCE_TIMEOUT, "the backing store " + store.sourceName() + " did not give " + what
                + ": " + store.stall().silence());
        }
    }

    private void prefetch(final String asked)
    {
        try
        {
            store.obtain(CachePaths.normalize(asked));
        }
        catch (final CacheException ex)
        {
            // A prefetch is a hint: a bad path is reported when the file is fetched.
        }
    }

    private void preload()
    {
        final Path list = config.preloadList();
        if (list == null)
        {
            return;
        }
        final List<String> paths = readList(list, CacheConfig.PRELOAD_PROP_NAME);
        final Progress progress = new Progress(console, "MPJ-Cache group " + group + ": preload", paths.size());
        final AtomicInteger failures = new AtomicInteger();
        final AtomicInteger left = new AtomicInteger(paths.size());
        for (final String path : paths)
        {
            store.obtain(CachePaths.normalize(path)).whenComplete((file, failure) -> loaders.execute(() ->
            {
                try
                {
                    if (failure != null)
                    {
                        throw failure;
                    }
                    if (file.isResident())
                    {
                        store.awaitLoaded(file);
                    }
                    progress.fileDone(file.sizeBytes());
                }
                catch (final Throwable ex)
                {
                    failures.incrementAndGet();
                    console.println("MPJ-Cache group " + group + ": cannot preload '" + path + "': " + ex.getMessage());
                }
                if (left.decrementAndGet() == 0)
                {
                    progress.finished(failures.get());
                }
            }));
        }
    }

    /** @return the non-empty, non-comment lines of a list of paths. */
    static List<String> readList(final Path list, final String setting)
    {
        try
        {
            final List<String> paths = new ArrayList<>();
            for (final String line : Files.readAllLines(list, StandardCharsets.UTF_8))
            {
                final String path = line.strip();
                if (!path.isEmpty() && !path.startsWith("#"))
                {
                    paths.add(path);
                }
            }
            return paths;
        }
        catch (final IOException ex)
        {
            throw new CacheException(CacheException.Reason.CONFIG, setting + ": cannot read the list " + list + ": " + ex, ex);
        }
    }

    private void goodbye(final Request request, final int from)
    {
        if (groups.isServer(from))
        {
            serversDone++;
            return;
        }
        try
        {
            synchronized (groupLatency)
            {
                groupLatency.add(LatencyHistogram.decode(request.payload()));
            }
        }
        catch (final IllegalArgumentException ex)
        {
            console.println("MPJ-Cache group " + group + ": rank " + from + " said goodbye with statistics that do not decode: " + ex.getMessage());
        }
        clientsDone++;
        if (clientsDone == clients.length)
        {
            onClientsDone();
        }
    }

    private void onClientsDone()
    {
        {
            // Our own pushes end before the other servers hear we are done: they may still be serving them.
            pusher.afterPushes(() ->
            {
                for (final int server : groups.servers())
                {
                    if (server != rank)
                    {
                        final byte[] bye = new Request(Op.BYE, 1, List.of(), EMPTY).encode();
                        comm.Send(bye, 0, bye.length, MPI.BYTE, server, Tags.REQUEST);
                    }
                }
                ownPushesDone = true;
                wakeUp();
            });
        }
    }

    private boolean finish()
    {
        if (config.printStats())
        {
            final CacheStats stats;
            synchronized (groupLatency)
            {
                stats = stats(StatsCodec.latencyOf(groupLatency));
            }
            System.out.println(stats.format());
        }
        final byte[] end = Reply.end().encode();
        for (final int client : clients)
        {
            comm.Send(end, 0, end.length, MPI.BYTE, client, Tags.PUSH);
            comm.Send(end, 0, end.length, MPI.BYTE, client, Tags.REPLY);
        }
        return true;
    }

    /** @return the disk tier {@code config} asks for, in a directory of its own per group, or null. */
    private static DiskTier openDisk(final CacheConfig config, final int group)
    {
        final Path dir = config.diskDir();
        if (dir == null)
        {
            return null;
        }
        try
        {
            // Servers of several groups on one host (--group-size) must not share one tier directory.
            return DiskTier.open(dir.resolve("group-" + group), config.diskBytes(), config.diskPolicy(), config.chunkBytes());
        }
        catch (final IOException ex)
        {
            throw new CacheException(CacheException.Reason.CONFIG, CacheConfig.DISK_DIR_PROP_NAME + "=" + dir
                + ": cannot open the disk tier: " + ex, ex);
        }
    }

    /** @return the group's statistics now, with {@code latency}. */
    CacheStats stats(final CacheStats.Latency latency)
    {
        final List<TierCounters.Snapshot> tiers = new ArrayList<>();
        tiers.add(store.memory().counters().snapshot());
        if (store.disk() != null)
        {
            tiers.add(store.disk().counters().snapshot());
        }
        tiers.add(store.backing().snapshot());
        return new CacheStats(group, tiers, store.coalescedMisses(), pusher.pushedFiles(), streams.snapshot(), streams.totals(), latency);
    }

    private CacheStats.Latency clientLatency()
    {
        synchronized (groupLatency)
        {
            return StatsCodec.latencyOf(groupLatency);
        }
    }

    private void reply(final int to, final Reply reply)
    {
        final byte[] wire = reply.encode();
        comm.Send(wire, 0, wire.length, MPI.BYTE, to, Tags.REPLY);
    }

    /** Wakes the request loop, to notice a worker's failure or that this server may finish. */
    private void wakeUp()
    {
        final byte[] wake = new Request(Op.WAKE, 0, List.of(), EMPTY).encode();
        comm.Send(wake, 0, wake.length, MPI.BYTE, rank, Tags.REQUEST);
    }

    private void failed(final Throwable failure)
    {
        if (fatal == null)
        {
            fatal = failure;
        }
        try
        {
            wakeUp();
        }
        catch (final RuntimeException ex)
        {
            // The job is failing already; the request loop hears of it from MPI.
        }
    }

    private Runnable guarded(final Work work)
    {
        return () ->
        {
            try
            {
                work.run();
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
            catch (final Throwable ex)
            {
                failed(ex);
            }
        };
    }

    /** A worker's task, which may wait. */
    @FunctionalInterface
    interface Work
    {
        void run() throws InterruptedException;
    }

    static ThreadFactory daemons(final String prefix)
    {
        final AtomicInteger count = new AtomicInteger();
        return task ->
        {
            final Thread thread = new Thread(task, prefix + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
