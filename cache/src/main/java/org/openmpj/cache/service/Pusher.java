package org.openmpj.cache.service;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

import mpi.Intracomm;
import mpi.MPI;
import mpi.Status;

import org.openmpj.cache.CacheConfig;
import org.openmpj.cache.CacheException;
import org.openmpj.cache.CachePaths;
import org.openmpj.cache.store.CachedFile;

/**
 * A server's pushes: files sent down a relay of every client of the group, each client's listener keeping them, and
 * for a push to the whole job the same asked of every other server. Pushes this server starts run one after another on
 * one thread; pushes other servers forward run on another, so two servers pushing to each other's groups at once do
 * not wait on each other. Only one stream at a time goes to this group's clients.
 */
final class Pusher
{
    private static final byte[] EMPTY = new byte[0];

    private final Intracomm comm;
    private final GroupMap groups;
    private final int rank;
    private final int group;
    private final int[] clients;
    private final TieredStore store;
    private final int fanout;
    private final PrintStream console;
    private final Consumer<Throwable> onFatal;
    private final ExecutorService own;
    private final ExecutorService forwarded;
    private final Object streamLock = new Object();
    private final LongAdder pushedFiles = new LongAdder();
    private final StreamCounters streams;
    /** The paths being pushed to this group's clients now, each with how many pushes of it are under way. */
    private final Map<String, Integer> pushing = new HashMap<>();

    /** @param streams where the server counts what it sends of each file. */
    Pusher(final Intracomm comm, final GroupMap groups, final TieredStore store, final StreamCounters streams, final int fanout,
        final PrintStream console, final Consumer<Throwable> onFatal)
    {
        this.streams = streams;
        this.comm = comm;
        this.groups = groups;
        this.rank = comm.Rank();
        this.group = groups.groupOf(rank);
        this.clients = groups.clientsOf(group);
        this.store = store;
        this.fanout = fanout;
        this.console = console;
        this.onFatal = onFatal;
        this.own = Executors.newSingleThreadExecutor(CacheServer.daemons("mpj-cache-g" + group + "-push-"));
        this.forwarded = Executors.newSingleThreadExecutor(CacheServer.daemons("mpj-cache-g" + group + "-forwarded-push-"));
    }

    /** Pushes the files listed in {@code list} (if not null) to this group's clients, in the background. */
    void pushAtStart(final Path list)
    {
        if (list != null)
        {
            final List<String> paths = CacheServer.readList(list, CacheConfig.PUSH_LIST_PROP_NAME);
            run(own, () -> pushLocally(paths));
        }
    }

    /** Pushes {@code paths} for the client {@code from}, to this group or to every group, then answers it. */
    void push(final List<String> paths, final boolean allGroups, final int from)
    {
        run(own, () ->
        {
            final List<String> failures = pushLocally(paths);
            if (allGroups)
            {
                failures.addAll(forwardToOtherServers(paths));
            }
            final Reply reply = failures.isEmpty() ? Reply.payload(EMPTY)
                : Reply.error(CacheException.Reason.NOT_FOUND, "push of " + paths.size() + " files failed: " + String.join("; ", failures));
            final byte[] wire = reply.encode();
            comm.Send(wire, 0, wire.length, MPI.BYTE, from, Tags.REPLY);
        });
    }

    /** Pushes {@code paths} to this group for the server {@code from}, then tells it so. */
    void pushForwarded(final List<String> paths, final int from)
    {
        run(forwarded, () ->
        {
            final byte[] text = String.join("; ", pushLocally(paths)).getBytes(StandardCharsets.UTF_8);
            comm.Send(text, 0, text.length, MPI.BYTE, from, Tags.PUSH_DONE);
        });
    }

    /** Runs {@code then} once every push this server started so far has ended. */
    void afterPushes(final Runnable then)
    {
        run(own, then::run);
    }

    /**
     * @return whether {@code path} is being pushed to this group's clients, from before the file is opened until every
     *         client has said whether it kept it: a client that asks for it then gets it from the push.
     */
    boolean isPushing(final String path)
    {
        synchronized (pushing)
        {
            return pushing.containsKey(path);
        }
    }

