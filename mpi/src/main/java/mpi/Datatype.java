package mpi;

import org.openmpj.Primitive;
import org.openmpj.engine.datatype.Layout;
import org.openmpj.engine.datatype.TypeMap;

/**
 * The type of the elements of a message buffer. Each basic type matches one Java array type
 * ({@code MPI.INT} an {@code int[]}, {@code MPI.OBJECT} an {@code Object[]}); offsets, counts, extents and
 * sizes are in elements of that array, as in mpiJava.
 *
 * <p>Derived types ({@link #Contiguous}, {@link #Vector}, {@link #Indexed}, {@link #Struct} …) describe a
 * layout of elements of one basic type, the base type: a buffer is still one Java array of it, and
 * displacements and strides are in its elements, also for the "H" variants. Item {@code i} of a message of
 * {@code count} items from {@code offset} starts at element {@code offset + i * Extent()}. A derived type must
 * be committed with {@link #Commit()} before it is used in communication.
 *
 * <p>Thread-safety: basic types are immutable and shared; a derived type may be used by any number of threads
 * once committed.
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
    private final TypeMap map;

    /** A basic type. */
    Datatype(final int baseType, final Primitive kind, final String name)
    {
        this.baseType = baseType;
        this.kind = kind;
        this.name = name;
        this.map = switch (baseType)
        {
            case LB_TYPE -> TypeMap.marker(Layout.LB_MARKER, name);
            case UB_TYPE -> TypeMap.marker(Layout.UB_MARKER, name);
            case OBJECT_TYPE -> TypeMap.objects(name);
            default -> kind != null ? TypeMap.element(kind, name) : TypeMap.marker(null, name);
        };
    }

    /** A derived type of {@code map}, whose elements are those of {@code base} (null for a type of no data). */
    Datatype(final Datatype base, final TypeMap map)
    {
        this.baseType = base == null ? NULL_TYPE : base.baseType;
        this.kind = base == null ? null : base.kind;
        this.name = map.toString();
        this.map = map;
    }

    /**
     * Builds a type of {@code count} consecutive copies of {@code oldtype}.
     *
     * @throws MPIException {@code ERR_COUNT} when {@code count} is negative, {@code ERR_TYPE} when {@code oldtype}
     *                      is null, freed or {@code MPI.NULL}.
     */
    public static Datatype Contiguous(final int count, final Datatype oldtype)
    {
        return TypeConstructors.contiguous(count, oldtype);
    }

    /**
     * Builds a type of {@code count} blocks of {@code blocklength} copies of {@code oldtype}, the blocks
     * {@code stride} extents of {@code oldtype} apart: e.g. a column of a row-major matrix.
     */
    public static Datatype Vector(final int count, final int blocklength, final int stride, final Datatype oldtype)
    {
        return TypeConstructors.vector("Vector", count, blocklength, stride, oldtype, true);
    }

    /** As {@link #Vector}, with {@code stride} in buffer elements instead of extents of {@code oldtype}. */
    public static Datatype Hvector(final int count, final int blocklength, final int stride, final Datatype oldtype)
    {
        return TypeConstructors.vector("Hvector", count, blocklength, stride, oldtype, false);
    }

    /**
     * Builds a type of blocks of {@code blocklengths[i]} copies of {@code oldtype}, block {@code i} at
     * {@code displacements[i]} extents of {@code oldtype}.
     */
    public static Datatype Indexed(final int[] blocklengths, final int[] displacements, final Datatype oldtype)
    {
        return TypeConstructors.indexed("Indexed", blocklengths, displacements, oldtype, true);
    }

    /** As {@link #Indexed}, with {@code displacements} in buffer elements instead of extents of {@code oldtype}. */
    public static Datatype Hindexed(final int[] blocklengths, final int[] displacements, final Datatype oldtype)
    {
        return TypeConstructors.indexed("Hindexed", blocklengths, displacements, oldtype, false);
    }

    /**
     * Builds a type of blocks of {@code blocklengths[i]} copies of {@code types[i]} at {@code displacements[i]}
     * buffer elements. All types must have the same base type; {@code MPI.LB} and {@code MPI.UB} entries set
     * the lower and upper bound instead of holding data.
     *
     * @throws MPIException {@code ERR_TYPE} when the types have different base types.
     */
    public static Datatype Struct(final int[] blocklengths, final int[] displacements, final Datatype[] types)
    {
        return TypeConstructors.struct(blocklengths, displacements, types);
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

    /** Frees a derived type; basic types cannot be freed, and this does nothing for them. */
    @Override
    public void free()
    {
    }

    /** Same as {@link #free()}, under the name MPJ Express used. */
    public void Free()
    {
        free();
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

    /**
     * @return whether this is a derived type of no data at all (a {@code Struct} of no blocks, or of markers only):
     *         any number of its items is an empty message, whatever the buffer.
     */
    boolean isEmpty()
    {
        return false;
    }

    /** @return whether buffers of this type carry data (not NULL, LB or UB). */
    boolean isCarrier()
    {
        return kind != null || isObject();
    }

    /** @return the type as the engine sees it. */
    final TypeMap map()
    {
        return map;
    }

    /** @return where the data of one item lies; null for {@code MPI.NULL}, which has no layout. */
    final Layout layout()
    {
        return map.layout();
    }

    /** @return the basic type of the elements: this type itself when it is basic and carries data, else null. */
    Datatype base()
    {
        return isCarrier() ? this : null;
    }

    boolean isDerived()
    {
        return false;
    }

    /** Throws {@code ERR_TYPE} when the type was freed. */
    void checkAlive(final String call)
    {
    }

    /** Throws {@code ERR_TYPE} when the type cannot be used in communication: freed, or not committed. */
    void checkUsable(final String call)
    {
    }

    /** @return whether {@code count} items are one run of consecutive elements that can go to the device as they are. */
    final boolean isContiguous(final int count)
    {
        return layout().isContiguous(count);
    }

    /** @return where the run of {@code count} contiguous items from {@code offset} starts. */
    final int firstElement(final int offset, final int count)
    {
        return layout().firstElement(offset, count);
    }

    /** @return the number of base elements in {@code count} items; the caller has checked it fits an int. */
    final int elements(final int count)
    {
        return count * layout().size();
    }

    /** @return the Java array type a buffer of this type must be, for messages. */
    String arrayTypeName()
    {
        return isObject() ? "Object[]" : kind != null ? kind.arrayClass().getSimpleName() : "(none)";
    }
}
