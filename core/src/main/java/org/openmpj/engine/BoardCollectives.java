package org.openmpj.engine;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.device.ArrayCopy;
import org.openmpj.device.BufferCopy;
import org.openmpj.device.Device;
import org.openmpj.Primitive;
import org.openmpj.device.WorldBoard;

/**
 * Small collectives of the world communicator through the device's {@link WorldBoard}, where every rank shares memory
 * and waits spin: the writer of a record (a Bcast's root, each other rank of a Reduce, every rank of an Allreduce,
 * Allgather, Alltoall or Barrier) copies its data into its lane's slot for the call and publishes the call's number; a
 * reader polls that word, copies the data out and counts the record read. No message is matched and no queue is touched, so a Bcast
 * of 8 B between two ranks moves the one line that holds the record. A writer runs ahead of its readers by at most
 * {@link WorldBoard#SLOTS} of its records; a slot is written again only when every reader of the record in it has read it.
 *
 * <p>Mismatched calls fail as they do through messages. A record names its operation, root and length, and a reader
 * checks them. A rank that waits here looks now and then for what shows the ranks' calls differ: a message or notice of
 * this call on the collective context, or a peer that has gone on to later calls without posting or reading what this
 * call needed from it. A rank waiting for a message looks at the board too ({@link #recordForThisCall}), and the board's
 * counts of records written and read show at {@code MPI.Finalize} what no call noticed ({@link #strayRecords}).
 *
 * <p>Thread-safety: the collectives of one communicator run one at a time, in program order, as MPI requires.
 */
final class BoardCollectives
{
    private static final VarHandle WORD = ValueLayout.JAVA_LONG.varHandle();
    /** Polls of a record's word before each step of a wait that also makes progress and checks the job. */
    private static final int POLLS_PER_STEP = 64;
    /** Steps of a wait between looks for signs of mismatched calls. */
    private static final int WATCH_STEPS = 1024;
    /** A record's descriptor holds its call's tag (operation family and root, as {@link Transfers#tag}) above its length. */
    private static final int TAG_SHIFT = 32;
    private static final long BYTES_MASK = 0xFFFF_FFFFL;
    /** The unit in which a record's lines move between cores. */
    private static final int CACHE_LINE_BYTES = 64;

    private final MemorySegment board;
    private final int rank;
    private final int size;
    /** Where this rank's tally starts. */
    private final long tally;
    /** Records this rank wrote for each reader, as its tally says. */
    private final long[] written;
    /** Records of each writer this rank read, as its tally says. */
    private final long[] read;
    /** For each slot of this rank's lane and each reader: how many records the reader must have read before the slot is free. */
    private final long[] readsBeforeReuse;
    /** The last count of this rank's records each reader was seen to have read. */
    private final long[] seenRead;

    private BoardCollectives(final MemorySegment board, final int rank, final int size)
    {
        this.board = board;
        this.rank = rank;
        this.size = size;
        this.tally = WorldBoard.tallyOffset(rank);
        this.written = new long[size];
        this.read = new long[size];
        this.readsBeforeReuse = new long[WorldBoard.SLOTS * size];
        this.seenRead = new long[size];
    }

    /**
     * @return the board collectives of {@code device}'s rank, as {@value CollectiveThresholds#WORLD_BOARD_PROP_NAME} asks; null
     *         when the device keeps no world board, or the setting is {@code never}, or it is {@code auto} and the device's
     *         waits do not spin (a rank waiting for a record can only poll, and where ranks share cores one that backs off
     *         sleeps through a record's arrival, while a message wakes it).
     */
    static BoardCollectives of(final Device device)
    {
        return refusal(device) == null ? new BoardCollectives(device.worldBoard(), device.rank(), device.size()) : null;
    }

    /**
     * @param used whether {@code device}'s world communicator took the board ({@link #of}).
     * @return one line saying whether the world's small collectives go through the board, and if not, why.
     */
    static String describeUse(final Device device, final boolean used)
    {
        if (used)
        {
            return "world board: the world's Barrier, its Bcast and Reduce of up to " + WorldBoard.PAYLOAD_BYTES + " B, its Allreduce and"
                + " Allgather of up to " + MOST_BLOCK_BYTES + " B a rank and its Alltoall of up to " + MOST_ALLTOALL_BYTES
                + " B a rank go through shared memory";
        }
        return "world board: not used (" + refusal(device) + "); small collectives move as messages";
    }

