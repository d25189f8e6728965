package org.openmpj.ucx;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * The functions UCX calls back, as native entry points made once per JVM: one for arriving active messages, one for
 * failed endpoints. Each worker registers them with the index of its transport, under which they find it.
 *
 * <p>An exception may not leave an upcall (the JVM would end), so each handler catches everything, and the transport
 * records it as the job's failure.
 *
 * <p>Thread-safety: {@link #register} and {@link #unregister} may be called from any thread; the callbacks run on the
 * thread that progresses the worker.
 */
// Upcalls into Java are the point of this class.
@SuppressWarnings("restricted")
final class Upcalls
{
    /** {@code ucp_am_recv_callback_t}, pointers as {@code long}s. */
    static final MemorySegment ACTIVE_MESSAGE;
    /** {@code ucp_err_handler_cb_t}, pointers as {@code long}s. */
    static final MemorySegment ENDPOINT_FAILED;

    private static volatile UcxTransport[] transports = new UcxTransport[8];

    static
    {
        try
        {
            final Linker linker = Linker.nativeLinker();
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            final ValueLayout word = ValueLayout.JAVA_LONG;
            ACTIVE_MESSAGE = linker.upcallStub(
                lookup.findStatic(Upcalls.class, "onActiveMessage",
                    MethodType.methodType(int.class, long.class, long.class, long.class, long.class, long.class, long.class)),
                FunctionDescriptor.of(ValueLayout.JAVA_INT, word, word, word, word, word, word), Arena.global());
            ENDPOINT_FAILED = linker.upcallStub(
                lookup.findStatic(Upcalls.class, "onEndpointFailed", MethodType.methodType(void.class, long.class, long.class, int.class)),
                FunctionDescriptor.ofVoid(word, word, ValueLayout.JAVA_INT), Arena.global());
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private Upcalls()
    {
    }

    /** @return the index {@code transport} is found under by the callbacks. */
    static synchronized int register(final UcxTransport transport)
    {
        UcxTransport[] all = transports;
        for (int index = 0; index < all.length; index++)
        {
            if (all[index] == null)
            {
                all[index] = transport;
                return index;
            }
        }
        final int index = all.length;
        all = java.util.Arrays.copyOf(all, all.length * 2);
        all[index] = transport;
        transports = all;
        return index;
    }

    /** Forgets the transport at {@code index}; call it once its worker is destroyed. */
    static synchronized void unregister(final int index)
    {
        transports[index] = null;
    }

    private static int onActiveMessage(
        final long argument, final long header, final long headerLength, final long data, final long length, final long param)
    {
        final UcxTransport transport = transports[(int)argument];
        if (transport == null)
        {
            return Ucp.UCS_OK;
        }
        try
        {
            return transport.onActiveMessage(header, headerLength, data, length, param);
        }
        catch (final Throwable ex)
        {
            transport.onHandlerFailed(header, ex);
            return Ucp.UCS_OK;
        }
    }

    private static void onEndpointFailed(final long argument, final long endpoint, final int status)
    {
        final UcxTransport transport = transports[(int)(argument >>> 32)];
        if (transport != null)
        {
            try
            {
                transport.onEndpointFailed((int)argument, status);
            }
            catch (final Throwable ex)
            {
                // Reporting the failure failed; the job's other ways of noticing a dead peer remain.
            }
        }
    }
}
