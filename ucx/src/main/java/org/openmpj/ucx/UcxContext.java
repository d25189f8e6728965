package org.openmpj.ucx;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Map;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;

/**
 * One rank's UCX context and worker: made from UCX's configuration (its {@code UCX_*} environment variables, with the
 * device's overrides), and used through the calls the transport makes on them. Every call that fails says so with UCX's
 * words for the status.
 *
 * <p>Thread-safety: the worker is made in serialized mode; the transport calls it under its lock, except
 * {@link #signal()}, which UCX allows from any thread.
 */
final class UcxContext implements AutoCloseable
{
    private final long context;
    private final long worker;
    private final int rank;
    private boolean closed;

    private UcxContext(final long context, final long worker, final int rank)
    {
        this.context = context;
        this.worker = worker;
        this.rank = rank;
    }

    /**
     * Makes the context and its worker.
     *
     * @param rank      the rank, for messages.
     * @param overrides UCX configuration entries without the {@code UCX_} prefix (e.g. {@code TLS}), set over the environment's.
     * @param wakeup    whether the worker must be able to wake a sleeping thread (a rank that backs off instead of spinning).
     */
    static UcxContext open(final int rank, final Map<String, String> overrides, final boolean wakeup)
    {
        try (Arena scratch = Arena.ofConfined())
        {
            final MemorySegment out = scratch.allocate(ValueLayout.JAVA_LONG);
            check(rank, "reading UCX's configuration", (int)Ucp.CONFIG_READ.invokeExact(0L, 0L, out.address()));
            final long config = out.get(ValueLayout.JAVA_LONG, 0);
            try
            {
                for (final Map.Entry<String, String> entry : overrides.entrySet())
                {
                    final int status = (int)Ucp.CONFIG_MODIFY.invokeExact(config, scratch.allocateFrom(entry.getKey()).address(),
                        scratch.allocateFrom(entry.getValue()).address());
                    check(rank, "setting UCX_" + entry.getKey() + "=" + entry.getValue(), status);
                }
                final MemorySegment params = scratch.allocate(UcpStructs.PARAMS_BYTES);
                params.set(ValueLayout.JAVA_LONG, UcpStructs.PARAMS_FIELD_MASK_OFFSET, UcpStructs.PARAM_FIELD_FEATURES);
                params.set(ValueLayout.JAVA_LONG, UcpStructs.PARAMS_FEATURES_OFFSET,
                    UcpStructs.FEATURE_AM | (wakeup ? UcpStructs.FEATURE_WAKEUP : 0));
                check(rank, "initialising UCX", (int)Ucp.INIT_VERSION.invokeExact(UcpStructs.API_MAJOR, UcpStructs.API_MINOR,
                    params.address(), config, out.address()));
            }
            finally
            {
                Ucp.CONFIG_RELEASE.invokeExact(config);
            }
            final long context = out.get(ValueLayout.JAVA_LONG, 0);
            final MemorySegment workerParams = scratch.allocate(UcpStructs.WORKER_PARAMS_BYTES);
            workerParams.set(ValueLayout.JAVA_LONG, UcpStructs.WORKER_PARAMS_FIELD_MASK_OFFSET, UcpStructs.WORKER_PARAM_FIELD_THREAD_MODE);
            workerParams.set(ValueLayout.JAVA_INT, UcpStructs.WORKER_PARAMS_THREAD_MODE_OFFSET, UcpStructs.THREAD_MODE_SERIALIZED);
            final int status = (int)Ucp.WORKER_CREATE.invokeExact(context, workerParams.address(), out.address());
            if (status != Ucp.UCS_OK)
            {
                Ucp.CLEANUP.invokeExact(context);
                check(rank, "creating a UCX worker", status);
            }
            return new UcxContext(context, out.get(ValueLayout.JAVA_LONG, 0), rank);
        }
        catch (final OpenMpjException ex)
        {
            throw ex;
        }
        catch (final Throwable ex)
        {
            throw new OpenMpjException(ErrorClass.ERR_OTHER, "ucx: rank " + rank + " cannot open UCX: " + ex, ex);
        }
    }

