package org.openmpj.cache.service;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

import org.openmpj.cache.CacheStats;
import org.openmpj.cache.store.TierCounters;

/** The wire form of {@link CacheStats} in a server's reply to {@link Op#STATS}. */
final class StatsCodec
{
    private static final double NANOS_PER_MICRO = 1_000.0;

    private StatsCodec()
    {
    }

    static CacheStats.Latency latencyOf(final LatencyHistogram histogram)
    {
        return new CacheStats.Latency(histogram.count(), histogram.percentileNs(0.5) / NANOS_PER_MICRO,
            histogram.percentileNs(0.9) / NANOS_PER_MICRO, histogram.percentileNs(0.99) / NANOS_PER_MICRO,
            histogram.maxNs() / NANOS_PER_MICRO);
    }

    static byte[] encode(final CacheStats stats)
    {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes))
        {
            out.writeInt(stats.group());
            out.writeLong(stats.coalescedMisses());
            out.writeLong(stats.pushedFiles());
            out.writeInt(stats.tiers().size());
            for (final TierCounters.Snapshot tier : stats.tiers())
            {
                out.writeUTF(tier.tier());
                out.writeLong(tier.hits());
                out.writeLong(tier.misses());
                out.writeLong(tier.bytesServed());
                out.writeLong(tier.admissions());
                out.writeLong(tier.rejectedAdmissions());
                out.writeLong(tier.evictions());
                out.writeLong(tier.corruptChunks());
            }
            out.writeInt(stats.streams().size() + 1);
            write(out, stats.allFiles());
            for (final CacheStats.FileStreams file : stats.streams())
            {
                write(out, file);
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
        return bytes.toByteArray();
    }

    private static void write(final DataOutputStream out, final CacheStats.FileStreams file) throws IOException
    {
        out.writeUTF(file.path());
        out.writeLong(file.streams());
        out.writeLong(file.clients());
        out.writeLong(file.joiners());
        out.writeLong(file.bytesSent());
        out.writeLong(file.timedFetches());
        out.writeLong(file.slowestFetchNanos());
        out.writeLong(file.fetchNanos());
    }

    /** @return the server's statistics in {@code wire}, with {@code latency} (the asking client's own). */
    static CacheStats decode(final byte[] wire, final CacheStats.Latency latency)
    {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(wire)))
        {
            final int group = in.readInt();
            final long coalesced = in.readLong();
            final long pushed = in.readLong();
            final int tierCount = in.readInt();
            final List<TierCounters.Snapshot> tiers = new ArrayList<>(tierCount);
            for (int i = 0; i < tierCount; i++)
            {
                tiers.add(new TierCounters.Snapshot(in.readUTF(), in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readLong(),
                    in.readLong(), in.readLong()));
            }
            // The sums over every file come first, then each file.
            final int entries = in.readInt();
            final List<CacheStats.FileStreams> streams = new ArrayList<>(entries);
            for (int i = 0; i < entries; i++)
            {
                streams.add(new CacheStats.FileStreams(in.readUTF(), in.readLong(), in.readLong(), in.readLong(), in.readLong(),
                    in.readLong(), in.readLong(), in.readLong()));
            }
            return new CacheStats(group, tiers, coalesced, pushed, streams.subList(1, entries), streams.get(0), latency);
        }
        catch (final IOException ex)
        {
            throw new IllegalArgumentException("statistics of " + wire.length + " bytes do not decode: " + ex, ex);
        }
    }
}
