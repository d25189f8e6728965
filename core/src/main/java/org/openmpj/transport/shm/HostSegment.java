package org.openmpj.transport.shm;

import java.io.IOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.assembly.Link;
import org.openmpj.device.DeviceContext;
import org.openmpj.device.KeyValueStore;
import org.openmpj.matching.MatchingDevice;
import org.openmpj.matching.Transport;
import org.openmpj.os.CallFailedException;
import org.openmpj.os.PairedCopyCall;
import org.openmpj.os.PinnedExposure;

/**
 * One rank's part in joining the ranks of its host in one shared segment, in steps that every rank of the job takes
 * together, with the job's fences between them: the host's first rank creates the segment and publishes its name
 * ({@link #publish}); after a fence each rank of the host maps it; after the next fence the creator removes the file, so
 * that nothing is left behind however the job ends ({@link #afterFence}). A rank that fails a step
 * says why; the creator's failure reaches every rank of its host.
 *
 * <p>Where the job takes it ({@value ShmDeviceProvider#LARGE_COPY_PROP_NAME}{@code =kernel}, or {@code auto} with ranks
 * that spin, then where it measures faster), large messages move with one copy through the kernel from lower to higher
 * indexes in the segment: each rank prepares an exposure and publishes it
 * when it attaches, and probes the lower ranks' memory once all have attached. That path needs every process of the
 * segment to hold one rank of it (the shm device run by {@code mpjrun}, or the hybrid device with {@code -threads 1}): a
 * JVM holding several ranks stops them all at a safepoint while one of them exposes, which could close a cycle of waits
 * through that JVM, so such segments keep the rings. A segment whose ranks are all threads of one JVM (the shm device run
 * as threads, as the tests do; {@code mpjrun} always gives shm ranks JVMs of their own) takes it when asked for by name:
 * there is no other JVM to close a cycle through, but a safepoint requested while one rank exposes holds all the others,
 * its puller included, until that exposure times out; correct, and a stall of a second, which tests can afford and
 * {@code auto} does not. Paired copies for collectives' exchanges ({@link ShmPairedCopy}), which {@code kernel} and
 * {@code auto} take where ranks spin, need the same: every rank lets its peers read its memory, and the same refusals hold.
 *
 * <p>Thread-safety: used by the one thread that opens the rank's device.
 */
final class HostSegment implements Link
{
    private static final String SEGMENT_KEY = "openmpj-shm-segment-";
    /** Marks a segment key's value as the creator's error rather than a path. */
    private static final String FAILED = "!";

    private final DeviceContext context;
    private final MatchingDevice device;
    private final int[] hostRanks;
    /** This rank's index in the segment. */
    private final int self;
    private final Path dir;
    private final int ringBytes;
    private final long eagerLimitBytes;
    private final long windowBytes;
    private final boolean kernelCopyWanted;
    /** Whether the job asks for paired copies of collectives' exchanges. */
    private final boolean pairedCopyWanted;
    /** The path the job asked for. */
    private final ShmDeviceProvider.LargeCopy largeCopy;
    private final long exposeTimeoutNs;
    private final boolean failProbe;
    private final long pairedCopyMinBytes;
    private SharedSegment segment;
    private ShmTransport transport;
    /** This rank's exposure, prepared when it attaches; null when it exposes nothing. */
    private PinnedExposure exposure;
    /** Why the whole segment keeps the rings although the job asked for the kernel copy; null when it does not. */
    private String kernelCopyRefusal;
    /** The smallest exchange that goes by paired copy; 0 when none does. */
    private long pairedMinBytes;

    private HostSegment(final ShmSettings settings, final MatchingDevice device, final int[] hostRanks)
    {
        this.context = settings.context();
        this.device = device;
        this.hostRanks = hostRanks.clone();
        this.self = java.util.Arrays.binarySearch(this.hostRanks, context.rank());
        if (self < 0)
        {
            throw new IllegalArgumentException("rank " + context.rank() + " is not among its host's ranks " + java.util.Arrays.toString(hostRanks));
        }
        this.dir = settings.dir();
        this.eagerLimitBytes = settings.eagerLimitBytes();
        this.windowBytes = settings.windowBytes();
        this.ringBytes = settings.ringBytes();
        this.largeCopy = settings.largeCopy();
        this.kernelCopyWanted = largeCopy.takesKernel(context.idleStrategy().spins());
        this.exposeTimeoutNs = settings.exposeTimeoutNs();
        this.failProbe = settings.failProbe();
        this.pairedCopyMinBytes = settings.pairedCopyMinBytes();
        this.pairedCopyWanted = largeCopy.pairsCopies(context.idleStrategy().spins()) && pairedCopyMinBytes > 0;
    }

