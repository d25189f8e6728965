package org.openmpj.objects;

/**
 * An object that arrived but cannot go into the receive buffer, a typed array such as a {@code String[]}, which is a
 * valid {@code Object[]} but cannot hold every object; {@link ObjectCodec} names the element, its class and the sender.
 */
final class UnstorableElementException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    final int element;
    final String className;

    private UnstorableElementException(final int element, final String className)
    {
        super("element " + element + " is a " + className, null, false, false);
        this.element = element;
        this.className = className;
    }

    /** Stores {@code value} as element {@code element} of the message at {@code dst[offset + element]}. */
    static void store(final Object[] dst, final int offset, final int element, final Object value)
    {
        if (value != null && dst.getClass() != Object[].class && !dst.getClass().getComponentType().isInstance(value))
        {
            throw new UnstorableElementException(element, value.getClass().getName());
        }
        dst[offset + element] = value;
    }
}
