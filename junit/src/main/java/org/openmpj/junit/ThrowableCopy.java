package org.openmpj.junit;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * Stands in for a rank JVM's failure that cannot be serialized (a field of it, or of its causes, is not): it carries the
 * original's class name, message and stack trace, and copies of its cause and suppressed exceptions, and prints as the
 * original did.
 */
final class ThrowableCopy extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /** The class of the original, which the copy's {@link #toString()} names. */
    private final String className;

    private ThrowableCopy(final Throwable original, final Throwable cause)
    {
        super(original.getMessage(), cause);
        this.className = original.getClass().getName();
        setStackTrace(original.getStackTrace());
    }

    /** @return a copy of {@code original}, its causes and suppressed exceptions, each copied once. */
    static ThrowableCopy of(final Throwable original)
    {
        return of(original, Collections.newSetFromMap(new IdentityHashMap<>()));
    }

    private static ThrowableCopy of(final Throwable original, final Set<Throwable> copied)
    {
        copied.add(original);
        final Throwable cause = original.getCause();
        final ThrowableCopy copy = new ThrowableCopy(original, cause == null || copied.contains(cause) ? null : of(cause, copied));
        for (final Throwable suppressed : original.getSuppressed())
        {
            if (!copied.contains(suppressed))
            {
                copy.addSuppressed(of(suppressed, copied));
            }
        }
        return copy;
    }

    /** @return the name of the original's class. */
    String className()
    {
        return className;
    }

    @Override
    public String toString()
    {
        final String message = getLocalizedMessage();
        return message == null ? className : className + ": " + message;
    }
}
