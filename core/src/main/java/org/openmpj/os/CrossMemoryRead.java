package org.openmpj.os;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * One contiguous read from another process's memory with {@code process_vm_readv}, into native memory or a slice of a
 * Java array: one copy by the kernel, straight between the two processes' pages.
 *
 * <p>Why a function of its own: a Java array stays still only during a critical downcall that receives its address as an
 * argument (the calling thread stays "in Java", so the JVM reaches no safepoint and the garbage collector moves nothing
 * until the call returns). {@code process_vm_readv} takes its addresses inside {@code iovec}s, which Java cannot fill with
 * an array's address, and the C library has no call that builds them. So this class makes the missing function: 60 bytes
 * of x86-64 code (see {@link X86Code}), which take {@code (pid, local address, length, remote address, local offset)} in
 * registers, build the two one-element {@code iovec}s on their stack and make the system call. The offset lets a caller pass
 * a whole array's segment, made once, rather than a new slice of it for every read. {@code pread} on {@code /proc/PID/mem}, the
 * call that takes the address itself, copies through a kernel page and moved a third as much here (5 against 15 GB/s for
 * 1 MiB, in C).
 *
 * <p>Where the code cannot be made (see {@link X86Code}) {@link #AVAILABLE} is false and {@link #unavailabilityCause()} says
 * why; callers read through {@code /proc/PID/mem} instead. A container's system-call filter may still refuse the call
 * itself: {@link #read} then returns {@code -EPERM} or {@code -ENOSYS}.
 *
 * <p>Thread-safety: stateless once initialized; any number of threads may read at once.
 */
final class CrossMemoryRead
{

    /**
     * {@code long read(long pid, void *local, long length, long remote, long localOffset)} in the System V calling
     * convention: pid in rdi, local in rsi, length in rdx, remote in rcx, localOffset in r8; the system call's result, bytes
     * read or minus errno, in rax.
     */
    private static final byte[] CODE = {
        0x4C, 0x01, (byte)0xC6,                         // add  rsi, r8           where in the local memory
        0x48, (byte)0x83, (byte)0xEC, 0x28,             // sub  rsp, 40           room for two iovecs
        0x48, (byte)0x89, 0x34, 0x24,                   // mov  [rsp], rsi        local.iov_base
        0x48, (byte)0x89, 0x54, 0x24, 0x08,             // mov  [rsp+8], rdx      local.iov_len
        0x48, (byte)0x89, 0x4C, 0x24, 0x10,             // mov  [rsp+16], rcx     remote.iov_base
        0x48, (byte)0x89, 0x54, 0x24, 0x18,             // mov  [rsp+24], rdx     remote.iov_len
        0x48, (byte)0x89, (byte)0xE6,                   // mov  rsi, rsp          2nd argument: the local iovec
        0x4C, (byte)0x8D, 0x54, 0x24, 0x10,             // lea  r10, [rsp+16]     4th argument: the remote iovec
        (byte)0xBA, 0x01, 0x00, 0x00, 0x00,             // mov  edx, 1            3rd argument: one local iovec
        0x41, (byte)0xB8, 0x01, 0x00, 0x00, 0x00,       // mov  r8d, 1            5th argument: one remote iovec
        0x45, 0x31, (byte)0xC9,                         // xor  r9d, r9d          6th argument: no flags
        (byte)0xB8, 0x36, 0x01, 0x00, 0x00,             // mov  eax, 310          process_vm_readv
        0x0F, 0x05,                                     // syscall                (pid is already in rdi)
        0x48, (byte)0x83, (byte)0xC4, 0x28,             // add  rsp, 40
        (byte)0xC3,                                     // ret
    };

    private static final X86Code.Function FUNCTION = X86Code.bind("the process_vm_readv call", CODE,
        FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG,
            ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG), Linker.Option.critical(true));
    private static final MethodHandle READ = FUNCTION.handle();
    /** True when {@link #read} may be called. */
    static final boolean AVAILABLE = READ != null;

    private CrossMemoryRead()
    {
    }

    /** @return null when {@link #AVAILABLE}; otherwise why not. */
    static String unavailabilityCause()
    {
        return FUNCTION.unavailabilityCause();
    }

    /**
     * Copies {@code length} bytes from {@code remoteAddress} of process {@code pid} into {@code into} from byte {@code offset}
     * on, in one critical call: keep it small enough that the JVM may wait for it at a safepoint.
     *
     * @return the bytes copied (fewer when the remote range ends in unmapped memory), or minus {@code errno}: {@link Libc#ESRCH}
     *         when the process is gone, {@link Libc#EPERM} when this process may not read it or a filter refuses the call,
     *         {@code EFAULT} (14) for an unmapped address.
     * @throws IndexOutOfBoundsException when the range is not inside {@code into}.
     */
    static long read(final long pid, final MemorySegment into, final long offset, final long length, final long remoteAddress)
    {
        OffsetBufferCall.checkRange(into, offset, length);
        try
        {
            return (long)READ.invokeExact(pid, into, length, remoteAddress, offset);
        }
        catch (final Throwable ex)
        {
            throw new IllegalStateException("process_vm_readv failed: " + ex, ex);
        }
    }
}
