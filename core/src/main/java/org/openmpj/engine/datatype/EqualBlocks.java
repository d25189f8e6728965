package org.openmpj.engine.datatype;

import org.openmpj.Primitive;
import org.openmpj.device.ArrayCopy;
import org.openmpj.engine.CollectiveCalls;
import org.openmpj.engine.Communicator;

/**
 * Gather and scatter of blocks of one size between collective buffers (a Gather or Scatter rather than their
 * v-variants, so every rank knows every block's size), on the engine's trees. Blocks that do not lie one after
 * another at the root go through scratch memory, which is put in place and handed back once the data has moved.
 */
public final class EqualBlocks
{
    private EqualBlocks()
    {
    }

    /**
     * Gathers blocks of one size (a Gather rather than a Gatherv, so every rank knows every block's size) with the
     * engine's trees. When the root's blocks do not lie one after another, they are gathered into scratch memory
     * first and then put in place.
     */
    public static void gather(
        final CollectiveCalls calls, final Communicator c, final CollectiveBuffer send, final CollectiveBuffer recv, final Primitive kind,
        final int root)
    {
        final int count = send.elements();
        final int start = c.rank() == root ? consecutiveStart(recv, count, c.size()) : 0;
        if (start >= 0)
        {
            calls.gather(c, send.array(), send.offset(), recv.array(), recv.offset() + start, count, kind, root);
            return;
        }
        final Object all = ScratchPool.SHARED.acquire(kind, count * c.size());
        calls.gather(c, send.array(), send.offset(), all, 0, count, kind, root);
        final int n = c.size();
        calls.then(() ->
        {
            for (int r = 0; r < n; r++)
            {
                ArrayCopy.copyElements(kind, all, r * count, recv.array(), recv.offset() + recv.displs()[r], count);
            }
            ScratchPool.SHARED.release(kind, all);
        });
    }

    /** Scatters blocks of one size with the engine's trees, as {@link #gather} gathers them. */
    public static void scatter(
        final CollectiveCalls calls, final Communicator c, final CollectiveBuffer send, final CollectiveBuffer recv, final Primitive kind,
        final int root)
    {
        final int count = recv.elements();
        final int start = c.rank() == root ? consecutiveStart(send, count, c.size()) : 0;
        if (start >= 0)
        {
            calls.scatter(c, send.array(), send.offset() + start, recv.array(), recv.offset(), count, kind, root);
            return;
        }
        final Object all = ScratchPool.SHARED.acquire(kind, count * c.size());
        for (int r = 0; r < c.size(); r++)
        {
            ArrayCopy.copyElements(kind, send.array(), send.offset() + send.displs()[r], all, r * count, count);
        }
        calls.scatter(c, all, 0, recv.array(), recv.offset(), count, kind, root);
        calls.then(() -> ScratchPool.SHARED.release(kind, all));
    }

    /** @return where the first block starts when every block holds {@code count} elements right after the one before; else -1. */
    private static int consecutiveStart(final CollectiveBuffer blocks, final int count, final int n)
    {
        final int[] counts = blocks.counts();
        final int[] displs = blocks.displs();
        for (int r = 0; r < n; r++)
        {
            if (counts[r] != count || count > 0 && displs[r] != displs[0] + r * count)
            {
                return -1;
            }
        }
        return count > 0 ? displs[0] : 0;
    }
}
