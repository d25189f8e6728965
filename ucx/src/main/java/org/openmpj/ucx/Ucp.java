package org.openmpj.ucx;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

import org.openmpj.os.Libc;

/**
 * The functions of the system's UCX library ({@code libucp.so.0}) that the device calls, bound once per JVM through the
 * foreign-function API, and whether they could be bound ({@link #AVAILABLE}, {@link #unavailabilityCause()}).
 *
 * <p>Pointers travel as {@code long}s, so that a call makes no segment object; memory behind them is read through
 * {@link #MEMORY}. No Java array is ever handed to UCX: UCX may keep a pointer to what it sends or receives into, and the
 * GC moves arrays.
 *
 * <p>Before the library is loaded, {@code UCX_ERROR_SIGNALS} is emptied in the process's environment: UCX would otherwise
 * take {@code SIGSEGV}, {@code SIGBUS} and others for its own error reports, and the JVM needs them (it turns some of
 * them into null-pointer checks and safepoints).
 *
 * <p>Thread-safety: immutable once the class is initialised.
 */
// Calling UCX is the point of this class.
@SuppressWarnings("restricted")
final class Ucp
{
    /** The library this binds, as Debian's libucx0 and UCX's own builds name it. */
    static final String LIBRARY = "libucp.so.0";
    /** Status: done. */
    static final int UCS_OK = 0;
    /** Status: the operation is in progress. */
    static final int UCS_INPROGRESS = 1;
    /** Status: no resources now; try again later. */
    static final int UCS_ERR_NO_RESOURCE = -2;
    /** Status: busy, e.g. events are pending when arming a worker. */
    static final int UCS_ERR_BUSY = -15;
    /** Status: cancelled. */
    static final int UCS_ERR_CANCELED = -16;
    /** The lowest status value: a returned pointer in [{@code UCS_ERR_LAST}, 0) is a status, not a request. */
    static final int UCS_ERR_LAST = -100;

