package org.openmpj;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;

import mpi.MPI;
import org.openmpj.executor.MpiExecutor;

/**
 * Runs a program as the root of a task pool made of the whole job:
 * {@code mpjrun -np 65 -cp app.jar org.openmpj.Executors [--] MyMain args…} starts MPI, opens a pool of every rank with
 * rank 0 as its root, runs {@code MyMain.main(args…)} on rank 0 while the 64 other ranks serve as its workers, and ends the
 * pool and MPI when {@code main} returns. {@code MyMain} finds its executor with {@link #pool()} and makes no MPI calls of
 * its own beyond the pool (MPI is already started, and is finished for it).
 */
public final class Executors
{
    private static volatile MpiExecutor pool;

    private Executors()
    {
    }

    /**
     * @return the pool of the program {@link #main} started, on its root.
     * @throws IllegalStateException when this program was not started by {@code org.openmpj.Executors}.
     */
    public static MpiExecutor pool()
    {
        final MpiExecutor started = pool;
        if (started == null)
        {
            throw new IllegalStateException("no pool: Executors.pool() is for programs started as org.openmpj.Executors MainClass args…;"
                + " other programs open their own with MpiExecutor.open(MPI.COMM_WORLD, root)");
        }
        return started;
    }

    /** Starts the pool and runs the program named by the first argument (after an optional {@code --}) on its root. */
    public static void main(final String[] args) throws Throwable
    {
        final String[] programArgs = MPI.Init(args);
        final int first = programArgs.length > 0 && programArgs[0].equals("--") ? 1 : 0;
        final Method main = programArgs.length > first ? mainOf(programArgs[first]) : null;
        if (main == null)
        {
            // Every rank sees the same arguments, so every rank refuses alike and none waits for a pool.
            throw new IllegalArgumentException("org.openmpj.Executors needs the class to run on the pool's root: "
                + "org.openmpj.Executors [--] MainClass args…; it was given " + Arrays.toString(programArgs));
        }
        final MpiExecutor opened = MpiExecutor.open(MPI.COMM_WORLD, 0);
        if (opened.isRoot())
        {
            pool = opened;
            try
            {
                main.invoke(null, (Object)Arrays.copyOfRange(programArgs, first + 1, programArgs.length));
            }
            catch (final InvocationTargetException thrown)
            {
                throw thrown.getCause();
            }
            finally
            {
                opened.close();
                pool = null;
            }
        }
        MPI.Finalize();
    }

    private static Method mainOf(final String className)
    {
        try
        {
            final Class<?> type = Class.forName(className, true, Thread.currentThread().getContextClassLoader());
            final Method main = type.getMethod("main", String[].class);
            if (!Modifier.isStatic(main.getModifiers()))
            {
                throw new IllegalArgumentException(className + ".main is not static; expected public static void main(String[])");
            }
            return main;
        }
        catch (final ClassNotFoundException ex)
        {
            throw new IllegalArgumentException("org.openmpj.Executors: class " + className + " not found on the class path", ex);
        }
        catch (final NoSuchMethodException ex)
        {
            throw new IllegalArgumentException("org.openmpj.Executors: " + className + " has no public static void main(String[])", ex);
        }
    }
}
