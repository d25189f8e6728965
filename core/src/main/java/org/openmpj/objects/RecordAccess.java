package org.openmpj.objects;

/**
 * Writes the components of one record class and builds records of it from components read back, as directly as compiled
 * code would: primitive components without boxing, the canonical constructor without reflection on every record.
 * Each instance is generated for its class by {@link FieldAccessGenerator}.
 */
interface RecordAccess
{
    /** Writes the components of {@code record} to {@code out} in order, its references through {@link ObjectWriter#writeValue}. */
    void write(Object record, ObjectWriter out) throws ReflectiveOperationException;

    /**
     * @return a record built by the canonical constructor from components read from {@code in} in order, its references
     *     through {@link ObjectReader#readValue}.
     * @throws ClassCastException when a reference read is not of its component's type; whatever the constructor throws.
     */
    Object read(ObjectReader in) throws ReflectiveOperationException;
}
