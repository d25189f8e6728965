package org.openmpj.conformance;

import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.params.provider.Arguments;
import org.openmpj.ucx.UcxDeviceProvider;

/**
 * Messages in memory segments on the ucx device: over UCX's shared memory by eager copies, and by UCX's rendezvous, which
 * sends a native segment's pieces from the segment and fetches them into a native receive's, without a staging copy; and
 * over UCX's TCP, where large payloads take the rendezvous by default.
 */
class UcxSegmentPayloadTest extends AbstractSegmentPayloadSuite
{
    @Override
    protected Stream<Arguments> devices()
    {
        final String eager = Integer.toString(EAGER_LIMIT);
        return Stream.of(
            Arguments.of("ucx over sm", new UcxDeviceProvider(), Map.of(
                UcxDeviceProvider.TLS_PROP_NAME, "sm,self", UcxDeviceProvider.EAGER_LIMIT_PROP_NAME, eager)),
            Arguments.of("ucx over sm by rendezvous", new UcxDeviceProvider(), Map.of(
                UcxDeviceProvider.TLS_PROP_NAME, "sm,self", UcxDeviceProvider.EAGER_LIMIT_PROP_NAME, eager,
                UcxDeviceProvider.RENDEZVOUS_BYTES_PROP_NAME, "0")),
            Arguments.of("ucx over tcp", new UcxDeviceProvider(), Map.of(
                UcxDeviceProvider.TLS_PROP_NAME, "tcp,self", UcxDeviceProvider.EAGER_LIMIT_PROP_NAME, eager)));
    }
}
