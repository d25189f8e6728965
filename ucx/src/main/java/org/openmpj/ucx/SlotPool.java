package org.openmpj.ucx;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Native memory registered with UCX once, cut into equal slots: where payloads that cannot go straight from a Java array
 * wait while UCX moves them (the GC may move an array, so UCX may hold no pointer into one). Registration pins the memory
 * and gives the handle that lets UCX's zero-copy protocols (RDMA on InfiniBand) use it without registering per message.
 *
 * <p>Thread-safety: none; the transport uses it under its lock.
 */
final class SlotPool implements AutoCloseable
{
    private final UcxContext context;
    private final Arena arena = Arena.ofShared();
    private final long base;
    private final int slotBytes;
    private final long memh;
    private final int[] free;
    private int freeCount;

    /**
     * @param slots     how many slots.
     * @param slotBytes bytes of each, a multiple of 64.
     */
    SlotPool(final UcxContext context, final int slots, final int slotBytes)
    {
        this.context = context;
        this.slotBytes = slotBytes;
        final MemorySegment memory = arena.allocate((long)slots * slotBytes, 4096);
        this.base = memory.address();
        this.memh = context.register(base, memory.byteSize());
        this.free = new int[slots];
        for (int slot = 0; slot < slots; slot++)
        {
            free[slot] = slots - 1 - slot;
        }
        this.freeCount = slots;
    }

    /** @return a free slot, or -1 when every slot is in use. */
    int take()
    {
        return freeCount == 0 ? -1 : free[--freeCount];
    }

    /** @return whether a slot is free. */
    boolean hasFree()
    {
        return freeCount > 0;
    }

    /** Returns {@code slot} to the pool. */
    void give(final int slot)
    {
        free[freeCount++] = slot;
    }

    /** @return the address of {@code slot}'s first byte. */
    long address(final int slot)
    {
        return base + (long)slot * slotBytes;
    }

    /** @return UCX's handle for the registered memory, for the requests that use it. */
    long memoryHandle()
    {
        return memh;
    }

    @Override
    public void close()
    {
        context.unregister(memh);
        arena.close();
    }
}
