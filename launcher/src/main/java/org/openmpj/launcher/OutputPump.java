package org.openmpj.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.openmpj.runtime.RankBlocks;

/**
 * Copies what one rank writes to one of its streams to the launcher's stream, whole lines at a time, so that lines of
 * different ranks never mix: each line, with an optional prefix such as {@code [3] }, is one write under the lock of
 * the target stream. Bytes pass unchanged; a last line without a newline gets one. A line longer than 1 MiB is passed
 * on in pieces of that size.
 *
 * <p>Thread-safety: one pump per source stream, run by its own thread; any number of pumps may share a target.
 */
final class OutputPump implements Runnable
{
    private static final int MAX_LINE_BYTES = 1 << 20;
    private static final int READ_BYTES = 8192;

    private final InputStream source;
    private final PrintStream target;
    private final byte[] prefix;
    private byte[] line = new byte[256];
    private int length;

    /**
     * @param source the rank's stream; the pump reads it to its end and closes it.
     * @param target where its lines go.
     * @param prefix what each line starts with, e.g. {@code "[3] "}; empty for none.
     */
    OutputPump(final InputStream source, final PrintStream target, final String prefix)
    {
        this.source = source;
        this.target = target;
        this.prefix = prefix.getBytes(StandardCharsets.UTF_8);
    }

    /** @return the prefix {@code -prefix} gives the lines of {@code rank}. */
    static String rankPrefix(final int rank)
    {
        return "[" + rank + "] ";
    }

    /** @return the prefix of the lines of process {@code process}, which holds its block of {@code blocks}. */
    static String processPrefix(final RankBlocks blocks, final int process)
    {
        if (blocks.perProcess() == 1)
        {
            return rankPrefix(process);
        }
        final int first = blocks.first(process);
        final int count = blocks.count(process);
        return count == 1 ? rankPrefix(first) : "[" + first + "-" + (first + count - 1) + "] ";
    }

    /** Starts a daemon thread that pumps {@code source} into {@code target}; join it to wait for the end of the stream. */
    static Thread start(final InputStream source, final PrintStream target, final String prefix, final String name)
    {
        final Thread thread = new Thread(new OutputPump(source, target, prefix), name);
        // Daemon: a stream held open by a process the launcher could not end must not keep mpjrun alive.
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    @Override
    public void run()
    {
        final byte[] buffer = new byte[READ_BYTES];
        try (source)
        {
            int read;
            while ((read = source.read(buffer)) >= 0)
            {
                for (int i = 0; i < read; i++)
                {
                    append(buffer[i]);
                    if (buffer[i] == '\n' || length == MAX_LINE_BYTES)
                    {
                        emit();
                    }
                }
            }
        }
        catch (final IOException ex)
        {
            // The rank's stream broke (the rank was killed): pass on what came before.
        }
        if (length > 0)
        {
            append((byte)'\n');
            emit();
        }
    }

    private void append(final byte b)
    {
        if (length == line.length)
        {
            line = Arrays.copyOf(line, Math.min(MAX_LINE_BYTES + 1, line.length * 2));
        }
        line[length++] = b;
    }

    private void emit()
    {
        final byte[] whole = new byte[prefix.length + length];
        System.arraycopy(prefix, 0, whole, 0, prefix.length);
        System.arraycopy(line, 0, whole, prefix.length, length);
        length = 0;
        synchronized (target)
        {
            target.write(whole, 0, whole.length);
            target.flush();
        }
    }
}
