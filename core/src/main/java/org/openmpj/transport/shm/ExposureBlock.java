package org.openmpj.transport.shm;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * The exposure in the header of the ring from a sender to a receiver (see {@link SegmentDescriptor}): one payload at a
 * time that the sender holds still for the receiver to copy out of its memory, and the state word that settles who ends
 * each exposure. The word holds a generation, new for every exposure, and a phase:
 *
 * <pre>
 *   NONE ──► EXPOSED(g) ──► PULLED(g)      the receiver copied the payload: the send and the receive complete
 *               │
 *               └─────────► WITHDRAWN(g)   the sender gave up (a timeout, a signal): the receiver's copy is void
 * </pre>
 *
 * Only the sender publishes {@code EXPOSED(g)}, after the exposure's fields; each side leaves it only by a compare-and-set,
 * so exactly one of {@link #pull} and {@link #withdraw} wins each generation. A new exposure starts from either end.
 *
 * <p>Thread-safety: one sending thread at a time publishes and withdraws, one receiving thread at a time reads and pulls;
 * the word is read and set with the memory order each side needs, across processes.
 */
final class ExposureBlock
{
    static final int NONE = 0;
    static final int EXPOSED = 1;
    static final int PULLED = 2;
    static final int WITHDRAWN = 3;

    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();

    private final MemorySegment memory;
    private final long state;
    private final long tid;
    private final long kind;
    private final long pollFds;
    private final long recvId;
    private final long bytes;

    /** @param ring where the ring's header starts in {@code memory}. */
    ExposureBlock(final MemorySegment memory, final long ring)
    {
        this.memory = memory;
        this.state = ring + SegmentDescriptor.EXPOSURE_STATE_OFFSET;
        this.tid = ring + SegmentDescriptor.EXPOSER_TID_OFFSET;
        this.kind = ring + SegmentDescriptor.EXPOSED_KIND_OFFSET;
        this.pollFds = ring + SegmentDescriptor.EXPOSER_POLL_FDS_OFFSET;
        this.recvId = ring + SegmentDescriptor.EXPOSED_RECV_ID_OFFSET;
        this.bytes = ring + SegmentDescriptor.EXPOSED_BYTES_OFFSET;
    }

    /** @return the state word for {@code phase} of exposure {@code generation}. */
    static long word(final long generation, final int phase)
    {
        return generation << 2 | phase;
    }

    static long generationOf(final long word)
    {
        return word >>> 2;
    }

    static int phaseOf(final long word)
    {
        return (int)(word & 3);
    }

    /** @return the state word, read with acquire: what it shows of the fields, they hold. */
    long state()
    {
        return (long)LONG.getAcquire(memory, state);
    }

    /** @return the generation of the last exposure published here; the sender's next one follows it. */
    long lastGeneration()
    {
        return generationOf(state());
    }

    /**
     * Sender: publishes exposure {@code generation} of a payload for receive {@code receiveId}. The fields are stored with
     * release before the state, so that a receiver that reads a field of a later exposure also sees this one ended.
     */
    void expose(
        final long generation, final long receiveId, final long byteCount, final int elementKind, final int threadId,
        final long pollFdsAddress)
    {
        LONG.setRelease(memory, recvId, receiveId);
        LONG.setRelease(memory, bytes, byteCount);
        INT.setRelease(memory, kind, elementKind);
        INT.setRelease(memory, tid, threadId);
        LONG.setRelease(memory, pollFds, pollFdsAddress);
        LONG.setRelease(memory, state, word(generation, EXPOSED));
    }

    /** Sender: ends exposure {@code generation} unless the receiver pulled it first. @return whether this call ended it. */
    boolean withdraw(final long generation)
    {
        return LONG.compareAndSet(memory, state, word(generation, EXPOSED), word(generation, WITHDRAWN));
    }

    /** Receiver: claims exposure {@code generation} as copied unless the sender withdrew it first. @return whether it did. */
    boolean pull(final long generation)
    {
        return LONG.compareAndSet(memory, state, word(generation, EXPOSED), word(generation, PULLED));
    }

    /** @return the exposed receive's id; read between two {@link #state()} reads that show the same exposure. */
    long recvId()
    {
        return (long)LONG.getAcquire(memory, recvId);
    }

    long bytes()
    {
        return (long)LONG.getAcquire(memory, bytes);
    }

    int kind()
    {
        return (int)INT.getAcquire(memory, kind);
    }

    int tid()
    {
        return (int)INT.getAcquire(memory, tid);
    }

    long pollFds()
    {
        return (long)LONG.getAcquire(memory, pollFds);
    }
}
