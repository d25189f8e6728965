package org.openmpj.engine;

import java.util.List;

import org.openmpj.device.ConfigOption;

/**
 * The message sizes at which collectives switch algorithm, each a system property read once when the engine
 * loads. Every rank of a job must see the same values, or ranks would run different algorithms and hang: set
 * them for the whole job ({@code mpjrun -Dname=value}). Sizes are in bytes, of the whole message of one rank
 * unless said otherwise.
 */
public final class CollectiveThresholds
{
    /** Bcast of at least this many bytes over more than two ranks scatters the message and gathers it back in a ring. */
    public static final String BCAST_SCATTER_MIN_BYTES_PROP_NAME = "openmpj.coll.bcastScatterMinBytes";
    /**
     * Default of {@link #BCAST_SCATTER_MIN_BYTES_PROP_NAME}: never. On the thread device (4 and 8 ranks on 2 cores,
     * 256 KiB to 16 MiB, alternating runs) the binomial tree was as fast or faster at every size, often 2x: when ranks
     * share memory each byte a rank receives is one copy, the tree copies the least ((n - 1) messages) in the fewest
     * steps, and scatter then ring adds copies and steps. It pays where links, not copies, limit bandwidth.
     */
    public static final long BCAST_SCATTER_MIN_BYTES_DEFAULT = Long.MAX_VALUE;

    /** Allreduce of a commutative operation on at least this many bytes reduce-scatters and allgathers (Rabenseifner). */
    public static final String ALLREDUCE_SPLIT_MIN_BYTES_PROP_NAME = "openmpj.coll.allreduceSplitMinBytes";
    /**
     * Default of {@link #ALLREDUCE_SPLIT_MIN_BYTES_PROP_NAME}: 32 KiB. On the thread device at 2, 4 and 8 ranks (2 to
     * 1024 KiB of ints, alternating runs) recursive doubling was faster up to 8 KiB, the two were even at 32 KiB, and
     * reduce-scatter and allgather was faster above, 1.3x at 2 ranks and 2.5x at 8 ranks by 1 MiB.
     */
    public static final long ALLREDUCE_SPLIT_MIN_BYTES_DEFAULT = 32 * 1024;

    /** Reduce of a commutative operation on at least this many bytes reduce-scatters and gathers to the root (Rabenseifner). */
    public static final String REDUCE_SPLIT_MIN_BYTES_PROP_NAME = "openmpj.coll.reduceSplitMinBytes";
    /**
     * Default of {@link #REDUCE_SPLIT_MIN_BYTES_PROP_NAME}: never. On the thread device (2, 4 and 8 ranks, 8 KiB to
     * 4 MiB, alternating runs) the binomial tree was faster up to 128 KiB and at 2 ranks at every size (1 MiB: 72-107
     * against 157-528 us), and the two were even within the noise above that at 4 and 8 ranks. There, in an exchange,
     * the rank that comes second does both copies, so splitting the message does not split the copying.
     */
    public static final long REDUCE_SPLIT_MIN_BYTES_DEFAULT = Long.MAX_VALUE;

    /**
     * Reduce of a commutative operation on at least twice this many bytes, among more than two ranks of a device whose ranks
     * reach each other through the network and have a core each, goes up the binomial tree in segments of this size,
     * pipelined (see {@link Reduce#goesInSegments}); 0 sends every message whole.
     */
    public static final String REDUCE_SEGMENT_BYTES_PROP_NAME = "openmpj.coll.reduceSegmentBytes";
    /**
     * Default of {@link #REDUCE_SEGMENT_BYTES_PROP_NAME}. Measured on an Intel Xeon (2 cores), 2 tcp ranks, Reduce of doubles,
     * two alternating runs each, before two ranks sent whole messages: 128 KiB took 26-27 µs in 32 KiB segments against 56-57
     * whole (Open MPI 46), the root combining one segment while the next arrives. On shm, whose eager copies and streamed
     * rendezvous cost the same two copies, segments made 512 KiB and 1 MiB slower (80-86 against 56 µs, 189-200 against
     * 120-122), and at 8 ranks on 2 cores neither device gained; so shared-memory devices send whole messages.
     */
    public static final long REDUCE_SEGMENT_BYTES_DEFAULT = 32 * 1024;

