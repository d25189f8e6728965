package org.openmpj.bootstrap;

import java.io.EOFException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;

import org.openmpj.os.Libc;

/**
 * PMI-1 over a socket descriptor the process inherited ({@code PMI_FD}, as Hydra and Slurm hand it out). Java
 * cannot open such a descriptor itself, so this calls the C library's {@code poll}, {@code read}, {@code write}
 * and {@code close} through the foreign-function API. Needs {@code --enable-native-access=ALL-UNNAMED} to run
 * without a warning.
 */
final class DescriptorPmiChannel implements PmiChannel
{
    private static final int EINTR = 4;
    private static final short POLLIN = 1;
    private static final int BUFFER_BYTES = 4096;
    private static final StructLayout POLL_FD = MemoryLayout.structLayout(
        ValueLayout.JAVA_INT.withName("fd"), ValueLayout.JAVA_SHORT.withName("events"), ValueLayout.JAVA_SHORT.withName("revents"));
    // No fallback exists for an inherited descriptor: bound also without --enable-native-access, when the JVM warns.
    private static final FunctionDescriptor TRANSFER =
        FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG);
    private static final MethodHandle READ = Libc.downcallWithoutFallback("read", TRANSFER, Libc.CAPTURE_ERRNO);
    private static final MethodHandle WRITE = Libc.downcallWithoutFallback("write", TRANSFER, Libc.CAPTURE_ERRNO);
    private static final MethodHandle POLL = Libc.downcallWithoutFallback("poll",
        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT), Libc.CAPTURE_ERRNO);
    private static final MethodHandle CLOSE = Libc.downcallWithoutFallback("close",
        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));

    private final int fd;
    private final int timeoutMs;
    // Shared: the channel may be made on one thread and used on another (one at a time).
    private final Arena arena = Arena.ofShared();
    private final MemorySegment buffer = arena.allocate(BUFFER_BYTES);
    private final MemorySegment pollFd = arena.allocate(POLL_FD);
    private final MemorySegment callState = arena.allocate(Libc.CALL_STATE_LAYOUT);
    private final StringBuilder pending = new StringBuilder();

    /**
     * @param fd        the inherited descriptor.
     * @param timeoutMs how long a reply may take before it fails.
     */
    DescriptorPmiChannel(final int fd, final int timeoutMs)
    {
        this.fd = fd;
        this.timeoutMs = timeoutMs;
    }

    @Override
    public void write(final String line) throws IOException
    {
        final byte[] bytes = line.getBytes(StandardCharsets.US_ASCII);
        int sent = 0;
        while (sent < bytes.length)
        {
            final int chunk = Math.min(BUFFER_BYTES, bytes.length - sent);
            MemorySegment.copy(bytes, sent, buffer, ValueLayout.JAVA_BYTE, 0, chunk);
            final long written = call(WRITE, "write", chunk);
            sent += (int)written;
        }
    }

    @Override
    public String readLine() throws IOException
    {
        int newline = pending.indexOf("\n");
        while (newline < 0)
        {
            awaitReadable();
            final long read = call(READ, "read", BUFFER_BYTES);
            if (read == 0)
            {
                throw new EOFException("the process manager closed PMI_FD=" + fd);
            }
            final byte[] bytes = buffer.asSlice(0, read).toArray(ValueLayout.JAVA_BYTE);
            pending.append(new String(bytes, StandardCharsets.US_ASCII));
            newline = pending.indexOf("\n");
        }
        final String line = pending.substring(0, newline);
        pending.delete(0, newline + 1);
        return line;
    }

    @Override
    public void close() throws IOException
    {
        try
        {
            final int closed = (int)CLOSE.invokeExact(fd);
            if (closed != 0)
            {
                throw new IOException("close(PMI_FD=" + fd + ") failed");
            }
        }
        catch (final IOException ex)
        {
            throw ex;
        }
        catch (final Throwable ex)
        {
            throw new IOException("close(PMI_FD=" + fd + ") failed: " + ex, ex);
        }
        finally
        {
            arena.close();
        }
    }

    @Override
    public String toString()
    {
        return PmiClient.FD_ENV_NAME + " " + fd;
    }

    /** Waits until the descriptor has data or was closed, for at most the timeout. */
    private void awaitReadable() throws IOException
    {
        pollFd.set(ValueLayout.JAVA_INT, 0, fd);
        pollFd.set(ValueLayout.JAVA_SHORT, 4, POLLIN);
        pollFd.set(ValueLayout.JAVA_SHORT, 6, (short)0);
        while (true)
        {
            final int ready;
            try
            {
                ready = (int)POLL.invokeExact(callState, pollFd, 1L, timeoutMs);
            }
            catch (final Throwable ex)
            {
                throw new IOException("poll(PMI_FD=" + fd + ") failed: " + ex, ex);
            }
            if (ready > 0)
            {
                return;
            }
            if (ready == 0)
            {
                throw new InterruptedIOException("no reply on PMI_FD=" + fd + " within " + timeoutMs + " ms");
            }
            final int errno = Libc.errno(callState);
            if (errno != EINTR)
            {
                throw new IOException("poll(PMI_FD=" + fd + ") failed with errno " + errno);
            }
        }
    }

    /** @return what {@code read} or {@code write} returned, after retrying calls interrupted by a signal. */
    private long call(final MethodHandle function, final String name, final int bytes) throws IOException
    {
        while (true)
        {
            final long result;
            try
            {
                result = (long)function.invokeExact(callState, fd, buffer, (long)bytes);
            }
            catch (final Throwable ex)
            {
                throw new IOException(name + "(PMI_FD=" + fd + ") failed: " + ex, ex);
            }
            if (result >= 0)
            {
                return result;
            }
            final int errno = Libc.errno(callState);
            if (errno != EINTR)
            {
                throw new IOException(name + "(PMI_FD=" + fd + ") failed with errno " + errno);
            }
        }
    }
}
