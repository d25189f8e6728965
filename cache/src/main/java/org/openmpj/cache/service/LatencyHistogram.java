package org.openmpj.cache.service;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Request latencies in nanoseconds, in buckets of 1/16 of a power of two (so a percentile is within about 6% of the
 * truth), mergeable across clients. Not thread-safe: an owner records under its own lock.
 */
public final class LatencyHistogram
{
    private static final int SUB_BUCKET_BITS = 4;
    private static final int SUB_BUCKETS = 1 << SUB_BUCKET_BITS;
    private static final int BUCKETS = (Long.SIZE - SUB_BUCKET_BITS + 1) * SUB_BUCKETS;

    private final long[] counts = new long[BUCKETS];
    private long total;
    private long maxNs;

    /** Records one latency. */
    public void record(final long latencyNs)
    {
        final long value = Math.max(0, latencyNs);
        counts[bucketOf(value)]++;
        total++;
        maxNs = Math.max(maxNs, value);
    }

    /** Adds every recording of {@code other}. */
    public void add(final LatencyHistogram other)
    {
        for (int i = 0; i < BUCKETS; i++)
        {
            counts[i] += other.counts[i];
        }
        total += other.total;
        maxNs = Math.max(maxNs, other.maxNs);
    }

    public long count()
    {
        return total;
    }

    public long maxNs()
    {
        return maxNs;
    }

    /** @return the latency below which {@code fraction} of the recordings lie (the middle of its bucket), 0 when empty. */
    public long percentileNs(final double fraction)
    {
        if (total == 0)
        {
            return 0;
        }
        final long rank = Math.max(1, (long) Math.ceil(fraction * total));
        long seen = 0;
        for (int i = 0; i < BUCKETS; i++)
        {
            seen += counts[i];
            if (seen >= rank)
            {
                return Math.min(maxNs, (lowestOf(i) + lowestOf(i + 1) - 1) / 2);
            }
        }
        return maxNs;
    }

    static int bucketOf(final long value)
    {
        if (value < SUB_BUCKETS)
        {
            return (int) value;
        }
        final int exponent = Long.SIZE - 1 - Long.numberOfLeadingZeros(value);
        final int sub = (int) (value >>> (exponent - SUB_BUCKET_BITS)) & (SUB_BUCKETS - 1);
        return (exponent - SUB_BUCKET_BITS + 1) * SUB_BUCKETS + sub;
    }

    static long lowestOf(final int bucket)
    {
        if (bucket < SUB_BUCKETS)
        {
            return bucket;
        }
        final int exponent = bucket / SUB_BUCKETS + SUB_BUCKET_BITS - 1;
        if (exponent >= Long.SIZE - 1)
        {
            return Long.MAX_VALUE;
        }
        return (1L << exponent) + ((long) (bucket % SUB_BUCKETS) << (exponent - SUB_BUCKET_BITS));
    }

    /** @return the recordings as bytes, for a client's goodbye. */
    public byte[] encode()
    {
        int used = 0;
        for (final long count : counts)
        {
            used += count == 0 ? 0 : 1;
        }
        final ByteBuffer out = ByteBuffer.allocate(Long.BYTES * 2 + Integer.BYTES + used * (Integer.BYTES + Long.BYTES))
            .order(ByteOrder.LITTLE_ENDIAN);
        out.putLong(total).putLong(maxNs).putInt(used);
        for (int i = 0; i < BUCKETS; i++)
        {
            if (counts[i] != 0)
            {
                out.putInt(i).putLong(counts[i]);
            }
        }
        return out.array();
    }

    /**
     * @return the histogram {@link #encode()} wrote.
     * @throws IllegalArgumentException when {@code bytes} is not one.
     */
    public static LatencyHistogram decode(final byte[] bytes)
    {
        final LatencyHistogram histogram = new LatencyHistogram();
        if (bytes.length == 0)
        {
            return histogram;
        }
        try
        {
            final ByteBuffer in = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
            histogram.total = in.getLong();
            histogram.maxNs = in.getLong();
            final int used = in.getInt();
            for (int i = 0; i < used; i++)
            {
                histogram.counts[in.getInt()] = in.getLong();
            }
            return histogram;
        }
        catch (final RuntimeException ex)
        {
            throw new IllegalArgumentException("latency histogram of " + bytes.length + " bytes does not decode: " + ex, ex);
        }
    }
}