    /**
     * Whether the world communicator's Barrier, Bcast and Reduce (commutative operation) of at most
     * {@link org.openmpj.device.WorldBoard#PAYLOAD_BYTES} bytes, Allreduce (commutative) and Allgather of at most
     * {@link BoardCollectives#MOST_BLOCK_BYTES} bytes a rank, and Alltoall of at most
     * {@link BoardCollectives#MOST_ALLTOALL_BYTES} bytes a rank (all its blocks), go through the
     * world board of a device whose ranks all share memory ({@link BoardCollectives}), up to
     * {@link org.openmpj.device.WorldBoard#MOST_RANKS} ranks: {@code auto} where waits spin, {@code always}, or {@code never}.
     * Read when the world communicator is made.
     */
    public static final String WORLD_BOARD_PROP_NAME = "openmpj.coll.worldBoard";
    /**
     * Default of {@link #WORLD_BOARD_PROP_NAME}. On an Intel Xeon (2 cores), 2 ranks, two runs of the collectives report,
     * µs a call through the board against messages in the report before: Bcast of 8 B 0.043-0.044 against 0.097 (shm) and
     * 0.047-0.063 against 0.110 (thread); Reduce of 8 B 0.057-0.071 against 0.124 and 0.066-0.069 against 0.118; Barrier
     * 0.153-0.157 against 0.230 and 0.157-0.182 against 0.307. Where ranks share cores a waiting rank backs off into sleeps
     * that a record does not end, so there the messages stay.
     */
    public static final String WORLD_BOARD_DEFAULT = "auto";

    /** Gather and Scatter of at most this many bytes in all (at the root) go along a binomial tree; larger ones go direct. */
    public static final String GATHER_TREE_MAX_BYTES_PROP_NAME = "openmpj.coll.gatherTreeMaxBytes";
    /**
     * Default of {@link #GATHER_TREE_MAX_BYTES_PROP_NAME}: 32 KiB. On the thread device at 8 ranks Gather by the tree took
     * 23-29 us from 256 B to 32 KiB in all, against 40-190 us direct; the two were even at 64 KiB and direct was faster
     * from 256 KiB. Scatter was even either way up to 32 KiB.
     */
    public static final long GATHER_TREE_MAX_BYTES_DEFAULT = 32 * 1024;

    /** Allgather of at most this many bytes in all (every rank's blocks together) doubles its blocks each step (Bruck). */
    public static final String ALLGATHER_BRUCK_MAX_BYTES_PROP_NAME = "openmpj.coll.allgatherBruckMaxBytes";
    /**
     * Default of {@link #ALLGATHER_BRUCK_MAX_BYTES_PROP_NAME}: 64 KiB. On the thread device at 8 ranks Bruck took 42-75 us
     * from 4 to 64 KiB in all against 71-165 us for the ring; at 4 ranks the two were even up to 64 KiB.
     */
    public static final long ALLGATHER_BRUCK_MAX_BYTES_DEFAULT = 64 * 1024;

    /** Alltoall(v) whose largest block is at most this many bytes starts every send and receive at once. */
    public static final String ALLTOALL_POSTED_MAX_BYTES_PROP_NAME = "openmpj.coll.alltoallPostedMaxBytes";
    /**
     * Default of {@link #ALLTOALL_POSTED_MAX_BYTES_PROP_NAME}: 4 KiB, the thread device's eager limit, up to which a send
     * completes without its receiver. Oversubscribed, the pairwise steps wait on one peer after another to be
     * scheduled: at 8 ranks on 2 cores they took 85-109 us per Alltoall from 16 B to 256 B blocks, against 15-18 us
     * for Open MPI in the same run.
     */
    public static final long ALLTOALL_POSTED_MAX_BYTES_DEFAULT = 4 * 1024;

