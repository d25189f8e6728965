package org.openmpj.cache;

import java.util.function.Supplier;

import mpi.Intracomm;

import org.openmpj.cache.service.CacheServer;
import org.openmpj.cache.service.ClientProtocol;
import org.openmpj.cache.service.GroupMap;

/**
 * One rank's part in MPJ-Cache: the job's ranks are split into node groups (one per host, or blocks of
 * {@code openmpj.cache.group.size} ranks); the lowest rank of each group serves it, the others are clients.
 *
 * <pre>{@code
 * MPI.Init(args);
 * try (MpjCache cache = MpjCache.join(MPI.COMM_WORLD, CacheConfig.load(Path.of("cache.properties")))) {
 *     if (cache.isServer()) {
 *         cache.serve();                         // until every client is done
 *     } else {
 *         byte[] data = cache.client().fetch("input/part-0001.dat");
 *         cache.clients().Barrier();             // the clients' own communicator
 *     }
 * }
 * MPI.Finalize();
 * }</pre>
 *
 * A program started by {@link Launch} finds its rank's cache with {@link #current()}.
 */
public final class MpjCache implements AutoCloseable
{
    private static volatile MpjCache current;

    private final int group;
    private final Intracomm clients;
    private final CacheServer server;
    private final CacheClient client;

    private MpjCache(final int group, final Intracomm clients, final CacheServer server, final CacheClient client)
    {
        this.group = group;
        this.clients = clients;
        this.server = server;
        this.client = client;
    }

    /**
     * Joins the cache of the job's ranks in {@code comm}, reading the backing store directory of {@code config}.
     * Collective over {@code comm}; MPI must be initialized.
     */
    public static MpjCache join(final Intracomm comm, final CacheConfig config)
    {
        return join(comm, config, () -> backingStoreOf(config));
    }

    /**
     * Joins the cache of the job's ranks in {@code comm}, with the backing store {@code backingStore} gives (asked for
     * on server ranks only; the server closes it). Collective over {@code comm}.
     */
    public static MpjCache join(final Intracomm comm, final CacheConfig config, final Supplier<? extends Source> backingStore)
    {
        final Intracomm cacheComm = comm.Dup();
        final GroupMap groups = GroupMap.gather(cacheComm, config.groupSize());
        final int rank = cacheComm.Rank();
        final boolean serves = groups.isServer(rank);
        final Intracomm clients = comm.Split(serves ? 1 : 0, comm.Rank());
        final MpjCache cache = serves
            ? new MpjCache(groups.groupOf(rank), clients, new CacheServer(cacheComm, groups, config, backingStore.get(), System.err), null)
            : new MpjCache(groups.groupOf(rank), clients, null, new CacheClient(new ClientProtocol(cacheComm, groups, config)));
        current = cache;
        return cache;
    }

    /**
     * @return this rank's cache, as {@link Launch} set it up.
     * @throws IllegalStateException when this rank has joined no cache.
     */
    public static MpjCache current()
    {
        final MpjCache cache = current;
        if (cache == null)
        {
            throw new IllegalStateException("this rank has joined no MPJ-Cache: start the program through org.openmpj.cache.Launch, "
                + "or call MpjCache.join");
        }
        return cache;
    }

    /** @return whether this rank serves its group. */
    public boolean isServer()
    {
        return server != null;
    }

    /** @return this rank's node group. */
    public int group()
    {
        return group;
    }

    /** Serves this rank's group until every client of the job is done. Server ranks only. */
    public void serve()
    {
        if (server == null)
        {
            throw new IllegalStateException("this rank is a client of group " + group + ", not its server");
        }
        server.serve();
    }

    /** @return this rank's client. Client ranks only. */
    public CacheClient client()
    {
        if (client == null)
        {
            throw new IllegalStateException("this rank serves group " + group + "; only client ranks fetch");
        }
        return client;
    }

    /**
     * @return a communicator of the client ranks (on a server rank, of the server ranks), for the program's own
     *         messages in place of {@code MPI.COMM_WORLD}.
     */
    public Intracomm clients()
    {
        return clients;
    }

    /**
     * A client says goodbye, if it has not ({@link CacheClient#close()}), and waits until every client of the job has, as
     * it may relay to them until then; a server has nothing left to do. Collective over the clients: a rank whose program
     * failed should let its exception end the job instead of closing, or the others it waits for may wait for it.
     */
    @Override
    public void close()
    {
        if (client != null)
        {
            client.close();
            client.awaitEnd();
        }
        if (current == this)
        {
            current = null;
        }
    }

    private static Source backingStoreOf(final CacheConfig config)
    {
        final Source directory = new DirectorySource(config.backingDir());
        final long bytesPerSecond = config.backingMaxBytesPerSecond();
        return bytesPerSecond > 0 ? new RateLimitedSource(directory, bytesPerSecond) : directory;
    }
}
