package org.openmpj.transport.shm;

import java.nio.file.Path;
import java.util.List;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.assembly.DeviceAssembler;
import org.openmpj.device.ConfigOption;
import org.openmpj.device.Device;
import org.openmpj.device.DeviceCapabilities;
import org.openmpj.device.DeviceContext;
import org.openmpj.device.DeviceProvider;
import org.openmpj.os.Libc;

/**
 * The {@code shm} device: ranks are JVMs on one host, exchanging messages through one shared-memory segment per job
 * under the one matcher. Rank 0 creates the segment and publishes its name through the job's key-value store; once
 * every rank has mapped it, the file is removed, so nothing is left behind however the job ends.
 *
 * <p>Messages over the eager limit stream through the rings or move with one copy through the kernel from lower to higher
 * ranks, whichever measures faster where the ranks have a core each; collectives' exchanges between two ranks move by paired
 * kernel copy there (see
 * {@link #LARGE_COPY_PROP_NAME}, {@link #PAIRED_COPY_MIN_BYTES_PROP_NAME} and {@link HostSegment}). Rank 0 says which on
 * stderr when the job is verbose ({@code mpjrun -v}).
 */
public final class ShmDeviceProvider implements DeviceProvider
{
    /** Directory the segment file is created in; a memory file system, so that the rings are never written to disk. */
    public static final String DIR_PROP_NAME = "openmpj.shm.dir";
    /** Default segment directory. */
    public static final String DIR_DEFAULT = "/dev/shm";
    /** Bytes of each ring, one per ordered pair of ranks: a power of two of at least 4096. */
    public static final String RING_BYTES_PROP_NAME = "openmpj.shm.ringBytes";
    /**
     * Default ring size in bytes. Measured on an Intel Xeon (2 cores), 2 ranks' ping-pong, three alternating runs each:
     * with 128 KiB rings messages of 256 KiB to 1 MiB streamed at 7.5-9.2 GB/s (1 MiB in 118-127 µs one way, slower than
     * the 64 KiB eager messages' 10 GB/s) and 2-4 MiB at 12-13.4; with 256 KiB rings 256 KiB to 1 MiB streamed at
     * 13.7-15.8 GB/s (1 MiB in 66-70 µs) and 2-4 MiB as before. The piece size (8 to 64 KiB) changed neither. Pages of a
     * ring are only touched when its pair of ranks talks.
     */
    public static final long RING_BYTES_DEFAULT = 256 * 1024;
    /** Largest message sent with its envelope; larger ones wait until their receive is posted. */
    public static final String EAGER_LIMIT_PROP_NAME = "openmpj.shm.eagerLimit";
    /**
     * Default eager limit in bytes. Measured on 2 cores against 16 KiB, alternating, twice each: two ranks' ping-pong took
     * 2.47-2.50 µs one-way at 32 KiB (2.90-2.96 with 16 KiB) and 4.63-4.76 at 64 KiB (5.08-5.12), but 12.0-12.1 at 128 KiB
     * (9.6-9.8); 8 ranks' collectives at 32 and 64 KiB took 0.3-0.9 of their time (Bcast 27 against 95-100 µs at 32 KiB),
     * since each rendezvous there waits for its peer to be scheduled twice more.
     */
    public static final long EAGER_LIMIT_DEFAULT = 64 * 1024;
    /** Bytes of eager messages one sender may have waiting at one receiver before its sends wait for receives. */
    public static final String WINDOW_PROP_NAME = "openmpj.shm.eagerWindow";
    /** Default eager window in bytes. */
    public static final long WINDOW_DEFAULT = 1024 * 1024;
    /**
     * How messages over the eager limit move between JVMs: {@code ring}, streamed through the pair's ring in 16 KiB pieces
     * (the sender copies in while the receiver copies out); {@code kernel}, copied once by the receiver straight from the
     * sender's array with {@code process_vm_readv} (or {@code pread} on {@code /proc/PID/mem} where that is refused) while
     * the sender holds it still, from lower to higher ranks where the kernel allows it, through the ring otherwise; or
     * {@code auto}: where the job's waits spin (its ranks have a core each), each receiver takes whichever of the two measures
     * faster per peer and size ({@link MeasuredLargeCopy}), and collectives' exchanges between two ranks move by paired
     * kernel copy (see {@link #PAIRED_COPY_MIN_BYTES_PROP_NAME}); where ranks share cores, the ring. With the kernel copy, a
     * receiver that has a large message of its own on the way to the same peer takes the payload through the ring: the pair
     * is exchanging, and a sender holding its array still reads nothing meanwhile. {@code ring} turns paired copies off too.
     */
    public static final String LARGE_COPY_PROP_NAME = "openmpj.shm.largeCopy";
    /**
     * Default large-message path. Measured on an Intel Xeon (2 cores), alternating. A ping-pong between two JVMs, whose
     * arrays the other core has just written, took 9.6 µs one way at 128 KiB, 58-60 at 1 MiB and 316-317 at 4 MiB
     * through the rings, where both cores copy at once, against 11.2-11.4, 72-73 and 336-338 by the kernel. A 2-rank Bcast
     * loop, whose root's array stays in the shared cache, gains from one copy (5.2-5.3 µs a call at 128 KiB by the kernel
     * against 9.4 through the rings): collectives get it from paired copies, which took 5.0 µs there and 16.8-17.1 at 512
     * KiB. Eight ranks on two cores, where a sender held still sleeps and must be woken, took 1.1 to 11 times the ring's time
     * by the kernel. On an AMD EPYC (2 cores) the ping-pong's order turned: 1 MiB one way took 103.5 µs by the kernel
     * against 106.9 through the rings in the VM's fast state, and 327-448 against 470-540 in its slow one, which comes and
     * goes every few seconds. Hence {@code auto}, which measures.
     */
    public static final String LARGE_COPY_DEFAULT = "auto";
    /**
     * How long, in milliseconds, a sender holds a payload still for its receiver to copy through the kernel before it
     * withdraws it and streams it through the ring; 1 ns per byte of payload is added.
     */
    public static final String EXPOSE_TIMEOUT_PROP_NAME = "openmpj.shm.exposeTimeoutMs";
    /**
     * Default exposure timeout in milliseconds: generous, since a withdrawn payload costs a stream, while an exposure
     * blocks only its own JVM (which reaches no safepoint meanwhile).
     */
    public static final long EXPOSE_TIMEOUT_DEFAULT = 1000;
    /**
     * The smallest exchange between two ranks of a collective (each sending the other a block, or one sending, one
     * receiving) that moves by paired copy: both ranks pull the other's block through the kernel at once, one copy each,
     * where the kernel copy is in use and ranks spin; 0 turns it off.
     */
    public static final String PAIRED_COPY_MIN_BYTES_PROP_NAME = "openmpj.shm.pairedCopyMinBytes";
    /** Default of {@link #PAIRED_COPY_MIN_BYTES_PROP_NAME}. */
    public static final long PAIRED_COPY_MIN_BYTES_DEFAULT = 32 * 1024;
    /**
     * For tests only, not listed: {@code true} makes every rank's probe of its peers fail, as where the kernel refuses to let
     * one JVM read another's memory, so that the fallback to the rings can be tried where the kernel allows it.
     */
    public static final String FAIL_PROBE_PROP_NAME = "openmpj.shm.test.failKernelCopyProbe";

