package org.openmpj.engine.datatype;

import java.lang.foreign.MemorySegment;

import org.openmpj.Primitive;

/**
 * One buffer of one rank in a collective operation, as the engine sees it: an array, the element where the data
 * starts, and the number of elements, or for a buffer of one block per rank, per-block element counts and
 * displacements from that element. Any communicator's collectives can use it; it knows nothing of ranks or roots.
 *
 * <p>Where the items of the datatype are runs of consecutive elements, the engine gets the user's own array.
 * Otherwise the data goes through pooled scratch memory, packed block after block: a send buffer is packed once,
 * when it is made; a receive buffer is unpacked once, by {@link #finish()}, into the items of each block, so that
 * the elements between them stay untouched. Counts are in items of the datatype; block displacements are in
 * multiples of its extent, as MPI defines them for the v-variants of the collectives. Each one is a small object
 * (the JIT does not remove it): calls that need no staging and care about allocation, such as a reduction of
 * contiguous items, may hand the user's array to the engine themselves.
 *
 * <p>A user's buffer may also be a {@link MemorySegment} of the datatype's elements (direct memory, as a façade maps a
 * direct {@code java.nio} buffer): the engine's algorithms take arrays, so such a buffer is always staged, a receive
 * buffer of one block copied in first so that what the operation does not write stays as it was.
 *
 * <p>Not thread-safe: owned by the collective call that made it, which calls {@link #finish()} once the operation
 * has succeeded. After a failure it is dropped unfinished, since the engine may still hold on to the scratch memory.
 */
public final class CollectiveBuffer
{
    /** The buffer of a role a rank does not have, such as the receive buffer of a gather away from its root. */
    public static final CollectiveBuffer ABSENT = new CollectiveBuffer(null, null, 0, null, 0, 0, null, null, false, false, null);

    /** The origin of a block {@link #finish()} does not unpack. */
    private static final int UNWRITTEN = -1;

    private final TypeMap type;
    private final Object user;
    /** Where the items start in the user's buffer, for a staged buffer of one block. */
    private final int userOffset;
    private final Object array;
    private final int offset;
    private final int elements;
    private final int[] counts;
    private final int[] displs;
    private final boolean staged;
    private final boolean receive;
    /** Where each block's first item starts in the user's buffer, for a staged receive of blocks. */
    private final int[] origins;

    private CollectiveBuffer(
        final TypeMap type, final Object user, final int userOffset, final Object array, final int offset, final int elements,
        final int[] counts, final int[] displs, final boolean staged, final boolean receive, final int[] origins)
    {
        this.type = type;
        this.user = user;
        this.userOffset = userOffset;
        this.array = array;
        this.offset = offset;
        this.elements = elements;
        this.counts = counts;
        this.displs = displs;
        this.staged = staged;
        this.receive = receive;
        this.origins = origins;
    }

    /** @return the data of {@code count} items of {@code type} in {@code buf} from {@code offset}, for the engine to send. */
    public static CollectiveBuffer send(final Object buf, final int offset, final int count, final TypeMap type)
    {
        return single(buf, offset, count, type, false);
    }

    /** @return room for {@code count} items of {@code type}, which {@link #finish()} puts in {@code buf} from {@code offset}. */
    public static CollectiveBuffer receive(final Object buf, final int offset, final int count, final TypeMap type)
    {
        return single(buf, offset, count, type, true);
    }

    /**
     * @return the data of {@code n} blocks to send, block i of {@code counts[i]} items of {@code type} from item
     *         {@code displs[i]} (in extents) of {@code buf} from {@code offset}.
     */
    public static CollectiveBuffer sendBlocks(
        final Object buf, final int offset, final int[] counts, final int[] displs, final TypeMap type, final int n)
    {
        return blocks(buf, offset, counts, displs, type, n, false);
    }

    /** @return room for {@code n} blocks, which {@link #finish()} puts in {@code buf} as {@link #sendBlocks} reads them. */
    public static CollectiveBuffer receiveBlocks(
        final Object buf, final int offset, final int[] counts, final int[] displs, final TypeMap type, final int n)
    {
        return blocks(buf, offset, counts, displs, type, n, true);
    }

    /**
     * Leaves block {@code i} of a receive of blocks as it is in the user's buffer: nothing arrives for it (a neighbour
     * beyond a non-periodic edge of a grid), so a staged receive must not unpack the scratch memory's stale contents there.
     */
    public void leaveUnwritten(final int i)
    {
        if (staged && receive && origins != null)
        {
            origins[i] = UNWRITTEN;
        }
    }

    /** @return the array the engine reads or writes: the user's, or scratch memory; null for {@link #ABSENT}. */
    public Object array()
    {
        return array;
    }

    /** @return the element of {@link #array()} where the data starts; 0 for blocks, whose displacements say where each is. */
    public int offset()
    {
        return offset;
    }

    /** @return the number of elements of the data, over all blocks. */
    public int elements()
    {
        return elements;
    }

    /** @return each block's number of elements; null for a buffer of one block. */
    public int[] counts()
    {
        return counts;
    }

    /** @return where each block starts in {@link #array()}, in elements from {@link #offset()}; null for a buffer of one block. */
    public int[] displs()
    {
        return displs;
    }

