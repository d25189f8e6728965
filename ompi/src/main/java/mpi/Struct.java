package mpi;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * A C struct laid out in raw memory, described field by field, with typed access to its items in a byte buffer. A
 * subclass adds its fields in its constructor or field initializers ({@link #addInt()}, {@link #addDouble(int)} …; each
 * returns the field's byte offset, to be kept for the accessors), and defines a {@link Data} subclass whose methods read
 * and write the fields with {@link Data#getInt(int)}, {@link Data#putDouble(int, double)} …. {@link #getType()} is the
 * datatype of one item, a {@link Datatype#createStruct} type, made and committed on first use; item i of a buffer starts
 * at byte {@code i * getExtent()}. Fields follow each other with no padding unless {@link #setOffset} moves the next one.
 *
 * <p>Thread-safety: describe the struct in one thread; once its type is made, any thread may use it.
 */
public abstract class Struct
{
    private final List<Field> fields = new ArrayList<>();
    private final Datatype predefined;
    private int extent;
    private volatile Datatype datatype;

    /** A struct whose fields the subclass adds. */
    protected Struct()
    {
        this.predefined = null;
    }

    /** A struct whose item type is {@code predefined}, one of the pair types, with its C extent. */
    Struct(final Datatype predefined, final int extent)
    {
        this.predefined = predefined;
        this.extent = extent;
    }

    /**
     * @return the bytes from one item to the next.
     * @throws MPIException when the struct's type cannot be made.
     */
    public final int getExtent() throws MPIException
    {
        commit();
        return extent;
    }

    /**
     * @return the datatype of one item, committed.
     * @throws MPIException when the struct's type cannot be made.
     */
    public final Datatype getType() throws MPIException
    {
        commit();
        return datatype;
    }

    /** @return a new, unattached accessor of this struct's items; {@link #getData} attaches it. */
    protected abstract Data newData();

    /**
     * @param buffer the buffer of items, in native byte order.
     * @param <T>    the subclass's {@link Data} type.
     * @return an accessor of item 0 of {@code buffer}.
     * @throws MPIException when the struct's type cannot be made.
     */
    @SuppressWarnings("unchecked")
    public final <T extends Data> T getData(final ByteBuffer buffer) throws MPIException
    {
        commit();
        return (T)attach(buffer, 0);
    }

    /**
     * @param buffer the buffer of items, in native byte order.
     * @param index  the item.
     * @param <T>    the subclass's {@link Data} type.
     * @return an accessor of item {@code index} of {@code buffer}.
     * @throws MPIException when the struct's type cannot be made.
     */
    @SuppressWarnings("unchecked")
    public final <T extends Data> T getData(final ByteBuffer buffer, final int index) throws MPIException
    {
        commit();
        return (T)attach(buffer, index * extent);
    }

    /**
     * @param array the items.
     * @param <T>   the subclass's {@link Data} type.
     * @return an accessor of item 0 of {@code array}, read in native byte order.
     * @throws MPIException when the struct's type cannot be made.
     */
    public final <T extends Data> T getData(final byte[] array) throws MPIException
    {
        return getData(ByteBuffer.wrap(array).order(ByteOrder.nativeOrder()));
    }

    /**
     * @param array the items.
     * @param index the item.
     * @param <T>   the subclass's {@link Data} type.
     * @return an accessor of item {@code index} of {@code array}, read in native byte order.
     * @throws MPIException when the struct's type cannot be made.
     */
    public final <T extends Data> T getData(final byte[] array, final int index) throws MPIException
    {
        return getData(ByteBuffer.wrap(array).order(ByteOrder.nativeOrder()), index);
    }

    /**
     * Moves the start of the next field to byte {@code offset}, e.g. to align it.
     *
     * @return this struct.
     * @throws IllegalArgumentException when {@code offset} is before the end of the fields so far.
     * @throws IllegalStateException when the struct's type is made already.
     */
    public final Struct setOffset(final int offset)
    {
        describable();
        if (offset < extent)
        {
            throw new IllegalArgumentException("setOffset: offset=" + offset + " is before the end of the fields so far, byte " + extent);
        }
        extent = offset;
        return this;
    }

    /** @return the byte offset of a new field of one byte. */
    public final int addByte()
    {
        return addByte(1);
    }

    /** @return the byte offset of a new field of {@code length} bytes. */
    public final int addByte(final int length)
    {
        return addField(MPI.BYTE, Byte.BYTES, length);
    }

    /** @return the byte offset of a new field of one char. */
    public final int addChar()
    {
        return addChar(1);
    }

    /** @return the byte offset of a new field of {@code length} chars. */
    public final int addChar(final int length)
    {
        return addField(MPI.CHAR, Character.BYTES, length);
    }

    /** @return the byte offset of a new field of one short. */
    public final int addShort()
    {
        return addShort(1);
    }

    /** @return the byte offset of a new field of {@code length} shorts. */
    public final int addShort(final int length)
    {
        return addField(MPI.SHORT, Short.BYTES, length);
    }

    /** @return the byte offset of a new field of one int. */
    public final int addInt()
    {
        return addInt(1);
    }

    /** @return the byte offset of a new field of {@code length} ints. */
    public final int addInt(final int length)
    {
        return addField(MPI.INT, Integer.BYTES, length);
    }

    /** @return the byte offset of a new field of one long. */
    public final int addLong()
    {
        return addLong(1);
    }

    /** @return the byte offset of a new field of {@code length} longs. */
    public final int addLong(final int length)
    {
        return addField(MPI.LONG, Long.BYTES, length);
    }

    /** @return the byte offset of a new field of one float. */
    public final int addFloat()
    {
        return addFloat(1);
    }

    /** @return the byte offset of a new field of {@code length} floats. */
    public final int addFloat(final int length)
    {
        return addField(MPI.FLOAT, Float.BYTES, length);
    }

    /** @return the byte offset of a new field of one double. */
    public final int addDouble()
    {
        return addDouble(1);
    }

    /** @return the byte offset of a new field of {@code length} doubles. */
    public final int addDouble(final int length)
    {
        return addField(MPI.DOUBLE, Double.BYTES, length);
    }

    /**
     * @return the byte offset of a new field holding one item of {@code struct}.
     * @throws MPIException when {@code struct}'s type cannot be made.
     */
    public final int addStruct(final Struct struct) throws MPIException
    {
        return addStruct(struct, 1);
    }

    /**
     * @return the byte offset of a new field holding {@code length} items of {@code struct}.
     * @throws MPIException when {@code struct}'s type cannot be made.
     */
    public final int addStruct(final Struct struct, final int length) throws MPIException
    {
        return addField(struct.getType(), struct.getExtent(), length);
    }

    /**
     * @return the byte offset of a new field holding one item of {@code type}.
     * @throws MPIException when MPI is not active or the type is null.
     */
    public final int addData(final Datatype type) throws MPIException
    {
        return addData(type, 1);
    }

    /**
     * @return the byte offset of a new field holding {@code length} items of {@code type}.
     * @throws MPIException when MPI is not active or the type is null.
     */
    public final int addData(final Datatype type, final int length) throws MPIException
    {
        return addField(type, type.getExtent() * type.baseSize(), length);
    }

    private int addField(final Datatype type, final int typeExtent, final int length)
    {
        describable();
        final int offset = extent;
        extent += typeExtent * length;
        fields.add(new Field(type, offset, length));
        return offset;
    }

    private void describable()
    {
        if (datatype != null || predefined != null)
        {
            throw new IllegalStateException("the struct's type is made already; its fields cannot change");
        }
    }

    private synchronized void commit() throws MPIException
    {
        if (datatype != null)
        {
            return;
        }
        if (predefined != null)
        {
            datatype = predefined;
            return;
        }
        final int count = fields.size();
        final int[] lengths = new int[count];
        final int[] offsets = new int[count];
        final Datatype[] types = new Datatype[count];
        for (int i = 0; i < count; i++)
        {
            lengths[i] = fields.get(i).length;
            offsets[i] = fields.get(i).offset;
            types[i] = fields.get(i).type;
        }
        final Datatype made = Datatype.createStruct(lengths, offsets, types);
        final int structExtent = made.getExtent();
        made.commit();
        extent = structExtent;
        datatype = made;
    }

    private Data attach(final ByteBuffer buffer, final int offset)
    {
        final Data data = newData();
        data.buffer = buffer;
        data.offset = offset;
        return data;
    }

    /** One field: its type, byte offset and number of items. */
    private record Field(Datatype type, int offset, int length)
    {
    }

    /**
     * The accessor of one item of the struct in a buffer; a subclass defines methods that name the fields. Each method
     * reads or writes at the item's start plus the field's byte offset ({@code field}, as the {@code add} method returned
     * it), {@code index} counting the field's elements.
     */
    public abstract class Data
    {
        private ByteBuffer buffer;
        private int offset;

        /** For subclasses. */
        protected Data()
        {
        }

        /** @return the buffer from this item on: the buffer itself for item 0, else a view from the item's first byte. */
        public final ByteBuffer getBuffer()
        {
            return offset == 0 ? buffer : MPI.slice(buffer, offset);
        }

        /** @return the byte field at byte offset {@code field}. */
        protected final byte getByte(final int field)
        {
            return buffer.get(offset + field);
        }

        /** @return element {@code index} of the byte field at {@code field}. */
        protected final byte getByte(final int field, final int index)
        {
            return buffer.get(offset + field + index);
        }

        /** Writes the byte field at {@code field}. */
        protected final void putByte(final int field, final byte v)
        {
            buffer.put(offset + field, v);
        }

        /** Writes element {@code index} of the byte field at {@code field}. */
        protected final void putByte(final int field, final int index, final byte v)
        {
            buffer.put(offset + field + index, v);
        }

        /** @return the char field at {@code field}. */
        protected final char getChar(final int field)
        {
            return buffer.getChar(offset + field);
        }

        /** @return element {@code index} of the char field at {@code field}. */
        protected final char getChar(final int field, final int index)
        {
            return buffer.getChar(offset + field + index * Character.BYTES);
        }

        /** Writes the char field at {@code field}. */
        protected final void putChar(final int field, final char v)
        {
            buffer.putChar(offset + field, v);
        }

        /** Writes element {@code index} of the char field at {@code field}. */
        protected final void putChar(final int field, final int index, final char v)
        {
            buffer.putChar(offset + field + index * Character.BYTES, v);
        }

        /** @return the short field at {@code field}. */
        protected final short getShort(final int field)
        {
            return buffer.getShort(offset + field);
        }

        /** @return element {@code index} of the short field at {@code field}. */
        protected final short getShort(final int field, final int index)
        {
            return buffer.getShort(offset + field + index * Short.BYTES);
        }

        /** Writes the short field at {@code field}. */
        protected final void putShort(final int field, final short v)
        {
            buffer.putShort(offset + field, v);
        }

        /** Writes element {@code index} of the short field at {@code field}. */
        protected final void putShort(final int field, final int index, final short v)
        {
            buffer.putShort(offset + field + index * Short.BYTES, v);
        }

        /** @return the int field at {@code field}. */
        protected final int getInt(final int field)
        {
            return buffer.getInt(offset + field);
        }

        /** @return element {@code index} of the int field at {@code field}. */
        protected final int getInt(final int field, final int index)
        {
            return buffer.getInt(offset + field + index * Integer.BYTES);
        }

        /** Writes the int field at {@code field}. */
        protected final void putInt(final int field, final int v)
        {
            buffer.putInt(offset + field, v);
        }

        /** Writes element {@code index} of the int field at {@code field}. */
        protected final void putInt(final int field, final int index, final int v)
        {
            buffer.putInt(offset + field + index * Integer.BYTES, v);
        }

        /** @return the long field at {@code field}. */
        protected final long getLong(final int field)
        {
            return buffer.getLong(offset + field);
        }

        /** @return element {@code index} of the long field at {@code field}. */
        protected final long getLong(final int field, final int index)
        {
            return buffer.getLong(offset + field + index * Long.BYTES);
        }

        /** Writes the long field at {@code field}. */
        protected final void putLong(final int field, final long v)
        {
            buffer.putLong(offset + field, v);
        }

        /** Writes element {@code index} of the long field at {@code field}. */
        protected final void putLong(final int field, final int index, final long v)
        {
            buffer.putLong(offset + field + index * Long.BYTES, v);
        }

        /** @return the float field at {@code field}. */
        protected final float getFloat(final int field)
        {
            return buffer.getFloat(offset + field);
        }

        /** @return element {@code index} of the float field at {@code field}. */
        protected final float getFloat(final int field, final int index)
        {
            return buffer.getFloat(offset + field + index * Float.BYTES);
        }

        /** Writes the float field at {@code field}. */
        protected final void putFloat(final int field, final float v)
        {
            buffer.putFloat(offset + field, v);
        }

        /** Writes element {@code index} of the float field at {@code field}. */
        protected final void putFloat(final int field, final int index, final float v)
        {
            buffer.putFloat(offset + field + index * Float.BYTES, v);
        }

        /** @return the double field at {@code field}. */
        protected final double getDouble(final int field)
        {
            return buffer.getDouble(offset + field);
        }

        /** @return element {@code index} of the double field at {@code field}. */
        protected final double getDouble(final int field, final int index)
        {
            return buffer.getDouble(offset + field + index * Double.BYTES);
        }

        /** Writes the double field at {@code field}. */
        protected final void putDouble(final int field, final double v)
        {
            buffer.putDouble(offset + field, v);
        }

        /** Writes element {@code index} of the double field at {@code field}. */
        protected final void putDouble(final int field, final int index, final double v)
        {
            buffer.putDouble(offset + field + index * Double.BYTES, v);
        }

        /**
         * @param type  the field's type.
         * @param field the field's byte offset.
         * @return a view of the buffer from the field's first byte, e.g. for a field that is a struct of its own.
         * @throws MPIException when the type is null.
         */
        protected final ByteBuffer getBuffer(final Datatype type, final int field) throws MPIException
        {
            return getBuffer(type, field, 0);
        }

        /**
         * @param type  the field's type.
         * @param field the field's byte offset.
         * @param index the element of the field.
         * @return a view of the buffer from the first byte of element {@code index} of the field.
         * @throws MPIException when the type is null.
         */
        protected final ByteBuffer getBuffer(final Datatype type, final int field, final int index) throws MPIException
        {
            return MPI.slice(buffer, offset + field + index * type.getExtent() * type.baseSize());
        }
    }
}
