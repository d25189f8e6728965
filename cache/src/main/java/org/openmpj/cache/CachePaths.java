package org.openmpj.cache;

/**
 * The one check every path a client names goes through before anything looks it up: relative, '/'-separated, no
 * empty, {@code .} or {@code ..} segment, no NUL. What a symbolic link points to is the {@link Source}'s to check.
 */
public final class CachePaths
{
    /** The longest path accepted, in characters; the wire carries paths in requests of bounded size. */
    public static final int MAX_PATH_CHARS = 4096;

    private CachePaths()
    {
    }

    /**
     * @return {@code path} with a leading "./" and repeated or trailing slashes removed.
     * @throws CacheException {@code OUTSIDE_ROOT} naming the path when it is absolute or climbs out with {@code ..};
     *         {@code NOT_FOUND} when it is empty or malformed.
     */
    public static String normalize(final String path)
    {
        if (path == null || path.isEmpty())
        {
            throw new CacheException(CacheException.Reason.NOT_FOUND, "cache path is empty; expected a path relative to the cache roots");
        }
        if (path.length() > MAX_PATH_CHARS)
        {
            throw new CacheException(CacheException.Reason.NOT_FOUND,
                "cache path of " + path.length() + " characters is longer than the " + MAX_PATH_CHARS + " accepted");
        }
        if (path.indexOf('\0') >= 0)
        {
            throw new CacheException(CacheException.Reason.NOT_FOUND, "cache path '" + printable(path) + "' contains a NUL character");
        }
        if (path.startsWith("/") || path.indexOf('\\') >= 0)
        {
            throw new CacheException(CacheException.Reason.OUTSIDE_ROOT,
                "cache path '" + path + "' is outside the cache roots: expected a relative path with '/' separators");
        }
        final StringBuilder normal = new StringBuilder(path.length());
        for (final String segment : path.split("/"))
        {
            if (segment.isEmpty() || segment.equals("."))
            {
                continue;
            }
            if (segment.equals(".."))
            {
                throw new CacheException(CacheException.Reason.OUTSIDE_ROOT,
                    "cache path '" + path + "' is outside the cache roots: '..' is not allowed");
            }
            if (normal.length() > 0)
            {
                normal.append('/');
            }
            normal.append(segment);
        }
        if (normal.length() == 0)
        {
            throw new CacheException(CacheException.Reason.NOT_FOUND, "cache path '" + path + "' names no file");
        }
        return normal.toString();
    }

    private static String printable(final String path)
    {
        return path.replace('\0', '?');
    }
}
