package org.openmpj.objects;

/** An {@code MPI.OBJECT} message whose bytes do not decode; {@link ObjectCodec} names the sender when it reports it. */
final class MalformedObjectsException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    MalformedObjectsException(final String message)
    {
        super(message);
    }

    MalformedObjectsException(final String message, final Throwable cause)
    {
        super(message, cause);
    }
}
