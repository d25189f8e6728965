package org.openmpj.matching;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import org.openmpj.concurrent.IdleStrategies;
import org.openmpj.concurrent.IdleStrategy;
import org.openmpj.device.Device;
import org.openmpj.device.DeviceContext;
import org.openmpj.device.JobControl;
import org.openmpj.transport.thread.ThreadDeviceProvider;

/** Opens the thread devices of a small job inside a test, with chosen limits. */
final class TestJob
{
    private TestJob()
    {
    }

    static Device[] open(final int size, final long eagerLimitBytes, final long unexpectedLimitBytes, final String idle)
    {
        final Map<String, Object> shared = new ConcurrentHashMap<>();
        final Map<String, String> properties = Map.of(
            ThreadDeviceProvider.EAGER_LIMIT_PROP_NAME, Long.toString(eagerLimitBytes),
            ThreadDeviceProvider.UNEXPECTED_LIMIT_PROP_NAME, Long.toString(unexpectedLimitBytes));
        final IdleStrategy strategy = IdleStrategies.choose(idle, size, Runtime.getRuntime().availableProcessors());
        final Device[] devices = new Device[size];
        for (int rank = 0; rank < size; rank++)
        {
            final int myRank = rank;
            devices[rank] = new ThreadDeviceProvider().open(new DeviceContext()
            {
                @Override
                public int rank()
                {
                    return myRank;
                }

                @Override
                public int size()
                {
                    return size;
                }

                @Override
                public String property(final String name, final String defaultValue)
                {
                    return properties.getOrDefault(name, defaultValue);
                }

                @Override
                public JobControl job()
                {
                    return () -> { };
                }

                @Override
                public IdleStrategy idleStrategy()
                {
                    return strategy;
                }

                @Override
                @SuppressWarnings("unchecked")
                public <T> T jobShared(final String key, final Supplier<T> factory)
                {
                    return (T)shared.computeIfAbsent(key, ignored -> factory.get());
                }
            });
        }
        return devices;
    }
}
