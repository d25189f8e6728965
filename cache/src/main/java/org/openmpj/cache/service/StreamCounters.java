package org.openmpj.cache.service;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

import org.openmpj.cache.CacheStats;

/**
 * What a server sent of each file: the streams it started (relays it is the root of, for fetches, prefetches and pushes),
 * the clients those streams reached, and the bytes it sent itself, streamed or inline. A file the server sends once per
 * burst however many clients ask is the cache's purpose; these counts show whether it did. Statistics carry the
 * {@link #REPORTED_FILES} files the server sent most bytes of, so that a job reading many small files keeps them small.
 * Thread-safe.
 */
final class StreamCounters
{
    /** How many files' counts a snapshot carries at most: those the server sent most bytes of. */
    static final int REPORTED_FILES = 256;

    private final Map<String, FileCounters> files = new ConcurrentHashMap<>();

    /** The counts of one file. */
    static final class FileCounters
    {
        private final LongAdder streams = new LongAdder();
        private final LongAdder clients = new LongAdder();
        private final LongAdder joiners = new LongAdder();
        private final LongAdder bytesSent = new LongAdder();

        /** A stream started, down a relay of {@code members} clients. */
        void started(final int members)
        {
            streams.increment();
            clients.add(members);
        }

        /** A client attached to a stream already in flight instead of starting one. */
        void joined()
        {
            joiners.increment();
            clients.increment();
        }

        /** The server itself sent {@code bytes} of the file (a chunk to each of its relay children, or an inline reply). */
        void sent(final long bytes)
        {
            bytesSent.add(bytes);
        }
    }

    /** @return the counts of {@code path}, made on first use. */
    FileCounters of(final String path)
    {
        return files.computeIfAbsent(path, ignored -> new FileCounters());
    }

    /** @return the counts now of the {@link #REPORTED_FILES} files the server sent most bytes of, by path. */
    List<CacheStats.FileStreams> snapshot()
    {
        return files.entrySet().stream()
            .map(entry -> new CacheStats.FileStreams(entry.getKey(), entry.getValue().streams.sum(), entry.getValue().clients.sum(),
                entry.getValue().joiners.sum(), entry.getValue().bytesSent.sum()))
            .sorted(Comparator.comparingLong(CacheStats.FileStreams::bytesSent).reversed())
            .limit(REPORTED_FILES)
            .sorted(Comparator.comparing(CacheStats.FileStreams::path))
            .toList();
    }
}
