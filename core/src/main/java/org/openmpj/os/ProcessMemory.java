package org.openmpj.os;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Reads the memory of another process of this host, with {@code process_vm_readv} once {@link #tryCrossMemoryAttach} found
 * that it works (see {@link CrossMemoryRead}) and through {@code /proc/PID/mem} otherwise, and what its threads are doing
 * through {@code /proc/PID/task/TID/syscall}: one copy, by the kernel, from the other process's pages into this one's.
 *
 * <p>The destination may be a slice of a Java array. Such a read is a critical call ({@code Linker.Option.critical(true)}):
 * the calling thread stays "in Java" while the kernel copies, so the JVM reaches no safepoint and the garbage collector
 * moves nothing, the array included, until the call returns. That is also its cost: every other thread of this JVM that
 * comes to a safepoint waits for it. So reads go in pieces of at most {@link #MAX_PINNED_READ_BYTES}, each its own call,
 * between which the JVM may reach a safepoint (about a quarter of a millisecond per piece at 15 GB/s). {@code pread} copies
 * through a kernel page and moves about a third as much.
 *
 * <p>The kernel allows these reads to a process that may trace the other one: the same user, unless Yama's
 * {@code ptrace_scope} (or a container's profile) narrows that, which the other process can widen for itself (see
 * {@link PinnedExposure#allowReadsByAnyProcess()}). Root may read any process.
 *
 * <p>Thread-safety: one thread at a time; the calls are not synchronized.
 */
public final class ProcessMemory implements AutoCloseable
{
    /** The most bytes one critical read copies. */
    public static final long MAX_PINNED_READ_BYTES = 4L << 20;

    /** How many threads' syscall files stay open: a peer exposes from whichever of its threads makes progress. */
    private static final int CACHED_THREADS = 4;

    private final long pid;
    private final int memFd;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment callState = arena.allocate(Libc.CALL_STATE_LAYOUT);
    private final MemorySegment word = arena.allocate(ValueLayout.JAVA_LONG);
    private final MemorySegment lineBuffer = arena.allocate(TaskSyscall.MAX_LINE_BYTES);
    private final byte[] line = new byte[TaskSyscall.MAX_LINE_BYTES];
    private final long[] threadIds = new long[CACHED_THREADS];
    private final int[] threadFds = new int[CACHED_THREADS];
    private int nextEviction;
    private boolean crossMemoryAttach;
    private boolean closed;

    private ProcessMemory(final long pid, final int memFd)
    {
        this.pid = pid;
        this.memFd = memFd;
        java.util.Arrays.fill(threadFds, -1);
    }

    /** @return whether this machine can make the calls at all: Linux, with native access (see {@link Libc#AVAILABLE}). */
    public static boolean isSupported()
    {
        return Libc.AVAILABLE;
    }

    /**
     * Opens the memory of process {@code pid} for reading; the kernel checks the right to read it here, and again at each
     * read.
     *
     * @throws CallFailedException when {@code /proc/PID/mem} cannot be opened: the process is gone ({@link Libc#ENOENT}),
     *                             or this process may not trace it ({@link Libc#EACCES}, {@link Libc#EPERM}).
     */
    public static ProcessMemory open(final long pid) throws CallFailedException
    {
        try (Arena call = Arena.ofConfined())
        {
            final MemorySegment state = call.allocate(Libc.CALL_STATE_LAYOUT);
            return new ProcessMemory(pid, FileCalls.openReadOnly("/proc/" + pid + "/mem", state));
        }
    }

    /** @return the process read. */
    public long pid()
    {
        return pid;
    }

    /**
     * Reads the 8-byte word at {@code address} of the process.
     *
     * @throws CallFailedException when the read fails, e.g. {@link Libc#EIO} for an address the process has not mapped.
     */
    public long readWord(final long address) throws CallFailedException
    {
        final long read = FileCalls.pread(memFd, word, Long.BYTES, address, callState);
        if (read != Long.BYTES)
        {
            throw new CallFailedException("pread(/proc/" + pid + "/mem, 8 bytes at 0x" + Long.toHexString(address) + ")",
                read < 0 ? (int)-read : Libc.EIO);
        }
        return word.get(ValueLayout.JAVA_LONG, 0);
    }

    /**
     * Reads the 8-byte word at {@code address} with {@code process_vm_readv} and, if it holds {@code expected}, makes later
     * {@link #read}s use that call.
     *
     * @return whether they will: false where the call cannot be made ({@link CrossMemoryRead#unavailabilityCause()}), a
     *         system-call filter refuses it, or the word differs.
     */
    public boolean tryCrossMemoryAttach(final long address, final long expected)
    {
        crossMemoryAttach = CrossMemoryRead.AVAILABLE && CrossMemoryRead.read(pid, word, 0, Long.BYTES, address) == Long.BYTES
            && word.get(ValueLayout.JAVA_LONG, 0) == expected;
        return crossMemoryAttach;
    }

    /**
     * @return null when {@link #tryCrossMemoryAttach} can succeed on this machine (x86-64 Linux, native access, an
     *         executable page for the call); otherwise why it cannot. A system-call filter is found only by trying.
     */
    public static String crossMemoryAttachCause()
    {
        return CrossMemoryRead.unavailabilityCause();
    }

    /** @return whether {@link #read} uses {@code process_vm_readv} rather than {@code /proc/PID/mem}. */
    public boolean readsWithCrossMemoryAttach()
    {
        return crossMemoryAttach;
    }

    /**
     * Copies {@code length} bytes from {@code address} of the process into {@code into}, native memory or a whole Java array's
     * segment, from byte {@code offset} on, in critical calls of at most {@link #MAX_PINNED_READ_BYTES} each; a short read
     * goes on from where it stopped. Should {@code process_vm_readv} be refused ({@link Libc#EPERM}, {@link Libc#ENOSYS}),
     * this and later reads go through {@code /proc/PID/mem}.
     *
     * @return the bytes copied, all of them unless the process's memory ended first; or minus {@code errno} of a read that
     *         failed ({@link Libc#EIO} or {@code EFAULT} for an unmapped address, {@link Libc#ESRCH} when the process is
     *         gone).
     * @throws IndexOutOfBoundsException when the range is not inside {@code into}.
     */
    public long read(final long address, final MemorySegment into, final long offset, final long length)
    {
        OffsetBufferCall.checkRange(into, offset, length);
        long done = 0;
        while (done < length)
        {
            final long piece = Math.min(MAX_PINNED_READ_BYTES, length - done);
            long read = crossMemoryAttach ? CrossMemoryRead.read(pid, into, offset + done, piece, address + done) : 0;
            if (read == -Libc.EPERM || read == -Libc.ENOSYS)
            {
                crossMemoryAttach = false;
            }
            if (!crossMemoryAttach)
            {
                read = FileCalls.preadPinned(memFd, into, offset + done, piece, address + done, callState);
            }
            if (read > 0)
            {
                done += read;
            }
            else if (read == 0)
            {
                // The process's address space is gone: it exited while this read.
                return done;
            }
            else if (read != -Libc.EINTR)
            {
                return read;
            }
        }
        return done;
    }

    /**
     * Reads what thread {@code tid} of the process is doing.
     *
     * @param into receives the system call's number at 0 and its six arguments at 1 to 6; at least 7 long.
     * @return true when the thread is blocked in a system call; false when it runs, is blocked outside one, or has ended.
     * @throws CallFailedException when this process may not read the thread's state.
     */
    public boolean readSyscall(final long tid, final long[] into) throws CallFailedException
    {
        final int slot = syscallFile(tid);
        if (slot < 0)
        {
            return false;
        }
        final long read = FileCalls.pread(threadFds[slot], lineBuffer, lineBuffer.byteSize(), 0, callState);
        if (read < 0)
        {
            forget(slot);
            if (read == -Libc.ESRCH || read == -Libc.ENOENT)
            {
                return false;
            }
            throw new CallFailedException("pread(/proc/" + pid + "/task/" + tid + "/syscall)", (int)-read);
        }
        MemorySegment.copy(lineBuffer, ValueLayout.JAVA_BYTE, 0, line, 0, (int)read);
        return TaskSyscall.parse(line, (int)read, into);
    }

    /** @return the cache slot of thread {@code tid}'s open syscall file, opening it if need be; -1 when the thread is gone. */
    private int syscallFile(final long tid) throws CallFailedException
    {
        for (int slot = 0; slot < CACHED_THREADS; slot++)
        {
            if (threadFds[slot] >= 0 && threadIds[slot] == tid)
            {
                return slot;
            }
        }
        final int fd;
        try
        {
            fd = FileCalls.openReadOnly("/proc/" + pid + "/task/" + tid + "/syscall", callState);
        }
        catch (final CallFailedException ex)
        {
            if (ex.errno() == Libc.ENOENT || ex.errno() == Libc.ESRCH)
            {
                return -1;
            }
            throw ex;
        }
        final int slot = nextEviction;
        nextEviction = (nextEviction + 1) % CACHED_THREADS;
        forget(slot);
        threadIds[slot] = tid;
        threadFds[slot] = fd;
        return slot;
    }

    private void forget(final int slot)
    {
        if (threadFds[slot] >= 0)
        {
            FileCalls.close(threadFds[slot]);
            threadFds[slot] = -1;
        }
    }

    /** Closes the descriptors. Idempotent. */
    @Override
    public void close()
    {
        if (closed)
        {
            return;
        }
        closed = true;
        for (int slot = 0; slot < CACHED_THREADS; slot++)
        {
            forget(slot);
        }
        FileCalls.close(memFd);
        arena.close();
    }
}
