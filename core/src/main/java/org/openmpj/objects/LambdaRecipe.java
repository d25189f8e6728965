package org.openmpj.objects;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.SerializedLambda;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * What a serializable lambda is on the wire, but for the values it captured: the class whose code wrote the lambda, the
 * interface it implements and the method it calls, as {@link SerializedLambda} holds them. A receiving rank rebuilds the
 * lambda as Java deserialization does, through the writing class's {@code $deserializeLambda$}, which the compiler adds
 * to every class with serializable lambdas; the same checks refuse a recipe the class did not write. A recipe is the same
 * for every lambda of one lambda class, so a sender works its bytes out once per class and a receiver reads them into a
 * recipe once per rank.
 *
 * <p>Immutable; thread-safe.
 */
final class LambdaRecipe
{
    private final String capturingClassName;
    private final String interfaceClass;
    private final String interfaceMethodName;
    private final String interfaceMethodSignature;
    private final int implMethodKind;
    private final String implClass;
    private final String implMethodName;
    private final String implMethodSignature;
    private final String instantiatedMethodType;
    private final Class<?> capturingClass;
    private final Method deserializer;

    private LambdaRecipe(final DataInputStream in, final ClassResolver resolver) throws IOException
    {
        capturingClassName = in.readUTF();
        interfaceClass = in.readUTF();
        interfaceMethodName = in.readUTF();
        interfaceMethodSignature = in.readUTF();
        implMethodKind = in.readInt();
        implClass = in.readUTF();
        implMethodName = in.readUTF();
        implMethodSignature = in.readUTF();
        instantiatedMethodType = in.readUTF();
        capturingClass = resolver.resolve(capturingClassName.replace('/', '.'));
        try
        {
            deserializer = capturingClass.getDeclaredMethod("$deserializeLambda$", SerializedLambda.class);
            deserializer.setAccessible(true);
        }
        catch (final ReflectiveOperationException | RuntimeException ex)
        {
            throw new MalformedObjectsException("a lambda written by " + capturingClass.getName() + " arrived, but that class cannot"
                + " rebuild lambdas here (" + ex + ")", ex);
        }
    }

    /** @return the recipe of {@code lambda} as it is written, without its captured values. */
    static byte[] bytesOf(final SerializedLambda lambda)
    {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes))
        {
            out.writeUTF(lambda.getCapturingClass());
            out.writeUTF(lambda.getFunctionalInterfaceClass());
            out.writeUTF(lambda.getFunctionalInterfaceMethodName());
            out.writeUTF(lambda.getFunctionalInterfaceMethodSignature());
            out.writeInt(lambda.getImplMethodKind());
            out.writeUTF(lambda.getImplClass());
            out.writeUTF(lambda.getImplMethodName());
            out.writeUTF(lambda.getImplMethodSignature());
            out.writeUTF(lambda.getInstantiatedMethodType());
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
        return bytes.toByteArray();
    }

    /**
     * @return the recipe written in {@code bytes[start .. start+length)}, its classes those of {@code resolver}'s rank.
     * @throws MalformedObjectsException when the bytes are not a recipe, or the writing class is not there to rebuild it.
     */
    static LambdaRecipe read(final byte[] bytes, final int start, final int length, final ClassResolver resolver)
    {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes, start, length)))
        {
            final LambdaRecipe recipe = new LambdaRecipe(in, resolver);
            if (in.available() != 0)
            {
                throw new MalformedObjectsException(in.available() + " bytes follow a lambda's recipe");
            }
            return recipe;
        }
        catch (final IOException ex)
        {
            throw new MalformedObjectsException("a lambda's recipe of " + length + " bytes does not decode: " + ex, ex);
        }
    }

    /** @return the lambda this recipe makes with the values {@code captured}. */
    Object rebuild(final Object[] captured) throws IllegalAccessException
    {
        final SerializedLambda lambda = new SerializedLambda(capturingClass, interfaceClass, interfaceMethodName,
            interfaceMethodSignature, implMethodKind, implClass, implMethodName, implMethodSignature, instantiatedMethodType, captured);
        try
        {
            return deserializer.invoke(null, lambda);
        }
        catch (final InvocationTargetException ex)
        {
            throw new MalformedObjectsException("the lambda calling " + implClass.replace('/', '.') + "." + implMethodName + " cannot be"
                + " rebuilt by " + capturingClass.getName() + ": " + ex.getCause(), ex.getCause());
        }
    }
}
