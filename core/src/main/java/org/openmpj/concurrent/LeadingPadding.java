package org.openmpj.concurrent;

/**
 * Padding at the start of an object whose fields one core writes while another reads them, or that a core reads while
 * another writes whatever the heap placed before it: a subclass's fields start at least 64 bytes (a cache line) after the
 * object does, so no field of the object before it shares their line.
 *
 * <p>Where objects fall in the heap is the allocator's and the collector's choice, and it differs from run to run. Two thread
 * ranks exchanging 1-byte messages (AMD EPYC, the fastest 10 ms batch of a run) took 0.16-0.19 µs one way in most runs
 * while the mailboxes, locks and requests they share had no padding, 0.12-0.15 µs with it, and 0.115-0.12 µs with
 * {@code -XX:ObjectAlignmentInBytes=64}, which gives every object of the heap a line of its own at a cost to all.
 *
 * <p>The int is there on purpose: the JVM puts a subclass's small fields into gaps of its superclass's layout, and after a
 * 12-byte header an int-sized gap is left unless a field fills it; with longs alone, a subclass's int lands right after the
 * header, in the line of whatever object precedes.
 */
@SuppressWarnings("unused") // the fields are padding
public abstract class LeadingPadding
{
    private int p0;
    private long p1;
    private long p2;
    private long p3;
    private long p4;
    private long p5;
    private long p6;
    private long p7;
    private long p8;
}