    @Override
    public String name()
    {
        return "shm";
    }

    @Override
    public List<String> aliases()
    {
        return List.of();
    }

    @Override
    public boolean isAvailable()
    {
        return Libc.AVAILABLE;
    }

    @Override
    public String unavailabilityCause()
    {
        return Libc.AVAILABLE ? null : "shm: " + Libc.unavailabilityCause();
    }

    @Override
    public DeviceCapabilities capabilities()
    {
        return DeviceCapabilities.processes(true).onOneHost();
    }

    @Override
    public List<ConfigOption> configOptions()
    {
        return List.of(
            new ConfigOption(DIR_PROP_NAME, DIR_DEFAULT, "directory of the job's segment file (removed once every rank mapped it)"),
            new ConfigOption(RING_BYTES_PROP_NAME, Long.toString(RING_BYTES_DEFAULT),
                "bytes of each ring, one per ordered pair of ranks (a power of two >= 4096); large messages stream through it"),
            new ConfigOption(EAGER_LIMIT_PROP_NAME, Long.toString(EAGER_LIMIT_DEFAULT),
                "bytes: larger messages wait for their receive before they stream through the ring"),
            new ConfigOption(WINDOW_PROP_NAME, Long.toString(WINDOW_DEFAULT),
                "bytes of eager messages one sender may leave waiting at one receiver; beyond it sends wait"),
            new ConfigOption(LARGE_COPY_PROP_NAME, LARGE_COPY_DEFAULT,
                "how messages over the eager limit move: ring (two overlapping copies), kernel (one copy from the sender's"
                    + " array with process_vm_readv; lower to higher ranks, where allowed) or auto (where ranks have a core each,"
                    + " whichever of the two each receiver measures faster per peer and size, and collectives' exchanges"
                    + " between two ranks by paired kernel copy; the rings where ranks share cores)"),
            new ConfigOption(EXPOSE_TIMEOUT_PROP_NAME, Long.toString(EXPOSE_TIMEOUT_DEFAULT),
                "ms (+1 ns per byte) a sender holds a large message for a kernel copy before it streams it through the ring"),
            new ConfigOption(PAIRED_COPY_MIN_BYTES_PROP_NAME, Long.toString(PAIRED_COPY_MIN_BYTES_DEFAULT),
                "bytes: collective exchanges between two ranks this large move by paired kernel copy (each rank pulls the"
                    + " other's block at once) where the kernel copy is in use; 0: through the rings"));
    }

