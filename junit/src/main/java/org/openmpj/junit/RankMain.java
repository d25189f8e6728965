package org.openmpj.junit;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * What each rank runs: loaded by the rank's own class loader (a thread rank's, or a rank JVM's through {@link JvmRankMain}),
 * it loads the test class there too, starts MPI, runs the static {@code @BeforeAll} methods, makes an instance, runs the
 * {@code @BeforeEach} methods, the test method and the {@code @AfterEach} methods, then the {@code @AfterAll} methods, and
 * finishes MPI. Each test's ranks are new (new class loaders, or new JVMs), so the {@code All} methods run once per test on
 * every rank, with MPI started. What the test throws leaves {@code main} unchanged, so that the job records it as the
 * rank's failure.
 */
public final class RankMain
{
    private static final String BEFORE_EACH = "org.junit.jupiter.api.BeforeEach";
    private static final String AFTER_EACH = "org.junit.jupiter.api.AfterEach";
    private static final String BEFORE_ALL = "org.junit.jupiter.api.BeforeAll";
    private static final String AFTER_ALL = "org.junit.jupiter.api.AfterAll";

    private RankMain()
    {
    }

    /** @param args the test class's name and the test method's name. */
    public static void main(final String[] args) throws Throwable
    {
        final ClassLoader loader = RankMain.class.getClassLoader();
        final Class<?> testClass = Class.forName(args[0], true, loader);
        final Method test = testMethod(testClass, args[1]);
        final Class<?> mpi = Class.forName("mpi.MPI", true, loader);
        callMpi(mpi.getMethod("Init", String[].class), (Object)new String[0]);
        Throwable failed = null;
        Object instance = null;
        try
        {
            for (final Method before : annotated(testClass, BEFORE_ALL))
            {
                before.invoke(null);
            }
            final var constructor = testClass.getDeclaredConstructor();
            constructor.setAccessible(true);
            instance = constructor.newInstance();
            for (final Method before : annotated(testClass, BEFORE_EACH))
            {
                before.invoke(instance);
            }
            test.invoke(instance);
        }
        catch (final InvocationTargetException thrown)
        {
            failed = thrown.getCause();
        }
        if (instance != null)
        {
            failed = runInReverse(annotated(testClass, AFTER_EACH), instance, failed);
        }
        failed = runInReverse(annotated(testClass, AFTER_ALL), null, failed);
        if (failed != null)
        {
            // The rank's own failure, as the test threw it; MPI is not finished, the job's failure unwinds the others.
            throw failed;
        }
        callMpi(mpi.getMethod("Finalize"));
    }

    /**
     * Runs {@code methods} on {@code target} (null: static ones), last first, each whatever the others threw; @return
     * {@code failed}, or the first failure, the later ones suppressed under it.
     */
    private static Throwable runInReverse(final List<Method> methods, final Object target, final Throwable failed)
        throws IllegalAccessException
    {
        Throwable first = failed;
        for (int i = methods.size() - 1; i >= 0; i--)
        {
            try
            {
                methods.get(i).invoke(target);
            }
            catch (final InvocationTargetException thrown)
            {
                if (first == null)
                {
                    first = thrown.getCause();
                }
                else
                {
                    first.addSuppressed(thrown.getCause());
                }
            }
        }
        return first;
    }

    /** Calls a static method of {@code mpi.MPI}; what it throws is thrown as it is. */
    private static void callMpi(final Method call, final Object... args) throws Throwable
    {
        try
        {
            call.invoke(null, args);
        }
        catch (final InvocationTargetException thrown)
        {
            throw thrown.getCause();
        }
    }

    private static Method testMethod(final Class<?> testClass, final String name) throws NoSuchMethodException
    {
        for (Class<?> type = testClass; type != null; type = type.getSuperclass())
        {
            for (final Method method : type.getDeclaredMethods())
            {
                if (method.getName().equals(name) && method.getParameterCount() == 0 && !Modifier.isStatic(method.getModifiers()))
                {
                    method.setAccessible(true);
                    return method;
                }
            }
        }
        throw new NoSuchMethodException(testClass.getName() + " has no instance method " + name + "() without parameters;"
            + " @MpiTest methods take none");
    }

    /**
     * @return the methods of {@code testClass} and its superclasses annotated with {@code annotation}, superclasses' first
     *     (after-each methods run in the reverse order).
     */
    private static List<Method> annotated(final Class<?> testClass, final String annotation)
    {
        final List<Method> found = new ArrayList<>();
        for (Class<?> type = testClass; type != null && type != Object.class; type = type.getSuperclass())
        {
            final List<Method> own = new ArrayList<>();
            for (final Method method : type.getDeclaredMethods())
            {
                for (final var present : method.getAnnotations())
                {
                    if (present.annotationType().getName().equals(annotation))
                    {
                        method.setAccessible(true);
                        own.add(method);
                    }
                }
            }
            found.addAll(0, own);
        }
        return found;
    }
}
