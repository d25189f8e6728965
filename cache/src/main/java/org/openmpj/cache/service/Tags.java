package org.openmpj.cache.service;

/**
 * The message tags of MPJ-Cache's protocol, on the cache's own communicator (a duplicate of the job's). A tag says
 * what a message is; who may send it is fixed, so every receive names its source except the server's request loop
 * and a client's push listener.
 */
public final class Tags
{
    /** Client or server to a server: a {@link Request}. */
    public static final int REQUEST = 1;
    /** Server to client: a {@link Reply}, with inline data or an error text after it. */
    public static final int REPLY = 2;
    /** Relay parent to child during a fetch: a {@link ChunkHeadDescriptor}. */
    public static final int FETCH_HEAD = 3;
    /** Relay parent to child during a fetch: the chunk's bytes. */
    public static final int FETCH_DATA = 4;
    /** Server to a client's push listener: a {@link Reply} announcing a pushed file (or the end). */
    public static final int PUSH = 5;
    /** Relay parent to child during a push: a {@link ChunkHeadDescriptor}. */
    public static final int PUSH_HEAD = 6;
    /** Relay parent to child during a push: the chunk's bytes. */
    public static final int PUSH_DATA = 7;
    /** A client's push listener to its server: the pushed file is stored. */
    public static final int PUSH_STORED = 8;
    /** Server to server: a push forwarded to the whole job is done in the sender's group. */
    public static final int PUSH_DONE = 9;
    /**
     * Server to a relay node: {@code int[2]} {@link #ADOPT} and the joiner's rank (forward it the stream), or
     * {@link #RELEASE} and 0 (the answer to the node's {@link Op#DONE}: nothing more will be asked of it).
     */
    public static final int ADOPT = 10;
    /** Adopter to joiner: {@code int[1]}, the index of the first chunk it forwards, or -1 when it cannot adopt. */
    public static final int JOIN_START = 11;

    /** The first int of an {@link #ADOPT} message that asks a node to adopt a joiner. */
    static final int ADOPT_JOINER = 1;
    /** The first int of an {@link #ADOPT} message that releases a node. */
    static final int RELEASE = 2;

    private Tags()
    {
    }
}
