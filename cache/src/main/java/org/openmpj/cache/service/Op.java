package org.openmpj.cache.service;

/** What a {@link Request} asks of a server. The wire carries {@link #ordinal()}: append new operations, never reorder. */
public enum Op
{
    /**
     * Send the file: inline, as a chunk stream through a relay, or by a relay already streaming it ({@link Reply#JOINED});
     * {@code arg} {@link #FETCH_ALONE} asks for a stream of its own, after an adopter declined.
     */
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
    WAKE,
    /**
     * A relay node has passed on all it holds of the file (to its children and adoptees): the server answers with
     * {@link Tags#RELEASE} once it will ask it to adopt no more. {@code arg} is how long the node's fetch took, in
     * nanoseconds, or -1 when it says so before it holds the file.
     */
    DONE;

    /** The {@code arg} of a {@link #FETCH} that must not join another client's relay. */
    public static final long FETCH_ALONE = 1;

    private static final Op[] BY_CODE = values();

    /** @return the operation with wire code {@code code}, or null for an unknown code. */
    public static Op of(final int code)
    {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }
}
