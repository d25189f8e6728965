package org.openmpj.matching;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

import org.openmpj.concurrent.LeadingPadding;
import org.openmpj.concurrent.SpinLock;
import org.openmpj.device.ArrayCopy;
import org.openmpj.Primitive;
import org.openmpj.SendMode;

/**
 * Small messages from one rank to another rank of the same process, copied by the sender into a ring of cache-line slots
 * and matched by the receiver when it reads them. Matching at the receiver keeps the receiver's queues in its own cache:
 * a message moves about two cache lines between the cores instead of the six or seven that matching in the sending
 * thread moves (queue lock, posted list, request, status, buffer).
 *
 * <p>A message takes one slot, or more for a longer payload; a message never wraps, a skip frame fills the end of the ring
 * instead. The ring is a {@code long[]}, so that sequences can be read with acquire and written with release. Slot layout
 * (each pair of ints one long, the first in its low half), the first slot of a frame:
 *
 * <pre>
 *   0                               8               12              16              20              24              32
 *   +-------------------------------+---------------+---------------+---------------+---------------+---------------+
 *   | sequence: position + 1        | context       | source        | tag           | byte count    | element kind  |
 *   +-------------------------------+---------------+---------------+---------------+---------------+---------------+
 *  32 | payload: the first 32 bytes, then on through the following slots                                          |
 *  64 +-----------------------------------------------------------------------------------------------------------+
 * </pre>
 *
 * The sequence is written last, with release; a reader that finds the position it expects there owns the frame. The
 * reader zeroes the sequence word of every slot it has read before it frees them, so that a payload byte left from an
 * earlier lap is never taken for a sequence. It does so when it next finds the ring empty, or once half the ring waits to
 * be freed, rather than as it reads: the zeroing stores take lines back from the writer's core, and a receiver that
 * answers at once (a ping-pong, a collective) would wait for them in its next atomic instruction. A byte count of -1
 * marks a skip frame.
 *
 * <p>Thread-safety: any number of threads of the sending rank may {@link #offer}; writing is serialized by a lock. Reading
 * ({@link #drain}) is one thread at a time, of the receiving rank or of a sender that must empty the ring first.
 */
public final class InlineMailbox extends LeadingPadding
{
    /** Bytes of a slot: one cache line. */
    public static final int SLOT_BYTES = 64;
    private static final int SLOT_LONGS = SLOT_BYTES / Long.BYTES;
    /**
     * The most slots taken ahead after a frame ({@link #ownSlotsAhead}). Two thread ranks' ping-pong on an AMD EPYC, one way,
     * fastest batch in the VM's fast state: 256 B 0.160-0.167 µs against 0.184-0.250 without, 512 B 0.215-0.229 against
     * 0.255-0.37, 2 KiB 0.45-0.53 against 0.52-1.13; 1 B unchanged.
     */
    private static final int OWNED_AHEAD_MAX_SLOTS = 16;
    static final int SEQUENCE_OFFSET = 0;
    /** The context in the low half, the source in the high half. */
    static final int CONTEXT_SOURCE_OFFSET = 8;
    /** The tag in the low half, the byte count in the high half. */
    static final int TAG_BYTES_OFFSET = 16;
    static final int KIND_OFFSET = 24;
    static final int PAYLOAD_OFFSET = 32;
    /**
     * The largest message that travels inline: the thread device's default eager limit, for messages of bytes, ints,
     * longs, floats and doubles, which are copied a long at a time without allocating. With 2 thread ranks, messages of 512 B and 2 KiB
     * matched in the sending thread (the limit was four slots) took 0.28-0.31 and 0.41 µs a Bcast, 0.43-0.45 and
     * 0.50-0.54 an Allreduce; inline 0.085 and 0.13, 0.26-0.29 and 0.40-0.48.
     */
    public static final int INLINE_LIMIT_BYTES = 4096;
    /**
     * The largest message of the other kinds (booleans, shorts, chars) that travels inline: four slots. Their copies go
     * through memory segments, which cost an allocation each.
     */
    static final int OTHER_KINDS_INLINE_LIMIT_BYTES = 4 * SLOT_BYTES - PAYLOAD_OFFSET;
    private static final int SKIP = -1;

    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(long[].class);
    private static final Primitive[] KINDS = Primitive.values();
    private static final VarHandle BYTES_AS_LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final long[] slots;
    private final int capacity;
    private final int mask;
    private final Writer writer = new Writer();
    private final Reader reader = new Reader();

