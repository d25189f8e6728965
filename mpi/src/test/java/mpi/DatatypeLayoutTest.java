package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.openmpj.engine.datatype.Layout;
import org.junit.jupiter.api.function.Executable;

/**
 * The layouts derived datatype constructors build, without running a job: bounds, sizes, blocks, which
 * layouts go to the device without packing, and the constructors' argument errors.
 */
class DatatypeLayoutTest
{
    @Test
    void contiguousIsOneBlockAndNeedsNoPacking()
    {
        final Datatype type = Datatype.Contiguous(3, MPI.INT);
        assertBounds(type, 0, 3, 3, 3);
        assertBlocks(type, 0, 3);
        assertTrue(type.isContiguous(5), "Contiguous(3, INT) goes to the device as it is");
        assertEquals(7, type.firstElement(7, 5));
        assertEquals(15, type.elements(5));
        assertEquals(MPI.INT.getType(), type.getType());
        assertEquals(12, type.getByteSize());
    }

    @Test
    void vectorWithStrideEqualToBlocklengthIsContiguous()
    {
        final Datatype type = Datatype.Vector(3, 2, 2, MPI.DOUBLE);
        assertBounds(type, 0, 6, 6, 6);
        assertBlocks(type, 0, 6);
        assertTrue(type.isContiguous(4));
        assertEquals(3, type.firstElement(3, 4));
    }

    @Test
    void vectorWithGapsNeedsPackingButOneItemOfOneBlockDoesNot()
    {
        final Datatype type = Datatype.Vector(3, 2, 4, MPI.INT);
        assertBounds(type, 0, 10, 10, 6);
        assertBlocks(type, 0, 2, 4, 2, 8, 2);
        assertFalse(type.isContiguous(1));
        assertTrue(type.isContiguous(0), "no items need no packing");

        final Datatype column = Datatype.Vector(1, 3, 8, MPI.INT);
        assertTrue(column.isContiguous(1), "one block sent once is contiguous");
        assertTrue(column.isContiguous(4), "one block as long as the extent is contiguous at any count");
        final Datatype padded = Datatype.Struct(new int[] {3, 1}, new int[] {0, 5}, new Datatype[] {MPI.INT, MPI.UB});
        assertTrue(padded.isContiguous(1));
        assertFalse(padded.isContiguous(2), "items of one block with a gap after it are not contiguous");
    }

    @Test
    void hvectorStrideIsInElementsAndVectorStrideInExtents()
    {
        final Datatype pair = Datatype.Contiguous(2, MPI.LONG);
        final Datatype h = Datatype.Hvector(3, 1, 3, pair);
        assertBounds(h, 0, 8, 8, 6);
        assertBlocks(h, 0, 2, 3, 2, 6, 2);
        final Datatype v = Datatype.Vector(2, 1, 3, pair);
        assertBounds(v, 0, 8, 8, 4);
        assertBlocks(v, 0, 2, 6, 2);
    }

    @Test
    void indexedKeepsTypeMapOrder()
    {
        final Datatype type = Datatype.Indexed(new int[] {2, 1, 3}, new int[] {4, 0, 7}, MPI.SHORT);
        assertBounds(type, 0, 10, 10, 6);
        assertBlocks(type, 4, 2, 0, 1, 7, 3);
        final Datatype h = Datatype.Hindexed(new int[] {1, 2}, new int[] {5, 1}, Datatype.Contiguous(2, MPI.FLOAT));
        assertBounds(h, 1, 7, 6, 6);
        assertBlocks(h, 5, 2, 1, 4);
        assertFalse(h.isContiguous(1), "the blocks cover one run, but in another order");
    }

    @Test
    void structMarkersSetTheBounds()
    {
        final Datatype type = Datatype.Struct(new int[] {1, 2, 1, 1}, new int[] {-1, 1, 4, 6},
            new Datatype[] {MPI.LB, MPI.CHAR, MPI.CHAR, MPI.UB});
        assertBounds(type, -1, 6, 7, 3);
        assertBlocks(type, 1, 2, 4, 1);
        assertEquals(MPI.CHAR.getType(), type.getType());
        assertEquals(1, type.layout().lowestElement(0, 1), "lowest element one item touches");
        assertEquals(5 + 7, type.layout().highestElement(0, 2), "one past the highest element two items touch");
    }

    @Test
    void markersStayThroughNesting()
    {
        final Datatype padded = Datatype.Struct(new int[] {2, 1}, new int[] {0, 3}, new Datatype[] {MPI.INT, MPI.UB});
        assertBounds(padded, 0, 3, 3, 2);
        final Datatype twice = Datatype.Indexed(new int[] {2}, new int[] {1}, padded);
        assertBounds(twice, 3, 9, 6, 4);
        assertBlocks(twice, 3, 2, 6, 2);
        final Datatype lowered = Datatype.Contiguous(2, Datatype.Struct(new int[] {1, 1}, new int[] {-2, 0}, new Datatype[] {MPI.LB, MPI.INT}));
        assertBounds(lowered, -2, 4, 6, 2);
        assertBlocks(lowered, 0, 1, 3, 1);
    }

    @Test
    void nestedTypesMergeAdjacentBlocks()
    {
        final Datatype inner = Datatype.Vector(2, 1, 3, MPI.INT);
        assertBounds(inner, 0, 4, 4, 2);
        final Datatype outer = Datatype.Contiguous(2, inner);
        assertBounds(outer, 0, 8, 8, 4);
        assertBlocks(outer, 0, 1, 3, 2, 7, 1);
        final Datatype deep = Datatype.Vector(2, 1, 2, Datatype.Indexed(new int[] {1, 1}, new int[] {0, 2}, MPI.BYTE));
        assertBounds(deep, 0, 9, 9, 4);
        assertBlocks(deep, 0, 1, 2, 1, 6, 1, 8, 1);
    }

