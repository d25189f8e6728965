package org.openmpj.cache;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import org.openmpj.cache.store.PolicyKind;
import org.openmpj.device.ConfigOption;

/**
 * MPJ-Cache's settings: read from a properties file (keys with or without the {@code openmpj.cache.} prefix; a value
 * may be followed by blanks and a {@code #} comment) and from
 * system properties {@code openmpj.cache.*}, which win. Immutable once built; every value is checked when read, and a
 * bad one is a {@link CacheException} with reason {@code CONFIG} naming the key and the value.
 */
public final class CacheConfig
{
    /** The prefix of every key. */
    public static final String PREFIX = "openmpj.cache.";

    /** The backing store: a directory on the shared file system; paths clients name are relative to it. */
    public static final String BACKING_DIR_PROP_NAME = PREFIX + "backing.dir";
    /** The most bytes per second the whole group reads from the backing store; 0 for no limit. */
    public static final String BACKING_MAX_BYTES_PER_SECOND_PROP_NAME = PREFIX + "backing.maxBytesPerSecond";
    /**
     * How long the backing store may deliver nothing (no size, no chunk, to anyone) before the requests waiting on it
     * fail; a request queued behind other loads while the store delivers waits its turn.
     */
    public static final String BACKING_TIMEOUT_MS_PROP_NAME = PREFIX + "backing.timeoutMs";
    public static final long BACKING_TIMEOUT_MS_DEFAULT = 30_000;
    /** The memory tier's capacity in bytes; the default is a quarter of the server's heap. */
    public static final String MEMORY_BYTES_PROP_NAME = PREFIX + "memory.bytes";
    /** The memory tier's replacement policy. */
    public static final String MEMORY_POLICY_PROP_NAME = PREFIX + "memory.policy";
    /** The disk tier's directory on the server's local disk; unset for no disk tier. */
    public static final String DISK_DIR_PROP_NAME = PREFIX + "disk.dir";
    /** The disk tier's capacity in bytes. */
    public static final String DISK_BYTES_PROP_NAME = PREFIX + "disk.bytes";
    public static final long DISK_BYTES_DEFAULT = 10L << 30;
    /** The disk tier's replacement policy. */
    public static final String DISK_POLICY_PROP_NAME = PREFIX + "disk.policy";
    /** The unit files are checksummed, stored and relayed in. */
    public static final String CHUNK_BYTES_PROP_NAME = PREFIX + "chunk.bytes";
    /** 256 KiB: a 1 MB file is then four pieces, so a relay of it pipelines instead of storing and forwarding it whole. */
    public static final int CHUNK_BYTES_DEFAULT = 256 << 10;
    /** Files up to this size travel whole in the server's one reply, without a relay. */
    public static final String INLINE_BYTES_PROP_NAME = PREFIX + "inline.bytes";
    public static final int INLINE_BYTES_DEFAULT = 64 << 10;
    /** Ranks per node group, in rank order; 0 for one group per host. */
    public static final String GROUP_SIZE_PROP_NAME = PREFIX + "group.size";
    /** How many ranks each relay member forwards chunks to within a host (hosts are chained one after another). */
    public static final String RELAY_FANOUT_PROP_NAME = PREFIX + "relay.fanout";
    public static final int RELAY_FANOUT_DEFAULT = 2;
    /** How long the server gathers requests for a file of several chunks before starting its relay. */
    public static final String RELAY_GATHER_MICROS_PROP_NAME = PREFIX + "relay.gatherMicros";
    public static final long RELAY_GATHER_MICROS_DEFAULT = 2_000;
    /** A file listing paths (one per line) that every server loads at start-up. */
    public static final String PRELOAD_PROP_NAME = PREFIX + "preload";
    /** A file listing paths (one per line) that every server pushes to its clients at start-up. */
    public static final String PUSH_LIST_PROP_NAME = PREFIX + "push.list";
    /** Where a client keeps pushed files; unset to keep them in the client's memory. */
    public static final String PUSH_DIR_PROP_NAME = PREFIX + "push.dir";
    /** Whether each server prints its group's statistics at the end of the job. */
    public static final String STATS_PROP_NAME = PREFIX + "stats";

    /** A comment after a value, as in {@code memory.bytes = 8g   # per server}. */
    private static final java.util.regex.Pattern TRAILING_COMMENT = java.util.regex.Pattern.compile("\\s+#");

    private final Properties values;

    private CacheConfig(final Properties values)
    {
        this.values = values;
    }

    /** @return the settings from system properties alone. */
    public static CacheConfig fromSystemProperties()
    {
        return of(new Properties());
    }