    /** @param capacitySlots the ring's length in slots: a power of two, at least twice a frame of {@link #INLINE_LIMIT_BYTES}. */
    public InlineMailbox(final int capacitySlots)
    {
        if (Integer.bitCount(capacitySlots) != 1 || capacitySlots < 2 * slotsFor(INLINE_LIMIT_BYTES))
        {
            throw new IllegalArgumentException("a mailbox needs a power of two of at least " + 2 * slotsFor(INLINE_LIMIT_BYTES)
                + " slots, got " + capacitySlots);
        }
        this.capacity = capacitySlots;
        this.mask = capacitySlots - 1;
        this.slots = new long[capacitySlots * SLOT_LONGS];
    }

    /**
     * @return whether {@code send} may travel inline: a standard or buffered send of at most {@link #INLINE_LIMIT_BYTES} and at
     *         most {@code eagerLimitBytes}, since an inline message is an eager one.
     */
    public static boolean fits(final SendRequest send, final long eagerLimitBytes)
    {
        return send.byteCount <= inlineLimitBytes(send.kind) && send.byteCount <= eagerLimitBytes && send.mode != SendMode.SYNCHRONOUS;
    }

    /** @return the largest message of {@code kind} that travels inline. */
    static int inlineLimitBytes(final Primitive kind)
    {
        return kind == Primitive.BOOLEAN || kind == Primitive.SHORT || kind == Primitive.CHAR
            ? OTHER_KINDS_INLINE_LIMIT_BYTES : INLINE_LIMIT_BYTES;
    }

    /**
     * Copies {@code send}, which {@link #fits}, into the ring and completes it, unless the ring is full or the receiver may
     * hold no more eager copies.
     *
     * @param receiver the receiving rank's device, whose limit on eager copies applies.
     * @return whether the send went in (and so is complete).
     */
    public boolean offer(final SendRequest send, final MatchingDevice receiver)
    {
        final int bytes = (int)send.byteCount;
        final Writer w = writer;
        w.lock();
        try
        {
            if (!w.mayCopyEagerly(receiver, bytes, capacity * Unexpected.footprintOf(SLOT_BYTES)))
            {
                return false;
            }
            final int frameSlots = slotsFor(bytes);
            final int at = (int)(w.tail & mask);
            final int skipped = at + frameSlots > capacity ? capacity - at : 0;
            if (capacity - (w.tail - w.cachedHead) < skipped + frameSlots)
            {
                w.cachedHead = reader.publishedHead();
                if (capacity - (w.tail - w.cachedHead) < skipped + frameSlots)
                {
                    return false;
                }
            }
            if (skipped > 0)
            {
                final int skipAt = at * SLOT_LONGS;
                slots[skipAt + TAG_BYTES_OFFSET / Long.BYTES] = (long)SKIP << 32;
                SLOT.setRelease(slots, skipAt + SEQUENCE_OFFSET / Long.BYTES, w.tail + 1);
                w.tail += skipped;
            }
            final int frameAt = (int)(w.tail & mask) * SLOT_LONGS;
            slots[frameAt + CONTEXT_SOURCE_OFFSET / Long.BYTES] = (send.context & 0xffff_ffffL) | (long)send.envelopeSource << 32;
            slots[frameAt + TAG_BYTES_OFFSET / Long.BYTES] = (send.tag & 0xffff_ffffL) | (long)bytes << 32;
            slots[frameAt + KIND_OFFSET / Long.BYTES] = send.kind.ordinal();
            copyIn(send.buffer, send.kind, send.offset, slots, frameAt + PAYLOAD_OFFSET / Long.BYTES, bytes);
            SLOT.setRelease(slots, frameAt + SEQUENCE_OFFSET / Long.BYTES, w.tail + 1);
            w.tail += frameSlots;
            ownSlotsAhead(w, frameSlots);
        }
        finally
        {
            w.unlock();
        }
        send.completeSent(false);
        return true;
    }

