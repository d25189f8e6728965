package org.openmpj;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The primitive element kinds a message buffer can hold: the Java array type and the element size.
 * Devices see nothing richer than a slice of one of these arrays.
 */
public enum Primitive
{
    BYTE(1, byte[].class, ValueLayout.JAVA_BYTE),
    CHAR(2, char[].class, ValueLayout.JAVA_CHAR_UNALIGNED),
    SHORT(2, short[].class, ValueLayout.JAVA_SHORT_UNALIGNED),
    BOOLEAN(1, boolean[].class, null),
    INT(4, int[].class, ValueLayout.JAVA_INT_UNALIGNED),
    LONG(8, long[].class, ValueLayout.JAVA_LONG_UNALIGNED),
    FLOAT(4, float[].class, ValueLayout.JAVA_FLOAT_UNALIGNED),
    DOUBLE(8, double[].class, ValueLayout.JAVA_DOUBLE_UNALIGNED);

    private final int sizeBytes;
    private final Class<?> arrayClass;
    private final ValueLayout layout;

    Primitive(final int sizeBytes, final Class<?> arrayClass, final ValueLayout layout)
    {
        this.sizeBytes = sizeBytes;
        this.arrayClass = arrayClass;
        this.layout = layout;
    }

    /** @return bytes per element. */
    public int sizeBytes()
    {
        return sizeBytes;
    }

    /** @return the Java array class holding elements of this kind, e.g. {@code double[].class}. */
    public Class<?> arrayClass()
    {
        return arrayClass;
    }

    /** @return whether {@code array} is an array of this kind. */
    public boolean isArrayOf(final Object array)
    {
        return array != null && array.getClass() == arrayClass;
    }

    /** @return a new zeroed array of this kind with {@code length} elements. */
    public Object newArray(final int length)
    {
        return switch (this)
        {
            case BYTE -> new byte[length];
            case CHAR -> new char[length];
            case SHORT -> new short[length];
            case BOOLEAN -> new boolean[length];
            case INT -> new int[length];
            case LONG -> new long[length];
            case FLOAT -> new float[length];
            case DOUBLE -> new double[length];
        };
    }

    /** @return the element count of {@code array}, which must be of this kind. */
    public int length(final Object array)
    {
        return java.lang.reflect.Array.getLength(array);
    }

    /** @return the unaligned memory layout of one element (null for {@link #BOOLEAN}). */
    public ValueLayout layout()
    {
        return layout;
    }

    /**
     * @return a memory segment over {@code array}, which must be of this kind.
     * @throws IllegalStateException for {@link #BOOLEAN}, whose arrays have no segment view.
     */
    public MemorySegment segmentOf(final Object array)
    {
        return switch (this)
        {
            case BYTE -> MemorySegment.ofArray((byte[])array);
            case CHAR -> MemorySegment.ofArray((char[])array);
            case SHORT -> MemorySegment.ofArray((short[])array);
            case INT -> MemorySegment.ofArray((int[])array);
            case LONG -> MemorySegment.ofArray((long[])array);
            case FLOAT -> MemorySegment.ofArray((float[])array);
            case DOUBLE -> MemorySegment.ofArray((double[])array);
            case BOOLEAN -> throw new IllegalStateException("boolean[] has no memory segment view");
        };
    }

}
