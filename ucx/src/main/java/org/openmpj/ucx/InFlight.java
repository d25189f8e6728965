package org.openmpj.ucx;

/**
 * The UCX requests the transport waits for, each with what to do when it completes: a staged frame, a piece of a
 * chunked send, or a piece being received into a slot. Kept dense, in columns, so that polling them allocates nothing.
 *
 * <p>Thread-safety: none; the transport uses it under its lock.
 */
final class InFlight
{
    static final byte STAGED_FRAME = 1;
    static final byte SENT_PIECE = 2;
    static final byte RECEIVED_PIECE = 3;

    long[] requests = new long[16];
    byte[] kinds = new byte[16];
    int[] slots = new int[16];
    UcxPeer[] peers = new UcxPeer[16];
    Object[] owners = new Object[16];
    long[] offsets = new long[16];
    long[] lengths = new long[16];
    int count;

    void add(final long request, final byte kind, final int slot, final UcxPeer peer, final Object owner, final long offset, final long length)
    {
        if (count == requests.length)
        {
            grow();
        }
        final int at = count++;
        requests[at] = request;
        kinds[at] = kind;
        slots[at] = slot;
        peers[at] = peer;
        owners[at] = owner;
        offsets[at] = offset;
        lengths[at] = length;
    }

    /** Removes entry {@code at}; the last entry takes its place. */
    void remove(final int at)
    {
        final int last = --count;
        requests[at] = requests[last];
        kinds[at] = kinds[last];
        slots[at] = slots[last];
        peers[at] = peers[last];
        owners[at] = owners[last];
        offsets[at] = offsets[last];
        lengths[at] = lengths[last];
        peers[last] = null;
        owners[last] = null;
    }

    private void grow()
    {
        final int capacity = requests.length * 2;
        requests = java.util.Arrays.copyOf(requests, capacity);
        kinds = java.util.Arrays.copyOf(kinds, capacity);
        slots = java.util.Arrays.copyOf(slots, capacity);
        peers = java.util.Arrays.copyOf(peers, capacity);
        owners = java.util.Arrays.copyOf(owners, capacity);
        offsets = java.util.Arrays.copyOf(offsets, capacity);
        lengths = java.util.Arrays.copyOf(lengths, capacity);
    }
}
