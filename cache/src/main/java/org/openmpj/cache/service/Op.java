package org.openmpj.cache.service;

/** What a {@link Request} asks of a server. The wire carries {@link #ordinal()}: append new operations, never reorder. */
public enum Op
{
    /** Send the file: inline, or as a chunk stream through a relay. */
    FETCH,
    /** Reply with the file's size, -1 when absent. */
    SIZE,
    /** Load the files into the server's tiers; no reply. */
    PREFETCH,
    /** Send the files to every client of the group ({@code arg} 0) or of the job (1); reply when all hold them. */
    PUSH,
    /** Reply with the group's statistics. */
    STATS,
    /** Reply with chunk {@code arg} of the file read afresh from the backing store: it arrived corrupt. */
    REPAIR,
    /** The client is done; the payload carries its own statistics. The server replies once every client is done. */
    BYE,
    /** From another server: push the files to this group and say {@link Tags#PUSH_DONE} when done. */
    PUSH_FORWARDED,
    /** From a server to itself: a worker has news for the request loop (it failed, or the server may finish). */
    WAKE;

    private static final Op[] BY_CODE = values();

    /** @return the operation with wire code {@code code}, or null for an unknown code. */
    public static Op of(final int code)
    {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }
}