    @Override
    public int removeLeftovers(final java.util.function.UnaryOperator<String> properties)
    {
        final String dir = properties.apply(DIR_PROP_NAME);
        return StaleSegments.remove(Path.of(dir != null ? dir : DIR_DEFAULT));
    }

    @Override
    public Device open(final DeviceContext context)
    {
        if (context.size() > 1)
        {
            checkOneHost(context);
        }
        return DeviceAssembler.assemble(name(), capabilities(), context, List.of(new ShmTransportKind()));
    }

    private static void checkOneHost(final DeviceContext context)
    {
        final int[] here = context.sameHostRanks();
        if (here.length != context.size())
        {
            throw new OpenMpjException(ErrorClass.ERR_OTHER, "shm: only ranks " + java.util.Arrays.toString(here) + " of " + context.size()
                + " run on " + context.hostName() + ", the host of rank " + context.rank() + "; the shm device joins the ranks of one host"
                + " only: use -dev hybrid (or tcp) for several hosts");
        }
    }

    /** The large-message paths {@link #LARGE_COPY_PROP_NAME} names. */
    enum LargeCopy
    {
        RING, KERNEL, AUTO;

        /**
         * @return whether a job asking for this path moves messages over the eager limit through the kernel where it can (with
         *         {@code auto}, where that measures faster), when its waits {@code spin}.
         */
        boolean takesKernel(final boolean spin)
        {
            return this == KERNEL || this == AUTO && spin;
        }

        /** @return whether a job asking for this path moves collectives' exchanges by paired copy when its waits {@code spin}. */
        boolean pairsCopies(final boolean spin)
        {
            return this != RING && spin;
        }
    }

    /**
     * @return the large-message path {@code context} asks for.
     * @throws IllegalArgumentException naming the property and its value when it is none of ring, kernel and auto.
     */
    static LargeCopy largeCopy(final DeviceContext context)
    {
        final String path = context.property(LARGE_COPY_PROP_NAME, LARGE_COPY_DEFAULT).trim();
        for (final LargeCopy known : LargeCopy.values())
        {
            if (known.name().toLowerCase(java.util.Locale.ROOT).equals(path))
            {
                return known;
            }
        }
        throw new IllegalArgumentException(LARGE_COPY_PROP_NAME + "=" + path + " is none of ring, kernel and auto");
    }
}
