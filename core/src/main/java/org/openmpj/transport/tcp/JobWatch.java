package org.openmpj.transport.tcp;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

import org.openmpj.device.DeviceSettings;
import org.openmpj.device.JobControl;

/**
 * Watches the job's liveness on a ring: each rank keeps a connection to the next rank and one from the previous,
 * read by a daemon thread that sleeps until something happens. A neighbour's connection that ends without a
 * goodbye means the neighbour died; the news is recorded as the job's failure and passed on around the ring in
 * both directions, so every rank learns it within moments even if it never exchanged a message with the dead
 * rank, and even while its own threads compute.
 *
 * <p>A neighbour whose host loses power, or whose network drops everything, closes nothing: its connection stays
 * open and silent. So the watch thread also sends each neighbour a beat every quarter of the silence limit, whatever the
 * rank's own threads are doing, and a neighbour that sends nothing at all (no beat, no notice) for the silence limit is
 * taken for dead: the failure names it and its address and goes round the ring as above.
 *
 * <pre>
 * Notice on a watch connection: 0 type (1 byte: GOODBYE, FAILED or BEAT) | 1 rank (i32) | 5 length (u16) | 7 UTF-8 message
 * </pre>
 *
 * <p>Thread-safety: {@link #add} and {@link #close} may be called from any thread.
 */
final class JobWatch implements Runnable
{
    private static final byte GOODBYE = 1;
    private static final byte FAILED = 2;
    private static final byte BEAT = 3;
    /** Beats per silence limit: three may be late or lost before a neighbour is taken for dead. */
    private static final int BEATS_PER_LIMIT = 4;
    private static final int NOTICE_HEADER_BYTES = 7;
    private static final int MESSAGE_MAX_BYTES = 4096;

    private final int rank;
    private final JobControl job;
    /** How long a neighbour may send nothing before it is taken for dead; 0 when silence is never taken for death. */
    private final long silenceLimitNs;
    private final Selector selector;
    private final List<SocketChannel> neighbours = new ArrayList<>();
    /** The ranks whose failure this rank has passed on. */
    private final BitSet passedOn = new BitSet();
    private volatile boolean closed;

    /** What is known of one neighbour's connection. */
    private static final class Neighbour
    {
        final int rank;
        /** The neighbour's host address, to name it when it falls silent. */
        final String address;
        final ByteBuffer notice = ByteBuffer.allocate(NOTICE_HEADER_BYTES + MESSAGE_MAX_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        boolean saidGoodbye;
        long lastHeardNs = System.nanoTime();

        Neighbour(final int rank, final String address)
        {
            this.rank = rank;
            this.address = address;
        }
    }

    /**
     * @param silenceLimitMs how long a neighbour may send nothing before it is taken for dead; 0 never takes silence for
     *                       death (and sends no beats).
     */
    JobWatch(final int rank, final JobControl job, final long silenceLimitMs) throws IOException
    {
        this.rank = rank;
        this.job = job;
        this.silenceLimitNs = silenceLimitMs * 1_000_000;
        this.selector = Selector.open();
    }

    void start()
    {
        final Thread thread = new Thread(this, "openmpj-tcp-watch-" + rank);
        thread.setDaemon(true);
        thread.start();
    }

    /** Watches {@code channel}, an authenticated connection to neighbour {@code peer}. */
    synchronized void add(final SocketChannel channel, final int peer) throws IOException
    {
        // A neighbour may connect while this rank ends in order (its acceptor admitted the connection just before): it is
        // told goodbye, as the others were, not left to take the closed connection for a death.
        if (closed)
        {
            sayGoodbyeAndClose(channel);
            return;
        }
        channel.configureBlocking(false);
        try
        {
            channel.register(selector, SelectionKey.OP_READ, new Neighbour(peer, hostOf(channel)));
        }
        catch (final java.nio.channels.ClosedSelectorException ex)
        {
            sayGoodbyeAndClose(channel);
            return;
        }
        neighbours.add(channel);
        // A select already blocked (it has no timeout) watches only the channels registered before it began.
        selector.wakeup();
    }

    /** @return the address of the host at the other end of {@code channel}. */
    private static String hostOf(final SocketChannel channel) throws IOException
    {
        return channel.getRemoteAddress() instanceof java.net.InetSocketAddress inet && inet.getAddress() != null
            ? inet.getAddress().getHostAddress() : String.valueOf(channel.getRemoteAddress());
    }

    @Override
    public void run()
    {
        try
        {
            final boolean beats = silenceLimitNs != 0;
            final long beatEveryNs = silenceLimitNs / BEATS_PER_LIMIT;
            long nextBeatNs = System.nanoTime();
            while (!closed)
            {
                // Without beats nothing is timed: a timeout of 0 waits for the neighbours alone.
                selector.select(this::onReady, beats ? Math.max(1, (nextBeatNs - System.nanoTime()) / 1_000_000) : 0);
                final long now = System.nanoTime();
                if (beats && now - nextBeatNs >= 0)
                {
                    send(BEAT, rank, "");
                    findSilent(now);
                    nextBeatNs = now + beatEveryNs;
                }
            }
        }
        catch (final IOException | RuntimeException ex)
        {
            // The selector closed: the device is closing.
        }
    }

