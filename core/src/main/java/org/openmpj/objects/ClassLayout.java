package org.openmpj.objects;

import java.io.Externalizable;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * How a class travels in the compact encoding, worked out once per class: its shape, and for the shapes with fields
 * the fields in wire order, the constructor that builds instances, and the class's identity on the wire (name,
 * serialVersionUID, a hash of the field layout), which the receiver checks against its own class of that name.
 *
 * <p>A class whose serialization Java lets the class itself define — {@code writeObject}, {@code readObject},
 * {@code readObjectNoData}, {@code writeReplace}, {@code readResolve}, {@code serialPersistentFields},
 * {@code Externalizable}, proxies, hidden classes — has the shape {@link Shape#JAVA}: messages holding one are sent
 * with Java serialization, so that such classes behave exactly as Java defines. Serializable lambdas, whose classes are
 * hidden, are the exception: they travel as the recipe Java serialization would write for them ({@link LambdaRecipe}).
 * Thread-safe; immutable once built but for a lambda's recipe, worked out from the first lambda of its class sent.
 */
final class ClassLayout
{
    /** What kind of value a class's instances are on the wire. */
    enum Shape
    {
        /** Serializable fields written one by one; built by the serialization constructor. */
        PLAIN,
        /** Components written in order; built by the canonical constructor. */
        RECORD,
        /** A constant, written by name. */
        ENUM,
        /** An array of references. */
        OBJECTS,
        /** A serializable lambda: the recipe that rebuilds it, then the values it captured. */
        LAMBDA,
        /** Sent with Java serialization. */
        JAVA,
        /** Not {@code Serializable}: cannot be sent. */
        NOT_SERIALIZABLE
    }

    private static final ClassValue<ClassLayout> LAYOUTS = new ClassValue<>()
    {
        @Override
        protected ClassLayout computeValue(final Class<?> type)
        {
            return analyse(type);
        }
    };
    private static final Object NO_REFLECTION_FACTORY = new Object();
    private static volatile Object reflectionFactory;

    final Class<?> type;
    final Shape shape;
    /** The class's name in UTF-8, as it is written. */
    final byte[] name;
    final long serialVersionUid;
    final int layoutHash;
    /** Primitive fields (PLAIN) in wire order. */
    final Field[] primitives;
    /** Reference fields (PLAIN) in wire order. */
    final Field[] references;
    /** PLAIN: reads and writes the fields. */
    final FieldAccess access;
    /** RECORD: writes the components and builds records. */
    final RecordAccess recordAccess;
    /** PLAIN: the serialization constructor. */
    final Constructor<?> constructor;
    /** LAMBDA: the lambda's {@code writeReplace}, which gives its recipe and captured values. */
    final Method replacer;
    /** LAMBDA: the recipe as written, the same for every lambda of the class; set when the first one is sent. */
    volatile byte[] lambdaRecipe;

    private ClassLayout(final Class<?> type, final Shape shape, final Field[] primitives, final Field[] references,
        final FieldAccess access, final Constructor<?> constructor, final Class<?>[] componentTypes, final Method replacer,
        final RecordAccess recordAccess)
    {
        this.type = type;
        this.shape = shape;
        this.name = type.getName().getBytes(StandardCharsets.UTF_8);
        this.primitives = primitives;
        this.references = references;
        this.access = access;
        this.constructor = constructor;
        this.replacer = replacer;
        this.recordAccess = recordAccess;
        this.serialVersionUid = shape == Shape.PLAIN || shape == Shape.OBJECTS ? ObjectStreamClass.lookup(type).getSerialVersionUID() : 0L;
        this.layoutHash = layoutHash(type, primitives, references, componentTypes);
    }

    /** @return the layout of {@code type}, worked out on first use. */
    static ClassLayout of(final Class<?> type)
    {
        return LAYOUTS.get(type);
    }

    private static ClassLayout analyse(final Class<?> type)
    {
        if (type.isArray())
        {
            return simple(type, Shape.OBJECTS);
        }
        if (type.isEnum())
        {
            return simple(type, Shape.ENUM);
        }
        if (!Serializable.class.isAssignableFrom(type))
        {
            return simple(type, Shape.NOT_SERIALIZABLE);
        }
        if (type.isHidden())
        {
            return lambda(type);
        }
        if (type == Class.class || Externalizable.class.isAssignableFrom(type) || Proxy.isProxyClass(type) || definesItsOwnForm(type))
        {
            return simple(type, Shape.JAVA);
        }
        try
        {
            return type.isRecord() ? record(type) : plain(type);
        }
        catch (final ReflectiveOperationException | RuntimeException ex)
        {
            // Fields or constructors this code may not open (a class of a named module) go the way Java serialization goes.
            return simple(type, Shape.JAVA);
        }
    }

    private static ClassLayout simple(final Class<?> type, final Shape shape)
    {
        return new ClassLayout(type, shape, new Field[0], new Field[0], null, null, new Class<?>[0], null, null);
    }

    /** @return the layout of a hidden class: a serializable lambda's when its {@code writeReplace} opens to this code. */
    private static ClassLayout lambda(final Class<?> type)
    {
        if (type.getName().contains("$$Lambda"))
        {
            try
            {
                final Method replacer = type.getDeclaredMethod("writeReplace");
                replacer.setAccessible(true);
                return new ClassLayout(type, Shape.LAMBDA, new Field[0], new Field[0], null, null, new Class<?>[0], replacer, null);
            }
            catch (final ReflectiveOperationException | RuntimeException ex)
            {
                // A lambda of a module closed to this code: Java serialization still reaches its recipe.
            }
        }
        return simple(type, Shape.JAVA);
    }

    private static ClassLayout record(final Class<?> type) throws ReflectiveOperationException
    {
        final RecordComponent[] components = type.getRecordComponents();
        final Method[] accessors = new Method[components.length];
        final Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++)
        {
            accessors[i] = components[i].getAccessor();
            accessors[i].setAccessible(true);
            types[i] = components[i].getType();
        }
        final Constructor<?> canonical = type.getDeclaredConstructor(types);
        canonical.setAccessible(true);
        return new ClassLayout(type, Shape.RECORD, new Field[0], new Field[0], null, null, types, null,
            FieldAccessGenerator.generateRecord(accessors, canonical));
    }

    private static ClassLayout plain(final Class<?> type) throws ReflectiveOperationException
    {
        final Constructor<?> constructor = serializationConstructor(type);
        if (constructor == null)
        {
            return simple(type, Shape.JAVA);
        }
        final List<Class<?>> serializable = new ArrayList<>();
        for (Class<?> c = type; c != null && Serializable.class.isAssignableFrom(c); c = c.getSuperclass())
        {
            serializable.addFirst(c);
        }
        final List<Field> primitives = new ArrayList<>();
        final List<Field> references = new ArrayList<>();
        for (final Class<?> c : serializable)
        {
            final Field[] declared = c.getDeclaredFields();
            Arrays.sort(declared, Comparator.comparing(Field::getName));
            for (final Field field : declared)
            {
                final int modifiers = field.getModifiers();
                if (Modifier.isStatic(modifiers) || Modifier.isTransient(modifiers))
                {
                    continue;
                }
                field.setAccessible(true);
                (field.getType().isPrimitive() ? primitives : references).add(field);
            }
        }
        final Field[] primitiveFields = primitives.toArray(Field[]::new);
        final Field[] referenceFields = references.toArray(Field[]::new);
        return new ClassLayout(type, Shape.PLAIN, primitiveFields, referenceFields, FieldAccessGenerator.generate(primitiveFields, referenceFields),
            constructor, new Class<?>[0], null, null);
    }

    /** Whether {@code type} or a class it inherits from takes part in its own serialization. */
    private static boolean definesItsOwnForm(final Class<?> type)
    {
        for (Class<?> c = type; c != null; c = c.getSuperclass())
        {
            if (declaresMethod(c, "writeReplace") || declaresMethod(c, "readResolve"))
            {
                return true;
            }
            if (Serializable.class.isAssignableFrom(c) && (declaresMethod(c, "writeObject", java.io.ObjectOutputStream.class)
                || declaresMethod(c, "readObject", java.io.ObjectInputStream.class) || declaresMethod(c, "readObjectNoData")
                || declaresStaticField(c, "serialPersistentFields")))
            {
                return true;
            }
        }
        return false;
    }

    private static boolean declaresMethod(final Class<?> c, final String name, final Class<?>... parameters)
    {
        try
        {
            return !Modifier.isStatic(c.getDeclaredMethod(name, parameters).getModifiers());
        }
        catch (final NoSuchMethodException ex)
        {
            return false;
        }
    }

    private static boolean declaresStaticField(final Class<?> c, final String name)
    {
        try
        {
            return Modifier.isStatic(c.getDeclaredField(name).getModifiers());
        }
        catch (final NoSuchFieldException ex)
        {
            return false;
        }
    }

    /**
     * The constructor Java serialization builds instances with: the no-argument constructor of the first superclass
     * that is not serializable, creating an instance of {@code type}. It comes from the JDK's {@code ReflectionFactory}
     * (module jdk.unsupported), reached reflectively so that nothing depends on it at compile time.
     *
     * @return null when there is none or the factory is missing, and the class then goes by Java serialization.
     */
    private static Constructor<?> serializationConstructor(final Class<?> type) throws ReflectiveOperationException
    {
        Object factory = reflectionFactory;
        if (factory == null)
        {
            try
            {
                final Class<?> factoryClass = Class.forName("sun.reflect.ReflectionFactory");
                factory = factoryClass.getMethod("getReflectionFactory").invoke(null);
            }
            catch (final ReflectiveOperationException | LinkageError ex)
            {
                factory = NO_REFLECTION_FACTORY;
            }
            reflectionFactory = factory;
        }
        if (factory == NO_REFLECTION_FACTORY)
        {
            return null;
        }
        try
        {
            final Constructor<?> constructor = (Constructor<?>)factory.getClass().getMethod("newConstructorForSerialization", Class.class)
                .invoke(factory, type);
            if (constructor != null)
            {
                constructor.setAccessible(true);
            }
            return constructor;
        }
        catch (final InvocationTargetException ex)
        {
            return null;
        }
    }

    private static int layoutHash(final Class<?> type, final Field[] primitives, final Field[] references, final Class<?>[] components)
    {
        int hash = type.getName().hashCode();
        for (final Field field : primitives)
        {
            hash = 31 * (31 * hash + field.getName().hashCode()) + field.getType().getName().hashCode();
        }
        for (final Field field : references)
        {
            hash = 31 * (31 * hash + field.getName().hashCode()) + field.getType().getName().hashCode();
        }
        for (final Class<?> component : components)
        {
            hash = 31 * hash + component.getName().hashCode();
        }
        return hash;
    }
}
