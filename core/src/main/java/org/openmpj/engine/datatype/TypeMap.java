package org.openmpj.engine.datatype;

import org.openmpj.Primitive;

/**
 * A datatype as the engine sees it: the kind of element a buffer of it holds (a primitive, or objects), and the
 * {@link Layout} of one item's elements in such a buffer. A façade's datatype holds one and keeps to itself what
 * only the API knows (its type codes, whether it is committed or freed); the engine moves, packs and reduces
 * messages from this alone. The name is the façade's, for messages that name the type.
 *
 * <p>Immutable and thread-safe.
 */
public final class TypeMap
{
    private final Primitive kind;
    private final boolean objects;
    private final Layout layout;
    private final TypeMap base;
    private final boolean derived;
    private final String name;

    private TypeMap(final Primitive kind, final boolean objects, final Layout layout, final TypeMap base, final boolean derived,
        final String name)
    {
        this.kind = kind;
        this.objects = objects;
        this.layout = layout;
        this.base = base;
        this.derived = derived;
        this.name = name;
    }

    /** @return the predefined type of one {@code kind} element per item. */
    public static TypeMap element(final Primitive kind, final String name)
    {
        return new TypeMap(kind, false, Layout.ELEMENT, null, false, name);
    }

    /** @return the predefined type of one object per item, carried in {@code Object[]} buffers. */
    public static TypeMap objects(final String name)
    {
        return new TypeMap(null, true, Layout.ELEMENT, null, false, name);
    }

    /** @return a predefined type of no elements, such as a bound marker ({@link Layout#LB_MARKER}); null for one that has no layout at all. */
    public static TypeMap marker(final Layout layout, final String name)
    {
        return new TypeMap(null, false, layout, null, false, name);
    }

    /**
     * @return a derived type of {@code layout} over elements of {@code base} (a predefined element type), or of no data
     *         at all when {@code base} is null (a type built of bound markers only).
     */
    public static TypeMap derived(final Layout layout, final TypeMap base, final String name)
    {
        final TypeMap element = base == null ? null : base.base();
        return new TypeMap(element == null ? null : element.kind, element != null && element.objects, layout, element, true, name);
    }

    /** @return the element kind of a buffer of this type; null for objects and for types of no data. */
    public Primitive kind()
    {
        return kind;
    }

    /** @return whether buffers of this type are {@code Object[]} and messages of it carry serialized objects. */
    public boolean isObject()
    {
        return objects;
    }

    /** @return the layout of one item; null for a type that can be neither part of a datatype nor describe data. */
    public Layout layout()
    {
        return layout;
    }

    /** @return the predefined element type the items are made of; null for markers and types of no data. */
    public TypeMap base()
    {
        if (derived)
        {
            return base;
        }
        return isCarrier() ? this : null;
    }

    /** @return whether this is a derived type. */
    public boolean isDerived()
    {
        return derived;
    }

    /** @return whether this is a derived type with no elements at all: its items count, but messages of it carry no bytes. */
    public boolean isEmpty()
    {
        return derived && base == null;
    }

    /** @return whether buffers of this type hold elements: a primitive kind or objects. */
    public boolean isCarrier()
    {
        return kind != null || objects;
    }

    /** @return whether {@code count} items are one run of consecutive elements, which can go to a device without packing. */
    public boolean isContiguous(final int count)
    {
        return layout.isContiguous(count);
    }

    /** @return where the run of {@code count} items from {@code offset} starts, for a contiguous layout. */
    public int firstElement(final int offset, final int count)
    {
        return layout.firstElement(offset, count);
    }

    /** @return the elements {@code count} items hold. */
    public int elements(final int count)
    {
        return count * layout.size();
    }

    @Override
    public String toString()
    {
        return name;
    }
}
