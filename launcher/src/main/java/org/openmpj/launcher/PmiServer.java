package org.openmpj.launcher;

import java.io.BufferedReader;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.URLDecoder;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HexFormat;
import java.util.function.IntFunction;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.openmpj.bootstrap.PmiClient;
import org.openmpj.bootstrap.PmiLine;
import org.openmpj.device.DeviceSettings;

/**
 * The key-value service a launcher runs for its job, speaking the process-manager side of PMI-1 over TCP (the
 * {@code PMI_PORT} model), so that ranks started by {@code mpjrun} bootstrap with the same {@link PmiClient} as
 * under Hydra. Each rank gets a random {@code PMI_ID} ({@link #idOf}); a connection whose first line is not
 * {@code cmd=initack} with one of them is closed before anything else it sent is read, so a stranger can neither
 * read nor write the job's pairs. A connection must be admitted within the timeout given; once admitted it may stay
 * silent for as long as the job runs. The barrier releases once every rank has entered it. The job's first failure
 * is recorded ({@link #failure()}): a rank that sends {@code cmd=abort} ({@link PmiClient#abort}) or whose connection
 * ends before {@code finalize}, or whose host falls silent (the kernel's keepalive probes, {@link KeepAlive}, go
 * unanswered for the silence limit); every connection is then closed, so no rank waits for ever. In a job that survives
 * lost ranks ({@link #surviveRankLoss}) only an abort is such a failure: a rank whose conversation ends early is lost, and
 * barriers wait for the others only. The launcher learns from {@link #hasFinalized} which ranks ended their conversation
 * cleanly.
 *
 * <p>Thread-safety: safe for concurrent use; each connection is served by a virtual thread.
 */
final class PmiServer implements AutoCloseable
{
    /** The longest value a {@code put} may carry, as PMI managers commonly allow. */
    public static final int VALUE_MAX = 1024;
    private static final int KEY_MAX = 64;
    private static final String KVS_NAME = "openmpj_kvs";

    private final IntFunction<String> processNames;
    private final int size;
    private final int admitTimeoutMs;
    private final long silenceLimitMs;
    private final String[] ids;
    private final Map<String, String> pairs = new ConcurrentHashMap<>();
    private final List<Socket> connections = new ArrayList<>();
    private final ServerSocket listener;
    private long barrierGeneration;
    private final BitSet finalized = new BitSet();
    private final BitSet admitted = new BitSet();
    /** Ranks in the barrier of the current generation. */
    private final BitSet inBarrierRanks = new BitSet();
    /** Ranks whose conversation ended early in a job that survives lost ranks: barriers no longer wait for them. */
    private final BitSet lost = new BitSet();
    private boolean survivesRankLoss;
    private Failure failure;

    /**
     * The first failure of the job as the key-value service saw it.
     *
     * @param rank     the rank that failed.
     * @param exitCode the exit code the rank asked for with {@code cmd=abort}, or {@link #UNKNOWN_EXIT_CODE} when its
     *                 connection ended early, in which case the launcher learns the code from the rank's process.
     * @param message  what happened, starting with the process's name ({@code rank R} unless the server was told otherwise).
     */
    public record Failure(int rank, int exitCode, String message)
    {
        /** The exit code of a failure that was not an abort. */
        public static final int UNKNOWN_EXIT_CODE = -1;

        /** @return whether the rank reported the failure itself with {@code cmd=abort}. */
        public boolean aborted()
        {
            return exitCode != UNKNOWN_EXIT_CODE;
        }
    }

    /**
     * Listens on the loopback interface, for a job on this host.
     *
     * @param size           the number of ranks.
     * @param admitTimeoutMs how long a new connection may take to send its first line.
     */
    public PmiServer(final int size, final int admitTimeoutMs) throws IOException
    {
        this(size, admitTimeoutMs, InetAddress.getLoopbackAddress());
    }

    /**
     * Listens on {@code bindAddress}, which every rank of the job must be able to reach.
     *
     * @param size           the number of ranks.
     * @param admitTimeoutMs how long a new connection may take to send its first line.
     * @param bindAddress    the local address to listen on, e.g. the loopback address for a job on this host.
     */
    public PmiServer(final int size, final int admitTimeoutMs, final InetAddress bindAddress) throws IOException
    {
        this(size, admitTimeoutMs, bindAddress, rank -> "rank " + rank, 0);
    }

