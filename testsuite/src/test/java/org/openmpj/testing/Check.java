package org.openmpj.testing;

import java.util.Arrays;
import java.util.Objects;

/**
 * Assertions for code running inside a rank. A failed check throws {@link AssertionError} out of the rank's
 * {@code main}, which fails the job with the rank and the message, and so the test.
 */
public final class Check
{
    private Check()
    {
    }

    public static void that(final boolean condition, final String what)
    {
        if (!condition)
        {
            throw new AssertionError(what);
        }
    }

    public static void equal(final long expected, final long actual, final String what)
    {
        if (expected != actual)
        {
            throw new AssertionError(what + ": expected " + expected + " but was " + actual);
        }
    }

    public static void equal(final Object expected, final Object actual, final String what)
    {
        if (!Objects.deepEquals(expected, actual))
        {
            throw new AssertionError(what + ": expected " + describe(expected) + " but was " + describe(actual));
        }
    }

    /**
     * Runs {@code action} and checks it throws {@code mpi.MPIException} of error class {@code errorClass} whose
     * message contains every one of {@code fragments}.
     */
    public static void fails(final int errorClass, final Runnable action, final String... fragments)
    {
        try
        {
            action.run();
        }
        catch (final mpi.MPIException ex)
        {
            if (ex.getErrorClass() != errorClass)
            {
                throw new AssertionError("expected error class " + errorClass + " but got " + ex.getErrorClass() + ": " + ex.getMessage(), ex);
            }
            final String message = String.valueOf(ex.getMessage());
            for (final String fragment : fragments)
            {
                if (!message.contains(fragment))
                {
                    throw new AssertionError("message '" + message + "' does not mention '" + fragment + "'", ex);
                }
            }
            return;
        }
        throw new AssertionError("expected an MPIException of class " + errorClass + " but the call succeeded");
    }

    private static String describe(final Object value)
    {
        if (value instanceof Object[] array)
        {
            return Arrays.deepToString(array);
        }
        if (value != null && value.getClass().isArray())
        {
            return Arrays.deepToString(new Object[] {value});
        }
        return String.valueOf(value);
    }
}
