package org.openmpj.bootstrap;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.device.KeyValueStore;

/**
 * A rank's side of the PMI-1 wire protocol, which MPICH's Hydra ({@code mpiexec}) and Slurm ({@code srun
 * --mpi=pmi2}) speak: the rank learns its rank and the job's size, publishes key-value pairs, meets the other
 * ranks at a barrier that makes every pair visible, and reads theirs. Values longer than the manager accepts are
 * split over several keys and joined again on reading.
 *
 * <p>Thread-safety: one thread at a time; the protocol is a conversation.
 */
public final class PmiClient implements AutoCloseable, KeyValueStore
{
    /** Environment variable with the process manager's {@code host:port}, for a conversation over TCP (mpjrun, {@code mpiexec -pmi-port}). */
    public static final String PORT_ENV_NAME = "PMI_PORT";
    /** Environment variable with the open descriptor of the conversation, as Hydra and Slurm hand it to the processes they start. */
    public static final String FD_ENV_NAME = "PMI_FD";
    /** Environment variable with the process's identity, which opens a conversation over {@link #PORT_ENV_NAME}: its secret under mpjrun. */
    public static final String ID_ENV_NAME = "PMI_ID";
    /** Environment variable with the process's rank in the job. */
    public static final String RANK_ENV_NAME = "PMI_RANK";
    /** Environment variable with the number of processes in the job. */
    public static final String SIZE_ENV_NAME = "PMI_SIZE";
    /** What the names of every PMI variable start with. */
    public static final String ENV_NAME_PREFIX = "PMI_";
    /** Abort messages longer than this are cut, so that the encoded line stays small. */
    private static final int ABORT_MESSAGE_MAX = 1000;
    /** Split values go under {@code key#0}, {@code key#1} …, with the count of parts under {@code key}, as {@code #parts=N}. */
    private static final String PARTS = "#parts=";

    private final PmiChannel channel;
    private int rank = -1;
    private int size = -1;
    private String kvsName;
    private int keyMax;
    private int valueMax;

    PmiClient(final PmiChannel channel)
    {
        this.channel = channel;
    }

    /**
     * Connects to the process manager named by the environment and opens the conversation: {@code PMI_PORT}
     * (host:port, with {@code PMI_ID}) or {@code PMI_FD} (with {@code PMI_RANK} and {@code PMI_SIZE}).
     *
     * @param env       the process's environment.
     * @param timeoutMs how long a connection or a reply may take before it fails.
     * @return the open client, or empty when the environment names no process manager.
     * @throws OpenMpjException {@code ERR_OTHER} naming the variable when one is malformed or the manager cannot be reached.
     */
    public static java.util.Optional<PmiClient> fromEnvironment(final java.util.Map<String, String> env, final int timeoutMs)
    {
        final String port = env.get(PORT_ENV_NAME);
        final String fd = env.get(FD_ENV_NAME);
        if (port == null && fd == null)
        {
            return java.util.Optional.empty();
        }
        final PmiClient client;
        try
        {
            if (port != null)
            {
                final int colon = port.lastIndexOf(':');
                if (colon <= 0)
                {
                    throw new OpenMpjException(ErrorClass.ERR_OTHER, PORT_ENV_NAME + "=" + port + " is not host:port");
                }
                client = new PmiClient(new SocketPmiChannel(port.substring(0, colon), number(env, PORT_ENV_NAME, port.substring(colon + 1)),
                    timeoutMs));
                client.open(env.getOrDefault(ID_ENV_NAME, env.getOrDefault(RANK_ENV_NAME, "0")), -1, -1);
            }
            else
            {
                client = new PmiClient(new DescriptorPmiChannel(number(env, FD_ENV_NAME, fd), timeoutMs));
                client.open(null, number(env, RANK_ENV_NAME, env.get(RANK_ENV_NAME)), number(env, SIZE_ENV_NAME, env.get(SIZE_ENV_NAME)));
            }
        }
        catch (final IOException ex)
        {
            throw new OpenMpjException(ErrorClass.ERR_OTHER, "cannot reach the process manager at PMI_PORT=" + port + ": " + ex.getMessage());
        }
        return java.util.Optional.of(client);
    }