    /** All memory, for reading and writing what UCX hands over by address. */
    static final MemorySegment MEMORY = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);

    static final boolean AVAILABLE;

    static final MethodHandle CONFIG_READ;
    static final MethodHandle CONFIG_MODIFY;
    static final MethodHandle CONFIG_RELEASE;
    static final MethodHandle INIT_VERSION;
    static final MethodHandle CLEANUP;
    static final MethodHandle WORKER_CREATE;
    static final MethodHandle WORKER_DESTROY;
    static final MethodHandle WORKER_GET_ADDRESS;
    static final MethodHandle WORKER_RELEASE_ADDRESS;
    static final MethodHandle WORKER_PROGRESS;
    static final MethodHandle WORKER_GET_EFD;
    static final MethodHandle WORKER_ARM;
    static final MethodHandle WORKER_SIGNAL;
    static final MethodHandle WORKER_SET_AM_HANDLER;
    static final MethodHandle EP_CREATE;
    static final MethodHandle EP_CLOSE;
    /** {@code ucp_am_send_nbx}. */
    static final MethodHandle AM_SEND;
    static final MethodHandle AM_RECV_DATA;
    static final MethodHandle REQUEST_CHECK_STATUS;
    static final MethodHandle REQUEST_FREE;
    static final MethodHandle MEM_MAP;
    static final MethodHandle MEM_UNMAP;
    static final MethodHandle STATUS_STRING;
    /** The C library's {@code poll}, for sleeping on a worker's event descriptor. */
    static final MethodHandle POLL;
    /** {@code ucp_ep_print_info}: how UCX reaches a peer, written to a C stream. */
    static final MethodHandle EP_PRINT_INFO;
    /** The C library's {@code open_memstream}, {@code fclose} and {@code free}: a C stream into memory, to read such text. */
    static final MethodHandle OPEN_MEMSTREAM;
    static final MethodHandle FCLOSE;
    static final MethodHandle FREE;

    private static final String UNAVAILABILITY_CAUSE;

    static
    {
        final Bound bound = bind();
        UNAVAILABILITY_CAUSE = bound.cause;
        AVAILABLE = bound.cause == null;
        CONFIG_READ = bound.handles[1];
        CONFIG_MODIFY = bound.handles[2];
        CONFIG_RELEASE = bound.handles[3];
        INIT_VERSION = bound.handles[4];
        CLEANUP = bound.handles[5];
        WORKER_CREATE = bound.handles[6];
        WORKER_DESTROY = bound.handles[7];
        WORKER_GET_ADDRESS = bound.handles[8];
        WORKER_RELEASE_ADDRESS = bound.handles[9];
        WORKER_PROGRESS = bound.handles[10];
        WORKER_GET_EFD = bound.handles[11];
        WORKER_ARM = bound.handles[12];
        WORKER_SIGNAL = bound.handles[13];
        WORKER_SET_AM_HANDLER = bound.handles[14];
        EP_CREATE = bound.handles[15];
        EP_CLOSE = bound.handles[16];
        AM_SEND = bound.handles[17];
        AM_RECV_DATA = bound.handles[18];
        REQUEST_CHECK_STATUS = bound.handles[19];
        REQUEST_FREE = bound.handles[20];
        MEM_MAP = bound.handles[21];
        MEM_UNMAP = bound.handles[22];
        STATUS_STRING = bound.handles[23];
        POLL = bound.handles[24];
        EP_PRINT_INFO = bound.handles[25];
        OPEN_MEMSTREAM = bound.handles[26];
        FCLOSE = bound.handles[27];
        FREE = bound.handles[28];
    }

    private Ucp()
    {
    }

    /** @return null when {@link #AVAILABLE}; otherwise what is missing and what to do about it, starting {@code ucx: }. */
    static String unavailabilityCause()
    {
        return UNAVAILABILITY_CAUSE;
    }

    /** @return whether {@code pointer}, as a UCX call returned it, is a status rather than a request (NULL is {@code UCS_OK}). */
    static boolean isStatus(final long pointer)
    {
        return pointer <= 0 && pointer >= UCS_ERR_LAST;
    }

    /** @return UCX's words for {@code status}, e.g. {@code Connection reset by remote peer}. */
    static String describe(final int status)
    {
        try
        {
            final long text = (long)STATUS_STRING.invokeExact(status);
            return MEMORY.getString(text) + " (status " + status + ")";
        }
        catch (final Throwable ex)
        {
            return "status " + status;
        }
    }

    /** The handles, or why there are none. */
    private record Bound(String cause, MethodHandle[] handles)
    {
    }

    private static Bound bind()
    {
        final MethodHandle[] none = new MethodHandle[29];
        if (!Libc.AVAILABLE)
        {
            return new Bound("ucx: " + Libc.unavailabilityCause(), none);
        }
        try
        {
            final MethodHandle setenv = Libc.downcall("setenv",
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
            try (Arena arena = Arena.ofConfined())
            {
                final int result = (int)setenv.invokeExact(arena.allocateFrom("UCX_ERROR_SIGNALS"), arena.allocateFrom(""), 1);
                if (result != 0)
                {
                    return new Bound("ucx: cannot set UCX_ERROR_SIGNALS in the environment, which keeps UCX off the JVM's signals", none);
                }
            }
        }
        catch (final Throwable ex)
        {
            return new Bound("ucx: cannot set UCX_ERROR_SIGNALS in the environment: " + ex, none);
        }
        final String library = System.getProperty(UcxDeviceProvider.LIBRARY_PROP_NAME, LIBRARY);
        final SymbolLookup ucp;
        final SymbolLookup ucs;
        try
        {
            ucp = SymbolLookup.libraryLookup(library, Arena.global());
            // Loaded with libucp as its dependency; found by name whichever directory libucp came from.
            ucs = SymbolLookup.libraryLookup("libucs.so.0", Arena.global());
        }
        catch (final IllegalArgumentException ex)
        {
            return new Bound("ucx: " + LIBRARY + " not found" + (library.equals(LIBRARY) ? " on the library path" : " at " + library)
                + " — install libucx0 (Debian, Ubuntu) or ucx (RHEL), or load your cluster's ucx module", none);
        }
        try
        {
            final Linker linker = Linker.nativeLinker();
            final ValueLayout ptr = ValueLayout.JAVA_LONG;
            final ValueLayout u32 = ValueLayout.JAVA_INT;
            final ValueLayout status = ValueLayout.JAVA_INT;
            final Linker.Option critical = Linker.Option.critical(false);
            final MethodHandle[] h = new MethodHandle[29];
            h[0] = linker.downcallHandle(ucp.findOrThrow("ucp_get_version"), FunctionDescriptor.ofVoid(ptr, ptr, ptr));
            h[1] = linker.downcallHandle(ucp.findOrThrow("ucp_config_read"), FunctionDescriptor.of(status, ptr, ptr, ptr));
            h[2] = linker.downcallHandle(ucp.findOrThrow("ucp_config_modify"), FunctionDescriptor.of(status, ptr, ptr, ptr));
            h[3] = linker.downcallHandle(ucp.findOrThrow("ucp_config_release"), FunctionDescriptor.ofVoid(ptr));
            h[4] = linker.downcallHandle(ucp.findOrThrow("ucp_init_version"), FunctionDescriptor.of(status, u32, u32, ptr, ptr, ptr));
            h[5] = linker.downcallHandle(ucp.findOrThrow("ucp_cleanup"), FunctionDescriptor.ofVoid(ptr));
            h[6] = linker.downcallHandle(ucp.findOrThrow("ucp_worker_create"), FunctionDescriptor.of(status, ptr, ptr, ptr));
            h[7] = linker.downcallHandle(ucp.findOrThrow("ucp_worker_destroy"), FunctionDescriptor.ofVoid(ptr));
            h[8] = linker.downcallHandle(ucp.findOrThrow("ucp_worker_get_address"), FunctionDescriptor.of(status, ptr, ptr, ptr));
            h[9] = linker.downcallHandle(ucp.findOrThrow("ucp_worker_release_address"), FunctionDescriptor.ofVoid(ptr, ptr));
            // Progress runs the device's receive handler, an upcall: it may not be a critical call.
            h[10] = linker.downcallHandle(ucp.findOrThrow("ucp_worker_progress"), FunctionDescriptor.of(u32, ptr));
            h[11] = linker.downcallHandle(ucp.findOrThrow("ucp_worker_get_efd"), FunctionDescriptor.of(status, ptr, ptr));
            h[12] = linker.downcallHandle(ucp.findOrThrow("ucp_worker_arm"), FunctionDescriptor.of(status, ptr));
            h[13] = linker.downcallHandle(ucp.findOrThrow("ucp_worker_signal"), FunctionDescriptor.of(status, ptr));
            h[14] = linker.downcallHandle(ucp.findOrThrow("ucp_worker_set_am_recv_handler"), FunctionDescriptor.of(status, ptr, ptr));
            h[15] = linker.downcallHandle(ucp.findOrThrow("ucp_ep_create"), FunctionDescriptor.of(status, ptr, ptr, ptr));
            h[16] = linker.downcallHandle(ucp.findOrThrow("ucp_ep_close_nbx"), FunctionDescriptor.of(ptr, ptr, ptr));
            h[17] = linker.downcallHandle(ucp.findOrThrow("ucp_am_send_nbx"), FunctionDescriptor.of(ptr, ptr, u32, ptr, ptr, ptr, ptr, ptr),
                critical);
            h[18] = linker.downcallHandle(ucp.findOrThrow("ucp_am_recv_data_nbx"), FunctionDescriptor.of(ptr, ptr, ptr, ptr, ptr, ptr));
            h[19] = linker.downcallHandle(ucp.findOrThrow("ucp_request_check_status"), FunctionDescriptor.of(status, ptr), critical);
            h[20] = linker.downcallHandle(ucp.findOrThrow("ucp_request_free"), FunctionDescriptor.ofVoid(ptr), critical);
            h[21] = linker.downcallHandle(ucp.findOrThrow("ucp_mem_map"), FunctionDescriptor.of(status, ptr, ptr, ptr));
            h[22] = linker.downcallHandle(ucp.findOrThrow("ucp_mem_unmap"), FunctionDescriptor.of(status, ptr, ptr));
            h[23] = linker.downcallHandle(ucs.findOrThrow("ucs_status_string"), FunctionDescriptor.of(ptr, status));
            h[24] = Libc.downcall("poll", FunctionDescriptor.of(ValueLayout.JAVA_INT, ptr, ptr, ValueLayout.JAVA_INT));
            h[25] = linker.downcallHandle(ucp.findOrThrow("ucp_ep_print_info"), FunctionDescriptor.ofVoid(ptr, ptr));
            h[26] = Libc.downcall("open_memstream", FunctionDescriptor.of(ptr, ptr, ptr));
            h[27] = Libc.downcall("fclose", FunctionDescriptor.of(ValueLayout.JAVA_INT, ptr));
            h[28] = Libc.downcall("free", FunctionDescriptor.ofVoid(ptr));
            final String version;
            try (Arena arena = Arena.ofConfined())
            {
                final MemorySegment parts = arena.allocate(ValueLayout.JAVA_INT, 3);
                h[0].invokeExact(parts.address(), parts.address() + 4, parts.address() + 8);
                final int major = parts.getAtIndex(ValueLayout.JAVA_INT, 0);
                final int minor = parts.getAtIndex(ValueLayout.JAVA_INT, 1);
                version = major + "." + minor + "." + parts.getAtIndex(ValueLayout.JAVA_INT, 2);
                if (major != 1 || minor < UcpStructs.OLDEST_MINOR)
                {
                    return new Bound("ucx: " + LIBRARY + " is UCX " + version + "; OpenMPJ needs UCX 1." + UcpStructs.OLDEST_MINOR
                        + " or a later 1.x", none);
                }
            }
            return new Bound(null, h);
        }
        catch (final Throwable ex)
        {
            return new Bound("ucx: " + LIBRARY + " lacks a function OpenMPJ needs (" + ex.getMessage()
                + "); it needs UCX 1." + UcpStructs.OLDEST_MINOR + " or a later 1.x", none);
        }
    }
}
