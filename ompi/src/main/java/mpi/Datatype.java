package mpi;

import org.openmpj.ErrorClass;
import org.openmpj.Primitive;
import org.openmpj.engine.datatype.Layout;
import org.openmpj.engine.datatype.LayoutBuilder;
import org.openmpj.engine.datatype.TypeMap;

/**
 * The type of the items of a message buffer, as Open MPI's API defines it. Each predefined type has a base type whose
 * elements are the units of its buffers: {@link MPI#INT} an {@code int[]} or {@code IntBuffer} of ints,
 * {@link MPI#DOUBLE_COMPLEX} doubles two by two. The pair types ({@link MPI#INT2} … {@link MPI#DOUBLE_INT}) and the types
 * {@link #createStruct} builds are C structs in raw memory: their base type is {@link MPI#BYTE}, and their buffers are
 * bytes ({@code ByteBuffer}, {@code byte[]}), read and written with {@link Struct}s.
 *
 * <p>Extents, bounds and sizes are reported in elements of the base type, bytes for byte-based types. The constructors'
 * arguments are those of C MPI: counts and strides of {@link #createVector} and {@link #createIndexed} in extents of the
 * old type, those of the "H" variants, {@link #createStruct} and {@link #createResized} in bytes. As buffers here are
 * Java arrays or buffers of the base type, a byte count for a type of wider elements must be a whole number of them.
 *
 * <p>A derived type must be committed ({@link #commit()}) before it is used in communication. Thread-safety: a committed
 * type may be used by any number of threads at once.
 */
public final class Datatype implements Freeable, Cloneable
{
    static final int NULL = 0;
    static final int BYTE = 1;
    static final int CHAR = 2;
    static final int SHORT = 3;
    static final int BOOLEAN = 4;
    static final int INT = 5;
    static final int LONG = 6;
    static final int FLOAT = 7;
    static final int DOUBLE = 8;
    static final int PACKED = 9;
    static final int INT2 = 10;
    static final int SHORT_INT = 11;
    static final int LONG_INT = 12;
    static final int FLOAT_INT = 13;
    static final int DOUBLE_INT = 14;
    static final int FLOAT_COMPLEX = 15;
    static final int DOUBLE_COMPLEX = 16;
    /** The code of every derived type. */
    static final int DERIVED = -1;

    private static final String[] NAMES = {"MPI.DATATYPE_NULL", "MPI.BYTE", "MPI.CHAR", "MPI.SHORT", "MPI.BOOLEAN", "MPI.INT",
        "MPI.LONG", "MPI.FLOAT", "MPI.DOUBLE", "MPI.PACKED", "MPI.INT2", "MPI.SHORT_INT", "MPI.LONG_INT", "MPI.FLOAT_INT",
        "MPI.DOUBLE_INT", "MPI.FLOAT_COMPLEX", "MPI.DOUBLE_COMPLEX"};

    private final int code;
    private final Primitive kind;
    private final TypeMap map;
    private final Primitive pairValue;
    private final boolean elementwise;
    private final int basicPerItem;
    private volatile String name;
    private volatile boolean committed;
    private volatile boolean freed;
    private final java.util.Map<Integer, Object> attributes = new java.util.concurrent.ConcurrentHashMap<>();

    /** The attribute keys made by {@link #createKeyval()}. Per rank. */
    private static final java.util.concurrent.atomic.AtomicInteger NEXT_KEYVAL = new java.util.concurrent.atomic.AtomicInteger(1);

    /**
     * @param elementwise whether every element of the base type in an item is a basic element of its own, so that the
     *                    predefined operations combine them one by one: not for pairs, complex numbers and structs.
     */
    Datatype(final int code, final Primitive kind, final TypeMap map, final Primitive pairValue, final boolean elementwise,
        final int basicPerItem, final String name, final boolean committed)
    {
        this.code = code;
        this.kind = kind;
        this.map = map;
        this.pairValue = pairValue;
        this.elementwise = elementwise;
        this.basicPerItem = basicPerItem;
        this.name = name;
        this.committed = committed;
    }

