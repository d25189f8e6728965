package org.openmpj.device;

/**
 * The layout of a world board: memory that every rank of a job reads and writes at the same offsets, on which small
 * collectives of the world communicator post their data instead of sending messages (see
 * {@link Device#worldBoard()}). A device that offers one reserves {@link #bytes(int)} bytes, zeroed, for its ranks; the
 * engine alone reads and writes them.
 *
 * <p>Each rank owns a lane of {@link #SLOTS} records, which only it writes, and a tally, whose three lines only it writes:
 *
 * <pre>
 *   lane of rank r at {@link #laneOffset}(r), {@link #SLOTS} records of {@link #RECORD_BYTES} each:
 *     0 the number of the collective call the record belongs to (i64, 0 while empty; stored last, with release)
 *     8 the call's tag as the engine gives it, naming operation and root (bits 32-63) | payload bytes (bits 0-31)
 *     16 payload, up to {@link #PAYLOAD_BYTES}
 *   tally of rank r at {@link #tallyOffset}(r):
 *     0 the number of the last collective call r started (i64) | 8 whether r has made its last collective call (i64, 0 or 1)
 *     128 + 8w  how many records of rank w's lane r has read (i64)
 *     256 + 8w  how many records r wrote for rank w to read (i64)
 * </pre>
 *
 * Lines that one rank writes and another polls are {@value #LINE_BYTES} bytes apart, so that the adjacent-line
 * prefetcher does not move a neighbour's line with them.
 */
public final class WorldBoard
{
    /** The most ranks a world board serves: collectives over more ranks go as messages along trees. */
    public static final int MOST_RANKS = 8;
    /** The records in each rank's lane: how far a writer may run ahead of its slowest reader, in collective calls. */
    public static final int SLOTS = 64;
    /** The most payload bytes one record carries. */
    public static final int PAYLOAD_BYTES = 256;
    /** Where a record's payload starts. */
    public static final int PAYLOAD_OFFSET = 16;
    /** The bytes apart of lines written by different ranks. */
    public static final int LINE_BYTES = 128;
    /** The bytes of one record, payload and padding included. */
    public static final int RECORD_BYTES = 384;
    /** Where a tally's word saying its rank has made its last collective call is. */
    public static final int LEFT_OFFSET = 8;
    /** Where a tally's counts of records read start; the count for writer w is 8w bytes on. */
    public static final int READ_COUNTS_OFFSET = LINE_BYTES;
    /** Where a tally's counts of records written start; the count for reader w is 8w bytes on. */
    public static final int WRITE_COUNTS_OFFSET = 2 * LINE_BYTES;
    private static final int TALLY_BYTES = 3 * LINE_BYTES;
    private static final long LANE_BYTES = (long)SLOTS * RECORD_BYTES;

    private WorldBoard()
    {
    }

    /** @return the bytes of a world board for {@code ranks} ranks; 0 when no board serves that many. */
    public static long bytes(final int ranks)
    {
        return ranks > 1 && ranks <= MOST_RANKS ? ranks * (LANE_BYTES + TALLY_BYTES) : 0;
    }

    /** @return where rank {@code rank}'s lane starts. */
    public static long laneOffset(final int rank)
    {
        return rank * (LANE_BYTES + TALLY_BYTES);
    }

    /** @return where the record of collective call {@code number} starts in the lane of {@code rank}. */
    public static long recordOffset(final int rank, final int number)
    {
        return laneOffset(rank) + (long)(number & (SLOTS - 1)) * RECORD_BYTES;
    }

    /** @return where rank {@code rank}'s tally starts. */
    public static long tallyOffset(final int rank)
    {
        return laneOffset(rank) + LANE_BYTES;
    }
}