    /**
     * As {@link #PmiServer(int, int, InetAddress)}, for a job whose processes are not one rank each, and whose ranks' hosts
     * are watched for silence.
     *
     * @param processNames   how failures name the process of each PMI rank, e.g. {@code JVM 1 (ranks 2 to 3)}.
     * @param silenceLimitMs how long a rank's host may answer nothing (not even the kernel's keepalive probes) before the
     *                       job fails naming it; 0 waits for the connection to close.
     */
    public PmiServer(final int size, final int admitTimeoutMs, final InetAddress bindAddress, final IntFunction<String> processNames,
        final long silenceLimitMs) throws IOException
    {
        this.processNames = processNames;
        this.silenceLimitMs = silenceLimitMs;
        this.size = size;
        this.admitTimeoutMs = admitTimeoutMs;
        this.ids = new String[size];
        final SecureRandom random = new SecureRandom();
        final byte[] secret = new byte[16];
        for (int rank = 0; rank < size; rank++)
        {
            random.nextBytes(secret);
            ids[rank] = rank + "-" + HexFormat.of().formatHex(secret);
        }
        listener = new ServerSocket();
        listener.bind(new InetSocketAddress(bindAddress, 0), size);
        Thread.ofVirtual().name("pmi-accept").start(this::acceptAll);
    }

    /** @return the {@code PMI_PORT} value for the ranks: host:port. */
    public String address()
    {
        return listener.getInetAddress().getHostAddress() + ":" + listener.getLocalPort();
    }

    /** @return the secret {@code PMI_ID} of {@code rank}, which its first line must carry. */
    public String idOf(final int rank)
    {
        return ids[rank];
    }

    /**
     * Lets the job go on when a rank's conversation ends early (its process died or exited without finalizing), as a job
     * that survives lost ranks asks: the rank is then lost ({@link #hasLost}), barriers no longer wait for it, and only an
     * abort fails the job.
     */
    public synchronized void surviveRankLoss()
    {
        survivesRankLoss = true;
    }

    /** @return whether {@code rank} was lost: its conversation ended early in a job that survives lost ranks. */
    public synchronized boolean hasLost(final int rank)
    {
        return lost.get(rank);
    }

    /** @return the job's first failure (a rank aborted or hung up early), or null while there is none. */
    public synchronized Failure failure()
    {
        return failure;
    }

    /** @return whether {@code rank} has connected and been admitted: it called {@code MPI.Init}. */
    public synchronized boolean hasConnected(final int rank)
    {
        return admitted.get(rank);
    }

    /** @return whether any rank has connected and been admitted. */
    public synchronized boolean anyConnected()
    {
        return !admitted.isEmpty();
    }

    /** @return whether {@code rank} has sent {@code cmd=finalize}; recorded before the rank gets its answer. */
    public synchronized boolean hasFinalized(final int rank)
    {
        return finalized.get(rank);
    }

    @Override
    public void close() throws IOException
    {
        listener.close();
        closeAll();
    }

    private void acceptAll()
    {
        try
        {
            while (!listener.isClosed())
            {
                final Socket socket = listener.accept();
                synchronized (this)
                {
                    connections.add(socket);
                }
                Thread.ofVirtual().name("pmi-connection").start(() -> serve(socket));
            }
        }
        catch (final IOException ex)
        {
            // The listener was closed: the job is over.
        }
    }

    private void serve(final Socket socket)
    {
        int rank = -1;
        boolean ended = false;
        try (socket)
        {
            socket.setSoTimeout(admitTimeoutMs);
            if (silenceLimitMs > 0)
            {
                KeepAlive.apply(socket, silenceLimitMs);
            }
            final BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
            final OutputStream out = socket.getOutputStream();
            rank = admit(in.readLine());
            if (rank < 0)
            {
                return;
            }
            synchronized (this)
            {
                admitted.set(rank);
            }
            // Admitted: a rank computes for as long as its job runs and need not say anything meanwhile.
            socket.setSoTimeout(0);
            reply(out, "cmd=initack\ncmd=set size=" + size + "\ncmd=set rank=" + rank + "\ncmd=set debug=0\n");
            while (!ended)
            {
                final String text = in.readLine();
                if (text == null)
                {
                    throw new EOFException("connection closed");
                }
                ended = answer(rank, PmiLine.parse(text), out);
            }
        }
        catch (final IOException | RuntimeException ex)
        {
            if (rank >= 0 && !ended)
            {
                endedEarly(new Failure(rank, Failure.UNKNOWN_EXIT_CODE, processNames.apply(rank) + " " + ended(socket, ex)));
            }
        }
    }

    /** @return how a rank's conversation ended early, as the failure tells it after the rank's name. */
    private String ended(final Socket socket, final Exception ex)
    {
        if (ex instanceof IOException io && KeepAlive.isSilence(io))
        {
            return "(on " + socket.getInetAddress().getHostAddress() + ") answered nothing to the launcher for about " + silenceLimitMs
                + " ms, not even its kernel's keepalive probes: its host or the network to it went silent ("
                + DeviceSettings.LIVENESS_TIMEOUT_PROP_NAME + "=" + silenceLimitMs + ")";
        }
        return "left the key-value service before finalize: "
            + (ex instanceof SocketTimeoutException ? "silent for " + admitTimeoutMs + " ms" : ex.getMessage());
    }

