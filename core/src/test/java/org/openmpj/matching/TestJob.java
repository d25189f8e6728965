package org.openmpj.matching;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.openmpj.concurrent.IdleStrategies;
import org.openmpj.concurrent.IdleStrategy;
import org.openmpj.device.Device;
import org.openmpj.runtime.RankDeviceContext;
import org.openmpj.transport.thread.ThreadDeviceProvider;

/** Opens the thread devices of a small job inside a test, with chosen limits. */
final class TestJob
{
    private TestJob()
    {
    }

    /**
     * @param mailboxes whether small messages go through the receiver-matched mailboxes (then they arrive when the receiver
     *                  makes progress) or are matched in the sending thread, as every message is without them.
     */
    static Device[] open(
        final int size, final long eagerLimitBytes, final long unexpectedLimitBytes, final String idle, final boolean mailboxes)
    {
        final Map<String, Object> shared = new ConcurrentHashMap<>();
        final Map<String, String> properties = Map.of(
            ThreadDeviceProvider.EAGER_LIMIT_PROP_NAME, Long.toString(eagerLimitBytes),
            ThreadDeviceProvider.UNEXPECTED_LIMIT_PROP_NAME, Long.toString(unexpectedLimitBytes),
            ThreadDeviceProvider.MAILBOXES_PROP_NAME, Boolean.toString(mailboxes));
        final IdleStrategy strategy = IdleStrategies.choose(idle, size, Runtime.getRuntime().availableProcessors());
        final Device[] devices = new Device[size];
        for (int rank = 0; rank < size; rank++)
        {
            devices[rank] = new ThreadDeviceProvider().open(
                new RankDeviceContext(rank, size, properties::get, () -> { }, strategy, shared));
        }
        return devices;
    }
}