    /** @return the predefined type of {@code code}, committed. */
    static Datatype predefined(final int code)
    {
        final String typeName = NAMES[code];
        return switch (code)
        {
            case NULL -> new Datatype(code, null, null, null, true, 0, typeName, true);
            case BYTE, PACKED -> element(code, Primitive.BYTE);
            case CHAR -> element(code, Primitive.CHAR);
            case SHORT -> element(code, Primitive.SHORT);
            case BOOLEAN -> element(code, Primitive.BOOLEAN);
            case INT -> element(code, Primitive.INT);
            case LONG -> element(code, Primitive.LONG);
            case FLOAT -> element(code, Primitive.FLOAT);
            case DOUBLE -> element(code, Primitive.DOUBLE);
            case INT2 -> pair(code, Primitive.INT, Integer.BYTES, 2 * Integer.BYTES);
            case SHORT_INT -> pair(code, Primitive.SHORT, Integer.BYTES, 2 * Integer.BYTES);
            case LONG_INT -> pair(code, Primitive.LONG, Long.BYTES, 2 * Long.BYTES);
            case FLOAT_INT -> pair(code, Primitive.FLOAT, Float.BYTES, 2 * Integer.BYTES);
            case DOUBLE_INT -> pair(code, Primitive.DOUBLE, Double.BYTES, 2 * Double.BYTES);
            case FLOAT_COMPLEX -> complex(code, Primitive.FLOAT);
            case DOUBLE_COMPLEX -> complex(code, Primitive.DOUBLE);
            default -> throw new IllegalArgumentException("no predefined datatype " + code);
        };
    }

    private static Datatype element(final int code, final Primitive kind)
    {
        return new Datatype(code, kind, TypeMap.element(kind, NAMES[code]), null, true, 1, NAMES[code], true);
    }

    /**
     * A C struct of a value and an {@code int} index: the value's bytes at 0, the index's at {@code indexOffset}, items
     * {@code extent} bytes apart, as a C compiler lays the struct out on the 64-bit platforms OpenMPJ runs on.
     */
    private static Datatype pair(final int code, final Primitive value, final int indexOffset, final int extent)
    {
        final LayoutBuilder builder = new LayoutBuilder(NAMES[code]);
        builder.addCopies(Layout.ELEMENT, 0, 1, value.sizeBytes());
        builder.addCopies(Layout.ELEMENT, indexOffset, 1, Integer.BYTES);
        final Layout layout = builder.build().resized(0, extent);
        return new Datatype(code, Primitive.BYTE, TypeMap.derived(layout, bytes(), NAMES[code]), value, false, 2, NAMES[code], true);
    }

    private static Datatype complex(final int code, final Primitive part)
    {
        final LayoutBuilder builder = new LayoutBuilder(NAMES[code]);
        builder.addCopies(Layout.ELEMENT, 0, 1, 2);
        return new Datatype(code, part, TypeMap.derived(builder.build(), TypeMap.element(part, NAMES[code]), NAMES[code]), null, false,
            1, NAMES[code], true);
    }

    /** @return the engine's type of single bytes, the base of byte-based types. */
    static TypeMap bytes()
    {
        return TypeMap.element(Primitive.BYTE, "MPI.BYTE");
    }

    /**
     * @return the lower bound, in elements of the base type.
     * @throws MPIException when MPI is not active or the type is freed.
     */
    public int getLb() throws MPIException
    {
        return layout("getLb").lb();
    }

    /**
     * @return the extent (from the lower to the upper bound), in elements of the base type: where item i+1 starts after
     *         item i.
     * @throws MPIException when MPI is not active or the type is freed.
     */
    public int getExtent() throws MPIException
    {
        return layout("getExtent").extent();
    }

    /**
     * @return the lowest element data of the type occupies, ignoring bounds set by {@link #createResized}.
     * @throws MPIException when MPI is not active or the type is freed.
     */
    public int getTrueLb() throws MPIException
    {
        return layout("getTrueLb").dataLow();
    }

    /**
     * @return the span of the elements data of the type occupies, from the lowest to one past the highest.
     * @throws MPIException when MPI is not active or the type is freed.
     */
    public int getTrueExtent() throws MPIException
    {
        final Layout layout = layout("getTrueExtent");
        return layout.dataHigh() - layout.dataLow();
    }

    /**
     * @return the number of elements of the base type one item holds (bytes for byte-based types), holes not counted.
     * @throws MPIException when MPI is not active or the type is freed.
     */
    public int getSize() throws MPIException
    {
        return layout("getSize").size();
    }

    /**
     * Commits the type, so that it can be used in communication; predefined types are committed already.
     *
     * @throws MPIException when MPI is not active or the type is freed.
     */
    public void commit() throws MPIException
    {
        layout("commit");
        committed = true;
    }

    /**
     * Frees a derived type: this object is the null type afterwards, while types built from it stay usable. Predefined types
     * cannot be freed.
     *
     * @throws MPIException {@code ERR_TYPE} for a predefined type.
     */
    @Override
    public void free() throws MPIException
    {
        MPI.check("Datatype.free");
        if (code != DERIVED)
        {
            throw MPI.raiseOnWorld(MPIException.of(ErrorClass.ERR_TYPE, "Datatype.free: " + name + " is predefined and cannot be freed"));
        }
        freed = true;
    }

    /** @return whether this is {@link MPI#DATATYPE_NULL} or a freed type. */
    public boolean isNull()
    {
        return code == NULL || freed;
    }

