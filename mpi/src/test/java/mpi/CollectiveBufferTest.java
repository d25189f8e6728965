package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.openmpj.engine.datatype.CollectiveBuffer;

/**
 * How collectives present buffers to the engine, without running a job: contiguous data goes as it is, other data
 * through scratch packed block after block, unpacked into the items only on finish; and how a user operation gets
 * items laid out as their type describes.
 */
class CollectiveBufferTest
{
    @Test
    void basicAndContiguousTypesAreHandedOverAsTheyAre()
    {
        final int[] buf = new int[20];
        final CollectiveBuffer basic = CollectiveBuffer.send(buf, 3, 5, MPI.INT.map());
        assertSame(buf, basic.array());
        assertFalse(basic.isStaged());
        assertEquals(3, basic.offset());
        assertEquals(5, basic.elements());

        final Datatype four = committed(Datatype.Contiguous(4, MPI.INT));
        final CollectiveBuffer blocks = CollectiveBuffer.receiveBlocks(buf, 1, new int[] {1, 0, 2}, new int[] {3, 9, 0}, four.map(), 3);
        assertSame(buf, blocks.array(), "a contiguous type goes to the engine without scratch");
        assertFalse(blocks.isStaged());
        assertEquals(0, blocks.offset());
        assertEquals(12, blocks.elements());
        assertArrayEquals(new int[] {4, 0, 8}, blocks.counts());
        assertArrayEquals(new int[] {13, 0, 1}, blocks.displs(), "displacements in extents from the offset; an empty block at 0");
    }

    @Test
    void blocksOfOnePaddedItemAreContiguousAndPlacedByExtent()
    {
        final Datatype padded = committed(Datatype.Struct(new int[] {3, 1}, new int[] {0, 5}, new Datatype[] {MPI.INT, MPI.UB}));
        final int[] buf = new int[20];
        final CollectiveBuffer blocks = CollectiveBuffer.sendBlocks(buf, 2, new int[] {1, 1}, new int[] {0, 2}, padded.map(), 2);
        assertSame(buf, blocks.array());
        assertArrayEquals(new int[] {2, 12}, blocks.displs());
        assertArrayEquals(new int[] {3, 3}, blocks.counts());

        final CollectiveBuffer twoItems = CollectiveBuffer.sendBlocks(buf, 2, new int[] {2, 1}, new int[] {0, 2}, padded.map(), 2);
        assertTrue(twoItems.isStaged(), "two padded items have a gap between them");
    }

    @Test
    void nonContiguousSendIsPackedBlockAfterBlock()
    {
        final Datatype vector = committed(Datatype.Vector(2, 1, 2, MPI.INT));
        final int[] buf = new int[12];
        for (int i = 0; i < buf.length; i++)
        {
            buf[i] = 100 + i;
        }
        final CollectiveBuffer blocks = CollectiveBuffer.sendBlocks(buf, 1, new int[] {1, 2}, new int[] {2, 0}, vector.map(), 2);
        assertNotSame(buf, blocks.array());
        assertTrue(blocks.isStaged());
        assertEquals(0, blocks.offset());
        assertArrayEquals(new int[] {2, 4}, blocks.counts());
        assertArrayEquals(new int[] {0, 2}, blocks.displs());
        assertArrayEquals(new int[] {107, 109, 101, 103, 104, 106}, Arrays.copyOf((int[])blocks.array(), 6),
            "block 0 from item 2 (elements 7 and 9), then block 1 from item 0");
        blocks.finish();
        assertEquals(100, buf[0], "finishing a send leaves the user's buffer alone");
    }

    @Test
    void stagedReceiveFillsOnlyTheItemsAndOnlyOnFinish()
    {
        final Datatype struct = committed(Datatype.Struct(new int[] {1, 2, 1}, new int[] {-1, 1, 4},
            new Datatype[] {MPI.LB, MPI.INT, MPI.UB}));
        final int[] buf = new int[12];
        Arrays.fill(buf, -1);
        final CollectiveBuffer recv = CollectiveBuffer.receive(buf, 2, 2, struct.map());
        assertTrue(recv.isStaged());
        assertEquals(4, recv.elements());
        final int[] scratch = (int[])recv.array();
        for (int j = 0; j < 4; j++)
        {
            scratch[j] = 10 + j;
        }
        assertArrayEquals(new int[] {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1}, buf, "nothing reaches the user before finish");
        recv.finish();
        assertArrayEquals(new int[] {-1, -1, -1, 10, 11, -1, -1, -1, 12, 13, -1, -1}, buf);
    }

    @Test
    void userOperationGetsItemsLaidOutFromAnOriginThatKeepsThemInTheArray()
    {
        // Elements at -2, 1 and 2 from each item's origin; extent 5.
        final Datatype type = committed(Datatype.Indexed(new int[] {1, 2}, new int[] {-2, 1}, MPI.INT));
        final int[] seen = new int[2];
        final Op op = new Op(new User_function()
        {
            @Override
            public void Call(final Object invec, final int inoffset, final Object inoutvec, final int inoutoffset, final int count,
                final Datatype datatype)
            {
                seen[0] = inoffset;
                seen[1] = count;
                final int[] in = (int[])invec;
                final int[] inout = (int[])inoutvec;
                for (int i = 0; i < count; i++)
                {
                    for (final int d : new int[] {-2, 1, 2})
                    {
                        inout[inoutoffset + i * 5 + d] = 10 * in[inoffset + i * 5 + d] + inout[inoutoffset + i * 5 + d];
                    }
                }
            }
        }, false);
        final int[] in = {0, 1, 2, 3, 4, 5, 6};
        final int[] inout = {0, 0, 0, 7, 8, 9, 10};
        op.reduction(type).reduce(in, 1, inout, 1, 2);
        assertEquals(2, seen[0], "item 0's origin, so that its element at -2 is element 0");
        assertEquals(2, seen[1]);
        assertArrayEquals(new int[] {0, 10, 20, 37, 48, 59, 70}, inout);
    }

    private static Datatype committed(final Datatype type)
    {
        type.Commit();
        return type;
    }
}