    /**
     * Opens the conversation. Over {@code PMI_PORT} the manager first tells the rank and size in reply to
     * {@code initack} with the process's {@code pmiId}; over {@code PMI_FD} they come from the environment.
     *
     * @param pmiId the process's {@code PMI_ID}, or null when there is none (then {@code rank} and {@code size} are given).
     */
    void open(final String pmiId, final int knownRank, final int knownSize)
    {
        rank = knownRank;
        size = knownSize;
        if (pmiId != null)
        {
            send(PmiLine.of("initack", "pmiid", pmiId));
            expect("initack");
            for (int i = 0; i < 3; i++)
            {
                final PmiLine set = expect("set");
                if (set.get("size") != null)
                {
                    size = integer(set, "size");
                }
                else if (set.get("rank") != null)
                {
                    rank = integer(set, "rank");
                }
            }
        }
        checkResult(request(PmiLine.of("init", "pmi_version", "1", "pmi_subversion", "1"), "response_to_init"));
        final PmiLine maxes = request(PmiLine.of("get_maxes"), "maxes");
        keyMax = integer(maxes, "keylen_max");
        valueMax = integer(maxes, "vallen_max");
        kvsName = request(PmiLine.of("get_my_kvsname"), "my_kvsname").get("kvsname");
        if (rank < 0 || size <= 0 || kvsName == null)
        {
            throw failure("the process manager gave rank " + rank + ", size " + size + " and key-value space " + kvsName
                + "; expected a rank from 0 and a size from 1");
        }
    }

    /** @return this process's rank in the job. */
    public int rank()
    {
        return rank;
    }

    /** @return the number of processes in the job. */
    public int size()
    {
        return size;
    }

    /** Publishes {@code value} under {@code key}; visible to the others after the next {@link #barrier()}. No spaces allowed. */
    @Override
    public void put(final String key, final String value)
    {
        if (key.indexOf(' ') >= 0 || value.indexOf(' ') >= 0 || key.isEmpty())
        {
            throw new OpenMpjException(ErrorClass.ERR_ARG, "PMI key '" + key + "' and value '" + value
                + "' must be non-empty and without spaces");
        }
        // The whole put line must fit in vallen_max: Slurm's PMI server reads a request into a buffer of that size.
        final int overhead = PmiLine.of("put", "kvsname", kvsName, "key", key + "#" + Integer.MAX_VALUE, "value", "").text().length();
        final int room = Math.max(1, valueMax - overhead - 1);
        if (value.length() <= room && !value.startsWith(PARTS))
        {
            putOne(key, value);
            return;
        }
        final int parts = (value.length() + room - 1) / room;
        for (int part = 0; part < parts; part++)
        {
            putOne(key + "#" + part, value.substring(part * room, Math.min(value.length(), (part + 1) * room)));
        }
        putOne(key, PARTS + parts);
    }

    /** Waits until every process of the job has entered the barrier; pairs put before it are then visible to all. */
    public void barrier()
    {
        request(PmiLine.of("barrier_in"), "barrier_out");
    }

    @Override
    public void fence()
    {
        barrier();
    }

    /** @return the value another process put under {@code key}, joined again if it was split. */
    @Override
    public String get(final String key)
    {
        final String value = getOne(key);
        if (!value.startsWith(PARTS))
        {
            return value;
        }
        final int parts = Integer.parseInt(value.substring(PARTS.length()));
        final StringBuilder joined = new StringBuilder();
        for (int part = 0; part < parts; part++)
        {
            joined.append(getOne(key + "#" + part));
        }
        return joined.toString();
    }

