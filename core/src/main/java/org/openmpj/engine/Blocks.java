package org.openmpj.engine;

/**
 * Splits a buffer of {@code items} items, {@code itemElements} elements each, into {@code blocks} blocks of nearly
 * equal size that start and end on item boundaries, so that a reduction may combine each block on its own: the
 * first {@code items % blocks} blocks hold one item more than the others. Blocks may be empty.
 */
final class Blocks
{
    private Blocks()
    {
    }

    /** @return the element where block {@code block} starts, relative to the buffer's start; {@code block == blocks} gives the end. */
    static int start(final int block, final int blocks, final int items, final int itemElements)
    {
        return itemElements * (block * (items / blocks) + Math.min(block, items % blocks));
    }

    /** @return the elements of the blocks {@code from} to {@code to - 1}. */
    static int length(final int from, final int to, final int blocks, final int items, final int itemElements)
    {
        return start(to, blocks, items, itemElements) - start(from, blocks, items, itemElements);
    }
}
