package org.openmpj.ompi;

import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The public API of the classes of package {@code mpi}, one line per type, constructor, method and field, as a program
 * compiled against it sees it: a method's return type, name, parameter types and checked exceptions (a caller's
 * {@code catch} of a checked exception that nothing declares does not compile). Bridge and synthetic methods are left
 * out, and so are protected members (Open MPI's handle constructors); inherited public members are listed under the class that declares them.
 *
 * <p>{@code java ApiSignatures PATH CLASS...} prints the listing of the named classes found on the class path PATH:
 * that is how {@code open-mpi-5.0-java-api.txt} was made, from Open MPI 5.0.10's {@code ompi/mpi/java/java} sources
 * compiled on their own (their classes load their native library only when initialised, which this never does).
 */
public final class ApiSignatures
{
    private ApiSignatures()
    {
    }

    /** Prints the listing of the classes named after the class directory. */
    public static void main(final String[] args) throws Exception
    {
        final String[] path = args[0].split(java.io.File.pathSeparator);
        final java.net.URL[] urls = new java.net.URL[path.length];
        for (int i = 0; i < path.length; i++)
        {
            urls[i] = Path.of(path[i]).toUri().toURL();
        }
        final ClassLoader loader = new java.net.URLClassLoader(urls, null);
        for (final String line : of(loader, Arrays.asList(args).subList(1, args.length)))
        {
            System.out.println(line);
        }
    }

    /**
     * @return the listing of the named classes as {@code loader} finds them, without initialising them; a class it
     *         cannot find gives no line.
     */
    public static SortedSet<String> of(final ClassLoader loader, final List<String> classNames)
    {
        final SortedSet<String> lines = new TreeSet<>();
        for (final String name : classNames)
        {
            final Class<?> type;
            try
            {
                type = Class.forName(name, false, loader);
            }
            catch (final ClassNotFoundException absent)
            {
                continue;
            }
            if (!Modifier.isPublic(type.getModifiers()))
            {
                continue;
            }
            lines.add(name + " type " + kind(type));
            for (final Constructor<?> constructor : type.getDeclaredConstructors())
            {
                if (Modifier.isPublic(constructor.getModifiers()))
                {
                    lines.add(name + " new(" + parameters(constructor) + ")" + throwsClause(constructor));
                }
            }
            for (final Method method : publicMethods(type))
            {
                final int modifiers = method.getModifiers();
                if (Modifier.isPublic(modifiers) && !method.isBridge() && !method.isSynthetic())
                {
                    lines.add(name + (Modifier.isStatic(modifiers) ? " static " : " ") + method.getReturnType().getTypeName() + " "
                        + method.getName() + "(" + parameters(method) + ")" + throwsClause(method));
                }
            }
            for (final Field field : type.getDeclaredFields())
            {
                final int modifiers = field.getModifiers();
                if (Modifier.isPublic(modifiers))
                {
                    lines.add(name + (Modifier.isStatic(modifiers) ? " static " : " ") + (Modifier.isFinal(modifiers) ? "final " : "")
                        + field.getType().getTypeName() + " " + field.getName());
                }
            }
        }
        return lines;
    }

    /**
     * @return the methods {@code type} declares, and those of its superclasses up to the nearest public one: a caller sees
     *         a public method of a hidden base class as the subclass's own.
     */
    private static List<Method> publicMethods(final Class<?> type)
    {
        final List<Method> methods = new ArrayList<>(Arrays.asList(type.getDeclaredMethods()));
        for (Class<?> base = type.getSuperclass(); base != null && !Modifier.isPublic(base.getModifiers()); base = base.getSuperclass())
        {
            methods.addAll(Arrays.asList(base.getDeclaredMethods()));
        }
        return methods;
    }

    /** @return the nearest public superclass of {@code type}, or null for none but Object. */
    private static Class<?> publicSuperclass(final Class<?> type)
    {
        Class<?> base = type.getSuperclass();
        while (base != null && !Modifier.isPublic(base.getModifiers()))
        {
            base = base.getSuperclass();
        }
        return base == Object.class ? null : base;
    }

    /** @return the class named at the start of a listing line. */
    public static String classOf(final String line)
    {
        return line.substring(0, line.indexOf(' '));
    }

    private static String kind(final Class<?> type)
    {
        final List<String> words = new ArrayList<>();
        words.add(type.isInterface() ? "interface" : type.isEnum() ? "enum" : "class");
        final Class<?> base = publicSuperclass(type);
        if (base != null && !type.isEnum())
        {
            words.add("extends " + base.getName());
        }
        return String.join(" ", words);
    }

    private static String parameters(final Executable executable)
    {
        return Arrays.stream(executable.getParameterTypes()).map(Class::getTypeName).collect(Collectors.joining(","));
    }

    private static String throwsClause(final Executable executable)
    {
        final String checked = Arrays.stream(executable.getExceptionTypes())
            .filter(ex -> !RuntimeException.class.isAssignableFrom(ex) && !Error.class.isAssignableFrom(ex))
            .map(Class::getName).sorted().collect(Collectors.joining(","));
        return checked.isEmpty() ? "" : " throws " + checked;
    }
}