    /** @return a copy, as {@link #dup()}; an unchecked {@code IllegalStateException} when that fails. */
    @Override
    public Datatype clone()
    {
        try
        {
            return dup();
        }
        catch (final MPIException ex)
        {
            throw new IllegalStateException(ex.getMessage(), ex);
        }
    }

    /**
     * @return a new derived type with the same layout, committed if this one is.
     * @throws MPIException when MPI is not active or the type is null.
     */
    public Datatype dup() throws MPIException
    {
        layout("dup");
        return new Datatype(DERIVED, kind, map, pairValue, elementwise, basicPerItem, "dup of " + name, committed);
    }

    /**
     * @param count   how many copies.
     * @param oldType the type copied.
     * @return a type of {@code count} copies of {@code oldType}, one after another; its base type is {@code oldType}'s.
     * @throws MPIException {@code ERR_COUNT} for a negative count, {@code ERR_TYPE} for a null or freed type.
     */
    public static Datatype createContiguous(final int count, final Datatype oldType) throws MPIException
    {
        return DerivedTypes.contiguous(count, oldType);
    }

    /**
     * @param count       how many blocks.
     * @param blockLength copies of {@code oldType} in each block.
     * @param stride      from the start of one block to the start of the next, in extents of {@code oldType}.
     * @param oldType     the type copied.
     * @return a type of equally spaced blocks of copies of {@code oldType}, e.g. a column of a row-major matrix.
     * @throws MPIException for a negative count or block length, or a null or freed type.
     */
    public static Datatype createVector(final int count, final int blockLength, final int stride, final Datatype oldType)
        throws MPIException
    {
        return DerivedTypes.vector("createVector", count, blockLength, stride, oldType, false);
    }

    /**
     * @param count       how many blocks.
     * @param blockLength copies of {@code oldType} in each block.
     * @param stride      from the start of one block to the start of the next, in bytes: a whole number of elements of the
     *                    base type.
     * @param oldType     the type copied.
     * @return as {@link #createVector}, with the stride in bytes.
     * @throws MPIException {@code ERR_ARG} for a stride that is not a whole number of elements, or as {@link #createVector}.
     */
    public static Datatype createHVector(final int count, final int blockLength, final int stride, final Datatype oldType)
        throws MPIException
    {
        return DerivedTypes.vector("createHVector", count, blockLength, stride, oldType, true);
    }

    /**
     * @param blockLengths  copies of {@code oldType} in each block.
     * @param displacements where each block starts, in extents of {@code oldType}.
     * @param oldType       the type copied.
     * @return a type of blocks of copies of {@code oldType}, each of its own length at its own displacement.
     * @throws MPIException {@code ERR_ARG} for null arrays of different lengths or a negative block length.
     */
    public static Datatype createIndexed(final int[] blockLengths, final int[] displacements, final Datatype oldType) throws MPIException
    {
        return DerivedTypes.indexed("createIndexed", blockLengths, displacements, oldType, false);
    }

    /**
     * @param blockLengths  copies of {@code oldType} in each block.
     * @param displacements where each block starts, in bytes: whole numbers of elements of the base type.
     * @param oldType       the type copied.
     * @return as {@link #createIndexed}, with the displacements in bytes.
     * @throws MPIException as {@link #createIndexed}, or for a displacement that is not a whole number of elements.
     */
    public static Datatype createHIndexed(final int[] blockLengths, final int[] displacements, final Datatype oldType) throws MPIException
    {
        return DerivedTypes.indexed("createHIndexed", blockLengths, displacements, oldType, true);
    }

    /**
     * An OpenMPJ addition (MPI's {@code MPI_Type_create_indexed_block}, which Open MPI 5.0's Java API lacks).
     *
     * @param blockLength   copies of {@code oldType} in every block.
     * @param displacements where each block starts, in extents of {@code oldType}.
     * @param oldType       the type copied.
     * @return as {@link #createIndexed} with every block of the same length.
     * @throws MPIException as {@link #createIndexed}.
     */
    public static Datatype createIndexedBlock(final int blockLength, final int[] displacements, final Datatype oldType) throws MPIException
    {
        return DerivedTypes.indexedBlock(blockLength, displacements, oldType);
    }

    /**
     * @param blockLengths  copies of {@code types[i]} in block i.
     * @param displacements where each block starts, in bytes.
     * @param types         the type of each block; they may differ.
     * @return a C struct type in raw memory: its base type is {@link MPI#BYTE} and its buffers are bytes. Its extent is
     *         the span of its blocks; add padding with {@link #createResized}.
     * @throws MPIException {@code ERR_ARG} for null arrays of different lengths or a negative block length,
     *                      {@code ERR_TYPE} for a null or freed type.
     */
    public static Datatype createStruct(final int[] blockLengths, final int[] displacements, final Datatype[] types) throws MPIException
    {
        return DerivedTypes.struct(blockLengths, displacements, types);
    }