    /**
     * Tells the process manager that this process fails the job, as the first thing a failing rank does before it exits
     * with {@code exitCode}: sends {@code cmd=abort exitcode=N message=M} and does not wait for an answer. {@code M} is
     * {@code message} (its first 1000 characters) as UTF-8, percent-encoded by {@link URLEncoder} so that it has no
     * spaces; the key-value service of {@code mpjrun} decodes it for the launcher to report.
     *
     * @throws OpenMpjException {@code ERR_OTHER} when the line cannot be sent.
     */
    public void abort(final int exitCode, final String message)
    {
        final String text = message == null ? "" : message.substring(0, Math.min(message.length(), ABORT_MESSAGE_MAX));
        send(PmiLine.of("abort", "exitcode", Integer.toString(exitCode), "message", URLEncoder.encode(text, StandardCharsets.UTF_8)));
    }

    /** Ends the conversation and closes the connection. */
    @Override
    public void close()
    {
        try
        {
            request(PmiLine.of("finalize"), "finalize_ack");
        }
        finally
        {
            try
            {
                channel.close();
            }
            catch (final IOException ex)
            {
                // The job is ending; a connection that does not close cleanly changes nothing for it.
            }
        }
    }

    private void putOne(final String key, final String value)
    {
        if (key.length() > keyMax)
        {
            throw new OpenMpjException(ErrorClass.ERR_ARG, "PMI key '" + key + "' is " + key.length()
                + " characters; the process manager takes at most " + keyMax);
        }
        checkResult(request(PmiLine.of("put", "kvsname", kvsName, "key", key, "value", value), "put_result"));
    }

    private String getOne(final String key)
    {
        final PmiLine reply = request(PmiLine.of("get", "kvsname", kvsName, "key", key), "get_result");
        checkResult(reply);
        final String value = reply.get("value");
        if (value == null)
        {
            throw failure("the process manager's reply to get " + key + " has no value: " + reply);
        }
        return value;
    }

    private PmiLine request(final PmiLine line, final String reply)
    {
        send(line);
        return expect(reply);
    }

    private void send(final PmiLine line)
    {
        try
        {
            channel.write(line.text());
        }
        catch (final IOException ex)
        {
            throw failure("sending '" + line + "' failed: " + ex.getMessage());
        }
    }

    private PmiLine expect(final String cmd)
    {
        final PmiLine line;
        try
        {
            line = PmiLine.parse(channel.readLine());
        }
        catch (final IOException ex)
        {
            throw failure("waiting for " + cmd + " failed: " + ex.getMessage());
        }
        if (!cmd.equals(line.cmd()))
        {
            throw failure("expected cmd=" + cmd + " but the process manager sent '" + line + "'");
        }
        return line;
    }

    private void checkResult(final PmiLine reply)
    {
        final String rc = reply.get("rc");
        if (rc != null && !"0".equals(rc))
        {
            throw failure("the process manager refused: '" + reply + "'");
        }
    }

    private int integer(final PmiLine line, final String key)
    {
        final String text = line.get(key);
        try
        {
            return Integer.parseInt(text);
        }
        catch (final NumberFormatException ex)
        {
            throw failure("'" + line + "' gives " + key + "=" + text + ", which is not a whole number");
        }
    }

    private static int number(final java.util.Map<String, String> env, final String name, final String text)
    {
        try
        {
            return Integer.parseInt(text);
        }
        catch (final NumberFormatException ex)
        {
            throw new OpenMpjException(ErrorClass.ERR_OTHER, name + "=" + text + " is not a whole number (the launcher set "
                + env.keySet().stream().filter(key -> key.startsWith(ENV_NAME_PREFIX)).sorted().toList() + ")");
        }
    }

    private OpenMpjException failure(final String what)
    {
        return new OpenMpjException(ErrorClass.ERR_OTHER, "PMI over " + channel + ": " + what);
    }
}
