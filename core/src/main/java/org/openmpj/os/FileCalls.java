package org.openmpj.os;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * The file-descriptor calls of the C library that this package's classes share: {@code open}, {@code pread},
 * {@code read}, {@code write} and {@code close} on raw descriptors, each returning the C result with {@code errno} left
 * in a call-state segment of {@link Libc#CALL_STATE_LAYOUT} that the caller owns.
 *
 * <p>Thread-safety: stateless; a call-state segment must not be shared by threads calling at once.
 */
// Calling the C library is the point of this class.
@SuppressWarnings("restricted")
final class FileCalls
{
    /** {@code open} flag: read only. */
    static final int O_RDONLY = 0;
    /** {@code open} flag: the descriptor does not survive an {@code exec}, so no child process inherits it. */
    static final int O_CLOEXEC = 0x80000;

    private static final MethodHandle OPEN;
    private static final MethodHandle PREAD;
    private static final MethodHandle PREAD_CRITICAL;
    private static final MethodHandle READ;
    private static final MethodHandle WRITE;
    private static final MethodHandle CLOSE;
    /** Linux's {@code pread64} on x86-64. */
    private static final byte PREAD64 = 17;
    /**
     * {@code pread} into a segment at an offset (see {@link OffsetBufferCall}): {@code long pread(int fd, void *base, long
     * offset, long bytes, long position)}, bytes read or minus errno.
     */
    private static final X86Code.Function PREAD_AT_OFFSET = X86Code.bind("the pread call", OffsetBufferCall.code(PREAD64),
        FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG,
            ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG), Linker.Option.critical(true));
    private static final MethodHandle PREAD_AT_OFFSET_HANDLE = PREAD_AT_OFFSET.handle();

    static
    {
        MethodHandle open = null;
        MethodHandle pread = null;
        MethodHandle preadCritical = null;
        MethodHandle read = null;
        MethodHandle write = null;
        MethodHandle close = null;
        if (Libc.AVAILABLE)
        {
            // int open(const char *path, int flags, ...): the mode is variadic, and not passed for a file that exists.
            open = Libc.downcall("open", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT),
                Linker.Option.firstVariadicArg(2), Libc.CAPTURE_ERRNO);
            final FunctionDescriptor preadSignature = FunctionDescriptor.of(ValueLayout.JAVA_LONG,
                ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG);
            pread = Libc.downcall("pread", preadSignature, Libc.CAPTURE_ERRNO);
            // Critical with heap access: the buffer may be a slice of a Java array, which cannot move during the call
            // because the calling thread stays in Java and so the JVM reaches no safepoint meanwhile.
            preadCritical = Libc.downcall("pread", preadSignature, Libc.CAPTURE_ERRNO, Linker.Option.critical(true));
            final FunctionDescriptor transfer = FunctionDescriptor.of(ValueLayout.JAVA_LONG,
                ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG);
            read = Libc.downcall("read", transfer, Libc.CAPTURE_ERRNO);
            write = Libc.downcall("write", transfer, Libc.CAPTURE_ERRNO);
            close = Libc.downcall("close", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
        }
        OPEN = open;
        PREAD = pread;
        PREAD_CRITICAL = preadCritical;
        READ = read;
        WRITE = write;
        CLOSE = close;
    }

    private FileCalls()
    {
    }

    /**
     * Opens {@code path} read-only, not inherited by child processes.
     *
     * @throws CallFailedException when {@code open} fails.
     */
    static int openReadOnly(final String path, final MemorySegment callState) throws CallFailedException
    {
        final int fd;
        try (Arena call = Arena.ofConfined())
        {
            fd = (int)OPEN.invokeExact(callState, call.allocateFrom(path), O_RDONLY | O_CLOEXEC);
        }
        catch (final Throwable ex)
        {
            throw new IllegalStateException("open(" + path + ") failed: " + ex, ex);
        }
        if (fd < 0)
        {
            throw new CallFailedException("open(" + path + ")", Libc.errno(callState));
        }
        return fd;
    }

    /** @return the bytes read into native {@code buffer} from {@code offset} of {@code fd}, or minus {@code errno}. */
    static long pread(final int fd, final MemorySegment buffer, final long bytes, final long offset, final MemorySegment callState)
    {
        final long read;
        try
        {
            read = (long)PREAD.invokeExact(callState, fd, buffer, bytes, offset);
        }
        catch (final Throwable ex)
        {
            throw new IllegalStateException("pread failed: " + ex, ex);
        }
        return read >= 0 ? read : -Libc.errno(callState);
    }

    /**
     * As {@link #pread}, into {@code buffer} from byte {@code bufferOffset} on, where {@code buffer} is native memory or a
     * Java array's segment, as a critical call: keep {@code bytes} small, since the JVM cannot reach a safepoint until the
     * call returns. Through {@link #PREAD_AT_OFFSET} where that code could be made, so that no slice of the segment is made
     * per call; through the C library's {@code pread} on a slice otherwise.
     *
     * @return the bytes read, or minus {@code errno}.
     * @throws IndexOutOfBoundsException when the range is not inside {@code buffer}.
     */
    static long preadPinned(
        final int fd, final MemorySegment buffer, final long bufferOffset, final long bytes, final long fileOffset,
        final MemorySegment callState)
    {
        OffsetBufferCall.checkRange(buffer, bufferOffset, bytes);
        try
        {
            if (PREAD_AT_OFFSET_HANDLE != null)
            {
                return (long)PREAD_AT_OFFSET_HANDLE.invokeExact(fd, buffer, bufferOffset, bytes, fileOffset);
            }
            final long read = (long)PREAD_CRITICAL.invokeExact(callState, fd, buffer.asSlice(bufferOffset, bytes), bytes, fileOffset);
            return read >= 0 ? read : -Libc.errno(callState);
        }
        catch (final Throwable ex)
        {
            throw new IllegalStateException("pread failed: " + ex, ex);
        }
    }

    /** @return the bytes read from {@code fd} into native {@code buffer}, or minus {@code errno}. */
    static long read(final int fd, final MemorySegment buffer, final long bytes, final MemorySegment callState)
    {
        final long read;
        try
        {
            read = (long)READ.invokeExact(callState, fd, buffer, bytes);
        }
        catch (final Throwable ex)
        {
            throw new IllegalStateException("read failed: " + ex, ex);
        }
        return read >= 0 ? read : -Libc.errno(callState);
    }

    /** @return the bytes written to {@code fd} from native {@code buffer}, or minus {@code errno}. */
    static long write(final int fd, final MemorySegment buffer, final long bytes, final MemorySegment callState)
    {
        final long written;
        try
        {
            written = (long)WRITE.invokeExact(callState, fd, buffer, bytes);
        }
        catch (final Throwable ex)
        {
            throw new IllegalStateException("write failed: " + ex, ex);
        }
        return written >= 0 ? written : -Libc.errno(callState);
    }

    /** Closes {@code fd}; a failure leaves nothing to do, as the descriptor is released either way. */
    static void close(final int fd)
    {
        try
        {
            final int ignored = (int)CLOSE.invokeExact(fd);
        }
        catch (final Throwable ex)
        {
            throw new IllegalStateException("close(" + fd + ") failed: " + ex, ex);
        }
    }
}
