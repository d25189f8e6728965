package org.openmpj.os;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Functions the C library lacks, made from a few bytes of x86-64 code each: the code is written into a page of its own,
 * which is then made readable and executable and never written again, and bound as a downcall. They exist for what a
 * critical downcall allows: a Java array stays still during the call only as an argument of it, so a system call that takes
 * addresses in memory, or a wait that must hold an array still, needs a function that takes the array's address in a
 * register (see {@link CrossMemoryRead} and {@link SpinningHold}).
 *
 * <p>Thread-safety: stateless.
 */
// Calling the C library and the code made here is the point of this class.
@SuppressWarnings("restricted")
final class X86Code
{
    /** {@code mmap}'s and {@code mprotect}'s flags, as Linux defines them on x86-64. */
    private static final int PROT_READ = 1;
    private static final int PROT_WRITE = 2;
    private static final int PROT_EXEC = 4;
    private static final int MAP_PRIVATE = 2;
    private static final int MAP_ANONYMOUS = 0x20;
    private static final long PAGE_BYTES = 4096;

    private X86Code()
    {
    }

    /**
     * A function made of x86-64 code: its downcall, or why there is none.
     *
     * @param handle              the downcall; null when the function could not be made.
     * @param unavailabilityCause null when {@code handle} is there; otherwise why not.
     */
    record Function(MethodHandle handle, String unavailabilityCause)
    {
    }

    /**
     * @param purpose  what the function is for, as a cause names it, e.g. {@code "the process_vm_readv call"}.
     * @param code     the function's machine code, at most a page.
     * @param function its signature in the System V calling convention.
     * @return a downcall to {@code code} in a page of its own, or why it cannot be made here: not x86-64 Linux with native
     *         access, or a system that forbids executable pages.
     */
    static Function bind(final String purpose, final byte[] code, final FunctionDescriptor function, final Linker.Option... options)
    {
        final String cause = unavailabilityCause();
        if (cause != null)
        {
            return new Function(null, cause);
        }
        try
        {
            return new Function(Libc.downcallAt(codePage(code), function, options), null);
        }
        catch (final CallFailedException ex)
        {
            return new Function(null, "no executable page for " + purpose + ": " + ex.getMessage());
        }
    }

    /** @return null when x86-64 code may be made and called here; otherwise why not. */
    private static String unavailabilityCause()
    {
        final String cause = Libc.unavailabilityCause();
        if (cause != null)
        {
            return cause;
        }
        final String arch = System.getProperty("os.arch", "");
        return arch.equals("amd64") || arch.equals("x86_64") ? null : "the function is x86-64 code, and this is " + arch;
    }

    /** @return a page of its own holding {@code code}, readable and executable, never written again. */
    private static MemorySegment codePage(final byte[] code) throws CallFailedException
    {
        final MethodHandle mmap = Libc.downcall("mmap", FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG,
            ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG),
            Libc.CAPTURE_ERRNO);
        final MethodHandle mprotect = Libc.downcall("mprotect", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG,
            ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT), Libc.CAPTURE_ERRNO);
        try (Arena call = Arena.ofConfined())
        {
            final MemorySegment callState = call.allocate(Libc.CALL_STATE_LAYOUT);
            final long address = (long)mmap.invokeExact(callState, 0L, PAGE_BYTES, PROT_READ | PROT_WRITE,
                MAP_PRIVATE | MAP_ANONYMOUS, -1, 0L);
            if (address == -1L)
            {
                throw new CallFailedException("mmap of one page", Libc.errno(callState));
            }
            final MemorySegment page = MemorySegment.ofAddress(address).reinterpret(PAGE_BYTES);
            MemorySegment.copy(code, 0, page, ValueLayout.JAVA_BYTE, 0, code.length);
            if ((int)mprotect.invokeExact(callState, address, PAGE_BYTES, PROT_READ | PROT_EXEC) != 0)
            {
                throw new CallFailedException("mprotect of the code page to read and execute", Libc.errno(callState));
            }
            return page;
        }
        catch (final CallFailedException ex)
        {
            throw ex;
        }
        catch (final Throwable ex)
        {
            throw new IllegalStateException("making a function of x86-64 code failed: " + ex, ex);
        }
    }
}
