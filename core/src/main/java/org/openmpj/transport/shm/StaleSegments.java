package org.openmpj.transport.shm;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Removes segment files that jobs which ended abruptly left behind: a segment lives as a file only until every rank
 * has mapped it, so a file whose creating process is gone belongs to a job killed while it started.
 */
public final class StaleSegments
{
    private StaleSegments()
    {
    }

    /**
     * Removes the segment files in {@code dir} whose creating process no longer runs.
     *
     * @return the number removed.
     */
    public static int remove(final Path dir)
    {
        int removed = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, SharedSegment.FILE_PREFIX + "*"))
        {
            for (final Path file : files)
            {
                final long creator = creatorOf(file.getFileName().toString());
                if (creator > 0 && !ProcessHandle.of(creator).map(ProcessHandle::isAlive).orElse(false) && deleted(file))
                {
                    removed++;
                }
            }
        }
        catch (final IOException | SecurityException ex)
        {
            // A directory that cannot be listed holds nothing this user could remove.
        }
        return removed;
    }

    private static boolean deleted(final Path file)
    {
        try
        {
            return Files.deleteIfExists(file);
        }
        catch (final IOException ex)
        {
            // Another user's file, or gone meanwhile.
            return false;
        }
    }

    /** @return the creating process named in a segment file's name, or -1 when the name does not say. */
    static long creatorOf(final String fileName)
    {
        final String rest = fileName.substring(SharedSegment.FILE_PREFIX.length());
        final int dash = rest.indexOf('-');
        try
        {
            return dash > 0 ? Long.parseLong(rest.substring(0, dash)) : -1;
        }
        catch (final NumberFormatException ex)
        {
            return -1;
        }
    }
}
