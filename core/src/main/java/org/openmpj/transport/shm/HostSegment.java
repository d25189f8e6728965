package org.openmpj.transport.shm;

import java.io.IOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.device.DeviceContext;
import org.openmpj.device.DeviceSettings;
import org.openmpj.device.KeyValueStore;
import org.openmpj.matching.MatchingDevice;
import org.openmpj.matching.Transport;

/**
 * One rank's part in joining the ranks of its host in one shared segment, in steps that every rank of the job takes
 * together, with the job's fences between them: the host's first rank creates the segment and publishes its name
 * ({@link #publish}); after a fence each rank of the host maps it ({@link #attach}); after the next fence the creator
 * removes the file ({@link #release}), so that nothing is left behind however the job ends. A rank that fails a step
 * says why; the creator's failure reaches every rank of its host.
 *
 * <p>Thread-safety: used by the one thread that opens the rank's device.
 */
public final class HostSegment
{
    private static final String SEGMENT_KEY = "openmpj-shm-segment-";
    /** Marks a segment key's value as the creator's error rather than a path. */
    private static final String FAILED = "!";

    private final DeviceContext context;
    private final int[] hostRanks;
    /** This rank's index in the segment. */
    private final int self;
    private final int ringBytes;
    private final long eagerLimitBytes;
    private final long windowBytes;
    private SharedSegment segment;
    private ShmTransport transport;

    private HostSegment(final DeviceContext context, final int[] hostRanks)
    {
        this.context = context;
        this.hostRanks = hostRanks.clone();
        this.self = java.util.Arrays.binarySearch(this.hostRanks, context.rank());
        if (self < 0)
        {
            throw new IllegalArgumentException("rank " + context.rank() + " is not among its host's ranks " + java.util.Arrays.toString(hostRanks));
        }
        this.eagerLimitBytes = ShmDeviceProvider.eagerLimitBytes(context);
        this.windowBytes = ShmDeviceProvider.windowBytes(context);
        final long ring = DeviceSettings.wholeNumber(context, ShmDeviceProvider.RING_BYTES_PROP_NAME, ShmDeviceProvider.RING_BYTES_DEFAULT);
        if (!SegmentDescriptor.isValidRingBytes(ring))
        {
            throw new IllegalArgumentException(ShmDeviceProvider.RING_BYTES_PROP_NAME + "=" + ring + " is not a power of two from "
                + SegmentDescriptor.MIN_RING_BYTES + " to 2^30");
        }
        this.ringBytes = (int)ring;
    }

    /**
     * The first step, before the job's fence: the host's first rank creates the segment and publishes its name.
     *
     * @param hostRanks the world ranks of this rank's host that join the segment, in rank order, this one included.
     */
    public static HostSegment publish(final DeviceContext context, final int[] hostRanks)
    {
        final HostSegment host = new HostSegment(context, hostRanks);
        if (host.self == 0)
        {
            host.create();
        }
        return host;
    }

    private void create()
    {
        final Path dir = Path.of(context.property(ShmDeviceProvider.DIR_PROP_NAME, ShmDeviceProvider.DIR_DEFAULT));
        StaleSegments.remove(dir);
        final Path path = dir.resolve(SharedSegment.FILE_PREFIX + ProcessHandle.current().pid() + "-" + randomKey());
        final KeyValueStore store = context.keyValueStore();
        try
        {
            segment = SharedSegment.create(path, hostRanks.length, ringBytes);
            store.put(key(), path.toString());
        }
        catch (final IOException | RuntimeException ex)
        {
            store.put(key(), FAILED + "rank " + context.rank() + " cannot create the shared segment " + path + " (" + ex.getMessage()
                + "); choose a writable directory on a memory file system with -D" + ShmDeviceProvider.DIR_PROP_NAME + "=DIR");
        }
    }

    /** The second step, after the job's fence: maps the segment the host's first rank published. */
    public void attach()
    {
        try
        {
            final String published = context.keyValueStore().get(key());
            if (published == null || published.startsWith(FAILED))
            {
                final String why = published == null ? "rank " + hostRanks[0] + " published no segment" : published.substring(1);
                throw new OpenMpjException(ErrorClass.ERR_OTHER, "shm: " + why);
            }
            if (segment == null)
            {
                segment = map(Path.of(published));
            }
            segment.attached(self, ProcessHandle.current().pid());
        }
        catch (final RuntimeException ex)
        {
            if (segment != null)
            {
                unlinkQuietly();
                segment.close();
            }
            throw ex;
        }
    }

    /** The last step, after the next fence, when every rank of the host has mapped the segment: the creator removes its file. */
    public void release()
    {
        if (self == 0)
        {
            unlinkQuietly();
        }
    }

    /**
     * @return the route from this rank to the other ranks of the segment, under {@code device}'s matcher; call
     *         {@link #watchPeers} once the device is connected.
     */
    public Transport connect(final MatchingDevice device)
    {
        transport = new ShmTransport(device, segment, self, hostRanks, context.job(), eagerLimitBytes, windowBytes,
            context.idleStrategy().parksAt(Integer.MAX_VALUE));
        return transport;
    }

    /** Starts watching the processes of the segment's other ranks, so that one that dies fails the job here. */
    public void watchPeers()
    {
        transport.watchPeers();
    }

    private String key()
    {
        return SEGMENT_KEY + hostRanks[0];
    }

    private SharedSegment map(final Path path)
    {
        try
        {
            return SharedSegment.attach(path, hostRanks.length, ringBytes);
        }
        catch (final IOException ex)
        {
            throw new OpenMpjException(ErrorClass.ERR_OTHER, "shm: rank " + context.rank() + " cannot map its host's segment: " + ex.getMessage());
        }
    }

    private void unlinkQuietly()
    {
        try
        {
            segment.unlink();
        }
        catch (final IOException ex)
        {
            // Left for the next job's sweep of segments whose creator is gone.
        }
    }

    private static String randomKey()
    {
        final byte[] key = new byte[16];
        new SecureRandom().nextBytes(key);
        return HexFormat.of().formatHex(key);
    }
}
