package org.openmpj.cache.service;

/** The two kinds of chunk stream, each with its own pair of tags so a push and a fetch never take each other's chunks. */
enum StreamKind
{
    FETCH(Tags.FETCH_HEAD, Tags.FETCH_DATA),
    PUSH(Tags.PUSH_HEAD, Tags.PUSH_DATA);

    /** Chunks a sender or forwarder may have in flight before it waits for the oldest: enough to keep a link busy. */
    static final int WINDOW_CHUNKS = 4;

    final int headTag;
    final int dataTag;

    StreamKind(final int headTag, final int dataTag)
    {
        this.headTag = headTag;
        this.dataTag = dataTag;
    }
}