    /** @return the settings in {@code file}, overridden by system properties. */
    public static CacheConfig load(final Path file)
    {
        final Properties fromFile = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8))
        {
            fromFile.load(reader);
        }
        catch (final IOException ex)
        {
            throw new CacheException(CacheException.Reason.CONFIG, "cannot read the cache configuration " + file + ": " + ex, ex);
        }
        return of(fromFile);
    }

    /** @return the settings in {@code given} (keys with or without the prefix), overridden by system properties. */
    public static CacheConfig of(final Properties given)
    {
        final Properties merged = new Properties();
        for (final String key : given.stringPropertyNames())
        {
            merged.setProperty(key.startsWith(PREFIX) ? key : PREFIX + key, withoutComment(given.getProperty(key)));
        }
        for (final String key : System.getProperties().stringPropertyNames())
        {
            if (key.startsWith(PREFIX))
            {
                merged.setProperty(key, System.getProperty(key).trim());
            }
        }
        return new CacheConfig(merged);
    }

    /** @return {@code value} without a trailing comment (blanks, then '#' to the end) and surrounding blanks. */
    private static String withoutComment(final String value)
    {
        final java.util.regex.Matcher comment = TRAILING_COMMENT.matcher(value);
        return (comment.find() ? value.substring(0, comment.start()) : value).trim();
    }

    /** @return a copy with {@code key} (with or without the prefix) set to {@code value}. */
    public CacheConfig with(final String key, final String value)
    {
        final Properties copy = new Properties();
        copy.putAll(values);
        copy.setProperty(key.startsWith(PREFIX) ? key : PREFIX + key, value);
        return new CacheConfig(copy);
    }

    /** @return the settings as properties with prefixed keys, e.g. to hand them to another rank. */
    public Properties toProperties()
    {
        final Properties copy = new Properties();
        copy.putAll(values);
        return copy;
    }

    public Path backingDir()
    {
        final String dir = values.getProperty(BACKING_DIR_PROP_NAME);
        if (dir == null || dir.isEmpty())
        {
            throw new CacheException(CacheException.Reason.CONFIG, BACKING_DIR_PROP_NAME + " is not set: the cache needs the "
                + "directory of the backing store (the shared file system) its paths are relative to");
        }
        return Path.of(dir);
    }

    public long backingMaxBytesPerSecond()
    {
        return bytes(BACKING_MAX_BYTES_PER_SECOND_PROP_NAME, 0, 0);
    }

    public long backingTimeoutMs()
    {
        return bytes(BACKING_TIMEOUT_MS_PROP_NAME, BACKING_TIMEOUT_MS_DEFAULT, 1);
    }

    public long memoryBytes()
    {
        return bytes(MEMORY_BYTES_PROP_NAME, Runtime.getRuntime().maxMemory() / 4, 0);
    }

    public PolicyKind memoryPolicy()
    {
        return policy(MEMORY_POLICY_PROP_NAME);
    }

    /** @return the disk tier's directory, or null when there is no disk tier. */
    public Path diskDir()
    {
        final String dir = values.getProperty(DISK_DIR_PROP_NAME);
        return dir == null || dir.isEmpty() ? null : Path.of(dir);
    }

    public long diskBytes()
    {
        return bytes(DISK_BYTES_PROP_NAME, DISK_BYTES_DEFAULT, 0);
    }

    public PolicyKind diskPolicy()
    {
        return policy(DISK_POLICY_PROP_NAME);
    }

    public int chunkBytes()
    {
        return (int) bytes(CHUNK_BYTES_PROP_NAME, CHUNK_BYTES_DEFAULT, 4096, 256L << 20);
    }

    public int inlineBytes()
    {
        return (int) bytes(INLINE_BYTES_PROP_NAME, INLINE_BYTES_DEFAULT, 0, 16L << 20);
    }

    public int groupSize()
    {
        return (int) bytes(GROUP_SIZE_PROP_NAME, 0, 0, Integer.MAX_VALUE);
    }

    public int relayFanout()
    {
        return (int) bytes(RELAY_FANOUT_PROP_NAME, RELAY_FANOUT_DEFAULT, 1, 64);
    }

    public long relayGatherMicros()
    {
        return bytes(RELAY_GATHER_MICROS_PROP_NAME, RELAY_GATHER_MICROS_DEFAULT, 0);
    }

    /** @return the preload list file, or null. */
    public Path preloadList()
    {
        final String file = values.getProperty(PRELOAD_PROP_NAME);
        return file == null || file.isEmpty() ? null : Path.of(file);
    }

    /** @return the list of files to push at start-up, or null. */
    public Path pushList()
    {
        final String file = values.getProperty(PUSH_LIST_PROP_NAME);
        return file == null || file.isEmpty() ? null : Path.of(file);
    }

    /** @return where clients keep pushed files, or null to keep them in memory. */
    public Path pushDir()
    {
        final String dir = values.getProperty(PUSH_DIR_PROP_NAME);
        return dir == null || dir.isEmpty() ? null : Path.of(dir);
    }

    public boolean printStats()
    {
        final String value = values.getProperty(STATS_PROP_NAME, "false");
        if (!value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false"))
        {
            throw new CacheException(CacheException.Reason.CONFIG, STATS_PROP_NAME + "=" + value + ": expected true or false");
        }
        return Boolean.parseBoolean(value);
    }

    /** @return every setting with its default and meaning, as {@code Launch --help-config} prints them. */
    public static List<ConfigOption> options()
    {
        final List<ConfigOption> options = new ArrayList<>();
        options.add(new ConfigOption(BACKING_DIR_PROP_NAME, "(required)", "directory of the backing store; paths are relative to it"));
        options.add(new ConfigOption(BACKING_MAX_BYTES_PER_SECOND_PROP_NAME, "0", "cap on bytes/s read from the backing store (0: none)"));
        options.add(new ConfigOption(BACKING_TIMEOUT_MS_PROP_NAME, Long.toString(BACKING_TIMEOUT_MS_DEFAULT),
            "ms the backing store may deliver nothing to anyone before the requests waiting on it fail"));
        options.add(new ConfigOption(MEMORY_BYTES_PROP_NAME, "max heap / 4", "memory tier capacity (suffixes k, m, g)"));
        options.add(new ConfigOption(MEMORY_POLICY_PROP_NAME, PolicyKind.DEFAULT.name(), "memory tier replacement: " + PolicyKind.names()));
        options.add(new ConfigOption(DISK_DIR_PROP_NAME, "(none)", "disk tier directory on the server's local disk"));
        options.add(new ConfigOption(DISK_BYTES_PROP_NAME, "10g", "disk tier capacity"));
        options.add(new ConfigOption(DISK_POLICY_PROP_NAME, PolicyKind.DEFAULT.name(), "disk tier replacement: " + PolicyKind.names()));
        options.add(new ConfigOption(CHUNK_BYTES_PROP_NAME, "256k", "unit of checksums, storage and relays"));
        options.add(new ConfigOption(INLINE_BYTES_PROP_NAME, "64k", "files up to this size come whole in one reply"));
        options.add(new ConfigOption(GROUP_SIZE_PROP_NAME, "0", "ranks per node group, in rank order (0: one group per host)"));
        options.add(new ConfigOption(RELAY_FANOUT_PROP_NAME, Integer.toString(RELAY_FANOUT_DEFAULT),
            "ranks each relay member forwards to within a host"));
        options.add(new ConfigOption(RELAY_GATHER_MICROS_PROP_NAME, Long.toString(RELAY_GATHER_MICROS_DEFAULT),
            "how long requests for a multi-chunk file are gathered into one relay"));
        options.add(new ConfigOption(PRELOAD_PROP_NAME, "(none)", "file listing paths to load at start-up"));
        options.add(new ConfigOption(PUSH_LIST_PROP_NAME, "(none)", "file listing paths every server pushes to its clients at start-up"));
        options.add(new ConfigOption(PUSH_DIR_PROP_NAME, "(memory)", "where clients keep pushed files"));
        options.add(new ConfigOption(STATS_PROP_NAME, "false", "print each group's statistics at the end"));
        return options;
    }

    private PolicyKind policy(final String key)
    {
        final String name = values.getProperty(key);
        try
        {
            return name == null || name.isEmpty() ? PolicyKind.DEFAULT : PolicyKind.parse(name);
        }
        catch (final CacheException ex)
        {
            throw new CacheException(CacheException.Reason.CONFIG, key + ": " + ex.getMessage(), ex);
        }
    }

    private long bytes(final String key, final long defaultValue, final long min)
    {
        return bytes(key, defaultValue, min, Long.MAX_VALUE);
    }

    private long bytes(final String key, final long defaultValue, final long min, final long max)
    {
        final String text = values.getProperty(key);
        if (text == null || text.isEmpty())
        {
            return defaultValue;
        }
        final long value = parseSize(key, text);
        if (value < min || value > max)
        {
            throw new CacheException(CacheException.Reason.CONFIG, key + "=" + text + " is out of range: expected " + min + " to " + max);
        }
        return value;
    }

    /** Reads a count with an optional binary suffix k, m, g or t. */
    private static long parseSize(final String key, final String text)
    {
        final char last = Character.toLowerCase(text.charAt(text.length() - 1));
        final int shift = switch (last)
        {
            case 'k' -> 10;
            case 'm' -> 20;
            case 'g' -> 30;
            case 't' -> 40;
            default -> 0;
        };
        final String digits = shift == 0 ? text : text.substring(0, text.length() - 1).trim();
        try
        {
            final long value = Long.parseLong(digits);
            if (value < 0 || (shift > 0 && value > (Long.MAX_VALUE >> shift)))
            {
                throw new NumberFormatException();
            }
            return value << shift;
        }
        catch (final NumberFormatException ex)
        {
            throw new CacheException(CacheException.Reason.CONFIG,
                key + "=" + text + " is not a size: expected a non-negative whole number, optionally with k, m, g or t");
        }
    }
}
