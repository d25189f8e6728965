package org.openmpj.objects;

/**
 * Reads and writes the serializable fields of one class: all of them at once, which recurses into the objects the
 * references lead to and is fastest, or the primitive fields at once and the references one by one, so that the writer
 * and reader can go on with a stack of their own once the thread's has grown deep (a chain of a million objects must
 * not overflow it). Each instance is generated for its class by {@link FieldAccessGenerator},
 * so that fields are read and set as directly as compiled code would, without reflection on every access.
 */
interface FieldAccess
{
    /** Writes every field of {@code instance} to {@code out}, its references through {@link ObjectWriter#writeValue}. */
    void write(Object instance, ObjectWriter out) throws ReflectiveOperationException;

    /** Sets every field of {@code instance}, a fresh instance, from {@code in}, its references through {@link ObjectReader#readValue}. */
    void read(Object instance, ObjectReader in) throws ReflectiveOperationException;

    /** Writes the primitive fields of {@code instance} to {@code out}, in wire order. */
    void writePrimitives(Object instance, ObjectWriter out);

    /** @return reference field {@code index} (in wire order) of {@code instance}. */
    Object reference(Object instance, int index);

    /** Sets the primitive fields of {@code instance}, a fresh instance, from {@code in}, in wire order. */
    void readPrimitives(Object instance, ObjectReader in);

    /**
     * Sets reference field {@code index} of {@code instance} to {@code value}.
     *
     * @throws ClassCastException when {@code value} is not of the field's type.
     */
    void setReference(Object instance, int index, Object value);
}
