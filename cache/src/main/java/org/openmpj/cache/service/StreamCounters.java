package org.openmpj.cache.service;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

import org.openmpj.cache.CacheStats;

/**
 * What a server sent of each file: the streams it started (relays it is the root of, for fetches, prefetches and pushes),
 * the clients those streams reached, the bytes it sent itself, streamed or inline, and how long the clients' fetches by
 * stream took, as they report when done. A file the server sends once per
 * burst however many clients ask is the cache's purpose; these counts show whether it did. Statistics carry the
 * {@link #REPORTED_FILES} files the server sent most bytes of, so that a job reading many small files keeps them small,
 * and the sums over every file. Thread-safe.
 */
final class StreamCounters
{
    /** How many files' counts a snapshot carries at most: those the server sent most bytes of. */
    static final int REPORTED_FILES = 256;

    private final Map<String, FileCounters> files = new ConcurrentHashMap<>();
    private final FileCounters allFiles = new FileCounters(null);

    /** The counts of one file, or of every file. */
    static final class FileCounters
    {
        /** The sums over every file, which each count goes to as well; null for the sums themselves. */
        private final FileCounters sums;
        private final LongAdder streams = new LongAdder();
        private final LongAdder clients = new LongAdder();
        private final LongAdder joiners = new LongAdder();
        private final LongAdder bytesSent = new LongAdder();
        private final LongAdder timedFetches = new LongAdder();
        private final LongAdder fetchNanos = new LongAdder();
        private final LongAccumulator slowestFetchNanos = new LongAccumulator(Math::max, 0);

        private FileCounters(final FileCounters sums)
        {
            this.sums = sums;
        }

        /** A stream started, down a relay of {@code members} clients. */
        void started(final int members)
        {
            streams.increment();
            clients.add(members);
            if (sums != null)
            {
                sums.started(members);
            }
        }

        /** A client attached to a stream already in flight instead of starting one. */
        void joined()
        {
            joiners.increment();
            clients.increment();
            if (sums != null)
            {
                sums.joined();
            }
        }

        /** The server itself sent {@code bytes} of the file (a chunk to each of its relay children, or an inline reply). */
        void sent(final long bytes)
        {
            bytesSent.add(bytes);
            if (sums != null)
            {
                sums.sent(bytes);
            }
        }

        /** A client that received the file by stream took {@code nanos} to hold it and pass it on. */
        void fetched(final long nanos)
        {
            timedFetches.increment();
            fetchNanos.add(nanos);
            slowestFetchNanos.accumulate(nanos);
            if (sums != null)
            {
                sums.fetched(nanos);
            }
        }

        private CacheStats.FileStreams snapshot(final String path)
        {
            return new CacheStats.FileStreams(path, streams.sum(), clients.sum(), joiners.sum(), bytesSent.sum(), timedFetches.sum(),
                slowestFetchNanos.get(), fetchNanos.sum());
        }
    }

    /** @return the counts of {@code path}, made on first use. */
    FileCounters of(final String path)
    {
        return files.computeIfAbsent(path, ignored -> new FileCounters(allFiles));
    }

    /** @return the counts now of the {@link #REPORTED_FILES} files the server sent most bytes of, by path. */
    List<CacheStats.FileStreams> snapshot()
    {
        return files.entrySet().stream()
            .map(entry -> entry.getValue().snapshot(entry.getKey()))
            .sorted(Comparator.comparingLong(CacheStats.FileStreams::bytesSent).reversed())
            .limit(REPORTED_FILES)
            .sorted(Comparator.comparing(CacheStats.FileStreams::path))
            .toList();
    }

    /** @return the sums over every file now, under the path {@code ""}. */
    CacheStats.FileStreams totals()
    {
        return allFiles.snapshot("");
    }
}