    /** @return the worker's handle. */
    long worker()
    {
        return worker;
    }

    /** @return the worker's address, which peers connect to. */
    byte[] workerAddress()
    {
        try (Arena scratch = Arena.ofConfined())
        {
            final MemorySegment address = scratch.allocate(ValueLayout.JAVA_LONG);
            final MemorySegment length = scratch.allocate(ValueLayout.JAVA_LONG);
            check(rank, "asking the worker for its address", (int)Ucp.WORKER_GET_ADDRESS.invokeExact(worker, address.address(), length.address()));
            final long at = address.get(ValueLayout.JAVA_LONG, 0);
            final byte[] bytes = Ucp.MEMORY.asSlice(at, length.get(ValueLayout.JAVA_LONG, 0)).toArray(ValueLayout.JAVA_BYTE);
            Ucp.WORKER_RELEASE_ADDRESS.invokeExact(worker, at);
            return bytes;
        }
        catch (final OpenMpjException ex)
        {
            throw ex;
        }
        catch (final Throwable ex)
        {
            throw failed("asking the worker for its address", ex);
        }
    }

    /**
     * Registers the AM handler for messages of {@code id}.
     *
     * @param callback the handler's upcall stub.
     * @param argument what UCX passes to it.
     */
    void setAmHandler(final int id, final MemorySegment callback, final long argument)
    {
        // UCX copies what the parameters say, as it unpacks an address in connect: scratch memory serves both.
        try (Arena scratch = Arena.ofConfined())
        {
            final MemorySegment params = scratch.allocate(UcpStructs.AM_HANDLER_PARAMS_BYTES);
            params.set(ValueLayout.JAVA_LONG, UcpStructs.AM_HANDLER_FIELD_MASK_OFFSET, UcpStructs.AM_HANDLER_FIELDS_ALL);
            params.set(ValueLayout.JAVA_INT, UcpStructs.AM_HANDLER_ID_OFFSET, id);
            params.set(ValueLayout.JAVA_INT, UcpStructs.AM_HANDLER_FLAGS_OFFSET, UcpStructs.AM_FLAG_WHOLE_MSG);
            params.set(ValueLayout.JAVA_LONG, UcpStructs.AM_HANDLER_CB_OFFSET, callback.address());
            params.set(ValueLayout.JAVA_LONG, UcpStructs.AM_HANDLER_ARG_OFFSET, argument);
            check(rank, "setting the active-message handler", (int)Ucp.WORKER_SET_AM_HANDLER.invokeExact(worker, params.address()));
        }
        catch (final OpenMpjException ex)
        {
            throw ex;
        }
        catch (final Throwable ex)
        {
            throw failed("setting the active-message handler", ex);
        }
    }

