package org.openmpj.objects;

/**
 * Reads and writes the serializable fields of one class: its primitive fields all at once, its reference fields one
 * by one, so that the writer and reader can walk a graph with a stack of their own instead of the thread's (a chain
 * of a million objects must not overflow it). Each instance is generated for its class by {@link FieldAccessGenerator},
 * so that fields are read and set as directly as compiled code would, without reflection on every access.
 */
interface FieldAccess
{
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