    /**
     * Takes into this core's cache, for writing, the slots after the tail that a next frame as long as the last would fill
     * beyond its first (at most {@link #OWNED_AHEAD_MAX_SLOTS}), where the reader has freed them: the reader cleared their
     * sequence words and holds their lines, and a frame is not seen before its last store is in, so each further slot of a
     * frame cost a crossing between the cores on the message's path. The tail's own slot is left alone, since the reader
     * polls it; each other gets its last word written, which is payload or padding to any frame.
     */
    private void ownSlotsAhead(final Writer w, final int frameSlots)
    {
        final int ahead = Math.min(frameSlots - 1, OWNED_AHEAD_MAX_SLOTS);
        for (int slot = 1; slot <= ahead; slot++)
        {
            final long position = w.tail + slot;
            if (position - w.cachedHead >= capacity)
            {
                return;
            }
            slots[(int)(position & mask) * SLOT_LONGS + SLOT_LONGS - 1] = 0L;
        }
    }

    /** @return how far the receiver has read: it changes while the receiver drains this mailbox, and stays put while it does not. */
    public long readPosition()
    {
        return reader.publishedRead();
    }

    /** @return whether every message written so far has been read and matched; the writer's view, taken under its lock. */
    public boolean isEmpty()
    {
        final Writer w = writer;
        w.lock();
        try
        {
            return reader.publishedRead() == w.tail;
        }
        finally
        {
            w.unlock();
        }
    }

    /** @return whether a message waits to be read; a hint, for polling, read without any lock. */
    public boolean hasData()
    {
        final long head = reader.head;
        return (long)SLOT.getAcquire(slots, (int)(head & mask) * SLOT_LONGS) == head + 1;
    }

    /**
     * Hands every message waiting in the ring to {@code receiver}'s matcher, in order, unless another thread is reading.
     *
     * @param wait whether to wait for a reading thread to finish (a sender that must see the ring empty) rather than leave.
     * @return the messages read.
     */
    public int drain(final MatchingDevice receiver, final boolean wait)
    {
        final Reader r = reader;
        if (wait)
        {
            r.lock();
        }
        else if (!r.tryLock())
        {
            return 0;
        }
        try
        {
            long head = r.head;
            int messages = 0;
            while (true)
            {
                final int at = (int)(head & mask) * SLOT_LONGS;
                if ((long)SLOT.getAcquire(slots, at) != head + 1)
                {
                    break;
                }
                final long tagAndBytes = slots[at + TAG_BYTES_OFFSET / Long.BYTES];
                final int bytes = (int)(tagAndBytes >> 32);
                final int frameSlots;
                if (bytes == SKIP)
                {
                    frameSlots = capacity - (int)(head & mask);
                }
                else
                {
                    frameSlots = slotsFor(bytes);
                    final long contextAndSource = slots[at + CONTEXT_SOURCE_OFFSET / Long.BYTES];
                    receiver.onInlineArrival((int)contextAndSource, (int)(contextAndSource >>> 32), (int)tagAndBytes,
                        KINDS[(int)slots[at + KIND_OFFSET / Long.BYTES]], slots, at + PAYLOAD_OFFSET / Long.BYTES, bytes);
                    messages++;
                }
                head += frameSlots;
            }
            if (head != r.head)
            {
                r.head = head;
                r.publishRead(head);
                if (head - r.cleared >= capacity / 2)
                {
                    clearRead(r);
                }
            }
            return messages;
        }
        finally
        {
            r.unlock();
        }
    }

    /**
     * Zeroes the sequence words of the slots read since the last call and frees them for the writer, unless another thread
     * is reading; the receiving rank calls it when it finds the ring empty.
     */
    public void clearRead()
    {
        final Reader r = reader;
        if (r.cleared != r.head && r.tryLock())
        {
            try
            {
                clearRead(r);
            }
            finally
            {
                r.unlock();
            }
        }
    }

    private void clearRead(final Reader r)
    {
        final long head = r.head;
        for (long position = r.cleared; position != head; position++)
        {
            slots[(int)(position & mask) * SLOT_LONGS] = 0L;
        }
        r.cleared = head;
        r.publishHead(head);
    }