    /** @return whether the data goes through scratch memory rather than the user's array. */
    public boolean isStaged()
    {
        return staged;
    }

    /**
     * Completes the buffer once the collective has succeeded: unpacks a staged receive into the user's buffer,
     * and hands any scratch memory back to the pool. Nothing may use {@link #array()} afterwards.
     *
     * @throws org.openmpj.OpenMpjException {@code ERR_TYPE} when a received object cannot be stored in the user's array.
     */
    public void finish()
    {
        if (staged)
        {
            finishStaged();
        }
    }

    private void finishStaged()
    {
        final Primitive kind = type.kind();
        if (receive)
        {
            if (origins == null)
            {
                unpack(kind, 0, userOffset, elements);
            }
            else
            {
                for (int i = 0; i < origins.length; i++)
                {
                    if (origins[i] != UNWRITTEN)
                    {
                        unpack(kind, displs[i], origins[i], counts[i]);
                    }
                }
            }
        }
        if (kind != null)
        {
            ScratchPool.SHARED.release(kind, array);
        }
    }

    private void unpack(final Primitive kind, final int position, final int origin, final int length)
    {
        if (kind == null)
        {
            Staging.unpackObjects(type, array, position, user, origin, length);
        }
        else
        {
            type.layout().unpack(kind, array, position, user, origin, length);
        }
    }

    /**
     * @return whether the engine's algorithms can take {@code buf} as it is: an array; a {@link MemorySegment} is staged. For the
     *         calls that skip this class when the items are contiguous.
     */
    public static boolean takesDirectly(final Object buf)
    {
        return !(buf instanceof MemorySegment);
    }

    private static CollectiveBuffer single(final Object buf, final int offset, final int count, final TypeMap type, final boolean receive)
    {
        if (type.isContiguous(count) && takesDirectly(buf))
        {
            return new CollectiveBuffer(type, buf, offset, buf, type.firstElement(offset, count), type.elements(count), null, null, false,
                receive, null);
        }
        return staged(buf, offset, count, type, receive);
    }

    private static CollectiveBuffer staged(final Object buf, final int offset, final int count, final TypeMap type, final boolean receive)
    {
        final int elements = type.elements(count);
        final Object scratch = scratch(type, elements);
        if (!receive || !takesDirectly(buf))
        {
            type.layout().pack(type.kind(), buf, offset, count, scratch, 0);
        }
        return new CollectiveBuffer(type, buf, offset, scratch, 0, elements, null, null, true, receive, null);
    }

    private static CollectiveBuffer blocks(
        final Object buf, final int offset, final int[] itemCounts, final int[] itemDispls, final TypeMap type, final int n,
        final boolean receive)
    {
        if (blocksAsGiven(type, itemCounts, n) && takesDirectly(buf))
        {
            int total = 0;
            for (int i = 0; i < n; i++)
            {
                total += itemCounts[i];
            }
            return new CollectiveBuffer(type, buf, offset, buf, offset, total, itemCounts, itemDispls, false, receive, null);
        }
        final Layout layout = type.layout();
        final int[] counts = new int[n];
        final int[] displs = new int[n];
        boolean contiguous = true;
        int total = 0;
        for (int i = 0; i < n; i++)
        {
            counts[i] = type.elements(itemCounts[i]);
            total += counts[i];
            contiguous &= layout.isContiguous(itemCounts[i]);
        }
        if (contiguous && takesDirectly(buf))
        {
            for (int i = 0; i < n; i++)
            {
                // An empty block has no first element: 0 keeps the engine's offsets inside the array.
                displs[i] = itemCounts[i] == 0 ? 0 : layout.firstElement(offset + itemDispls[i] * layout.extent(), itemCounts[i]);
            }
            return new CollectiveBuffer(type, buf, offset, buf, 0, total, counts, displs, false, receive, null);
        }
        final Object scratch = scratch(type, total);
        final int[] origins = new int[n];
        for (int i = 0, at = 0; i < n; at += counts[i], i++)
        {
            displs[i] = at;
            origins[i] = offset + itemDispls[i] * layout.extent();
            if (!receive)
            {
                layout.pack(type.kind(), buf, origins[i], itemCounts[i], scratch, at);
            }
        }
        return new CollectiveBuffer(type, buf, offset, scratch, 0, total, counts, displs, true, receive, receive ? origins : null);
    }

    /**
     * @return whether {@code n} blocks of {@code type} with these counts go to the engine as the caller gave them: the
     *         items of a basic type are its elements, so the counts and displacements need no translation (empty blocks
     *         get one, which keeps their offsets inside the array).
     */
    public static boolean blocksAsGiven(final TypeMap type, final int[] counts, final int n)
    {
        if (type.isDerived() || type.isObject() || type.kind() == null)
        {
            return false;
        }
        for (int i = 0; i < n; i++)
        {
            if (counts[i] <= 0)
            {
                return false;
            }
        }
        return true;
    }

    private static Object scratch(final TypeMap type, final int elements)
    {
        // Objects are serialized on their way anyway: a fresh array costs little beside that.
        return type.isObject() ? new Object[elements] : ScratchPool.SHARED.acquire(type.kind(), elements);
    }
}