    /**
     * Connects to the worker at {@code address}. With {@code reportFailure}, UCX reports the peer's failure to
     * {@code errorHandler} with {@code errorArgument} instead of hanging; UCX 1.13's shared-memory transports cannot, and
     * UCX refuses them for such an endpoint, so peers on this host are connected without it (and watched otherwise).
     *
     * @return the endpoint.
     */
    long connect(final byte[] address, final boolean reportFailure, final MemorySegment errorHandler, final long errorArgument, final int peer)
    {
        try (Arena scratch = Arena.ofConfined())
        {
            final MemorySegment remote = scratch.allocate(address.length);
            remote.copyFrom(MemorySegment.ofArray(address));
            final MemorySegment params = scratch.allocate(UcpStructs.EP_PARAMS_BYTES);
            params.set(ValueLayout.JAVA_LONG, UcpStructs.EP_PARAMS_FIELD_MASK_OFFSET, UcpStructs.EP_PARAM_FIELD_REMOTE_ADDRESS
                | (reportFailure ? UcpStructs.EP_PARAM_FIELD_ERR_HANDLING_MODE | UcpStructs.EP_PARAM_FIELD_ERR_HANDLER : 0));
            params.set(ValueLayout.JAVA_LONG, UcpStructs.EP_PARAMS_ADDRESS_OFFSET, remote.address());
            params.set(ValueLayout.JAVA_INT, UcpStructs.EP_PARAMS_ERR_MODE_OFFSET, UcpStructs.ERR_HANDLING_MODE_PEER);
            params.set(ValueLayout.JAVA_LONG, UcpStructs.EP_PARAMS_ERR_HANDLER_CB_OFFSET, errorHandler.address());
            params.set(ValueLayout.JAVA_LONG, UcpStructs.EP_PARAMS_ERR_HANDLER_ARG_OFFSET, errorArgument);
            final MemorySegment out = scratch.allocate(ValueLayout.JAVA_LONG);
            check(rank, "connecting to rank " + peer, (int)Ucp.EP_CREATE.invokeExact(worker, params.address(), out.address()));
            return out.get(ValueLayout.JAVA_LONG, 0);
        }
        catch (final OpenMpjException ex)
        {
            throw ex;
        }
        catch (final Throwable ex)
        {
            throw failed("connecting to rank " + peer, ex);
        }
    }

    /**
     * @return the UCX transport that carries active messages on {@code endpoint} (e.g. {@code posix}, {@code tcp},
     *         {@code rc_mlx5}), as UCX describes the endpoint; null when its description does not say.
     */
    String activeMessageTransport(final long endpoint)
    {
        try (Arena scratch = Arena.ofConfined())
        {
            final MemorySegment text = scratch.allocate(ValueLayout.JAVA_LONG);
            final MemorySegment length = scratch.allocate(ValueLayout.JAVA_LONG);
            final long stream = (long)Ucp.OPEN_MEMSTREAM.invokeExact(text.address(), length.address());
            if (stream == 0)
            {
                return null;
            }
            Ucp.EP_PRINT_INFO.invokeExact(endpoint, stream);
            // Closing the stream is what sets the text and its length.
            final int closed = (int)Ucp.FCLOSE.invokeExact(stream);
            final long at = text.get(ValueLayout.JAVA_LONG, 0);
            try
            {
                return closed == 0 && at != 0
                    ? EndpointLanes.activeMessageTransport(Ucp.MEMORY.getString(at)) : null;
            }
            finally
            {
                Ucp.FREE.invokeExact(at);
            }
        }
        catch (final Throwable ex)
        {
            throw failed("asking UCX how it reaches a peer", ex);
        }
    }

    /** Starts closing {@code endpoint}, flushing what was sent on it. @return a request to wait for, 0 when done, or a status. */
    long close(final long endpoint)
    {
        try (Arena scratch = Arena.ofConfined())
        {
            final MemorySegment params = scratch.allocate(UcpStructs.REQUEST_PARAMS_BYTES);
            params.set(ValueLayout.JAVA_INT, UcpStructs.REQUEST_OP_ATTR_MASK_OFFSET, UcpStructs.OP_ATTR_FIELD_FLAGS);
            params.set(ValueLayout.JAVA_INT, UcpStructs.REQUEST_FLAGS_OFFSET, UcpStructs.EP_CLOSE_FLUSH);
            return (long)Ucp.EP_CLOSE.invokeExact(endpoint, params.address());
        }
        catch (final Throwable ex)
        {
            return Ucp.UCS_ERR_CANCELED;
        }
    }