    /**
     * @return why {@code device}'s world does not take the board, as {@value CollectiveThresholds#WORLD_BOARD_PROP_NAME}
     *         asks; null when it does.
     */
    private static String refusal(final Device device)
    {
        final String mode = System.getProperty(CollectiveThresholds.WORLD_BOARD_PROP_NAME, CollectiveThresholds.WORLD_BOARD_DEFAULT);
        if (!mode.equals("auto") && !mode.equals("always") && !mode.equals("never"))
        {
            throw new OpenMpjException(ErrorClass.ERR_ARG, CollectiveThresholds.WORLD_BOARD_PROP_NAME + "=" + mode
                + " is not one of auto, always, never");
        }
        if (mode.equals("never"))
        {
            return CollectiveThresholds.WORLD_BOARD_PROP_NAME + "=never";
        }
        if (device.worldBoard() == null)
        {
            return "the ranks do not all share memory through one transport, or there are more than " + WorldBoard.MOST_RANKS;
        }
        return mode.equals("auto") && !device.waitsSpin() ? "the ranks share cores, and a rank waiting for a record would sleep"
            + " through it (" + CollectiveThresholds.WORLD_BOARD_PROP_NAME + "=always takes it anyway)" : null;
    }

    /**
     * The most bytes of one rank's block an Allreduce or Allgather takes through the board. Every rank waits for every
     * other's record there, so each call costs the latency of the record's lines rather than streaming as a root's records
     * do. 2 ranks on an Intel Xeon, Allreduce of doubles, ns a call through the board against messages: shm 1: 228-231
     * against 248-266, 8: 316-321 against 321-361, 16: 402-404 against 362-400; thread 1: 226-228 against 333-351, 8:
     * 306-310 against 372-374, 16: 395-402 against 408-422. On an AMD EPYC, once the next record's lines were taken ahead
     * ({@link #ownNextRecordLines}), 128 B through the board (shm, fast state): Allreduce 0.208-0.225 µs against 0.243-0.272
     * as messages, Allgather 0.198-0.295 against 0.226-0.33; at 256 B the board's times scattered as widely as the messages'.
     */
    static final int MOST_BLOCK_BYTES = 128;

    /**
     * The most bytes of all of a rank's blocks an Alltoall takes through the board: all a record holds. On the AMD EPYC
     * above, 2 ranks, blocks of 128 B (256 B a record, its lines taken ahead): 0.214-0.221 µs a call through the board
     * against 0.25-0.29 as messages in the VM's fast state, and as messages, after Alltoalls of smaller blocks through the
     * board, 1 to 8 µs in some runs.
     */
    static final int MOST_ALLTOALL_BYTES = WorldBoard.PAYLOAD_BYTES;

    /** @return whether a Bcast or Reduce moving {@code bytes} bytes a rank goes through the board. */
    static boolean carries(final long bytes)
    {
        return bytes <= WorldBoard.PAYLOAD_BYTES;
    }

    /** @return whether an Allreduce or Allgather of {@code bytes} bytes a rank goes through the board. */
    static boolean carriesBlocks(final long bytes)
    {
        return bytes <= MOST_BLOCK_BYTES;
    }

    /** @return whether an Alltoall of {@code bytes} bytes a rank, all its blocks together, goes through the board. */
    static boolean carriesAlltoall(final long bytes)
    {
        return bytes <= MOST_ALLTOALL_BYTES;
    }

    /** Publishes that this rank has started collective call {@code number}, so that waiting peers see it has passed the calls before. */
    void started(final int number)
    {
        WORD.setRelease(board, tally, (long)number);
    }

    /**
     * Publishes that this rank will make no more collective calls on the world (it has finalized), so that a peer waiting
     * for its part in a call, which can only be a mismatched one, fails instead of waiting for ever.
     */
    void leave()
    {
        WORD.setRelease(board, tally + WorldBoard.LEFT_OFFSET, 1L);
    }

