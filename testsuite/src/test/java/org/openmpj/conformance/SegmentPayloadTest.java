package org.openmpj.conformance;

import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.params.provider.Arguments;
import org.openmpj.transport.shm.ShmDeviceProvider;
import org.openmpj.transport.tcp.TcpDeviceProvider;
import org.openmpj.transport.thread.ThreadDeviceProvider;

/** Messages in memory segments on the thread, shm and tcp devices, along each one's paths for small and large payloads. */
class SegmentPayloadTest extends AbstractSegmentPayloadSuite
{
    @Override
    protected Stream<Arguments> devices()
    {
        final String eager = Integer.toString(EAGER_LIMIT);
        return Stream.of(
            Arguments.of("thread", new ThreadDeviceProvider(), Map.of(ThreadDeviceProvider.EAGER_LIMIT_PROP_NAME, eager)),
            Arguments.of("thread without mailboxes", new ThreadDeviceProvider(), Map.of(
                ThreadDeviceProvider.EAGER_LIMIT_PROP_NAME, eager, ThreadDeviceProvider.MAILBOXES_PROP_NAME, "false")),
            Arguments.of("shm through the rings", new ShmDeviceProvider(), Map.of(
                ShmDeviceProvider.EAGER_LIMIT_PROP_NAME, eager, ShmDeviceProvider.LARGE_COPY_PROP_NAME, "ring")),
            Arguments.of("shm by kernel copy", new ShmDeviceProvider(), Map.of(
                ShmDeviceProvider.EAGER_LIMIT_PROP_NAME, eager, ShmDeviceProvider.LARGE_COPY_PROP_NAME, "kernel")),
            Arguments.of("tcp", new TcpDeviceProvider(), Map.of(TcpDeviceProvider.EAGER_LIMIT_PROP_NAME, eager)),
            Arguments.of("tcp without native I/O", new TcpDeviceProvider(), Map.of(
                TcpDeviceProvider.EAGER_LIMIT_PROP_NAME, eager, TcpDeviceProvider.NATIVE_IO_PROP_NAME, "false")));
    }
}