    long pushedFiles()
    {
        return pushedFiles.sum();
    }

    void shutdown()
    {
        own.shutdownNow();
        forwarded.shutdownNow();
    }

    /** @return what failed, one line per file or client. */
    private List<String> pushLocally(final List<String> paths) throws InterruptedException
    {
        final List<String> failures = new ArrayList<>();
        final Progress progress = new Progress(console, "MPJ-Cache group " + group + ": push", paths.size());
        for (final String asked : paths)
        {
            final String path;
            try
            {
                path = CachePaths.normalize(asked);
            }
            catch (final CacheException ex)
            {
                failures.add(ex.getMessage());
                continue;
            }
            synchronized (pushing)
            {
                pushing.merge(path, 1, Integer::sum);
            }
            try
            {
                CachedFile file = store.awaitOpened(path);
                if (!file.isResident())
                {
                    file = store.stream(file);
                }
                synchronized (streamLock)
                {
                    sendToClients(path, file, failures);
                }
                pushedFiles.increment();
                progress.fileDone(file.sizeBytes());
            }
            catch (final CacheException ex)
            {
                failures.add(ex.getMessage());
            }
            finally
            {
                synchronized (pushing)
                {
                    pushing.computeIfPresent(path, (key, count) -> count == 1 ? null : count - 1);
                }
            }
        }
        if (!paths.isEmpty())
        {
            progress.finished(failures.size());
        }
        return failures;
    }

    private void sendToClients(final String path, final CachedFile file, final List<String> failures) throws InterruptedException
    {
        if (clients.length == 0)
        {
            return;
        }
        final RelayPlan plan = RelayPlan.build(rank, clients, groups, fanout);
        final byte[] name = path.getBytes(StandardCharsets.UTF_8);
        for (final int client : clients)
        {
            final byte[] wire = Reply.stream(file.sizeBytes(), file.chunkBytes(), file.chunkCount(), plan.parentOf(client),
                plan.childrenOf(client), name).encode();
            comm.Send(wire, 0, wire.length, MPI.BYTE, client, Tags.PUSH);
        }
        final StreamCounters.FileCounters counts = streams.of(path);
        counts.started(clients.length);
        try
        {
            StreamSender.send(comm, file, plan.childrenOf(rank), StreamKind.PUSH, store.stall(), store.sourceName(), counts);
        }
        catch (final CacheException ex)
        {
            store.forget(file);
            failures.add(ex.getMessage());
        }
        final byte[] stored = new byte[Integer.BYTES];
        for (final int client : clients)
        {
            comm.Recv(stored, 0, stored.length, MPI.BYTE, client, Tags.PUSH_STORED);
            if (stored[0] != 0)
            {
                failures.add("client rank " + client + " of group " + group + " could not keep '" + path + "'");
            }
        }
    }

    private List<String> forwardToOtherServers(final List<String> paths)
    {
        final byte[] wire = new Request(Op.PUSH_FORWARDED, 0, paths, EMPTY).encode();
        final int[] servers = groups.servers();
        for (final int server : servers)
        {
            if (server != rank)
            {
                comm.Send(wire, 0, wire.length, MPI.BYTE, server, Tags.REQUEST);
            }
        }
        final List<String> failures = new ArrayList<>();
        for (final int server : servers)
        {
            if (server != rank)
            {
                final Status status = comm.Probe(server, Tags.PUSH_DONE);
                final byte[] text = new byte[status.Get_count(MPI.BYTE)];
                comm.Recv(text, 0, text.length, MPI.BYTE, server, Tags.PUSH_DONE);
                if (text.length > 0)
                {
                    failures.add("group " + groups.groupOf(server) + ": " + new String(text, StandardCharsets.UTF_8));
                }
            }
        }
        return failures;
    }

    private void run(final ExecutorService worker, final CacheServer.Work work)
    {
        worker.execute(() ->
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
                onFatal.accept(ex);
            }
        });
    }
}