    @Test
    void emptyAndNegativeDisplacements()
    {
        assertBounds(Datatype.Contiguous(0, MPI.INT), 0, 0, 0, 0);
        assertTrue(Datatype.Contiguous(0, MPI.INT).isContiguous(3));
        final Datatype below = Datatype.Hindexed(new int[] {1}, new int[] {-3}, MPI.INT);
        assertBounds(below, -3, -2, 1, 1);
        assertEquals(2, below.firstElement(5, 1));
    }

    @Test
    void pairsForMaxlocAndMinloc()
    {
        for (final Datatype pair : new Datatype[] {MPI.SHORT2, MPI.INT2, MPI.LONG2, MPI.FLOAT2, MPI.DOUBLE2})
        {
            assertBounds(pair, 0, 2, 2, 2);
            assertTrue(pair.isContiguous(10), pair + " is contiguous");
            pair.checkUsable("test");
        }
        assertEquals(MPI.DOUBLE.getType(), MPI.DOUBLE2.getType());
        assertEquals("MPI.INT2", MPI.INT2.toString());
    }

    @Test
    void constructorArgumentErrorsNameTheValue()
    {
        assertFails(MPI.ERR_COUNT, () -> Datatype.Contiguous(-1, MPI.INT), "Contiguous", "count=-1");
        assertFails(MPI.ERR_COUNT, () -> Datatype.Vector(-2, 1, 1, MPI.INT), "count=-2");
        assertFails(MPI.ERR_ARG, () -> Datatype.Hvector(2, -3, 1, MPI.INT), "Hvector", "blocklength=-3");
        assertFails(MPI.ERR_ARG, () -> Datatype.Indexed(new int[] {1, -4}, new int[] {0, 2}, MPI.INT), "blocklengths[1]=-4");
        assertFails(MPI.ERR_ARG, () -> Datatype.Hindexed(new int[] {1}, new int[] {0, 2}, MPI.INT), "1 entries", "displacements 2");
        assertFails(MPI.ERR_ARG, () -> Datatype.Struct(new int[] {-1}, new int[] {0}, new Datatype[] {MPI.INT}), "blocklengths[0]=-1");
        assertFails(MPI.ERR_TYPE, () -> Datatype.Contiguous(1, null), "oldtype is null");
        assertFails(MPI.ERR_TYPE, () -> Datatype.Contiguous(1, MPI.NULL), "MPI.NULL");
        assertFails(MPI.ERR_TYPE, () -> Datatype.Struct(new int[] {1, 1}, new int[] {0, 1}, new Datatype[] {MPI.INT, MPI.DOUBLE}),
            "MPI.INT", "MPI.DOUBLE", "same base type");
        assertFails(MPI.ERR_TYPE, () -> Datatype.Struct(new int[] {1, 1}, new int[] {0, 1},
            new Datatype[] {Datatype.Contiguous(2, MPI.OBJECT), Datatype.Vector(1, 1, 1, MPI.BYTE)}), "MPI.OBJECT", "MPI.BYTE");
    }

    @Test
    void freedAndUncommittedTypes()
    {
        final Datatype type = Datatype.Vector(2, 1, 2, MPI.INT);
        assertFails(MPI.ERR_TYPE, () -> type.checkUsable("Send"), "Send", "not committed", "Commit()");
        type.Commit();
        type.checkUsable("Send");
        final Datatype built = Datatype.Contiguous(2, type);
        type.Free();
        assertFails(MPI.ERR_TYPE, () -> type.checkUsable("Send"), "was freed");
        assertFails(MPI.ERR_TYPE, type::Extent, "Extent", "was freed");
        assertFails(MPI.ERR_TYPE, type::Commit, "Commit", "was freed");
        assertFails(MPI.ERR_TYPE, () -> Datatype.Contiguous(2, type), "Contiguous", "was freed");
        assertBounds(built, 0, 6, 6, 4);
        MPI.INT.free();
        assertEquals(1, MPI.INT.Extent(), "freeing a basic type does nothing");
    }

    @Test
    void overflowingLayoutsAreRefused()
    {
        assertFails(MPI.ERR_COUNT, () -> Datatype.Contiguous(70_000, Datatype.Contiguous(70_000, MPI.BYTE)), "elements");
        assertFails(MPI.ERR_ARG, () -> Datatype.Hindexed(new int[] {1}, new int[] {Integer.MAX_VALUE}, MPI.INT), "displacement");
    }

    private static void assertBounds(final Datatype type, final int lb, final int ub, final int extent, final int size)
    {
        assertEquals(lb, type.Lb(), type + " Lb");
        assertEquals(ub, type.Ub(), type + " Ub");
        assertEquals(extent, type.Extent(), type + " Extent");
        assertEquals(size, type.Size(), type + " Size");
    }

    /** @param blocks displacement and length of each block, in type-map order. */
    private static void assertBlocks(final Datatype type, final int... blocks)
    {
        final Layout layout = type.layout();
        final int[] actual = new int[layout.blockCount() * 2];
        for (int i = 0; i < layout.blockCount(); i++)
        {
            actual[2 * i] = layout.displacement(i);
            actual[2 * i + 1] = layout.length(i);
        }
        assertArrayEquals(blocks, actual, type + " blocks");
    }

    private static void assertFails(final int errorClass, final Executable call, final String... fragments)
    {
        final MPIException ex = assertThrows(MPIException.class, call);
        assertEquals(errorClass, ex.getErrorClass(), ex.getMessage());
        for (final String fragment : fragments)
        {
            assertTrue(ex.getMessage().contains(fragment), () -> "'" + ex.getMessage() + "' does not mention '" + fragment + "'");
        }
    }
}
