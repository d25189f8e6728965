package org.openmpj.cache.service;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.locks.LockSupport;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Status;

import org.openmpj.cache.CacheException;

/**
 * A client's thread that receives what its server pushes: each file's announcement, then its chunk stream (forwarded
 * on to this client's relay children), kept in memory or in the push directory, and acknowledged to the server. It
 * ends with the server's end-of-job signal, or when MPI fails (the job is ending with an error; the client's own
 * calls report that).
 */
final class PushListener implements Runnable
{
    /**
     * The listener waits for pushes by polling, pausing up to 10 ms between looks, instead of in a blocking probe: a
     * blocking wait may spin while a job's ranks fit the cores, and this thread, waiting for the whole job, would take a
     * core's spin from the rank's own waits for good. A push arrives at most 10 ms late.
     */
    private static final long MIN_PAUSE_NS = 100_000;
    private static final long MAX_PAUSE_NS = 10_000_000;

    private final Intracomm comm;
    private final int server;
    private final PushedFiles pushed;
    private final ClientProtocol client;

    PushListener(final Intracomm comm, final int server, final PushedFiles pushed, final ClientProtocol client)
    {
        this.comm = comm;
        this.server = server;
        this.pushed = pushed;
        this.client = client;
    }

    @Override
    public void run()
    {
        try
        {
            long pauseNs = MIN_PAUSE_NS;
            while (true)
            {
                final Status status = comm.Iprobe(server, Tags.PUSH);
                if (status == null)
                {
                    LockSupport.parkNanos(pauseNs);
                    pauseNs = Math.min(MAX_PAUSE_NS, 2 * pauseNs);
                    continue;
                }
                pauseNs = MIN_PAUSE_NS;
                final int length = status.Get_count(MPI.BYTE);
                final byte[] wire = new byte[length];
                comm.Recv(wire, 0, length, MPI.BYTE, server, Tags.PUSH);
                final Reply announcement = Reply.decode(wire, length);
                if (announcement.status() == Reply.END)
                {
                    return;
                }
                final boolean kept = receive(new String(announcement.payload(), StandardCharsets.UTF_8), announcement);
                final byte[] stored = {(byte) (kept ? 0 : 1), 0, 0, 0};
                comm.Send(stored, 0, stored.length, MPI.BYTE, server, Tags.PUSH_STORED);
            }
        }
        catch (final MPIException ex)
        {
            // The job is failing; the client's own calls report it.
        }
        finally
        {
            pushed.listenerEnded();
        }
    }

    /** @return whether the file is kept. */
    private boolean receive(final String path, final Reply announcement)
    {
        pushed.arriving(path);
        final Path file = pushed.fileFor(path);
        ChunkTarget target;
        FileChannel channel = null;
        byte[] data = null;
        if (file != null)
        {
            try
            {
                Files.createDirectories(file.getParent());
                channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
                target = ChunkTarget.intoChannel(channel, announcement.chunkBytes());
            }
            catch (final IOException ex)
            {
                target = ChunkTarget.discarding(announcement.chunkBytes(), new CacheException(CacheException.Reason.LOCAL_IO,
                    "cannot write pushed file " + file + ": " + ex, ex));
            }
        }
        else if (announcement.size() > ClientProtocol.MAX_ARRAY_BYTES)
        {
            target = ChunkTarget.discarding(announcement.chunkBytes(), new CacheException(CacheException.Reason.TOO_LARGE,
                "pushed file '" + path + "' is too large to keep in memory; set openmpj.cache.push.dir"));
        }
        else
        {
            data = new byte[(int) announcement.size()];
            target = ChunkTarget.intoArray(data, announcement.chunkBytes());
        }
        try
        {
            final int[] corrupt = StreamReceiver.receive(comm, announcement.parent(), announcement.children(), StreamKind.PUSH,
                announcement.size(), announcement.chunkCount(), target, client.relayStallMs());
            for (final int index : corrupt)
            {
                target.onRepair(index, client.repair(path, index));
            }
        }
        catch (final CacheException ex)
        {
            target.fail(ex);
        }
        catch (final IllegalStateException ex)
        {
            target.fail(new CacheException(CacheException.Reason.SERVER_FAILED, "pushed file '" + path + "' could not be repaired: " + ex));
        }
        finally
        {
            if (channel != null)
            {
                try
                {
                    channel.close();
                }
                catch (final IOException ex)
                {
                    target.fail(new CacheException(CacheException.Reason.LOCAL_IO, "cannot write pushed file " + file + ": " + ex, ex));
                }
            }
        }
        if (target.problem() != null)
        {
            System.err.println("MPJ-Cache rank " + comm.Rank() + ": did not keep pushed file '" + path + "': " + target.problem().getMessage());
            pushed.couldNotKeep(path);
            return false;
        }
        if (file != null)
        {
            pushed.kept(path, file);
        }
        else
        {
            pushed.keep(path, data);
        }
        return true;
    }
}
