package org.openmpj.os;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * {@code send} and {@code recv} on a socket from any byte of a Java array, without a view of that part of the array.
 *
 * <p>Why functions of their own: a critical downcall holds an array still while the kernel copies from or into it, but it
 * passes the address where its memory segment starts. Sending from the middle of an array then needs a slice of the
 * array's segment per call, an object the compiler removes only when it inlines the whole path, which it does in some runs
 * and not in others (a 1 MiB ping-pong over tcp allocated 0 or 930 bytes a message from one run to the next). These two
 * functions take the array's whole segment and an offset, add them in a register and make the system call, 23 bytes of
 * x86-64 code each (see {@link OffsetBufferCall}).
 *
 * <p>Where the code cannot be made, {@link #AVAILABLE} is false and callers slice the array's segment instead.
 *
 * <p>Thread-safety: stateless once initialized; any number of threads may call at once.
 */
public final class SocketTransfer
{
    /** Linux's system call numbers on x86-64; each call is made on {@code (fd, base + offset, length, flags, NULL, 0)}. */
    private static final byte SENDTO = 44;
    private static final byte RECVFROM = 45;

    private static final FunctionDescriptor TRANSFER = FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT,
        ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT);
    private static final X86Code.Function SEND = X86Code.bind("the socket send call", OffsetBufferCall.code(SENDTO), TRANSFER,
        Linker.Option.critical(true));
    private static final X86Code.Function RECEIVE = X86Code.bind("the socket receive call", OffsetBufferCall.code(RECVFROM), TRANSFER,
        Linker.Option.critical(true));
    private static final MethodHandle SEND_HANDLE = SEND.handle();
    private static final MethodHandle RECEIVE_HANDLE = RECEIVE.handle();
    /** True when {@link #send} and {@link #receive} may be called. */
    public static final boolean AVAILABLE = SEND_HANDLE != null && RECEIVE_HANDLE != null;

    private SocketTransfer()
    {
    }

    /** @return null when {@link #AVAILABLE}; otherwise why not. */
    public static String unavailabilityCause()
    {
        return SEND.unavailabilityCause() != null ? SEND.unavailabilityCause() : RECEIVE.unavailabilityCause();
    }

    /**
     * Sends {@code length} bytes of {@code memory} from byte {@code offset} on: one {@code sendto} system call.
     *
     * @return the bytes sent, or minus errno.
     * @throws IndexOutOfBoundsException when the range is not inside {@code memory}.
     */
    public static long send(final int fd, final MemorySegment memory, final long offset, final long length, final int flags)
    {
        return transfer(SEND_HANDLE, "send", fd, memory, offset, length, flags);
    }

    /**
     * Receives up to {@code length} bytes into {@code memory} from byte {@code offset} on: one {@code recvfrom} system call.
     *
     * @return the bytes received (0 when the peer ended the connection), or minus errno.
     * @throws IndexOutOfBoundsException when the range is not inside {@code memory}.
     */
    public static long receive(final int fd, final MemorySegment memory, final long offset, final long length, final int flags)
    {
        return transfer(RECEIVE_HANDLE, "recv", fd, memory, offset, length, flags);
    }

    private static long transfer(
        final MethodHandle call, final String name, final int fd, final MemorySegment memory, final long offset, final long length,
        final int flags)
    {
        OffsetBufferCall.checkRange(memory, offset, length);
        try
        {
            return (long)call.invokeExact(fd, memory, offset, length, flags);
        }
        catch (final Throwable ex)
        {
            throw new IllegalStateException(name + " failed: " + ex, ex);
        }
    }
}
