package org.openmpj.os;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;

/**
 * The one place that binds functions of the C library: whether that may be done at all ({@link #AVAILABLE}, and
 * {@link #unavailabilityCause()} when it may not), the downcall set-up, and reading {@code errno} after a call.
 * The method handles themselves belong to the classes that call them.
 *
 * <p>Binding needs Linux and native access granted to this code ({@code --enable-native-access=ALL-UNNAMED} on
 * the class path); without the latter the JVM would warn on first use, or refuse in later releases.
 *
 * <p>Thread-safety: all of it is immutable once the class is initialised.
 */
// Calling the C library is the point of this class.
@SuppressWarnings("restricted")
public final class Libc
{
    /** {@code errno}: the operation is not permitted. */
    public static final int EPERM = 1;
    /** {@code errno}: no such file or directory. */
    public static final int ENOENT = 2;
    /** {@code errno}: no such process. */
    public static final int ESRCH = 3;
    /** {@code errno}: interrupted by a signal. */
    public static final int EINTR = 4;
    /** {@code errno}: an input or output error; for {@code /proc/PID/mem}, an address the process has not mapped. */
    public static final int EIO = 5;
    /** {@code errno}: not an open file descriptor (of the process named, for {@code pidfd_getfd}). */
    public static final int EBADF = 9;
    /** {@code errno}: try again; for a futex wait, the word did not hold the expected value. */
    public static final int EAGAIN = 11;
    /** {@code errno}: permission denied. */
    public static final int EACCES = 13;
    /** {@code errno}: the system call does not exist in this kernel. */
    public static final int ENOSYS = 38;
    /** {@code errno}: a timed wait ran out of time. */
    public static final int ETIMEDOUT = 110;

    /** The layout of the segment a call made with {@link #CAPTURE_ERRNO} writes {@code errno} into. */
    public static final StructLayout CALL_STATE_LAYOUT = Linker.Option.captureStateLayout();
    /** The linker option that saves {@code errno} right after the call, before the JVM can change it. */
    public static final Linker.Option CAPTURE_ERRNO = Linker.Option.captureCallState("errno");

    /** True when the C library may be called: on Linux, with native access enabled for this code. */
    public static final boolean AVAILABLE;

    private static final VarHandle ERRNO = CALL_STATE_LAYOUT.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    private static final String UNAVAILABILITY_CAUSE;
    private static final Linker LINKER;
    private static final SymbolLookup LOOKUP;

    static
    {
        final String osName = System.getProperty("os.name", "");
        String cause = null;
        Linker linker = null;
        SymbolLookup lookup = null;
        if (!osName.equals("Linux"))
        {
            cause = "the C-library bindings need Linux, and this is " + osName + "; the portable fallbacks are used instead";
        }
        else
        {
            try
            {
                linker = Linker.nativeLinker();
                lookup = linker.defaultLookup();
            }
            catch (final UnsupportedOperationException ex)
            {
                cause = "the foreign-function API does not support this platform (" + ex.getMessage() + ")";
                linker = null;
            }
            if (cause == null && !Libc.class.getModule().isNativeAccessEnabled())
            {
                cause = "native access is not enabled for " + Libc.class.getModule()
                    + "; run the JVM with --enable-native-access=ALL-UNNAMED (or the module's name) to use the C library";
            }
        }
        UNAVAILABILITY_CAUSE = cause;
        AVAILABLE = cause == null;
        LINKER = linker;
        LOOKUP = lookup;
    }

    private Libc()
    {
    }

    /**
     * @return null when {@link #AVAILABLE}; otherwise a sentence saying what is missing and what to do about it.
     */
    public static String unavailabilityCause()
    {
        return UNAVAILABILITY_CAUSE;
    }

    /**
     * Binds a function of the C library.
     *
     * @param name     the function's symbol, e.g. {@code "poll"}.
     * @param function its C signature.
     * @param options  linker options, e.g. {@link #CAPTURE_ERRNO} (which makes the call state segment the handle's
     *                 first argument) or {@code Linker.Option.firstVariadicArg}.
     * @return the method handle to call it with.
     * @throws IllegalStateException    when not {@link #AVAILABLE}.
     * @throws java.util.NoSuchElementException when the C library has no such symbol.
     */
    public static MethodHandle downcall(final String name, final FunctionDescriptor function, final Linker.Option... options)
    {
        if (!AVAILABLE)
        {
            throw new IllegalStateException(UNAVAILABILITY_CAUSE);
        }
        return LINKER.downcallHandle(LOOKUP.findOrThrow(name), function, options);
    }

    /**
     * Binds a function of the C library for a caller that has no portable fallback: on Linux it binds also when native
     * access is not enabled, and the JVM warns once that it was used, as it does by default.
     *
     * @throws IllegalStateException when this is not Linux or the platform has no foreign-function support.
     * @see #downcall(String, FunctionDescriptor, Linker.Option...)
     */
    public static MethodHandle downcallWithoutFallback(final String name, final FunctionDescriptor function, final Linker.Option... options)
    {
        if (LINKER == null)
        {
            throw new IllegalStateException(UNAVAILABILITY_CAUSE);
        }
        return LINKER.downcallHandle(LOOKUP.findOrThrow(name), function, options);
    }

    /**
     * Binds a function at {@code address}, one that is not a symbol of the C library (see {@link X86Code}).
     *
     * @throws IllegalStateException when not {@link #AVAILABLE}.
     */
    static MethodHandle downcallAt(final MemorySegment address, final FunctionDescriptor function, final Linker.Option... options)
    {
        if (!AVAILABLE)
        {
            throw new IllegalStateException(UNAVAILABILITY_CAUSE);
        }
        return LINKER.downcallHandle(address, function, options);
    }

    /**
     * @param callState a segment of {@link #CALL_STATE_LAYOUT} that a call made with {@link #CAPTURE_ERRNO} wrote.
     * @return the {@code errno} the call left.
     */
    public static int errno(final MemorySegment callState)
    {
        return (int)ERRNO.get(callState, 0L);
    }

    /**
     * @param errno a value of {@code errno}.
     * @return how a message names it, e.g. {@code "errno 13 (EACCES)"}; the symbolic name for the values this package
     *         meets.
     */
    public static String describeErrno(final int errno)
    {
        final String name = switch (errno)
        {
            case EPERM -> "EPERM";
            case ENOENT -> "ENOENT";
            case ESRCH -> "ESRCH";
            case EINTR -> "EINTR";
            case EIO -> "EIO";
            case EBADF -> "EBADF";
            case EAGAIN -> "EAGAIN";
            case EACCES -> "EACCES";
            case ENOSYS -> "ENOSYS";
            case ETIMEDOUT -> "ETIMEDOUT";
            default -> null;
        };
        return name == null ? "errno " + errno : "errno " + errno + " (" + name + ")";
    }

    /**
     * Picks a system call's number for the running architecture: the numbers differ between x86-64 and the generic
     * table that arm64 uses.
     *
     * @param x86Number     the number on x86-64.
     * @param genericNumber the number on aarch64.
     * @return the number, or -1 on any other architecture.
     */
    static long syscallNumber(final long x86Number, final long genericNumber)
    {
        return switch (System.getProperty("os.arch", ""))
        {
            case "amd64", "x86_64" -> x86Number;
            case "aarch64" -> genericNumber;
            default -> -1;
        };
    }
}