    /**
     * The first step, before the job's fence: the host's first rank creates the segment and publishes its name.
     *
     * @param device    the rank's device, whose matcher the arrivals go to.
     * @param hostRanks the world ranks of this rank's host that join the segment, in rank order, this one included.
     */
    static HostSegment publish(final ShmSettings settings, final MatchingDevice device, final int[] hostRanks)
    {
        final HostSegment host = new HostSegment(settings, device, hostRanks);
        if (host.self == 0)
        {
            host.create();
        }
        return host;
    }

    /** After the first fence, maps the segment the host's first rank published; after the second, the creator removes its file. */
    @Override
    public void afterFence(final int fence)
    {
        if (fence == 0)
        {
            attach();
        }
        else if (fence == 1)
        {
            release();
        }
    }

    private void create()
    {
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

    private void attach()
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
            if (kernelCopyWanted && self < hostRanks.length - 1)
            {
                prepareExposure();
            }
            else if ((kernelCopyWanted || pairedCopyWanted) && PinnedExposure.isSupported())
            {
                // A rank that exposes nothing still has its memory read in paired copies.
                PinnedExposure.allowReadsByAnyProcess();
            }
        }
        catch (final RuntimeException ex)
        {
            if (exposure != null)
            {
                exposure.close();
                exposure = null;
            }
            if (segment != null)
            {
                unlinkQuietly();
                segment.close();
            }
            throw ex;
        }
    }

    /**
     * Makes this rank's exposure and publishes it, so that higher ranks can probe it after the fence; lets any process of
     * this user read this one's memory, which Yama would otherwise narrow to its ancestors. A rank that cannot make one
     * publishes nothing, and its peers stream from it.
     */
    private void prepareExposure()
    {
        if (!PinnedExposure.isSupported())
        {
            return;
        }
        PinnedExposure.allowReadsByAnyProcess();
        try
        {
            exposure = PinnedExposure.create();
            segment.publishExposer(self, exposure.eventfd(), exposure.probeWordAddress());
        }
        catch (final CallFailedException ex)
        {
            exposure = null;
        }
    }

    private void release()
    {
        if (self == 0)
        {
            unlinkQuietly();
        }
    }

    /**
     * @return the route from this rank to the other ranks of the segment, under the device's matcher. The host's first rank
     *         says which way large messages go when the job is verbose.
     */
    @Override
    public Transport connect()
    {
        PayloadExposer exposer = null;
        PayloadPuller puller = null;
        if (kernelCopyWanted || pairedCopyWanted)
        {
            kernelCopyRefusal = kernelCopyRefusal();
        }
        if (kernelCopyWanted && kernelCopyRefusal == null)
        {
            puller = new PayloadPuller(segment, self, eagerLimitBytes, largeCopy == ShmDeviceProvider.LargeCopy.AUTO, failProbe);
            segment.publishKernelCopyOutcome(self, puller.outcome());
            if (!puller.pullsFromAny())
            {
                puller.close();
                puller = null;
            }
            if (exposure != null)
            {
                exposer = new PayloadExposer(segment, self, hostRanks, context.job(), exposure, exposeTimeoutNs,
                    context.idleStrategy().spins());
            }
        }
        else if (exposure != null)
        {
            exposure.close();
        }
        if (pairedCopyWanted && kernelCopyRefusal == null && PairedCopyCall.AVAILABLE && !failProbe)
        {
            pairedMinBytes = pairedCopyMinBytes;
        }
        transport = new ShmTransport(device, segment, self, hostRanks, context.job(), eagerLimitBytes, windowBytes,
            context.idleStrategy().parksAt(Integer.MAX_VALUE), exposer, puller, pairedMinBytes, kernelCopyWanted && kernelCopyRefusal == null);
        if (context.verbose())
        {
            transport.reportAtClose(context::report);
            if (self == 0)
            {
                reportLargeMessagePath();
            }
        }
        return transport;
    }

    /** @return why no rank of the segment takes the kernel copy, the same at every rank; null when they may. */
    private String kernelCopyRefusal()
    {
        final String unsupported = PinnedExposure.unsupportedCause();
        if (unsupported != null)
        {
            return unsupported;
        }
        final java.util.Set<Long> pids = new java.util.HashSet<>();
        for (int index = 0; index < hostRanks.length; index++)
        {
            pids.add(segment.pidOf(index));
        }
        if (pids.size() == hostRanks.length)
        {
            return null;
        }
        final java.util.Set<Integer> processRanks = new java.util.HashSet<>();
        for (final int rank : context.sameProcessRanks())
        {
            processRanks.add(rank);
        }
        boolean allHere = pids.size() == 1;
        for (final int rank : hostRanks)
        {
            allHere &= processRanks.contains(rank);
        }
        if (!allHere)
        {
            return "JVMs hold several ranks of this host, and a rank holding a message still for a copy would stop"
                + " the other ranks of its JVM at the next safepoint";
        }
        return largeCopy == ShmDeviceProvider.LargeCopy.KERNEL ? null
            : "the ranks are threads of one JVM, where a rank holding a message still for a copy would stall the others at the"
                + " next safepoint (" + ShmDeviceProvider.LARGE_COPY_PROP_NAME + "=kernel takes it all the same)";
    }

    /**
     * Says on stderr, through the context, which way messages over the eager limit go between the segment's ranks, and
     * why: called by the segment's first rank when the job is verbose. With the kernel copy asked for, it waits until every
     * rank has probed its peers (a few seconds at most).
     */
    private void reportLargeMessagePath()
    {
        final String messages = "shm: messages over " + KernelCopyOutcome.bytesText(eagerLimitBytes);
        if (!kernelCopyWanted)
        {
            context.report(messages + " stream through the rings (two copies, overlapping)" + (largeCopy == ShmDeviceProvider.LargeCopy.AUTO
                ? ": the ranks share cores, and a sender held still for a kernel copy would hold its core" : ""));
        }
        else if (kernelCopyRefusal != null)
        {
            context.report(messages + ": no kernel copy: " + kernelCopyRefusal + "; they stream through the rings");
        }
        else
        {
            context.report(messages + KernelCopyOutcome.summary(awaitOutcomes(), hostRanks, pids()));
            if (largeCopy == ShmDeviceProvider.LargeCopy.AUTO)
            {
                context.report("shm: where both are open, each receiver takes whichever of the kernel copy and the rings measures"
                    + " faster for the peer and size (every " + MeasuredLargeCopy.TRIAL_EVERY + "th message the other, to keep both timed)");
            }
        }
        context.report(pairedCopyPath());
    }

    /** @return how collective exchanges between two ranks move, for the verbose report. */
    private String pairedCopyPath()
    {
        final String exchanges = "shm: collective exchanges between two ranks";
        if (pairedMinBytes > 0)
        {
            return exchanges + " of " + KernelCopyOutcome.bytesText(pairedMinBytes) + " or more move by paired copy: each rank"
                + " pulls the other's block through the kernel (process_vm_readv) while it holds its own for the other";
        }
        final String why = largeCopy == ShmDeviceProvider.LargeCopy.RING ? ShmDeviceProvider.LARGE_COPY_PROP_NAME + " is ring"
            : pairedCopyMinBytes == 0 ? ShmDeviceProvider.PAIRED_COPY_MIN_BYTES_PROP_NAME + " is 0"
            : !context.idleStrategy().spins() ? "the ranks share cores, and a rank waiting in a copy for one that is not running"
                + " would hold its core"
            : kernelCopyRefusal != null ? kernelCopyRefusal
            : failProbe ? "the kernel copy's probe was made to fail"
            : PairedCopyCall.unavailabilityCause();
        return exchanges + ": no paired copy: " + why + "; they move as messages";
    }

    /** @return every rank's published probe outcome, waiting up to 10 s for those not yet published (left 0). */
    private long[] awaitOutcomes()
    {
        final long[] outcomes = new long[hostRanks.length];
        final long deadline = System.nanoTime() + 10_000_000_000L;
        for (int index = 0; index < outcomes.length; index++)
        {
            while ((outcomes[index] = segment.kernelCopyOutcomeOf(index)) == KernelCopyOutcome.PENDING && System.nanoTime() - deadline < 0)
            {
                context.job().checkAlive();
                java.util.concurrent.locks.LockSupport.parkNanos(1_000_000L);
            }
        }
        return outcomes;
    }

    private long[] pids()
    {
        final long[] pids = new long[hostRanks.length];
        for (int index = 0; index < pids.length; index++)
        {
            pids[index] = segment.pidOf(index);
        }
        return pids;
    }

    /** Starts watching the processes of the segment's other ranks, so that one that dies fails the job here. */
    @Override
    public void start(final int watched)
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