    /** Copies a payload of {@code bytes} from {@code src}, an array of {@code kind}, into the ring's longs from {@code at}. */
    private static void copyIn(final Object src, final Primitive kind, final int offset, final long[] dst, final int at, final int bytes)
    {
        if (src instanceof MemorySegment)
        {
            ArrayCopy.copy(src, kind, offset, dst, Primitive.LONG, at, bytes);
            return;
        }
        switch (kind)
        {
            case BYTE -> pack((byte[])src, offset, dst, at, bytes);
            case LONG -> System.arraycopy((long[])src, offset, dst, at, bytes / Long.BYTES);
            case DOUBLE ->
            {
                final double[] doubles = (double[])src;
                for (int i = 0; i < bytes / Double.BYTES; i++)
                {
                    dst[at + i] = Double.doubleToRawLongBits(doubles[offset + i]);
                }
            }
            case INT ->
            {
                final int[] ints = (int[])src;
                final int count = bytes / Integer.BYTES;
                for (int i = 0; i < count; i += 2)
                {
                    dst[at + (i >>> 1)] = twoInts(ints[offset + i], i + 1 < count ? ints[offset + i + 1] : 0);
                }
            }
            case FLOAT ->
            {
                final float[] floats = (float[])src;
                final int count = bytes / Float.BYTES;
                for (int i = 0; i < count; i += 2)
                {
                    dst[at + (i >>> 1)] = twoInts(Float.floatToRawIntBits(floats[offset + i]),
                        i + 1 < count ? Float.floatToRawIntBits(floats[offset + i + 1]) : 0);
                }
            }
            default ->
            {
                if (bytes > 0)
                {
                    ArrayCopy.copy(src, kind, offset, dst, Primitive.LONG, at, bytes);
                }
            }
        }
    }

    /** @return two ints as one long of a little-endian run: {@code first} in the low half. */
    private static long twoInts(final int first, final int second)
    {
        return first & 0xffff_ffffL | (long)second << 32;
    }

    /** @return the {@code index}th int of a little-endian run of ints packed in longs from {@code at}. */
    private static int intAt(final long[] src, final int at, final int index)
    {
        return (int)(src[at + (index >>> 1)] >>> ((index & 1) << 5));
    }

    /**
     * Copies {@code bytes} of a payload in the ring's longs from {@code at} into {@code dst}, an array of {@code kind}
     * (whole elements of it), from element {@code offset}.
     */
    static void copyOut(final long[] src, final int at, final Object dst, final Primitive kind, final int offset, final int bytes)
    {
        if (dst instanceof MemorySegment)
        {
            ArrayCopy.copy(src, Primitive.LONG, at, dst, kind, offset, bytes);
            return;
        }
        switch (kind)
        {
            case BYTE -> unpack(src, at, (byte[])dst, offset, bytes);
            case LONG -> System.arraycopy(src, at, (long[])dst, offset, bytes / Long.BYTES);
            case DOUBLE ->
            {
                final double[] doubles = (double[])dst;
                for (int i = 0; i < bytes / Double.BYTES; i++)
                {
                    doubles[offset + i] = Double.longBitsToDouble(src[at + i]);
                }
            }
            case INT ->
            {
                final int[] ints = (int[])dst;
                for (int i = 0; i < bytes / Integer.BYTES; i++)
                {
                    ints[offset + i] = intAt(src, at, i);
                }
            }
            case FLOAT ->
            {
                final float[] floats = (float[])dst;
                for (int i = 0; i < bytes / Float.BYTES; i++)
                {
                    floats[offset + i] = Float.intBitsToFloat(intAt(src, at, i));
                }
            }
            default ->
            {
                if (bytes > 0)
                {
                    ArrayCopy.copy(src, Primitive.LONG, at, dst, kind, offset, bytes);
                }
            }
        }
    }

    /** Copies bytes into longs, little-endian: as a memory copy would, without a memory segment for each array. */
    static void pack(final byte[] src, final int offset, final long[] dst, final int at, final int bytes)
    {
        final int whole = bytes >>> 3;
        for (int i = 0; i < whole; i++)
        {
            dst[at + i] = (long)BYTES_AS_LONG.get(src, offset + (i << 3));
        }
        final int rest = bytes & 7;
        if (rest != 0)
        {
            long last = 0;
            final int from = offset + (whole << 3);
            for (int i = rest - 1; i >= 0; i--)
            {
                last = last << 8 | src[from + i] & 0xff;
            }
            dst[at + whole] = last;
        }
    }

    /** The reverse of {@link #pack}. */
    static void unpack(final long[] src, final int at, final byte[] dst, final int offset, final int bytes)
    {
        final int whole = bytes >>> 3;
        for (int i = 0; i < whole; i++)
        {
            BYTES_AS_LONG.set(dst, offset + (i << 3), src[at + i]);
        }
        final int rest = bytes & 7;
        if (rest != 0)
        {
            long last = src[at + whole];
            final int from = offset + (whole << 3);
            for (int i = 0; i < rest; i++)
            {
                dst[from + i] = (byte)last;
                last >>>= 8;
            }
        }
    }

