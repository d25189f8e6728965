package org.openmpj.transport.tcp;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

import org.openmpj.device.ArraySegmentCache;
import org.openmpj.Primitive;
import org.openmpj.os.Libc;
import org.openmpj.os.SocketTransfer;

/**
 * The descriptor under a connected NIO socket channel, with non-blocking {@code send} and {@code recv} on it straight
 * between the socket and a Java array. NIO moves bytes only through direct buffers, so a message held in an array
 * costs one more copy on each side; the C library's calls, made as critical functions that may touch the heap, let
 * the kernel copy from and into the array itself.
 *
 * <p>Java does not tell a channel's descriptor. It is found by matching the channel's local and remote addresses
 * against {@code getsockname} and {@code getpeername} of the process's open descriptors; {@link #of} gives up (null)
 * unless exactly one matches, and whenever the foreign-function API may not be used without a warning.
 *
 * <p>Thread-safety: one thread may send while another receives. {@link #retire} waits for calls in progress and
 * makes later calls fail, so that the descriptor is never used after the channel closes it and the number is
 * given to another file.
 */
final class NativeSocket
{
    private static final int MSG_DONTWAIT = 0x40;
    private static final int MSG_NOSIGNAL = 0x4000;
    private static final int EINTR = 4;
    private static final int EAGAIN = 11;
    private static final short AF_INET = 2;
    private static final short AF_INET6 = 10;
    private static final int SOCKADDR_BYTES = 128;
    private static final int RETIRED = Integer.MIN_VALUE;
    private static final int IPPROTO_TCP = 6;
    private static final int TCP_CONGESTION = 13;
    /** The longest congestion control name the kernel takes (TCP_CA_NAME_MAX, with its terminating zero). */
    private static final int CONGESTION_NAME_BYTES = 16;
    private static final short POLLIN = 0x1;
    private static final short POLLOUT = 0x4;
    private static final StructLayout POLL_FD = MemoryLayout.structLayout(
        ValueLayout.JAVA_INT.withName("fd"), ValueLayout.JAVA_SHORT.withName("events"), ValueLayout.JAVA_SHORT.withName("revents"));

    private final int fd;
    /** Calls in progress, plus {@link #RETIRED} once retired. */
    private final AtomicInteger users = new AtomicInteger();
    // Each direction has its own thread, hence its own errno slot.
    private final MemorySegment sendState = Arena.ofAuto().allocate(Libc.CALL_STATE_LAYOUT);
    private final MemorySegment receiveState = Arena.ofAuto().allocate(Libc.CALL_STATE_LAYOUT);
    private final MemorySegment sendPoll = Arena.ofAuto().allocate(POLL_FD);
    private final MemorySegment receivePoll = Arena.ofAuto().allocate(POLL_FD);
    /** The array last sent from, and the one last received into, with their segments (each touched by its direction's thread). */
    private final ArraySegmentCache sendArray = new ArraySegmentCache();
    private final ArraySegmentCache receiveArray = new ArraySegmentCache();

    private NativeSocket(final int fd)
    {
        this.fd = fd;
        sendPoll.set(ValueLayout.JAVA_INT, 0, fd);
        sendPoll.set(ValueLayout.JAVA_SHORT, 4, POLLOUT);
        receivePoll.set(ValueLayout.JAVA_INT, 0, fd);
        receivePoll.set(ValueLayout.JAVA_SHORT, 4, POLLIN);
    }

    /**
     * @return the channel's native socket; null when native calls are not allowed, not on Linux, or the descriptor
     *         cannot be told for certain.
     */
    static NativeSocket of(final SocketChannel channel)
    {
        if (!Calls.AVAILABLE)
        {
            return null;
        }
        try
        {
            final int fd = descriptorOf(channel.getLocalAddress(), channel.getRemoteAddress());
            return fd < 0 ? null : new NativeSocket(fd);
        }
        catch (final IOException ex)
        {
            return null;
        }
    }

