package org.openmpj.transport.shm;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

import org.openmpj.os.Futex;

/**
 * A job's shared-memory segment as one process maps it (see {@link SegmentDescriptor}): created by one rank, mode
 * 0600, attached by the others, unlinked by its creator once every rank has mapped it, so that no file outlives the job
 * whatever way it ends. Gives the rank blocks' fields with the memory order their readers need.
 *
 * <p>Thread-safety: the accessors may be called from any thread; {@link #close()} once, when nothing uses the segment.
 */
final class SharedSegment implements AutoCloseable
{
    /** Segment files start with this, then the creating process's pid, a dash and the job's random key in hex. */
    static final String FILE_PREFIX = "openmpj-shm-";

    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();

    private final Path path;
    private final Arena arena;
    private final MemorySegment memory;
    private final int ranks;
    private final int ringBytes;
    private final long key;

    private SharedSegment(final Path path, final Arena arena, final MemorySegment memory, final int ranks, final int ringBytes)
    {
        this.path = path;
        this.arena = arena;
        this.memory = memory;
        this.ranks = ranks;
        this.ringBytes = ringBytes;
        this.key = memory.get(ValueLayout.JAVA_LONG, SegmentDescriptor.KEY_OFFSET);
    }

    /** Creates the segment file, readable and writable by its owner only, sizes it and maps it. */
    static SharedSegment create(final Path path, final int ranks, final int ringBytes) throws IOException
    {
        final long bytes = SegmentDescriptor.segmentBytes(ranks, ringBytes);
        Files.createFile(path, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try
        {
            final MapResult mapped = map(path, bytes, true);
            final MemorySegment memory = mapped.memory;
            memory.set(ValueLayout.JAVA_LONG, SegmentDescriptor.KEY_OFFSET, new java.security.SecureRandom().nextLong());
            memory.set(ValueLayout.JAVA_INT, SegmentDescriptor.RANKS_OFFSET, ranks);
            memory.set(ValueLayout.JAVA_INT, SegmentDescriptor.RING_BYTES_OFFSET, ringBytes);
            memory.set(ValueLayout.JAVA_INT, SegmentDescriptor.VERSION_OFFSET, SegmentDescriptor.VERSION);
            LONG.setRelease(memory, (long)SegmentDescriptor.MAGIC_OFFSET, SegmentDescriptor.MAGIC);
            return new SharedSegment(path, mapped.arena, memory, ranks, ringBytes);
        }
        catch (final IOException | RuntimeException ex)
        {
            Files.deleteIfExists(path);
            throw ex;
        }
    }

    /**
     * Maps the segment another rank created and checks its layout.
     *
     * @throws IOException naming what does not match, when the file is not a segment of this layout for {@code ranks}.
     */
    static SharedSegment attach(final Path path, final int ranks, final int ringBytes) throws IOException
    {
        final long bytes = SegmentDescriptor.segmentBytes(ranks, ringBytes);
        final long actual = Files.size(path);
        if (actual != bytes)
        {
            throw new IOException(path + " holds " + actual + " bytes where a segment for " + ranks + " ranks with rings of " + ringBytes
                + " bytes holds " + bytes + ": do all ranks use the same openmpj.shm.ringBytes?");
        }
        final MapResult mapped = map(path, bytes, false);
        final MemorySegment memory = mapped.memory;
        final long magic = (long)LONG.getAcquire(memory, (long)SegmentDescriptor.MAGIC_OFFSET);
        final int version = memory.get(ValueLayout.JAVA_INT, SegmentDescriptor.VERSION_OFFSET);
        final int segmentRanks = memory.get(ValueLayout.JAVA_INT, SegmentDescriptor.RANKS_OFFSET);
        final int segmentRingBytes = memory.get(ValueLayout.JAVA_INT, SegmentDescriptor.RING_BYTES_OFFSET);
        if (magic != SegmentDescriptor.MAGIC || version != SegmentDescriptor.VERSION || segmentRanks != ranks || segmentRingBytes != ringBytes)
        {
            mapped.arena.close();
            throw new IOException(path + " is not a segment of layout " + SegmentDescriptor.VERSION + " for " + ranks + " ranks and rings of "
                + ringBytes + " bytes (it says layout " + version + ", " + segmentRanks + " ranks, rings of " + segmentRingBytes + " bytes)");
        }
        return new SharedSegment(path, mapped.arena, memory, ranks, ringBytes);
    }

    /** A mapping and the arena that owns it. */
    private record MapResult(Arena arena, MemorySegment memory)
    {
    }

    private static MapResult map(final Path path, final long bytes, final boolean sizeIt) throws IOException
    {
        final Arena arena = Arena.ofShared();
        try (FileChannel channel = FileChannel.open(path, Set.of(StandardOpenOption.READ, StandardOpenOption.WRITE)))
        {
            if (sizeIt)
            {
                // Writing the last byte sizes the file without touching the rest: the pages of untouched rings stay unallocated.
                channel.write(ByteBuffer.wrap(new byte[1]), bytes - 1);
            }
            return new MapResult(arena, channel.map(FileChannel.MapMode.READ_WRITE, 0, bytes, arena));
        }
        catch (final IOException | RuntimeException ex)
        {
            arena.close();
            throw ex;
        }
    }

    /** Removes the file; the mappings stay valid until each process closes its own. */
    void unlink() throws IOException
    {
        Files.deleteIfExists(path);
    }

    Path path()
    {
        return path;
    }

    MemorySegment memory()
    {
        return memory;
    }

    int ranks()
    {
        return ranks;
    }

    /** @return the segment's world board; null when no board serves its number of ranks. */
    MemorySegment worldBoard()
    {
        final long bytes = org.openmpj.device.WorldBoard.bytes(ranks);
        return bytes == 0 ? null : memory.asSlice(SegmentDescriptor.worldBoardOffset(ranks, ringBytes), bytes);
    }

    int ringBytes()
    {
        return ringBytes;
    }

    /** @return the segment's random key, from which every ring's commit key is derived. */
    long key()
    {
        return key;
    }

    long ringOffset(final int from, final int to)
    {
        return SegmentDescriptor.ringOffset(ranks, ringBytes, from, to);
    }

    /** Records that {@code rank}, process {@code pid}, has mapped the segment. */
    void attached(final int rank, final long pid)
    {
        final long block = SegmentDescriptor.rankBlockOffset(rank);
        memory.set(ValueLayout.JAVA_LONG, block + SegmentDescriptor.PID_OFFSET, pid);
        INT.setRelease(memory, block + SegmentDescriptor.STATE_OFFSET, SegmentDescriptor.STATE_ATTACHED);
    }

    /** Records that {@code rank} finalized: its process may now end without that being a failure. */
    void finalized(final int rank)
    {
        INT.setVolatile(memory, SegmentDescriptor.rankBlockOffset(rank) + SegmentDescriptor.STATE_OFFSET, SegmentDescriptor.STATE_FINALIZED);
    }

    /** @return the pid {@code rank} recorded when it attached, or 0 when it has not. */
    long pidOf(final int rank)
    {
        final long block = SegmentDescriptor.rankBlockOffset(rank);
        final int state = (int)INT.getAcquire(memory, block + SegmentDescriptor.STATE_OFFSET);
        return state == SegmentDescriptor.STATE_EMPTY ? 0 : memory.get(ValueLayout.JAVA_LONG, block + SegmentDescriptor.PID_OFFSET);
    }

    /**
     * Leaves why {@code rank}'s process fails, for its peers to name when they see it end; a report longer than the note's
     * room is cut.
     */
    void noteFailure(final int rank, final String report)
    {
        final long block = SegmentDescriptor.rankBlockOffset(rank);
        final byte[] text = report.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        final int length = Math.min(text.length, SegmentDescriptor.NOTE_TEXT_BYTES);
        MemorySegment.copy(text, 0, memory, ValueLayout.JAVA_BYTE, block + SegmentDescriptor.NOTE_TEXT_OFFSET, length);
        INT.setRelease(memory, block + SegmentDescriptor.NOTE_LENGTH_OFFSET, length);
    }

    /** @return why {@code rank}'s process failed, as it noted, or null when it left no note. */
    String failureNote(final int rank)
    {
        final long block = SegmentDescriptor.rankBlockOffset(rank);
        final int length = (int)INT.getAcquire(memory, block + SegmentDescriptor.NOTE_LENGTH_OFFSET);
        if (length <= 0 || length > SegmentDescriptor.NOTE_TEXT_BYTES)
        {
            return null;
        }
        final byte[] text = new byte[length];
        MemorySegment.copy(memory, ValueLayout.JAVA_BYTE, block + SegmentDescriptor.NOTE_TEXT_OFFSET, text, 0, length);
        return new String(text, java.nio.charset.StandardCharsets.UTF_8);
    }

    /** @return whether {@code rank} finalized. */
    boolean hasFinalized(final int rank)
    {
        return (int)INT.getVolatile(memory, SegmentDescriptor.rankBlockOffset(rank) + SegmentDescriptor.STATE_OFFSET)
            == SegmentDescriptor.STATE_FINALIZED;
    }

    /**
     * Records, before the job's fence, what {@code rank}'s peers need to copy payloads it exposes: the number of the eventfd
     * that ends its exposures (-1 when it exposes nothing) and the address of its probe word, which holds its pid.
     */
    void publishExposer(final int rank, final int eventfd, final long probeWordAddress)
    {
        final long block = SegmentDescriptor.rankBlockOffset(rank);
        memory.set(ValueLayout.JAVA_INT, block + SegmentDescriptor.EVENTFD_OFFSET, eventfd);
        memory.set(ValueLayout.JAVA_LONG, block + SegmentDescriptor.PROBE_WORD_OFFSET, probeWordAddress);
    }

    /** @return the eventfd number {@code rank} published, in its process; -1 when it exposes nothing. */
    int eventfdOf(final int rank)
    {
        final int fd = memory.get(ValueLayout.JAVA_INT, SegmentDescriptor.rankBlockOffset(rank) + SegmentDescriptor.EVENTFD_OFFSET);
        return probeWordOf(rank) == 0 ? -1 : fd;
    }

    /** @return the address of {@code rank}'s probe word in its process; 0 when it published none. */
    long probeWordOf(final int rank)
    {
        return memory.get(ValueLayout.JAVA_LONG, SegmentDescriptor.rankBlockOffset(rank) + SegmentDescriptor.PROBE_WORD_OFFSET);
    }

    /** Records what {@code rank} found when it probed its peers for the one-copy path (see {@link KernelCopyOutcome}). */
    void publishKernelCopyOutcome(final int rank, final long outcome)
    {
        LONG.setRelease(memory, SegmentDescriptor.rankBlockOffset(rank) + SegmentDescriptor.KERNEL_COPY_OUTCOME_OFFSET, outcome);
    }

    /** @return what {@code rank} found when it probed its peers; 0 until it has. */
    long kernelCopyOutcomeOf(final int rank)
    {
        return (long)LONG.getAcquire(memory, SegmentDescriptor.rankBlockOffset(rank) + SegmentDescriptor.KERNEL_COPY_OUTCOME_OFFSET);
    }

    /** @return the exposure in the header of the ring from {@code from} to {@code to}. */
    ExposureBlock exposure(final int from, final int to)
    {
        return new ExposureBlock(memory, ringOffset(from, to));
    }

    /** @return the offset of {@code rank}'s wake word, on which it blocks and others wake it. */
    static long wakeOffset(final int rank)
    {
        return SegmentDescriptor.rankBlockOffset(rank) + SegmentDescriptor.WAKE_OFFSET;
    }

    /**
     * Wakes {@code rank} if it sleeps on its wake word; called after publishing what it may be waiting for. The full fence
     * orders that publication before the look at the word, as the sleeper orders its word before its last look for work.
     */
    void wakeIfSleeping(final int rank)
    {
        VarHandle.fullFence();
        final long word = wakeOffset(rank);
        if ((int)INT.getVolatile(memory, word) == SegmentDescriptor.SLEEPING
            && INT.compareAndSet(memory, word, SegmentDescriptor.SLEEPING, SegmentDescriptor.AWAKE))
        {
            Futex.wake(memory, word, Integer.MAX_VALUE);
        }
    }

    /**
     * Sleeps on {@code rank}'s wake word for at most {@code timeoutNs}, unless {@code workWaiting} says, after the word was
     * set, that there is something to do: a peer that publishes after that look finds the word set and wakes the sleeper.
     */
    void sleep(final int rank, final long timeoutNs, final java.util.function.BooleanSupplier workWaiting)
    {
        final long word = wakeOffset(rank);
        INT.setVolatile(memory, word, SegmentDescriptor.SLEEPING);
        if (!workWaiting.getAsBoolean())
        {
            Futex.waitWhile(memory, word, SegmentDescriptor.SLEEPING, timeoutNs);
        }
        INT.setVolatile(memory, word, SegmentDescriptor.AWAKE);
    }

    @Override
    public void close()
    {
        arena.close();
    }
}