    /** @return the rank whose secret id the first line carries, or -1 for a stranger. */
    private int admit(final String first)
    {
        if (first == null || first.length() > 256 || !first.startsWith("cmd=initack "))
        {
            return -1;
        }
        final String id = PmiLine.parse(first).get("pmiid");
        for (int rank = 0; rank < size; rank++)
        {
            if (ids[rank].equals(id))
            {
                return rank;
            }
        }
        return -1;
    }

    /** @return whether the line ended the conversation. */
    private boolean answer(final int rank, final PmiLine line, final OutputStream out) throws IOException
    {
        switch (line.cmd())
        {
            case "init" -> reply(out, "cmd=response_to_init pmi_version=1 pmi_subversion=1 rc=0\n");
            case "get_maxes" -> reply(out, "cmd=maxes kvsname_max=256 keylen_max=" + KEY_MAX + " vallen_max=" + VALUE_MAX + "\n");
            case "get_appnum" -> reply(out, "cmd=appnum appnum=0\n");
            case "get_my_kvsname" -> reply(out, "cmd=my_kvsname kvsname=" + KVS_NAME + "\n");
            case "put" -> reply(out, put(line));
            case "get" ->
            {
                final String value = pairs.get(String.valueOf(line.get("key")));
                reply(out, value == null ? "cmd=get_result rc=-1 msg=key_not_found\n" : "cmd=get_result rc=0 msg=success value=" + value + "\n");
            }
            case "barrier_in" ->
            {
                awaitBarrier(rank);
                reply(out, "cmd=barrier_out\n");
            }
            case "finalize" ->
            {
                synchronized (this)
                {
                    finalized.set(rank);
                }
                reply(out, "cmd=finalize_ack\n");
                return true;
            }
            case "abort" ->
            {
                fail(abort(rank, line));
                return true;
            }
            default -> reply(out, "cmd=" + line.cmd() + "_result rc=-1 msg=unknown_command\n");
        }
        return false;
    }

    private String put(final PmiLine line)
    {
        final String key = line.get("key");
        final String value = line.get("value");
        if (key == null || value == null || key.length() > KEY_MAX || value.length() > VALUE_MAX || !KVS_NAME.equals(line.get("kvsname")))
        {
            return "cmd=put_result rc=-1 msg=invalid_put\n";
        }
        pairs.put(key, value);
        return "cmd=put_result rc=0 msg=success\n";
    }

    private synchronized void awaitBarrier(final int rank) throws IOException
    {
        final long generation = barrierGeneration;
        inBarrierRanks.set(rank);
        if (releaseBarrierIfAllIn())
        {
            return;
        }
        while (generation == barrierGeneration && failure == null)
        {
            try
            {
                wait();
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted in the barrier", ex);
            }
        }
        if (failure != null)
        {
            throw new IOException(failure.message());
        }
    }

    /** @return the failure {@code cmd=abort exitcode=N message=M} reports; M is percent-encoded UTF-8 ({@link PmiClient#abort}). */
    private Failure abort(final int rank, final PmiLine line)
    {
        int exitCode;
        try
        {
            exitCode = Integer.parseInt(String.valueOf(line.get("exitcode")));
        }
        catch (final NumberFormatException ex)
        {
            exitCode = 1;
        }
        final String encoded = line.get("message");
        String message;
        try
        {
            message = encoded == null ? "" : URLDecoder.decode(encoded, StandardCharsets.UTF_8);
        }
        catch (final IllegalArgumentException ex)
        {
            message = encoded;
        }
        return new Failure(rank, exitCode, processNames.apply(rank) + " aborted the job with exit code " + exitCode
            + (message.isEmpty() ? "" : ": " + message));
    }

    /** A rank's conversation ended before finalize: the job fails, or, if it survives lost ranks, goes on without the rank. */
    private synchronized void endedEarly(final Failure why)
    {
        if (!survivesRankLoss)
        {
            fail(why);
            return;
        }
        lost.set(why.rank());
        inBarrierRanks.clear(why.rank());
        releaseBarrierIfAllIn();
    }

    /** @return whether every rank not lost is in the barrier, which it then releases. */
    private boolean releaseBarrierIfAllIn()
    {
        final BitSet all = (BitSet)inBarrierRanks.clone();
        all.or(lost);
        if (inBarrierRanks.isEmpty() || all.cardinality() < size)
        {
            return false;
        }
        inBarrierRanks.clear();
        barrierGeneration++;
        notifyAll();
        return true;
    }

    private synchronized void fail(final Failure why)
    {
        if (failure == null)
        {
            failure = why;
        }
        notifyAll();
        closeAll();
    }

    private synchronized void closeAll()
    {
        for (final Socket socket : connections)
        {
            try
            {
                socket.close();
            }
            catch (final IOException ex)
            {
                // Closing is all that is left to do.
            }
        }
    }

    private static void reply(final OutputStream out, final String lines) throws IOException
    {
        out.write(lines.getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }
}