    /**
     * Looks the C library's functions up and calls each once on no descriptor, where each fails at once and does
     * nothing, so that the JVM's one-time work for them happens while the rank starts rather than on its first message:
     * with that work pending, a job's first message took 440 to 650 ms here, against 45 to 55 ms without native I/O.
     */
    static void prepare()
    {
        if (!Calls.AVAILABLE)
        {
            return;
        }
        final NativeSocket none = new NativeSocket(-1);
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment address = arena.allocate(SOCKADDR_BYTES);
            final MemorySegment length = arena.allocate(ValueLayout.JAVA_INT);
            addressOf(Calls.GETSOCKNAME, -1, address, length);
            addressOf(Calls.GETPEERNAME, -1, address, length);
            none.ready(none.sendPoll);
            none.useCongestionControl("reno");
        }
        catch (final IOException ex)
        {
            // Failing is what a call on no descriptor does; the JVM's work for it is done all the same.
        }
        for (final boolean sending : new boolean[] {true, false})
        {
            try
            {
                none.call(sending, new byte[1], Primitive.BYTE, 0, 0);
                none.call(sending, new int[1], Primitive.INT, 0, 0);
            }
            catch (final IOException ex)
            {
                // As above.
            }
        }
    }

    /** @return the descriptor. */
    int descriptor()
    {
        return fd;
    }

    /**
     * Makes the connection use the kernel's congestion control {@code name} (as {@code net.ipv4.tcp_congestion_control}
     * names them) from now on.
     *
     * @throws IOException naming the errno when the kernel refuses: the name is unknown, or not among
     *                     {@code net.ipv4.tcp_allowed_congestion_control} for a process without {@code CAP_NET_ADMIN}.
     */
    void useCongestionControl(final String name) throws IOException
    {
        useCongestionControl(congestionName(name));
    }

    /**
     * As {@link #useCongestionControl(String)}, with a name made by {@link #congestionName}, so that switching makes no
     * object. Called by the sending side's thread only (it uses that side's errno slot).
     */
    void useCongestionControl(final MemorySegment name) throws IOException
    {
        try
        {
            final int result = (int)Calls.SETSOCKOPT.invokeExact(sendState, fd, IPPROTO_TCP, TCP_CONGESTION, name, (int)name.byteSize() - 1);
            if (result != 0)
            {
                throw new IOException("the kernel refused congestion control '" + name.getString(0) + "' on descriptor " + fd
                    + " (errno " + Libc.errno(sendState) + ")");
            }
        }
        catch (final IOException ex)
        {
            throw ex;
        }
        catch (final Throwable ex)
        {
            throw new IOException("setsockopt on descriptor " + fd + " failed: " + ex, ex);
        }
    }

    /**
     * @return {@code name} as the kernel takes it, with its terminating zero, in memory the garbage collector frees.
     * @throws IOException when the name is longer than the kernel's limit.
     */
    static MemorySegment congestionName(final String name) throws IOException
    {
        final byte[] ascii = name.getBytes(StandardCharsets.US_ASCII);
        if (ascii.length >= CONGESTION_NAME_BYTES)
        {
            throw new IOException("congestion control name '" + name + "' is longer than the kernel's "
                + (CONGESTION_NAME_BYTES - 1) + " characters");
        }
        final MemorySegment value = Arena.ofAuto().allocate(ascii.length + 1L);
        value.copyFrom(MemorySegment.ofArray(ascii));
        return value;
    }

    /**
     * Sends what the socket takes now of {@code bytes} bytes of {@code array} (of {@code kind}), from byte
     * {@code fromByte} of the array on.
     *
     * @return the bytes sent; 0 when the socket has no room.
     * @throws IOException when the connection failed or this socket was retired.
     */
    long send(final Object array, final Primitive kind, final long fromByte, final long bytes) throws IOException
    {
        // Asking first keeps a sender that waits for room from making a segment view at every try.
        if (!ready(sendPoll))
        {
            return 0;
        }
        return Math.max(call(true, array, kind, fromByte, bytes), 0);
    }

    /**
     * Receives what has arrived, up to {@code bytes} bytes, into {@code array} (of {@code kind}) from byte
     * {@code fromByte} of the array on.
     *
     * @return the bytes received; 0 when nothing had arrived; -1 when the peer ended the connection.
     * @throws IOException when the connection failed or this socket was retired.
     */
    long receive(final Object array, final Primitive kind, final long fromByte, final long bytes) throws IOException
    {
        // Asking first keeps a polling reader from making a segment view at every look.
        if (!ready(receivePoll))
        {
            return 0;
        }
        final long got = call(false, array, kind, fromByte, bytes);
        return got == 0 ? -1 : Math.max(got, 0);
    }

    /** Waits for calls in progress; later calls fail. Call it before the channel closes the descriptor. */
    void retire()
    {
        int now = users.get();
        while (now >= 0 && !users.compareAndSet(now, now + RETIRED))
        {
            now = users.get();
        }
        // The calls are non-blocking, so they end soon.
        while (users.get() != RETIRED)
        {
            Thread.yield();
        }
    }

    /**
     * @return whether the socket is ready now for what {@code pollFd} asks, or has failed or ended (the next call
     *         then tells which).
     */
    private boolean ready(final MemorySegment pollFd) throws IOException
    {
        try
        {
            return (int)Calls.POLL.invokeExact(pollFd, 1L, 0) != 0;
        }
        catch (final Throwable ex)
        {
            throw new IOException("poll on descriptor " + fd + " failed: " + ex, ex);
        }
    }

    /** @return what {@code send} or {@code recv} returned, or {@code -EAGAIN} when it would have blocked. */
    private long call(final boolean sending, final Object array, final Primitive kind, final long fromByte, final long bytes)
        throws IOException
    {
        final String name = sending ? "send" : "recv";
        final MemorySegment state = sending ? sendState : receiveState;
        if (users.incrementAndGet() < 0)
        {
            users.decrementAndGet();
            throw new IOException(name + " on a retired socket");
        }
        try
        {
            while (true)
            {
                final long result = SocketTransfer.AVAILABLE
                    ? callAtOffset(sending, array, fromByte, bytes)
                    : callOnSlice(sending, state, array, kind, fromByte, bytes);
                if (result >= 0)
                {
                    return result;
                }
                if (result == -EAGAIN)
                {
                    return -EAGAIN;
                }
                if (result != -EINTR)
                {
                    throw new IOException(name + " on descriptor " + fd + " failed with errno " + -result);
                }
            }
        }
        catch (final IOException ex)
        {
            throw ex;
        }
        catch (final Throwable ex)
        {
            throw new IOException(name + " on descriptor " + fd + " failed: " + ex, ex);
        }
        finally
        {
            users.decrementAndGet();
        }
    }

    /**
     * One call through {@link SocketTransfer}: the array's whole segment, kept from the last call in this direction while the
     * array is the same, and an offset into it, so that a message moved in many calls makes no object per call.
     *
     * @return what the system call returned: bytes moved, or minus errno.
     */
    private long callAtOffset(final boolean sending, final Object array, final long fromByte, final long bytes)
    {
        final MemorySegment whole = (sending ? sendArray : receiveArray).wholeOf(array);
        if (whole == null)
        {
            throw new IllegalStateException("a " + array.getClass().getSimpleName() + " has no memory segment view");
        }
        return sending
            ? SocketTransfer.send(fd, whole, fromByte, bytes, MSG_DONTWAIT | MSG_NOSIGNAL)
            : SocketTransfer.receive(fd, whole, fromByte, bytes, MSG_DONTWAIT);
    }

    /**
     * One call through the C library on a slice of the array's segment, where {@link SocketTransfer} is not available.
     *
     * @return what the call returned: bytes moved, or minus errno.
     */
    private long callOnSlice(
        final boolean sending, final MemorySegment state, final Object array, final Primitive kind, final long fromByte,
        final long bytes) throws Throwable
    {
        // Made here, next to the calls on constant handles, so that the compiler can keep the view off the heap; byte arrays,
        // the common case, need no call that might not be inlined.
        final MemorySegment whole = switch (array)
        {
            case byte[] octets -> MemorySegment.ofArray(octets);
            case MemorySegment segment -> segment;
            default -> kind.segmentOf(array);
        };
        final MemorySegment memory = whole.asSlice(fromByte, bytes);
        final long result = sending
            ? (long)Calls.SEND.invokeExact(state, fd, memory, bytes, MSG_DONTWAIT | MSG_NOSIGNAL)
            : (long)Calls.RECV.invokeExact(state, fd, memory, bytes, MSG_DONTWAIT);
        return result >= 0 ? result : -Libc.errno(state);
    }

    /** @return the one open descriptor whose addresses are these; -1 when none or several are. */
    private static int descriptorOf(final SocketAddress local, final SocketAddress remote) throws IOException
    {
        int found = -1;
        try (Arena arena = Arena.ofConfined(); DirectoryStream<Path> open = Files.newDirectoryStream(Path.of("/proc/self/fd")))
        {
            final MemorySegment address = arena.allocate(SOCKADDR_BYTES);
            final MemorySegment length = arena.allocate(ValueLayout.JAVA_INT);
            for (final Path entry : open)
            {
                final int candidate = Integer.parseInt(entry.getFileName().toString());
                if (local.equals(addressOf(Calls.GETSOCKNAME, candidate, address, length))
                    && remote.equals(addressOf(Calls.GETPEERNAME, candidate, address, length)))
                {
                    if (found >= 0)
                    {
                        return -1;
                    }
                    found = candidate;
                }
            }
        }
        return found;
    }

    /** @return the IP socket address {@code function} gives for {@code fd}; null for any other descriptor. */
    private static InetSocketAddress addressOf(final MethodHandle function, final int fd, final MemorySegment address, final MemorySegment length)
        throws IOException
    {
        length.set(ValueLayout.JAVA_INT, 0, SOCKADDR_BYTES);
        final int result;
        try
        {
            result = (int)function.invokeExact(fd, address, length);
        }
        catch (final Throwable ex)
        {
            throw new IOException("cannot ask descriptor " + fd + " for its address: " + ex, ex);
        }
        if (result != 0)
        {
            return null;
        }
        final short family = address.get(ValueLayout.JAVA_SHORT, 0);
        final int port = Short.toUnsignedInt(address.get(ValueLayout.JAVA_SHORT.withOrder(ByteOrder.BIG_ENDIAN), 2));
        final byte[] ip;
        if (family == AF_INET)
        {
            ip = address.asSlice(4, 4).toArray(ValueLayout.JAVA_BYTE);
        }
        else if (family == AF_INET6)
        {
            ip = address.asSlice(8, 16).toArray(ValueLayout.JAVA_BYTE);
        }
        else
        {
            return null;
        }
        try
        {
            // A v4-mapped IPv6 address comes back as the IPv4 address, as NIO reports it.
            return new InetSocketAddress(InetAddress.getByAddress(ip), port);
        }
        catch (final UnknownHostException ex)
        {
            return null;
        }
    }

    /** The C library's functions, looked up once; {@link #AVAILABLE} is false where they may not be used. */
    private static final class Calls
    {
        static final boolean AVAILABLE;
        static final MethodHandle SEND;
        static final MethodHandle RECV;
        static final MethodHandle GETSOCKNAME;
        static final MethodHandle GETPEERNAME;
        static final MethodHandle POLL;
        static final MethodHandle SETSOCKOPT;

        static
        {
            MethodHandle send = null;
            MethodHandle recv = null;
            MethodHandle getsockname = null;
            MethodHandle getpeername = null;
            MethodHandle poll = null;
            MethodHandle setsockopt = null;
            if (Libc.AVAILABLE)
            {
                final FunctionDescriptor transfer = FunctionDescriptor.of(
                    ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT);
                final FunctionDescriptor name = FunctionDescriptor.of(
                    ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS);
                // Critical: no thread-state change around the call, and the kernel may copy from or into an array.
                final Linker.Option[] options = {Linker.Option.critical(true), Libc.CAPTURE_ERRNO};
                send = Libc.downcall("send", transfer, options);
                recv = Libc.downcall("recv", transfer, options);
                getsockname = Libc.downcall("getsockname", name);
                getpeername = Libc.downcall("getpeername", name);
                poll = Libc.downcall("poll",
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT),
                    Linker.Option.critical(false));
                setsockopt = Libc.downcall("setsockopt",
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
                        ValueLayout.ADDRESS, ValueLayout.JAVA_INT),
                    Libc.CAPTURE_ERRNO);
            }
            AVAILABLE = Libc.AVAILABLE;
            SEND = send;
            RECV = recv;
            GETSOCKNAME = getsockname;
            GETPEERNAME = getpeername;
            POLL = poll;
            SETSOCKOPT = setsockopt;
        }

        private Calls()
        {
        }
    }
}
