package org.openmpj.transport.shm;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * The exposure in the header of the ring from a sender to a receiver (see {@link SegmentDescriptor}): one payload at a
 * time that the sender holds still for the receiver to copy out of its memory, and the state word that settles who ends
 * each exposure. The word holds a generation, new for every exposure, and a phase. A sender that sleeps in the kernel
 * while it holds the payload still exposes it, its array's address in its system-call line and the payload's byte offset in
 * that array here:
 *
 * <pre>
 *   NONE ──► EXPOSED(g) ──► PULLED(g)      the receiver copied the payload: the send and the receive complete
 *               │
 *               └─────────► WITHDRAWN(g)   the sender gave up (a timeout, a signal): the receiver's copy is void
 * </pre>
 *
 * A sender that spins meanwhile ({@link org.openmpj.os.SpinningHold}) holds it, its array's address in this block:
 *
 * <pre>
 *   NONE ──► HELD(g) ──► COPYING(g) ──► PULLED(g)
 *               │            │
 *               └────────────┴────────► WITHDRAWN(g)   the sender's spins ran out, or the receiver's copy failed
 * </pre>
 *
 * Only the sender publishes {@code EXPOSED(g)} and {@code HELD(g)}, after the exposure's fields; each side leaves them only
 * by a compare-and-set, so exactly one of the receiver's pull and the sender's withdrawal wins each generation. A new
 * exposure starts from any end. The phases' values are what the holding code expects: {@code COPYING = HELD + 1},
 * {@code WITHDRAWN = HELD - 1}, {@code PULLED = HELD - 2}.
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
    static final int HELD = 4;
    static final int COPYING = 5;
    private static final int PHASE_BITS = 3;

    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();

    private final MemorySegment memory;
    private final long state;
    private final long tid;
    private final long kind;
    private final long pollFds;
    private final long recvId;
    private final long bytes;
    private final long address;
    private final long payloadOffset;

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
        this.address = ring + SegmentDescriptor.EXPOSED_ADDRESS_OFFSET;
        this.payloadOffset = ring + SegmentDescriptor.EXPOSED_PAYLOAD_OFFSET_OFFSET;
    }

    /** @return the state word for {@code phase} of exposure {@code generation}. */
    static long word(final long generation, final int phase)
    {
        return generation << PHASE_BITS | phase;
    }

    static long generationOf(final long word)
    {
        return word >>> PHASE_BITS;
    }

    static int phaseOf(final long word)
    {
        return (int)(word & ((1 << PHASE_BITS) - 1));
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
     * Sender: publishes exposure {@code generation} of a payload for receive {@code receiveId}, {@code byteCount} bytes from
     * byte {@code offset} of the array it holds. The fields are stored with release before the state, so that a receiver that
     * reads a field of a later exposure also sees this one ended.
     */
    void expose(
        final long generation, final long receiveId, final long byteCount, final long offset, final int elementKind,
        final int threadId, final long pollFdsAddress)
    {
        describe(receiveId, byteCount, offset, elementKind);
        INT.setRelease(memory, tid, threadId);
        LONG.setRelease(memory, pollFds, pollFdsAddress);
        LONG.setRelease(memory, state, word(generation, EXPOSED));
    }

    /**
     * Sender: describes the payload it is about to hold for receive {@code receiveId}, {@code byteCount} bytes from byte
     * {@code offset} of its array; the holding code then publishes the array's address at {@link #addressWord()} and
     * {@code HELD} at {@link #stateWord()}.
     */
    void describe(final long receiveId, final long byteCount, final long offset, final int elementKind)
    {
        LONG.setRelease(memory, recvId, receiveId);
        LONG.setRelease(memory, bytes, byteCount);
        LONG.setRelease(memory, payloadOffset, offset);
        INT.setRelease(memory, kind, elementKind);
    }

    /** @return the native address of the state word, for the holding code. */
    long stateWord()
    {
        return memory.address() + state;
    }

    /** @return the native address of the held array's address, for the holding code. */
    long addressWord()
    {
        return memory.address() + address;
    }

    /** @return the held array's address in the sender; read after a {@link #state()} that shows {@code HELD}. */
    long heldAddress()
    {
        return (long)LONG.getAcquire(memory, address);
    }

    /** Receiver: claims held payload {@code generation} for copying, unless the sender withdrew it. @return whether it did. */
    boolean claim(final long generation)
    {
        return LONG.compareAndSet(memory, state, word(generation, HELD), word(generation, COPYING));
    }

    /** Receiver: ends a claimed copy as done, unless the sender withdrew meanwhile. @return whether the copy stands. */
    boolean finishCopy(final long generation)
    {
        return LONG.compareAndSet(memory, state, word(generation, COPYING), word(generation, PULLED));
    }

    /** Receiver: gives a claimed payload back as withdrawn, its copy having failed, so that the sender streams it at once. */
    void abandon(final long generation)
    {
        LONG.compareAndSet(memory, state, word(generation, COPYING), word(generation, WITHDRAWN));
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

    /** @return where the payload starts in the sender's array, in bytes; read as {@link #recvId()} is. */
    long payloadOffset()
    {
        return (long)LONG.getAcquire(memory, payloadOffset);
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