    /** Says goodbye to the neighbours and stops watching: the rank finalized. */
    void close()
    {
        closed = true;
        send(GOODBYE, rank, "");
        synchronized (this)
        {
            for (final SocketChannel channel : neighbours)
            {
                Acceptor.closeQuietly(channel);
            }
        }
        try
        {
            selector.close();
        }
        catch (final IOException ex)
        {
            // Nothing depends on the selector any more.
        }
    }

    private void onReady(final SelectionKey key)
    {
        final Neighbour neighbour = (Neighbour)key.attachment();
        final SocketChannel channel = (SocketChannel)key.channel();
        int read;
        try
        {
            read = channel.read(neighbour.notice);
        }
        catch (final IOException ex)
        {
            read = -1;
        }
        if (read > 0)
        {
            neighbour.lastHeardNs = System.nanoTime();
        }
        if (read < 0)
        {
            key.cancel();
            Acceptor.closeQuietly(channel);
            if (!neighbour.saidGoodbye && !closed)
            {
                failed(neighbour.rank, "rank " + neighbour.rank + " died or exited without MPI.Finalize (its watch connection to rank "
                    + rank + " closed)");
            }
            return;
        }
        final ByteBuffer notice = neighbour.notice;
        while (notice.position() >= NOTICE_HEADER_BYTES)
        {
            final int length = Short.toUnsignedInt(notice.getShort(5));
            final int total = NOTICE_HEADER_BYTES + Math.min(length, MESSAGE_MAX_BYTES);
            if (notice.position() < total)
            {
                return;
            }
            final byte type = notice.get(0);
            final int about = notice.getInt(1);
            final byte[] text = new byte[total - NOTICE_HEADER_BYTES];
            notice.get(NOTICE_HEADER_BYTES, text);
            notice.flip().position(total);
            notice.compact();
            if (type == GOODBYE)
            {
                neighbour.saidGoodbye = true;
            }
            else if (type == FAILED)
            {
                failed(about, new String(text, StandardCharsets.UTF_8));
            }
        }
    }

    /** Fails the job for the first neighbour heard from last longer ago than the silence limit, if one was. */
    private synchronized void findSilent(final long now)
    {
        for (final SelectionKey key : selector.keys())
        {
            final Neighbour neighbour = (Neighbour)key.attachment();
            if (key.isValid() && !neighbour.saidGoodbye && now - neighbour.lastHeardNs > silenceLimitNs)
            {
                key.cancel();
                failed(neighbour.rank, "rank " + neighbour.rank + " (on " + neighbour.address + ") sent nothing to rank " + rank + " for "
                    + (now - neighbour.lastHeardNs) / 1_000_000 + " ms, not even the beat its runtime sends every "
                    + silenceLimitNs / BEATS_PER_LIMIT / 1_000_000 + " ms: its host or the network to it went silent ("
                    + DeviceSettings.LIVENESS_TIMEOUT_PROP_NAME + "=" + silenceLimitNs / 1_000_000 + ")");
                return;
            }
        }
    }

    /**
     * Records the failure and passes it on to the neighbours, once; also for failures the rank saw itself. In a job that
     * survives lost ranks each rank's loss is passed on once, and the ring goes on as a line around the gap.
     */
    synchronized void failed(final int about, final String message)
    {
        job.peerLost(about, message);
        if (job.survivesRankLoss() ? !passedOn.get(about) : passedOn.isEmpty())
        {
            passedOn.set(about);
            send(FAILED, about, message);
        }
    }

    private void sayGoodbyeAndClose(final SocketChannel channel)
    {
        try
        {
            channel.write(notice(GOODBYE, rank, ""));
        }
        catch (final IOException ex)
        {
            // The neighbour is gone too.
        }
        Acceptor.closeQuietly(channel);
    }

    private static ByteBuffer notice(final byte type, final int about, final String message)
    {
        final byte[] text = message.getBytes(StandardCharsets.UTF_8);
        final int length = Math.min(text.length, MESSAGE_MAX_BYTES);
        final ByteBuffer notice = ByteBuffer.allocate(NOTICE_HEADER_BYTES + length).order(ByteOrder.LITTLE_ENDIAN);
        notice.put(type).putInt(about).putShort((short)length).put(text, 0, length).flip();
        return notice;
    }

    private synchronized void send(final byte type, final int about, final String message)
    {
        final ByteBuffer notice = notice(type, about, message);
        for (final SocketChannel channel : neighbours)
        {
            try
            {
                // A notice is small and the watch connections carry little else: the socket takes it whole. Only a
                // neighbour that has read nothing for long could leave it no room, and silence ends that neighbour.
                channel.write(notice.duplicate());
            }
            catch (final IOException ex)
            {
                // That neighbour is gone; the others still hear.
            }
        }
    }
}