    /** Bcast of {@code count} elements from {@code root}: the root posts them, every other rank copies them out. */
    void bcast(final Communicator c, final Object buf, final Primitive kind, final int offset, final int count, final int root)
    {
        final int tag = Transfers.tag(Transfers.TAG_BCAST, root);
        final long bytes = (long)count * kind.sizeBytes();
        if (rank == root)
        {
            post(c, tag, buf, kind, offset, bytes, -1);
            return;
        }
        final long record = awaitRecord(c, tag, root, bytes);
        BufferCopy.fromSegment(board, record + WorldBoard.PAYLOAD_OFFSET, bytes, buf, kind, offset, 0);
        markRead(root);
    }

    /**
     * Reduce of a commutative {@code op} to {@code root}: every other rank posts its contribution, and the root combines them
     * into its receive buffer.
     */
    void reduce(
        final Communicator c, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset, final Primitive kind,
        final int count, final int items, final Reduction op, final int root, final Scratch scratch)
    {
        final int tag = Transfers.tag(Transfers.TAG_REDUCE, root);
        final long bytes = (long)count * kind.sizeBytes();
        if (rank != root)
        {
            post(c, tag, sendBuf, kind, sendOffset, bytes, root);
            return;
        }
        // A receive buffer that is the send buffer holds this rank's contribution already.
        boolean holdsMine = sendBuf == recvBuf && sendOffset == recvOffset;
        Object spare = null;
        for (int writer = 0; writer < size; writer++)
        {
            if (writer == rank)
            {
                continue;
            }
            final long record = awaitRecord(c, tag, writer, bytes) + WorldBoard.PAYLOAD_OFFSET;
            if (holdsMine)
            {
                if (spare == null)
                {
                    spare = scratch.first(kind, count);
                }
                BufferCopy.fromSegment(board, record, bytes, spare, kind, 0, 0);
                markRead(writer);
                op.reduce(spare, 0, recvBuf, recvOffset, items);
            }
            else
            {
                BufferCopy.fromSegment(board, record, bytes, recvBuf, kind, recvOffset, 0);
                markRead(writer);
                op.reduce(sendBuf, sendOffset, recvBuf, recvOffset, items);
                holdsMine = true;
            }
        }
    }

    /**
     * Allreduce of a commutative {@code op}: every rank posts its contribution, then combines all of them into its receive
     * buffer in rank order, its own read back from its lane, so that every rank computes the same result by the same steps
     * (and a receive buffer that is the send buffer needs nothing kept aside).
     */
    void allreduce(
        final Communicator c, final Object sendBuf, final int sendOffset, final Object recvBuf, final int recvOffset, final Primitive kind,
        final int count, final int items, final Reduction op, final Scratch scratch)
    {
        final int tag = Transfers.tag(Transfers.TAG_ALLREDUCE, 0);
        final long bytes = (long)count * kind.sizeBytes();
        post(c, tag, sendBuf, kind, sendOffset, bytes, -1);
        Object spare = null;
        for (int writer = 0; writer < size; writer++)
        {
            final long record = recordOf(c, tag, writer, bytes) + WorldBoard.PAYLOAD_OFFSET;
            if (writer == 0)
            {
                BufferCopy.fromSegment(board, record, bytes, recvBuf, kind, recvOffset, 0);
            }
            else
            {
                if (spare == null)
                {
                    spare = scratch.first(kind, count);
                }
                BufferCopy.fromSegment(board, record, bytes, spare, kind, 0, 0);
            }
            if (writer != rank)
            {
                markRead(writer);
            }
            if (writer != 0)
            {
                op.reduce(spare, 0, recvBuf, recvOffset, items);
            }
        }
    }

    /**
     * Allgather(v): every rank posts its block, then copies every rank's, its own included, into its receive buffer; a
     * block whose length differs from the count this rank expects of its writer fails as mismatched counts.
     */
    void allgatherv(
        final Communicator c, final Object sendBuf, final int sendOffset, final int sendCount, final Object recvBuf, final int recvOffset,
        final int[] recvCounts, final int[] recvDispls, final Primitive kind)
    {
        final int tag = Transfers.tag(Transfers.TAG_ALLGATHER, 0);
        final int elementBytes = kind.sizeBytes();
        post(c, tag, sendBuf, kind, sendOffset, (long)sendCount * elementBytes, -1);
        for (int writer = 0; writer < size; writer++)
        {
            final long bytes = (long)recvCounts[writer] * elementBytes;
            final long record = recordOf(c, tag, writer, bytes) + WorldBoard.PAYLOAD_OFFSET;
            BufferCopy.fromSegment(board, record, bytes, recvBuf, kind, recvOffset + recvDispls[writer], 0);
            if (writer != rank)
            {
                markRead(writer);
            }
        }
    }