    /**
     * Alltoall(v) among more ranks than cores, with blocks of at least this many bytes, starts every transfer at once
     * instead of taking the peers in turn (over the network only up to the device's eager limit); so does Allgather(v) on
     * a device whose ranks all run on one host. Across hosts an Allgather keeps its ring or doubling: hosts that differ in
     * whether their ranks share cores would choose differently, and a ring does not mix with the exchange at once (an
     * Alltoall's pairwise steps do, one message each way per pair either way).
     */
    public static final String OVERSUBSCRIBED_ALL_AT_ONCE_MIN_BYTES_PROP_NAME = "openmpj.coll.oversubscribedAllAtOnceMinBytes";
    /**
     * Default of {@link #OVERSUBSCRIBED_ALL_AT_ONCE_MIN_BYTES_PROP_NAME}: 8 KiB. Taking peers in turn, a rank waits for
     * each to be scheduled in its step. 8 ranks on 2 cores of an Intel Xeon, in turn against at once, 2 runs each:
     * Alltoall on shm 275-293 against 200-220 us at 32 KiB blocks, 4,770-4,840 against 3,193-3,199 at 512 KiB; on thread
     * 36 against 24 at 8 KiB, alike from 32 KiB; on tcp 244-270 against 176-184 at 8 KiB and 498-542 against 390-404 at
     * 32 KiB, but mixed from 128 KiB (rendezvous: 0.95-1.44 times the time in turn). Allgather on shm 56-67 against 48-52
     * at 8 KiB, 257-298 against 183-184 at 32 KiB, 3,118-3,284 against 2,556-2,672 at 512 KiB; on thread 37-40 against
     * 24-25 at 8 KiB; on tcp alike at 8 KiB, 528-595 against 348-351 at 32 KiB, mixed from 128 KiB; below 8 KiB at once
     * lost on thread and tcp (512 B: 12.4-12.8 against 14.2-14.7 us on thread, 75-85 against 109-113 on tcp).
     */
    public static final long OVERSUBSCRIBED_ALL_AT_ONCE_MIN_BYTES_DEFAULT = 8 * 1024;

    /** The Bcast threshold in force. */
    public static final long BCAST_SCATTER_MIN_BYTES = read(BCAST_SCATTER_MIN_BYTES_PROP_NAME, BCAST_SCATTER_MIN_BYTES_DEFAULT);
    /** The Allreduce threshold in force. */
    public static final long ALLREDUCE_SPLIT_MIN_BYTES = read(ALLREDUCE_SPLIT_MIN_BYTES_PROP_NAME, ALLREDUCE_SPLIT_MIN_BYTES_DEFAULT);
    /** The Reduce threshold in force. */
    public static final long REDUCE_SPLIT_MIN_BYTES = read(REDUCE_SPLIT_MIN_BYTES_PROP_NAME, REDUCE_SPLIT_MIN_BYTES_DEFAULT);
    /** The Reduce segment in force. */
    public static final long REDUCE_SEGMENT_BYTES = read(REDUCE_SEGMENT_BYTES_PROP_NAME, REDUCE_SEGMENT_BYTES_DEFAULT);
    /** The Gather and Scatter threshold in force. */
    public static final long GATHER_TREE_MAX_BYTES = read(GATHER_TREE_MAX_BYTES_PROP_NAME, GATHER_TREE_MAX_BYTES_DEFAULT);
    /** The Allgather threshold in force. */
    public static final long ALLGATHER_BRUCK_MAX_BYTES = read(ALLGATHER_BRUCK_MAX_BYTES_PROP_NAME, ALLGATHER_BRUCK_MAX_BYTES_DEFAULT);
    /** The Alltoall threshold in force. */
    public static final long ALLTOALL_POSTED_MAX_BYTES = read(ALLTOALL_POSTED_MAX_BYTES_PROP_NAME, ALLTOALL_POSTED_MAX_BYTES_DEFAULT);
    /** The oversubscribed Alltoall and Allgather threshold in force. */
    public static final long OVERSUBSCRIBED_ALL_AT_ONCE_MIN_BYTES = read(OVERSUBSCRIBED_ALL_AT_ONCE_MIN_BYTES_PROP_NAME,
        OVERSUBSCRIBED_ALL_AT_ONCE_MIN_BYTES_DEFAULT);

