package org.openmpj.objects;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Finds classes by name with one rank's class loader, so that each thread rank gets instances of its own classes, and
 * remembers what it found: a class is looked up through the loader once per rank, not once per message. Loading
 * does not initialize a class. Thread-safe.
 */
final class ClassResolver
{
    /** How many classes met lately are remembered by their names' bytes; a power of two. */
    private static final int RECENT_SLOTS = 8;

    private final ClassLoader loader;
    private final ConcurrentHashMap<String, Class<?>> found = new ConcurrentHashMap<>();
    /** Classes met lately, by a hash of their names' bytes; a slot is overwritten by the next class that hashes there. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private final Met<ClassLayout>[] recent = new Met[RECENT_SLOTS];
    private final ConcurrentHashMap<String, LambdaRecipe> recipes = new ConcurrentHashMap<>();
    /** Lambda recipes met lately, by a hash of their bytes, as {@link #recent} holds classes. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private final Met<LambdaRecipe>[] recentRecipes = new Met[RECENT_SLOTS];

    ClassResolver(final ClassLoader loader)
    {
        this.loader = loader;
    }

    /**
     * @return the layout of the class named by the UTF-8 bytes {@code name[start .. start+length)}; a class met lately is
     *     found by comparing bytes, without making its name a string.
     * @throws MalformedObjectsException when the rank's loader cannot load a class of that name, or it cannot travel.
     */
    ClassLayout layoutOf(final byte[] name, final int start, final int length)
    {
        final int slot = length == 0 ? 0 : (length ^ name[start + length - 1]) & (RECENT_SLOTS - 1);
        final ClassLayout known = Met.find(recent[slot], name, start, length);
        if (known != null)
        {
            return known;
        }
        final ClassLayout layout = ClassLayout.of(resolve(new String(name, start, length, StandardCharsets.UTF_8)));
        recent[slot] = Met.of(name, start, length, layout);
        return layout;
    }

    /**
     * @return the lambda recipe written in {@code bytes[start .. start+length)}; one met lately is found by comparing bytes.
     * @throws MalformedObjectsException when the bytes are not a recipe this rank can rebuild lambdas from.
     */
    LambdaRecipe lambdaRecipe(final byte[] bytes, final int start, final int length)
    {
        // The last bytes of recipes look alike (a method type), their middles less so.
        final int slot = length == 0 ? 0 : (length ^ bytes[start + length / 2] ^ bytes[start + length / 3]) & (RECENT_SLOTS - 1);
        final LambdaRecipe known = Met.find(recentRecipes[slot], bytes, start, length);
        if (known != null)
        {
            return known;
        }
        final String key = new String(bytes, start, length, StandardCharsets.ISO_8859_1);
        LambdaRecipe recipe = recipes.get(key);
        if (recipe == null)
        {
            recipe = LambdaRecipe.read(bytes, start, length, this);
            recipes.putIfAbsent(key, recipe);
        }
        recentRecipes[slot] = Met.of(bytes, start, length, recipe);
        return recipe;
    }

    /**
     * Something met lately (a class's layout, a lambda's recipe) and the bytes that named it; immutable, so that threads may
     * share it without a lock.
     */
    private record Met<T>(byte[] key, T value)
    {
        static <T> Met<T> of(final byte[] bytes, final int start, final int length, final T value)
        {
            return new Met<>(Arrays.copyOfRange(bytes, start, start + length), value);
        }

        /** @return the value {@code met} holds when its bytes are {@code bytes[start .. start+length)}; otherwise null. */
        static <T> T find(final Met<T> met, final byte[] bytes, final int start, final int length)
        {
            return met != null && Arrays.equals(met.key, 0, met.key.length, bytes, start, start + length) ? met.value : null;
        }
    }

    /** @throws MalformedObjectsException when the rank's loader cannot load a class of that name. */
    Class<?> resolve(final String name)
    {
        final Class<?> known = found.get(name);
        if (known != null)
        {
            return known;
        }
        try
        {
            final Class<?> type = Class.forName(name, false, loader);
            found.putIfAbsent(name, type);
            return type;
        }
        catch (final ClassNotFoundException | LinkageError ex)
        {
            throw new MalformedObjectsException("class " + name + " cannot be loaded by the receiving rank (" + ex + ")", ex);
        }
    }

    ClassLoader loader()
    {
        return loader;
    }
}