    /**
     * Alltoall of blocks of {@code blockCount} elements: every rank posts its blocks for the other ranks, in rank order, as
     * one record, then copies its own block out of every other rank's record, and its block for itself straight across.
     * Leaving a rank's block for itself off the record spares a line or more of it: 2 ranks, blocks of 128 B, a record of
     * three lines instead of five.
     */
    void alltoall(
        final Communicator c, final Object sendBuf, final int sendOffset, final int[] sendDispls, final Object recvBuf, final int recvOffset,
        final int[] recvDispls, final int blockCount, final Primitive kind)
    {
        final int tag = Transfers.tag(Transfers.TAG_ALLTOALL, 0);
        final long blockBytes = (long)blockCount * kind.sizeBytes();
        final long recordBytes = blockBytes * (size - 1);
        final long record = open(c, tag, recordBytes);
        for (int to = 0; to < size && blockBytes > 0; to++)
        {
            if (to != rank)
            {
                BufferCopy.toSegment(sendBuf, kind, sendOffset + sendDispls[to], 0, board,
                    record + WorldBoard.PAYLOAD_OFFSET + blockIndex(to, rank) * blockBytes, blockBytes);
            }
        }
        publish(c, record, -1);
        ownNextRecordLines(c.collectiveCount() + 1, recordBytes);
        ArrayCopy.copyElements(kind, sendBuf, sendOffset + sendDispls[rank], recvBuf, recvOffset + recvDispls[rank], blockCount);
        for (int writer = 0; writer < size; writer++)
        {
            if (writer != rank)
            {
                final long from = awaitRecord(c, tag, writer, recordBytes) + WorldBoard.PAYLOAD_OFFSET + blockIndex(rank, writer) * blockBytes;
                BufferCopy.fromSegment(board, from, blockBytes, recvBuf, kind, recvOffset + recvDispls[writer], 0);
                markRead(writer);
            }
        }
    }

    /** @return where the block for rank {@code to} lies in the Alltoall record of {@code writer}, which holds none for itself. */
    private static int blockIndex(final int to, final int writer)
    {
        return to < writer ? to : to - 1;
    }

    /** Barrier: every rank posts an empty record, then waits for every other rank's. */
    void barrier(final Communicator c)
    {
        final int tag = Transfers.tag(Transfers.TAG_BARRIER, 0);
        post(c, tag, null, Primitive.BYTE, 0, 0, -1);
        for (int writer = 0; writer < size; writer++)
        {
            if (writer != rank)
            {
                awaitRecord(c, tag, writer, 0);
                markRead(writer);
            }
        }
    }

    /** @return where {@code writer}'s record of this call starts: this rank's own at once, another's once it is posted and checked. */
    private long recordOf(final Communicator c, final int tag, final int writer, final long bytes)
    {
        return writer == rank ? WorldBoard.recordOffset(rank, c.collectiveCount()) : awaitRecord(c, tag, writer, bytes);
    }

    /**
     * Writes this call's record, {@code bytes} bytes of {@code buf} from element {@code offset}, into this rank's lane.
     *
     * @param reader the one rank that reads the record, or -1 for every rank but this one.
     */
    private void post(final Communicator c, final int tag, final Object buf, final Primitive kind, final int offset, final long bytes,
        final int reader)
    {
        final long record = open(c, tag, bytes);
        if (bytes > 0)
        {
            BufferCopy.toSegment(buf, kind, offset, 0, board, record + WorldBoard.PAYLOAD_OFFSET, bytes);
        }
        publish(c, record, reader);
        ownNextRecordLines(c.collectiveCount() + 1, bytes);
    }