    /** @return the handle of {@code bytes} bytes at {@code address}, registered with UCX. */
    long register(final long address, final long bytes)
    {
        try (Arena scratch = Arena.ofConfined())
        {
            final MemorySegment params = scratch.allocate(UcpStructs.MEM_MAP_PARAMS_BYTES);
            params.set(ValueLayout.JAVA_LONG, UcpStructs.MEM_MAP_FIELD_MASK_OFFSET, UcpStructs.MEM_MAP_FIELDS_ADDRESS_LENGTH);
            params.set(ValueLayout.JAVA_LONG, UcpStructs.MEM_MAP_ADDRESS_OFFSET, address);
            params.set(ValueLayout.JAVA_LONG, UcpStructs.MEM_MAP_LENGTH_OFFSET, bytes);
            final MemorySegment out = scratch.allocate(ValueLayout.JAVA_LONG);
            check(rank, "registering " + bytes + " bytes of staging memory", (int)Ucp.MEM_MAP.invokeExact(context, params.address(), out.address()));
            return out.get(ValueLayout.JAVA_LONG, 0);
        }
        catch (final OpenMpjException ex)
        {
            throw ex;
        }
        catch (final Throwable ex)
        {
            throw failed("registering staging memory", ex);
        }
    }

    /** Releases what {@link #register} registered. */
    void unregister(final long memoryHandle)
    {
        try
        {
            final int status = (int)Ucp.MEM_UNMAP.invokeExact(context, memoryHandle);
            assert status == Ucp.UCS_OK : Ucp.describe(status);
        }
        catch (final Throwable ex)
        {
            // Closing: the process's memory goes with the context anyway.
        }
    }

    /** @return the worker's event descriptor, readable when it has work after {@link #arm()}. */
    int eventDescriptor()
    {
        try (Arena scratch = Arena.ofConfined())
        {
            final MemorySegment fd = scratch.allocate(ValueLayout.JAVA_INT);
            check(rank, "asking the worker for its event descriptor", (int)Ucp.WORKER_GET_EFD.invokeExact(worker, fd.address()));
            return fd.get(ValueLayout.JAVA_INT, 0);
        }
        catch (final OpenMpjException ex)
        {
            throw ex;
        }
        catch (final Throwable ex)
        {
            throw failed("asking the worker for its event descriptor", ex);
        }
    }

    /** @return whether the worker is armed, so that its event descriptor tells of the next event; false when events wait. */
    boolean arm()
    {
        try
        {
            final int status = (int)Ucp.WORKER_ARM.invokeExact(worker);
            if (status == Ucp.UCS_ERR_BUSY)
            {
                return false;
            }
            check(rank, "arming the worker for a sleep", status);
            return true;
        }
        catch (final OpenMpjException ex)
        {
            throw ex;
        }
        catch (final Throwable ex)
        {
            throw failed("arming the worker", ex);
        }
    }

    /** Wakes a thread sleeping on the worker's event descriptor. Any thread. */
    void signal()
    {
        try
        {
            final int status = (int)Ucp.WORKER_SIGNAL.invokeExact(worker);
            assert status == Ucp.UCS_OK : Ucp.describe(status);
        }
        catch (final Throwable ex)
        {
            throw failed("waking the worker", ex);
        }
    }

    @Override
    public void close()
    {
        if (closed)
        {
            return;
        }
        closed = true;
        try
        {
            Ucp.WORKER_DESTROY.invokeExact(worker);
            Ucp.CLEANUP.invokeExact(context);
        }
        catch (final Throwable ex)
        {
            throw failed("closing UCX", ex);
        }
    }

    private OpenMpjException failed(final String what, final Throwable ex)
    {
        return new OpenMpjException(ErrorClass.ERR_OTHER, "ucx: rank " + rank + " failed " + what + ": " + ex, ex);
    }

    /** Throws an error naming {@code what} and UCX's words for {@code status}, unless it is {@code UCS_OK}. */
    static void check(final int rank, final String what, final int status)
    {
        if (status != Ucp.UCS_OK)
        {
            throw new OpenMpjException(ErrorClass.ERR_OTHER, "ucx: rank " + rank + " failed " + what + ": " + Ucp.describe(status));
        }
    }
}
