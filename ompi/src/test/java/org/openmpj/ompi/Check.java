package org.openmpj.ompi;

import java.util.Arrays;
import java.util.Objects;

/**
 * Checks made inside the ranks of a test program: a failed check throws {@link AssertionError}, which fails the rank and
 * so the job, and the test with the rank's message.
 */
public final class Check
{
    private Check()
    {
    }

    /** Fails unless {@code expected} equals {@code actual}. */
    public static void equal(final Object expected, final Object actual, final String what)
    {
        if (!Objects.deepEquals(expected, actual))
        {
            throw new AssertionError(what + ": expected " + show(expected) + " but was " + show(actual));
        }
    }

    /** Fails unless {@code condition} holds. */
    public static void isTrue(final boolean condition, final String what)
    {
        if (!condition)
        {
            throw new AssertionError(what);
        }
    }

    /** What a call that must fail does. */
    @FunctionalInterface
    public interface Call
    {
        void run() throws Exception;
    }

    /**
     * Fails unless {@code call} throws {@link mpi.MPIException} of {@code errorClass} whose message contains {@code text}.
     *
     * @return the exception.
     */
    public static mpi.MPIException fails(final int errorClass, final String text, final Call call)
    {
        try
        {
            call.run();
        }
        catch (final mpi.MPIException ex)
        {
            equal(errorClass, ex.getErrorClass(), "error class of '" + ex.getMessage() + "'");
            isTrue(ex.getMessage() != null && ex.getMessage().contains(text), "message '" + ex.getMessage() + "' should contain '" + text + "'");
            return ex;
        }
        catch (final Exception ex)
        {
            throw new AssertionError("expected an MPIException of class " + errorClass + ", got " + ex, ex);
        }
        throw new AssertionError("expected an MPIException of class " + errorClass + " containing '" + text + "', but the call returned");
    }

    private static String show(final Object value)
    {
        if (value instanceof int[] a)
        {
            return Arrays.toString(a);
        }
        if (value instanceof double[] a)
        {
            return Arrays.toString(a);
        }
        if (value instanceof long[] a)
        {
            return Arrays.toString(a);
        }
        if (value instanceof Object[] a)
        {
            return Arrays.deepToString(a);
        }
        return String.valueOf(value);
    }
}
