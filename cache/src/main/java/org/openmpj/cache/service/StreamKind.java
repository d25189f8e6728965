package org.openmpj.cache.service;

/** The two kinds of chunk stream, each with its own pair of tags so a push and a fetch never take each other's chunks. */
enum StreamKind
{
    FETCH(Tags.FETCH_HEAD, Tags.FETCH_DATA),
    PUSH(Tags.PUSH_HEAD, Tags.PUSH_DATA);

    /**
     * Chunks a sender or forwarder may have in flight before it waits for the oldest: enough to keep a link busy, and
     * few waits for a sender whose chunks are copied by the receiver (the thread device), where each wait parks a
     * thread and costs about a chunk's copy time.
     */
    static final int WINDOW_CHUNKS = 16;

    final int headTag;
    final int dataTag;

    StreamKind(final int headTag, final int dataTag)
    {
        this.headTag = headTag;
        this.dataTag = dataTag;
    }
}
