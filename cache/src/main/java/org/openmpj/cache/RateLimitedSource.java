package org.openmpj.cache;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A {@link Source} that bounds the bytes per second read through it, all readers together, so that one node group does
 * not saturate the shared file system. A token bucket kept as the time its tokens are next all spent: a read reserves
 * its bytes with one compare-and-set, then sleeps outside any lock until they are paid for, so readers are served in
 * the order they reserved. The bucket holds up to a tenth of a second of reads and starts empty. Reads are cut into
 * slices of at most that size (and at most {@link #MAX_SLICE_BYTES}) so that a large read does not wait for all of
 * its bytes up front. Only reads are limited, not {@link #sizeOf}. Thread-safe; owns the wrapped source.
 */
public final class RateLimitedSource implements Source
{
    /** The largest piece of a read paid for at once. */
    public static final int MAX_SLICE_BYTES = 1 << 20;

    private static final long NS_PER_SECOND = 1_000_000_000L;
    private static final long BURST_NS = NS_PER_SECOND / 10;

    private final Source source;
    private final long bytesPerSecond;
    private final NanoClock clock;
    private final int sliceBytes;
    private final AtomicLong paidUntilNs;

    /**
     * @param source the source to read from; closed with this one.
     * @param bytesPerSecond the most bytes per second read through this source, above 0.
     * @param clock the time to wait on.
     */
    public RateLimitedSource(final Source source, final long bytesPerSecond, final NanoClock clock)
    {
        if (bytesPerSecond <= 0)
        {
            throw new IllegalArgumentException("bytesPerSecond=" + bytesPerSecond + " must be above 0");
        }
        this.source = source;
        this.bytesPerSecond = bytesPerSecond;
        this.clock = clock;
        this.sliceBytes = (int) Math.max(1, Math.min(MAX_SLICE_BYTES, bytesPerSecond / (NS_PER_SECOND / BURST_NS)));
        this.paidUntilNs = new AtomicLong(clock.nanoTime());
    }

    /** A limit on the {@link NanoClock#SYSTEM} clock. */
    public RateLimitedSource(final Source source, final long bytesPerSecond)
    {
        this(source, bytesPerSecond, NanoClock.SYSTEM);
    }

    @Override
    public long sizeOf(final String path) throws IOException
    {
        return source.sizeOf(path);
    }

    @Override
    public SourceFile open(final String path) throws IOException
    {
        return new LimitedFile(source.open(path));
    }

    @Override
    public String description()
    {
        return source.description() + " at most " + bytesPerSecond + " bytes/s";
    }

    @Override
    public void close() throws IOException
    {
        source.close();
    }

    /** Takes {@code bytes} from the bucket and waits until they are paid for. */
    private void pay(final int bytes) throws InterruptedIOException
    {
        final long costNs = Math.ceilDiv(bytes * NS_PER_SECOND, bytesPerSecond);
        final long nowNs = clock.nanoTime();
        long before;
        long after;
        do
        {
            before = paidUntilNs.get();
            // Time left unused beyond the burst is lost, as tokens spilling from a full bucket.
            after = Math.max(before, nowNs - BURST_NS) + costNs;
        }
        while (!paidUntilNs.compareAndSet(before, after));
        final long waitNs = after - nowNs;
        if (waitNs > 0)
        {
            try
            {
                clock.sleepNs(waitNs);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                final InterruptedIOException interrupted = new InterruptedIOException("interrupted waiting for the read limit of " + description());
                interrupted.initCause(ex);
                throw interrupted;
            }
        }
    }

    /** One open file whose reads are paid for before they are made. */
    private final class LimitedFile implements SourceFile
    {
        private final SourceFile file;

        LimitedFile(final SourceFile file)
        {
            this.file = file;
        }

        @Override
        public long size()
        {
            return file.size();
        }

        @Override
        public int read(final long position, final ByteBuffer destination) throws IOException
        {
            final int limit = destination.limit();
            int total = 0;
            try
            {
                while (destination.hasRemaining())
                {
                    // Pay only for what the file can still give, so the end of a file costs nothing extra.
                    final long left = file.size() - (position + total);
                    final int slice = (int) Math.min(Math.min(destination.remaining(), sliceBytes), Math.max(0, left));
                    if (slice == 0)
                    {
                        break;
                    }
                    pay(slice);
                    destination.limit(destination.position() + slice);
                    final int read = file.read(position + total, destination);
                    destination.limit(limit);
                    total += read;
                    if (read < slice)
                    {
                        break;
                    }
                }
            }
            finally
            {
                destination.limit(limit);
            }
            return total;
        }

        @Override
        public void close() throws IOException
        {
            file.close();
        }
    }
}