    private CollectiveThresholds()
    {
    }

    /** @return every threshold with its default and what it switches, for {@code mpjrun --help-config}. */
    public static List<ConfigOption> configOptions()
    {
        return List.of(
            new ConfigOption(BCAST_SCATTER_MIN_BYTES_PROP_NAME, Long.toString(BCAST_SCATTER_MIN_BYTES_DEFAULT),
                "bytes: Bcast this large over 3 or more ranks scatters the message, then allgathers it in a ring (default: never)"),
            new ConfigOption(ALLREDUCE_SPLIT_MIN_BYTES_PROP_NAME, Long.toString(ALLREDUCE_SPLIT_MIN_BYTES_DEFAULT),
                "bytes: Allreduce this large (commutative op) reduce-scatters, then allgathers; smaller ones double"),
            new ConfigOption(REDUCE_SPLIT_MIN_BYTES_PROP_NAME, Long.toString(REDUCE_SPLIT_MIN_BYTES_DEFAULT),
                "bytes: Reduce this large (commutative op) reduce-scatters, then gathers, else a binomial tree (default: never)"),
            new ConfigOption(REDUCE_SEGMENT_BYTES_PROP_NAME, Long.toString(REDUCE_SEGMENT_BYTES_DEFAULT),
                "bytes: Reduce (commutative op) of twice this size or more over the network among more than 2 ranks, a core per rank,"
                    + " goes up its tree in segments (0: whole messages)"),
            new ConfigOption(WORLD_BOARD_PROP_NAME, WORLD_BOARD_DEFAULT,
                "auto, always or never: the world's Barrier, Bcast and Reduce of up to 256 B, Allreduce, Allgather and Alltoall of up"
                    + " to 64 B a rank, on up to 8 ranks sharing memory go through shared memory instead of messages (auto: where waits spin)"),
            new ConfigOption(GATHER_TREE_MAX_BYTES_PROP_NAME, Long.toString(GATHER_TREE_MAX_BYTES_DEFAULT),
                "bytes at the root: Gather and Scatter up to this size use a binomial tree; larger ones go direct"),
            new ConfigOption(ALLGATHER_BRUCK_MAX_BYTES_PROP_NAME, Long.toString(ALLGATHER_BRUCK_MAX_BYTES_DEFAULT),
                "bytes in all: Allgather(v) up to this size doubles its blocks each step (Bruck); larger ones use a ring"),
            new ConfigOption(ALLTOALL_POSTED_MAX_BYTES_PROP_NAME, Long.toString(ALLTOALL_POSTED_MAX_BYTES_DEFAULT),
                "bytes per block: Alltoall(v) over 3 or more ranks with blocks up to this size starts all transfers at once"),
            new ConfigOption(OVERSUBSCRIBED_ALL_AT_ONCE_MIN_BYTES_PROP_NAME, Long.toString(OVERSUBSCRIBED_ALL_AT_ONCE_MIN_BYTES_DEFAULT),
                "bytes per block: Alltoall(v) among more ranks than cores with blocks this large starts all transfers at once (over"
                    + " the network up to the eager limit), as does Allgather(v) on a device whose ranks run on one host"));
    }

    private static long read(final String name, final long defaultValue)
    {
        final String text = System.getProperty(name);
        if (text == null)
        {
            return defaultValue;
        }
        try
        {
            final long value = Long.parseLong(text.trim());
            if (value >= 0)
            {
                return value;
            }
        }
        catch (final NumberFormatException ex)
        {
            // Reported below, with the property's name.
        }
        throw new IllegalArgumentException(name + "=" + text + " is not a byte count; expected a whole number >= 0");
    }
}