    /**
     * Takes into this core's cache, for writing, the lines beyond the first of the record of call {@code number}, as far as a
     * payload of {@code bytes} reaches, where every reader is known to have read the slot's last record. Its readers read
     * that slot 64 calls ago and hold its lines; a store into such a line waits until the line is taken from them, and the
     * record is not seen before all its lines are in, so each line past the first cost a crossing between the cores on the
     * call's path. Taken now, while the readers read this call's record, they are here when the next call writes. The first
     * line, whose number word the readers poll, is left alone; each other line gets its last word written, which is payload
     * or padding no reader looks at before the number is published. 2 ranks on an AMD EPYC, VM in its fast state, 128 B a
     * call: Bcast 0.050-0.060 µs against 0.067-0.080 without, Reduce 0.068-0.084 against 0.084-0.096; slow state: Bcast
     * 0.18-0.23 against 0.26-0.28, Reduce 0.19-0.21 against 0.30-0.36.
     */
    private void ownNextRecordLines(final int number, final long bytes)
    {
        final int slot = number & (WorldBoard.SLOTS - 1);
        for (int r = 0; r < size; r++)
        {
            if (readsBeforeReuse[slot * size + r] > seenRead[r])
            {
                return;
            }
        }
        final long record = WorldBoard.recordOffset(rank, number);
        final long end = WorldBoard.PAYLOAD_OFFSET + bytes;
        for (long line = CACHE_LINE_BYTES; line < end; line += CACHE_LINE_BYTES)
        {
            board.set(ValueLayout.JAVA_LONG, record + line + CACHE_LINE_BYTES - Long.BYTES, 0L);
        }
    }

    /**
     * Opens this call's record in this rank's lane for {@code bytes} bytes of payload, once the slot's last record has been
     * read by all its readers.
     *
     * @return where the record starts, for the payload to be written and the record then published ({@link #publish}).
     */
    private long open(final Communicator c, final int tag, final long bytes)
    {
        final int number = c.collectiveCount();
        awaitSlotFree(c, tag, number & (WorldBoard.SLOTS - 1), number - WorldBoard.SLOTS);
        final long record = WorldBoard.recordOffset(rank, number);
        board.set(ValueLayout.JAVA_LONG, record + 8, descriptor(tag, bytes));
        return record;
    }

    /**
     * Publishes the record opened at {@code record}, its payload written, by storing its call's number last.
     *
     * @param reader the one rank that reads the record, or -1 for every rank but this one.
     */
    private void publish(final Communicator c, final long record, final int reader)
    {
        final int number = c.collectiveCount();
        final int slot = number & (WorldBoard.SLOTS - 1);
        for (int r = 0; r < size; r++)
        {
            final boolean reads = r != rank && (reader < 0 || r == reader);
            if (reads)
            {
                written[r]++;
                board.set(ValueLayout.JAVA_LONG, tally + WorldBoard.WRITE_COUNTS_OFFSET + 8L * r, written[r]);
            }
            readsBeforeReuse[slot * size + r] = reads ? written[r] : 0;
        }
        WORD.setRelease(board, record, (long)number);
    }

    /** Waits until every reader of the record of call {@code previous} in {@code slot} has read it. */
    private void awaitSlotFree(final Communicator c, final int tag, final int slot, final int previous)
    {
        for (int r = 0; r < size; r++)
        {
            final long needed = readsBeforeReuse[slot * size + r];
            if (needed <= seenRead[r])
            {
                continue;
            }
            final long readCount = WorldBoard.tallyOffset(r) + WorldBoard.READ_COUNTS_OFFSET + 8L * rank;
            seenRead[r] = (long)WORD.getAcquire(board, readCount);
            if (needed <= seenRead[r])
            {
                continue;
            }
            final Device device = c.device();
            int round = 0;
            int steps = 0;
            try
            {
                while (needed > (seenRead[r] = (long)WORD.getAcquire(board, readCount)))
                {
                    round = device.awaitStep(round);
                    if (++steps % WATCH_STEPS == 0)
                    {
                        Transfers.watchBoardCall(c, tag);
                        // The reader's read count is stored before it starts its next call: read after the start, it is final.
                        if (wentPast(r, previous) && needed > (long)WORD.getAcquire(board, readCount))
                        {
                            throw Transfers.boardCallPassed(c, tag, r, previous, false);
                        }
                    }
                }
            }
            finally
            {
                device.endWait(round);
            }
        }
    }

