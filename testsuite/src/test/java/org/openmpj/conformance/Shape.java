package org.openmpj.conformance;

import java.util.Arrays;
import java.util.List;
import java.util.function.IntUnaryOperator;

import mpi.Datatype;
import mpi.MPI;

import org.openmpj.testing.Check;

/**
 * A datatype of ints as the collective tests see it, stated independently of the implementation: the elements
 * one item touches, from its origin and in the order they are packed, and its extent. Buffers are filled and
 * checked through it, so that every element outside the items (the holes) can be checked untouched.
 */
final class Shape
{
    /** What receive buffers hold before a collective, and must still hold outside the items it fills. */
    static final int HOLE = -7;
    /** What send buffers hold outside their items; a collective that sent it would put it where data belongs. */
    static final int JUNK = -3;
    /** Where every buffer's items start, so that elements before them are checked too. */
    static final int OFFSET = 2;

    final String name;
    final Datatype type;
    final int extent;
    final int[] item;

    Shape(final String name, final Datatype type, final int extent, final int... item)
    {
        type.Commit();
        Check.equal(extent, type.Extent(), name + ": Extent");
        Check.equal(item.length, type.Size(), name + ": Size");
        this.name = name;
        this.type = type;
        this.extent = extent;
        this.item = item;
    }

    static Shape ints()
    {
        return new Shape("MPI.INT", MPI.INT, 1, 0);
    }

    static Shape contiguous()
    {
        return new Shape("Contiguous(4, INT)", Datatype.Contiguous(4, MPI.INT), 4, 0, 1, 2, 3);
    }

    static Shape vector()
    {
        return new Shape("Vector(2, 2, 3, INT)", Datatype.Vector(2, 2, 3, MPI.INT), 5, 0, 1, 3, 4);
    }

    static Shape indexed()
    {
        return new Shape("Indexed out of order", Datatype.Indexed(new int[] {1, 3}, new int[] {5, 0}, MPI.INT), 6, 5, 0, 1, 2);
    }

    /** Data at 1, 2, 4 and 5 from the origin, a lower bound below it and an upper bound past a gap: holes at both ends. */
    static Shape struct()
    {
        return new Shape("Struct with LB, UB and holes", Datatype.Struct(new int[] {1, 2, 2, 1}, new int[] {-1, 1, 4, 8},
            new Datatype[] {MPI.LB, MPI.INT, MPI.INT, MPI.UB}), 9, 1, 2, 4, 5);
    }

    /** One run of twelve elements padded by an upper bound: one item is contiguous, two are not. */
    static Shape padded()
    {
        return new Shape("Struct of 12 INT padded to 14", Datatype.Struct(new int[] {12, 1}, new int[] {0, 14},
            new Datatype[] {MPI.INT, MPI.UB}), 14, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11);
    }

    /** @return the shapes of four elements an item. */
    static List<Shape> quads()
    {
        return List.of(contiguous(), vector(), indexed(), struct());
    }

    int size()
    {
        return item.length;
    }

    /** @return the items of this shape that hold {@code elements} elements. */
    int items(final int elements)
    {
        Check.equal(0, elements % size(), name + ": " + elements + " elements are whole items");
        return elements / size();
    }

    /** @return the elements {@code count} items from {@code offset} touch, in pack order. */
    int[] positions(final int offset, final int count)
    {
        final int[] positions = new int[count * size()];
        for (int i = 0; i < count; i++)
        {
            for (int e = 0; e < size(); e++)
            {
                positions[i * size() + e] = offset + i * extent + item[e];
            }
        }
        return positions;
    }

    /** @return one past the last element {@code count} items from {@code offset} touch, and two more. */
    int end(final int offset, final int count)
    {
        return offset + count * extent + Arrays.stream(item).max().orElse(0) + 2;
    }

    /** Puts {@code value(j)} at the element of {@code buf} that the j-th packed element of {@code count} items from {@code offset} is. */
    void put(final int[] buf, final int offset, final int count, final IntUnaryOperator value)
    {
        final int[] positions = positions(offset, count);
        for (int j = 0; j < positions.length; j++)
        {
            buf[positions[j]] = value.applyAsInt(j);
        }
    }

    /** @return a buffer of {@code length} elements, all {@code fill}. */
    static int[] filled(final int length, final int fill)
    {
        final int[] buf = new int[length];
        Arrays.fill(buf, fill);
        return buf;
    }

    @Override
    public String toString()
    {
        return name;
    }
}
