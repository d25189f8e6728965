package org.openmpj.cache;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import org.openmpj.cache.store.TierCounters;

/**
 * One node group's cache statistics at one moment: per tier (memory, disk, backing) hits, misses, bytes, admissions,
 * evictions and corrupt chunks; misses that joined a load already under way; what the server sent of each file (streams
 * started, clients reached, bytes); and request latency percentiles, over the asking client's own requests (from
 * {@link CacheClient#stats()}) or over every client of the group (at the end).
 *
 * @param group           the node group.
 * @param tiers           the counts of each tier the group has.
 * @param coalescedMisses misses that found the file's load already under way and waited for it instead.
 * @param pushedFiles     files pushed to the group's clients.
 * @param streams         what the group's server sent of each file it sent (the files it sent most bytes of), by path.
 * @param allFiles        what the group's server sent of every file together, under the path {@code ""}.
 * @param latency         request latencies.
 */
public record CacheStats(int group, List<TierCounters.Snapshot> tiers, long coalescedMisses, long pushedFiles, List<FileStreams> streams,
    FileStreams allFiles, Latency latency)
{
    /** How many files {@link #format} names, those the server sent most bytes of. */
    private static final int FORMATTED_FILES = 5;

    public CacheStats
    {
        tiers = List.copyOf(tiers);
        streams = List.copyOf(streams);
    }

    /**
     * What a server sent of one file, since it started.
     *
     * @param path      the file.
     * @param streams   the streams it started: relays it was the root of (fetches, prefetches, pushes).
     * @param clients   the clients those streams reached, joiners included.
     * @param joiners   clients that attached to a stream already in flight instead of starting one.
     * @param bytesSent the bytes the server itself sent: each chunk once per relay child of its own, and inline replies.
     * @param timedFetches       the fetches by stream whose clients reported how long they took.
     * @param slowestFetchNanos  the longest of those, from the client's request until it held the file and had passed it
     *                           on to the clients it forwards to.
     * @param fetchNanos         their sum.
     */
    public record FileStreams(String path, long streams, long clients, long joiners, long bytesSent, long timedFetches,
        long slowestFetchNanos, long fetchNanos)
    {
        /** @return the mean time of a timed fetch, in milliseconds, or 0 when none was timed. */
        public double meanFetchMs()
        {
            return timedFetches == 0 ? 0 : fetchNanos / 1e6 / timedFetches;
        }

        /** @return the slowest timed fetch, in milliseconds. */
        public double slowestFetchMs()
        {
            return slowestFetchNanos / 1e6;
        }
    }

    /** @return what the server sent of {@code path}, or null when it sent nothing of it. */
    public FileStreams streamsOf(final String path)
    {
        return streams.stream().filter(file -> file.path().equals(path)).findFirst().orElse(null);
    }

    /**
     * Request latency percentiles, in microseconds.
     *
     * @param requests how many requests were measured.
     */
    public record Latency(long requests, double p50Micros, double p90Micros, double p99Micros, double maxMicros)
    {
    }

    /** @return the counts of the tier named {@code tier} ("memory", "disk", "backing"), or null when the group has none. */
    public TierCounters.Snapshot tier(final String tier)
    {
        return tiers.stream().filter(snapshot -> snapshot.tier().equals(tier)).findFirst().orElse(null);
    }

    /** @return the statistics as a few lines of text, as printed at the end of a job. */
    public String format()
    {
        final StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "MPJ-Cache group %d: %d misses coalesced, %d files pushed%n", group, coalescedMisses,
            pushedFiles));
        out.append(String.format(Locale.ROOT, "  %-8s %10s %10s %8s %14s %10s %10s %8s%n", "tier", "hits", "misses", "hit%", "bytes",
            "admitted", "evicted", "corrupt"));
        for (final TierCounters.Snapshot tier : tiers)
        {
            out.append(String.format(Locale.ROOT, "  %-8s %10d %10d %7.1f%% %14d %10d %10d %8d%n", tier.tier(), tier.hits(), tier.misses(),
                100 * tier.hitRatio(), tier.bytesServed(), tier.admissions(), tier.evictions(), tier.corruptChunks()));
        }
        if (!streams.isEmpty())
        {
            out.append(String.format(Locale.ROOT, "  sent by the server: %d streams to %d clients (%d joined in flight), %d bytes;"
                + " fetches by stream: mean %.1f ms, slowest %.1f ms%n", allFiles.streams(), allFiles.clients(), allFiles.joiners(),
                allFiles.bytesSent(), allFiles.meanFetchMs(), allFiles.slowestFetchMs()));
            streams.stream().sorted(Comparator.comparingLong(FileStreams::bytesSent).reversed()).limit(FORMATTED_FILES)
                .forEach(file -> out.append(String.format(Locale.ROOT, "    %s: %d streams to %d clients (%d joined in flight), %d bytes;"
                    + " fetches mean %.1f ms, slowest %.1f ms%n", file.path(), file.streams(), file.clients(), file.joiners(),
                    file.bytesSent(), file.meanFetchMs(), file.slowestFetchMs())));
        }
        out.append(String.format(Locale.ROOT, "  latency over %d requests: p50 %.0f us, p90 %.0f us, p99 %.0f us, max %.0f us", latency.requests(),
            latency.p50Micros(), latency.p90Micros(), latency.p99Micros(), latency.maxMicros()));
        return out.toString();
    }
}
