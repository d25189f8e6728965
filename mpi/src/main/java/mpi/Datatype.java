package mpi;

import org.openmpj.device.Primitive;

/**
 * The type of the elements of a message buffer. Each basic type matches one Java array type
 * ({@code MPI.INT} an {@code int[]}, {@code MPI.OBJECT} an {@code Object[]}); offsets, counts, extents and
 * sizes are in elements of that array, as in mpiJava.
 *
 * <p>Thread-safety: basic types are immutable and shared.
 */
public class Datatype implements Freeable
{
    static final int NULL_TYPE = 0;
    static final int BYTE_TYPE = 1;
    static final int CHAR_TYPE = 2;
    static final int SHORT_TYPE = 3;
    static final int BOOLEAN_TYPE = 4;
    static final int INT_TYPE = 5;
    static final int LONG_TYPE = 6;
    static final int FLOAT_TYPE = 7;
    static final int DOUBLE_TYPE = 8;
    static final int PACKED_TYPE = 9;
    static final int LB_TYPE = 10;
    static final int UB_TYPE = 11;
    static final int OBJECT_TYPE = 12;

    /** The basic type code ({@code 1} BYTE … {@code 12} OBJECT), as MPJ Express numbers them. */
    public int baseType;

    private final Primitive kind;
    private final String name;

    Datatype(final int baseType, final Primitive kind, final String name)
    {
        this.baseType = baseType;
        this.kind = kind;
        this.name = name;
    }

    /** @return the extent in buffer elements: 1 for a basic type. */
    public int Extent()
    {
        return 1;
    }

    /** @return the number of buffer elements one item of this type occupies: 1 for a basic type. */
    public int Size()
    {
        return isCarrier() ? 1 : 0;
    }

    /** @return the lower bound in buffer elements: 0 for a basic type. */
    public int Lb()
    {
        return 0;
    }

    /** @return the upper bound in buffer elements: 1 for a basic type. */
    public int Ub()
    {
        return 1;
    }

    /** @return the basic type code, as {@link #baseType}. */
    public int getType()
    {
        return baseType;
    }

    /** @return the bytes one element occupies in a message (for {@code OBJECT}, the size of a reference). */
    public int getByteSize()
    {
        return kind != null ? kind.sizeBytes() : isObject() ? 4 : 0;
    }

    /** Commits the type for use in communication; basic types are always committed. */
    public void Commit()
    {
    }

    /** Basic types cannot be freed; this does nothing for them. */
    @Override
    public void free()
    {
    }

    @Override
    public String toString()
    {
        return name;
    }

    /** @return the primitive element kind, or null for OBJECT and the markers. */
    Primitive kind()
    {
        return kind;
    }

    boolean isObject()
    {
        return baseType == OBJECT_TYPE;
    }

    /** @return whether buffers of this type carry data (not NULL, LB or UB). */
    boolean isCarrier()
    {
        return kind != null || isObject();
    }

    /** @return the Java array type a buffer of this type must be, for messages. */
    String arrayTypeName()
    {
        return isObject() ? "Object[]" : kind != null ? kind.arrayClass().getSimpleName() : "(none)";
    }
}
