package org.openmpj.engine;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.atomic.AtomicBoolean;

import org.openmpj.Primitive;
import org.openmpj.device.ReceiveRequest;

/**
 * A thread's scratch arrays for the temporaries of collectives, two per element kind, so that a steady stream
 * of collectives allocates none. A collective leases its thread's scratch for its whole duration and ends the
 * lease when it returns. A collective that starts while its thread's scratch is leased (a user reduction that
 * itself calls a collective) gets a scratch of its own, dropped afterwards, so no array is ever used by two
 * collectives at once. Every send from a scratch array completes before the collective returns; a collective
 * that fails may leave a send reading one, so a failed lease gives up its arrays instead of keeping them.
 *
 * <p>Thread-safety: confined to the thread that leased it.
 */
final class Scratch
{
    /**
     * Arrays of more bytes than this are dropped when the lease ends, so that one very large collective does not
     * pin that much memory to its thread for good; the same bound as the API's pool of packing buffers.
     */
    static final long KEPT_BYTES_MAX = 16L << 20;

    private static final Primitive[] KIND_LIST = Primitive.values();
    private static final int KINDS = KIND_LIST.length;
    private static final ThreadLocal<Scratch> OWN = ThreadLocal.withInitial(Scratch::new);
    /** How many scratches of completed non-blocking collectives are kept for the next ones. */
    private static final int SPARES_KEPT = 4;
    /**
     * Scratches of completed non-blocking collectives, for the next ones to take: a stream of 4 MiB Iallreduce otherwise
     * allocates (and zeroes) 2 MiB of scratch per call, which the JVM allocates outside its young generation.
     */
    private static final ArrayBlockingQueue<Scratch> SPARES = new ArrayBlockingQueue<>(SPARES_KEPT);

    private final Object[] first = new Object[KINDS];
    private final int[] firstLengths = new int[KINDS];
    private final Object[] second = new Object[KINDS];
    private final int[] secondLengths = new int[KINDS];
    private ReceiveRequest[] receives = new ReceiveRequest[0];
    private boolean leased;
    /** Whether this scratch waits among the spares, for {@link #unshared} to hand out. */
    private final AtomicBoolean spare = new AtomicBoolean();

    private Scratch()
    {
    }

    /** @return the calling thread's scratch, or a new one when a collective of this thread already holds it. */
    static Scratch lease()
    {
        final Scratch own = OWN.get();
        if (own.leased)
        {
            return new Scratch();
        }
        own.leased = true;
        return own;
    }

    /**
     * @return a scratch of its own for a collective that outlives its call (a non-blocking one, whose steps run later and
     *         maybe in another thread): never leased, it goes when that collective's schedule goes.
     */
    static Scratch unshared()
    {
        final Scratch spare = SPARES.poll();
        if (spare == null)
        {
            return new Scratch();
        }
        spare.spare.set(false);
        return spare;
    }

    /**
     * Hands back the scratch of a non-blocking collective that completed, every transfer of it finished, for a later one
     * to take ({@link #unshared}); arrays too large to keep are dropped. A collective that failed keeps its scratch.
     */
    void recycle()
    {
        // Once only: a scratch offered twice would be handed to two operations at once, which would mix their data.
        if (!spare.compareAndSet(false, true))
        {
            return;
        }
        end(true);
        SPARES.offer(this);
    }

    /**
     * Ends the lease.
     *
     * @param completed whether the collective completed; when not, its sends may still read the arrays, which are dropped.
     */
    void end(final boolean completed)
    {
        for (int kind = 0; kind < KINDS; kind++)
        {
            if (!completed || tooLargeToKeep(kind, firstLengths[kind]))
            {
                first[kind] = null;
                firstLengths[kind] = 0;
            }
            if (!completed || tooLargeToKeep(kind, secondLengths[kind]))
            {
                second[kind] = null;
                secondLengths[kind] = 0;
            }
        }
        leased = false;
    }

    /** @return an array of at least {@code length} receive requests, its contents left from earlier calls. */
    ReceiveRequest[] receives(final int length)
    {
        if (receives.length < length)
        {
            receives = new ReceiveRequest[length];
        }
        return receives;
    }

    /** @return the first scratch array of {@code kind}, at least {@code length} elements long, its contents undefined. */
    Object first(final Primitive kind, final int length)
    {
        final int k = kind.ordinal();
        if (first[k] == null || firstLengths[k] < length)
        {
            first[k] = kind.newArray(length);
            firstLengths[k] = length;
        }
        return first[k];
    }

    /** @return the second scratch array of {@code kind}, never the same array as {@link #first}; see there. */
    Object second(final Primitive kind, final int length)
    {
        final int k = kind.ordinal();
        if (second[k] == null || secondLengths[k] < length)
        {
            second[k] = kind.newArray(length);
            secondLengths[k] = length;
        }
        return second[k];
    }

    private static boolean tooLargeToKeep(final int kind, final int length)
    {
        return (long)length * KIND_LIST[kind].sizeBytes() > KEPT_BYTES_MAX;
    }
}
