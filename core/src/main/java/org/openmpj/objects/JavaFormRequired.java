package org.openmpj.objects;

/**
 * Thrown by {@link ObjectWriter} when a message reaches a class that must go by Java serialization; carries no stack
 * trace, as it is control flow, and is one shared instance.
 */
final class JavaFormRequired extends RuntimeException
{
    static final JavaFormRequired INSTANCE = new JavaFormRequired();
    private static final long serialVersionUID = 1L;

    private JavaFormRequired()
    {
        super("a class in the graph defines its own serialized form", null, false, false);
    }
}