    /**
     * @param oldType the type whose data the new one has.
     * @param lb      the new lower bound, in bytes: a whole number of elements of the base type.
     * @param extent  the new extent, in bytes: a whole number of elements of the base type.
     * @return a type with the data of {@code oldType} and the given bounds, e.g. to interleave items.
     * @throws MPIException {@code ERR_ARG} for a bound that is not a whole number of elements.
     */
    public static Datatype createResized(final Datatype oldType, final int lb, final int extent) throws MPIException
    {
        return DerivedTypes.resized(oldType, lb, extent);
    }

    /**
     * Names the type, for messages.
     *
     * @param name the name.
     * @throws MPIException when MPI is not active.
     */
    public void setName(final String name) throws MPIException
    {
        MPI.check("Datatype.setName");
        this.name = name == null ? "" : name;
    }

    /**
     * @return the type's name: the name of a predefined type, or the one set with {@link #setName}.
     * @throws MPIException when MPI is not active.
     */
    public String getName() throws MPIException
    {
        MPI.check("Datatype.getName");
        return name;
    }

    /**
     * @return a new attribute key for {@link #setAttr}.
     * @throws MPIException when MPI is not active.
     */
    public static int createKeyval() throws MPIException
    {
        MPI.check("Datatype.createKeyval");
        return NEXT_KEYVAL.getAndIncrement();
    }

    /**
     * Frees an attribute key; values set with it stay until deleted.
     *
     * @throws MPIException when MPI is not active.
     */
    public static void freeKeyval(final int keyval) throws MPIException
    {
        MPI.check("Datatype.freeKeyval");
    }

    /**
     * Sets the value of attribute {@code keyval} on this type; a null value deletes it. Duplicates do not inherit it.
     *
     * @throws MPIException when MPI is not active or the type is null.
     */
    public void setAttr(final int keyval, final Object value) throws MPIException
    {
        layout("setAttr");
        if (value == null)
        {
            attributes.remove(keyval);
        }
        else
        {
            attributes.put(keyval, value);
        }
    }

    /**
     * @return the value of attribute {@code keyval}, or null when it has none.
     * @throws MPIException when MPI is not active or the type is null.
     */
    public Object getAttr(final int keyval) throws MPIException
    {
        layout("getAttr");
        return attributes.get(keyval);
    }

    /**
     * Deletes the value of attribute {@code keyval}.
     *
     * @throws MPIException when MPI is not active or the type is null.
     */
    public void deleteAttr(final int keyval) throws MPIException
    {
        layout("deleteAttr");
        attributes.remove(keyval);
    }

    @Override
    public String toString()
    {
        return name;
    }

    // ---------------------------------------------------------------- internals

    /** @return the engine's type; null for {@link MPI#DATATYPE_NULL}. */
    TypeMap map()
    {
        return map;
    }

    /** @return the kind of the base type's elements; null for {@link MPI#DATATYPE_NULL}. */
    Primitive kind()
    {
        return kind;
    }

    /** @return the bytes of one element of the base type. */
    int baseSize()
    {
        return kind == null ? 1 : kind.sizeBytes();
    }

    /** @return the value kind of a pair type ({@link MPI#INT2} …), else null. */
    Primitive pairValue()
    {
        return pairValue;
    }

    /** @return the basic elements of one item as C MPI counts them (a pair 2, a complex 1), for {@link Status#getElements}. */
    int basicPerItem()
    {
        return basicPerItem;
    }

    /**
     * @return whether each element of the base type in an item is a basic element of its own: not so for pairs, complex
     *         numbers, structs and types built of them.
     */
    boolean isElementwise()
    {
        return elementwise;
    }

    /** @return the layout, after checking MPI is active and the type is not null. */
    Layout layout(final String call) throws MPIException
    {
        MPI.check("Datatype." + call);
        if (map == null || freed)
        {
            throw MPI.raiseOnWorld(MPIException.of(ErrorClass.ERR_TYPE, "Datatype." + call + ": the datatype is null"
                + (freed ? " (freed)" : " (MPI.DATATYPE_NULL)")));
        }
        return map.layout();
    }

    /**
     * Checks the type can be used in communication: not null, not freed, committed.
     *
     * @throws MPIException {@code ERR_TYPE} naming the call and argument; not raised yet.
     */
    void checkUsable(final String call, final String argument) throws MPIException
    {
        if (map == null || freed)
        {
            throw MPIException.of(ErrorClass.ERR_TYPE, call + ": " + argument + " is " + (freed ? "a freed datatype" : name)
                + ", which cannot describe data");
        }
        if (!committed)
        {
            throw MPIException.of(ErrorClass.ERR_TYPE, call + ": " + argument + " " + name
                + " is not committed; call commit() on it before using it in communication");
        }
    }

    /** @return whether the type is freed. */
    boolean isFreed()
    {
        return freed;
    }
}
