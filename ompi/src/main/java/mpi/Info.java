package mpi;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Hints for MPI calls: string keys with string values, in the order they were first set. OpenMPJ takes every hint and acts
 * on none, as MPI allows. {@link MPI#INFO_NULL} is the null object; {@link MPI#INFO_ENV} holds nothing. Thread-safety:
 * the methods are synchronized on the object.
 */
public final class Info implements Freeable, Cloneable
{
    private Map<String, String> entries;

    /**
     * An empty info object.
     *
     * @throws MPIException when MPI is not initialized.
     */
    public Info() throws MPIException
    {
        MPI.check("Info");
        entries = new LinkedHashMap<>();
    }

    private Info(final Map<String, String> entries)
    {
        this.entries = entries;
    }

    /** @return an info object usable before {@code Init}: {@code INFO_ENV} (empty) or, for null, {@code INFO_NULL}. */
    static Info predefined(final boolean isNull)
    {
        return new Info(isNull ? null : new LinkedHashMap<>());
    }

    /**
     * Sets the value of {@code key}.
     *
     * @throws MPIException {@code ERR_INFO_KEY} or {@code ERR_INFO_VALUE} for a null or too long key or value.
     */
    public synchronized void set(final String key, final String value) throws MPIException
    {
        final Map<String, String> map = entries("set");
        checkKey("set", key);
        if (value == null || value.length() > MPI.MAX_INFO_VAL)
        {
            throw MPI.raiseOnWorld(MPIException.of(MPI.ERR_INFO_VALUE, "Info.set: value " + (value == null ? "is null"
                : "of " + value.length() + " characters is longer than MPI.MAX_INFO_VAL (" + MPI.MAX_INFO_VAL + ")")));
        }
        map.put(key, value);
    }

    /**
     * @return the value of {@code key}, or null when it has none.
     * @throws MPIException for a null or too long key.
     */
    public synchronized String get(final String key) throws MPIException
    {
        final Map<String, String> map = entries("get");
        checkKey("get", key);
        return map.get(key);
    }

    /**
     * Removes {@code key} and its value.
     *
     * @throws MPIException {@code ERR_INFO_NOKEY} when the key has no value.
     */
    public synchronized void delete(final String key) throws MPIException
    {
        final Map<String, String> map = entries("delete");
        checkKey("delete", key);
        if (map.remove(key) == null)
        {
            throw MPI.raiseOnWorld(MPIException.of(MPI.ERR_INFO_NOKEY, "Info.delete: key '" + key + "' has no value"));
        }
    }

    /**
     * @return the number of keys that have a value.
     * @throws MPIException for the null object.
     */
    public synchronized int size() throws MPIException
    {
        return entries("size").size();
    }

    /**
     * @return the {@code i}-th key, in the order the keys were first set.
     * @throws MPIException {@code ERR_ARG} when {@code i} is not 0 to {@code size() - 1}.
     */
    public synchronized String getKey(final int i) throws MPIException
    {
        final List<String> keys = new ArrayList<>(entries("getKey").keySet());
        if (i < 0 || i >= keys.size())
        {
            throw MPI.raiseOnWorld(MPIException.of(MPI.ERR_ARG, "Info.getKey: i=" + i + " out of range for an info object of "
                + keys.size() + " keys"));
        }
        return keys.get(i);
    }

    /** @return a copy, as {@link #dup()}; an unchecked {@code IllegalStateException} for the null object. */
    @Override
    public Info clone()
    {
        try
        {
            return dup();
        }
        catch (final MPIException ex)
        {
            throw new IllegalStateException(ex.getMessage(), ex);
        }
    }

    /**
     * @return a new info object with the same keys and values.
     * @throws MPIException for the null object.
     */
    public synchronized Info dup() throws MPIException
    {
        return new Info(new LinkedHashMap<>(entries("dup")));
    }

    /** Frees the object: it is null afterwards. Freeing {@link MPI#INFO_NULL} or {@link MPI#INFO_ENV} does nothing. */
    @Override
    public synchronized void free() throws MPIException
    {
        MPI.check("Info.free");
        if (this != MPI.INFO_ENV && this != MPI.INFO_NULL)
        {
            entries = null;
        }
    }

    /** @return whether this is the null object: {@link MPI#INFO_NULL}, or one that was freed. */
    public synchronized boolean isNull()
    {
        return entries == null;
    }

    private Map<String, String> entries(final String call) throws MPIException
    {
        MPI.check("Info." + call);
        if (entries == null)
        {
            throw MPI.raiseOnWorld(MPIException.of(MPI.ERR_INFO, "Info." + call + ": the info object is null (MPI.INFO_NULL, or freed)"));
        }
        return entries;
    }

    private static void checkKey(final String call, final String key) throws MPIException
    {
        if (key == null || key.isEmpty() || key.length() > MPI.MAX_INFO_KEY)
        {
            throw MPI.raiseOnWorld(MPIException.of(MPI.ERR_INFO_KEY, "Info." + call + ": key " + (key == null ? "is null"
                : key.isEmpty() ? "is empty" : "'" + key + "' is longer than MPI.MAX_INFO_KEY (" + MPI.MAX_INFO_KEY + ")")));
        }
    }
}