    /**
     * Waits for {@code writer}'s record of this call and checks it is of this operation, root and length.
     *
     * @return where the record starts.
     */
    private long awaitRecord(final Communicator c, final int tag, final int writer, final long bytes)
    {
        final int number = c.collectiveCount();
        final long record = WorldBoard.recordOffset(writer, number);
        if ((long)WORD.getAcquire(board, record) != number)
        {
            awaitNumber(c, tag, writer, record, number);
        }
        final long found = board.get(ValueLayout.JAVA_LONG, record + 8);
        if (found != descriptor(tag, bytes))
        {
            throw Transfers.boardRecordMismatch(c, tag, writer, (int)(found >>> TAG_SHIFT), bytes, found & BYTES_MASK);
        }
        return record;
    }

    private void awaitNumber(final Communicator c, final int tag, final int writer, final long record, final int number)
    {
        final Device device = c.device();
        int round = 0;
        int steps = 0;
        try
        {
            while (true)
            {
                for (int poll = 0; poll < POLLS_PER_STEP; poll++)
                {
                    if ((long)WORD.getAcquire(board, record) == number)
                    {
                        return;
                    }
                    Thread.onSpinWait();
                }
                round = device.awaitStep(round);
                if (++steps % WATCH_STEPS == 0)
                {
                    Transfers.watchBoardCall(c, tag);
                    // A writer posts its record before it starts its next call: seen after the start, a missing record stays missing.
                    if (wentPast(writer, number) && (long)WORD.getAcquire(board, record) != number)
                    {
                        throw Transfers.boardCallPassed(c, tag, writer, number, true);
                    }
                }
            }
        }
        finally
        {
            device.endWait(round);
        }
    }

    /** Counts one more record of {@code writer} read, after its data has been copied out. */
    private void markRead(final int writer)
    {
        read[writer]++;
        WORD.setRelease(board, tally + WorldBoard.READ_COUNTS_OFFSET + 8L * writer, read[writer]);
    }

    /**
     * @return whether rank {@code r} has gone past collective call {@code number}: started a later one (numbers compared by
     *         difference, as they wrap) or left.
     */
    private boolean wentPast(final int r, final int number)
    {
        final long tallyOfR = WorldBoard.tallyOffset(r);
        return (long)WORD.getAcquire(board, tallyOfR + WorldBoard.LEFT_OFFSET) != 0 || (int)(long)WORD.getAcquire(board, tallyOfR) - number > 0;
    }

    private static long descriptor(final int tag, final long bytes)
    {
        return (long)tag << TAG_SHIFT | bytes;
    }

    /**
     * @return a description of a record some peer posted for call {@code number} that this rank, which takes part in that call
     *         through messages, would never read; null when there is none.
     */
    String recordForThisCall(final int number)
    {
        for (int writer = 0; writer < size; writer++)
        {
            if (writer == rank)
            {
                continue;
            }
            final long record = WorldBoard.recordOffset(writer, number);
            if ((long)WORD.getAcquire(board, record) == number)
            {
                final long found = board.get(ValueLayout.JAVA_LONG, record + 8);
                final int foundTag = (int)(found >>> TAG_SHIFT);
                if (readsRecordOf(foundTag))
                {
                    return "rank " + writer + " posted " + (found & BYTES_MASK) + " bytes of " + Transfers.describe(foundTag)
                        + " for this call through shared memory";
                }
            }
        }
        return null;
    }

    /** @return whether this rank reads other ranks' records of the calls of {@code tag}. */
    private boolean readsRecordOf(final int tag)
    {
        return switch (Transfers.familyOf(tag))
        {
            case Transfers.TAG_BCAST -> Transfers.rootOf(tag) != rank;
            case Transfers.TAG_REDUCE -> Transfers.rootOf(tag) == rank;
            default -> true;
        };
    }

    /**
     * @return a description of the records peers posted for this rank that no call of this rank read, once every rank has
     *         finished its calls; null when there are none.
     */
    String strayRecords()
    {
        for (int writer = 0; writer < size; writer++)
        {
            if (writer == rank)
            {
                continue;
            }
            final long posted = (long)WORD.getAcquire(board, WorldBoard.tallyOffset(writer) + WorldBoard.WRITE_COUNTS_OFFSET + 8L * rank);
            if (posted != read[writer])
            {
                return (posted - read[writer]) + " of the records of small collectives rank " + writer + " posted for this rank through"
                    + " shared memory, which no call of this rank read";
            }
        }
        return null;
    }
}
