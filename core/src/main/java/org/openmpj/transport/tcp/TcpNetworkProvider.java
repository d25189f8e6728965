package org.openmpj.transport.tcp;

import org.openmpj.device.DeviceContext;
import org.openmpj.matching.MatchingDevice;
import org.openmpj.matching.NetworkProvider;
import org.openmpj.matching.Transport;

/** TCP as the way between hosts: connections opened on first use, and the job's liveness ring. */
public final class TcpNetworkProvider implements NetworkProvider
{
    @Override
    public String name()
    {
        return "tcp";
    }

    @Override
    public Endpoint open(final DeviceContext context, final MatchingDevice device, final int[] peers)
    {
        final TcpEndpoint endpoint = TcpEndpoint.listen(context);
        return new Endpoint()
        {
            @Override
            public Transport connect()
            {
                return endpoint.connect(device);
            }

            @Override
            public void watch(final int next)
            {
                endpoint.watch(next);
            }

            @Override
            public void abandon()
            {
                endpoint.abandon();
            }
        };
    }
}