    private static int slotsFor(final int bytes)
    {
        return 1 + Math.max(0, bytes - (SLOT_BYTES - PAYLOAD_OFFSET) + SLOT_BYTES - 1) / SLOT_BYTES;
    }

    /*
     * The mailbox, Writer, Reader and the ring are allocated one after another. Each of the first three starts with a cache
     * line of padding (LeadingPadding, through SpinLock for the two ends), and Writer and Reader end with 64 bytes of it, so
     * that whatever follows them (the ring's first slot) is a cache line away from their last field: with 40 bytes, a
     * writer whose object started 24 bytes into a line shared the line of its per-message count with the reader's lock,
     * which the receiver takes at every read; and without leading padding the writer's lock shared the line of the
     * mailbox's own fields, which the receiver reads at every poll.
     */

    /** What only writers touch, with the lock that serializes them, on cache lines of its own. */
    @SuppressWarnings("unused") // the padding fields keep other objects' fields off these cache lines
    private static final class Writer extends SpinLock
    {
        long tail;
        long cachedHead;
        /** The receiver's count of bytes held in eager copies, as last looked at. */
        long queuedWhenLooked;
        /** Bytes written since that look: at most what the count may have grown by through this mailbox. */
        long sentSinceLook;
        long p1;
        long p2;
        long p3;
        long p4;
        long p5;
        long p6;
        long p7;
        long p8;

        /**
         * @return whether the receiver may take an eager copy of {@code bytes} more under its limit, which counts each copy's
         *         {@link Unexpected#footprintOf footprint}. The receiver's count is
         *         looked at again only when this writer's estimate (the count as last seen, plus what it wrote since) would pass
         *         the limit, or when it wrote its share of the limit since: reading the count every message would move its
         *         cache line between the cores whenever the receiver queues copies. Every writer staying within its share
         *         between looks, the receiver holds at most twice its limit.
         */
        boolean mayCopyEagerly(final MatchingDevice receiver, final int bytes, final long ringFootprint)
        {
            // What waits in the ring is not in the receiver's count yet; the most a full ring's messages take stands for it.
            final long footprint = Unexpected.footprintOf(bytes);
            final long sent = sentSinceLook + footprint;
            if (sent <= receiver.eagerShareBytes() && queuedWhenLooked + ringFootprint + sent <= receiver.unexpectedLimitBytes())
            {
                sentSinceLook = sent;
                return true;
            }
            queuedWhenLooked = receiver.eagerBytesQueued();
            sentSinceLook = 0;
            if (queuedWhenLooked + ringFootprint + footprint > receiver.unexpectedLimitBytes())
            {
                return false;
            }
            sentSinceLook = footprint;
            return true;
        }
    }

    /**
     * What only the reader touches, with the lock that admits one reader, and what it publishes for writers: how far it has
     * read (every message before it matched) and how far it has cleared (the slots before it free).
     */
    @SuppressWarnings("unused") // the padding fields keep other objects' fields off these cache lines
    private static final class Reader extends SpinLock
    {
        private static final VarHandle PUBLISHED_HEAD;
        private static final VarHandle PUBLISHED_READ;

        static
        {
            try
            {
                final MethodHandles.Lookup lookup = MethodHandles.lookup();
                PUBLISHED_HEAD = lookup.findVarHandle(Reader.class, "publishedHead", long.class);
                PUBLISHED_READ = lookup.findVarHandle(Reader.class, "publishedRead", long.class);
            }
            catch (final ReflectiveOperationException ex)
            {
                throw new ExceptionInInitializerError(ex);
            }
        }

        long head;
        long cleared;
        private long publishedHead;
        private long publishedRead;
        long p1;
        long p2;
        long p3;
        long p4;
        long p5;
        long p6;
        long p7;
        long p8;

        long publishedHead()
        {
            return (long)PUBLISHED_HEAD.getAcquire(this);
        }

        void publishHead(final long value)
        {
            PUBLISHED_HEAD.setRelease(this, value);
        }

        long publishedRead()
        {
            return (long)PUBLISHED_READ.getAcquire(this);
        }

        void publishRead(final long value)
        {
            PUBLISHED_READ.setRelease(this, value);
        }
    }
}
