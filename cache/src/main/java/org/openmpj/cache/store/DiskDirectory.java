package org.openmpj.cache.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * The names in a {@link DiskTier}'s directory: each entry in {@code <hh>/<sha-256 of its path in hex>.entry}, where
 * {@code hh} is the hash's first byte (256 subdirectories keep directories small), files being written in {@code tmp/},
 * on the same file system so that they can be renamed into place atomically, and the tier's {@code lock}.
 */
final class DiskDirectory
{
    static final String ENTRY_SUFFIX = ".entry";
    static final String TEMP_DIRECTORY = "tmp";
    static final String LOCK_FILE = "lock";

    private static final HexFormat HEX = HexFormat.of();

    private final Path dir;
    private final Path tempDir;

    DiskDirectory(final Path dir)
    {
        this.dir = dir;
        this.tempDir = dir.resolve(TEMP_DIRECTORY);
    }

    Path path()
    {
        return dir;
    }

    Path lockFile()
    {
        return dir.resolve(LOCK_FILE);
    }

    /** @return where the entry of {@code path} lives. */
    Path entryFile(final String path)
    {
        final String hash = sha256Hex(path);
        return dir.resolve(hash.substring(0, 2)).resolve(hash + ENTRY_SUFFIX);
    }

    /** @return a new empty file to write an entry in. */
    Path newTempFile() throws IOException
    {
        return Files.createTempFile(tempDir, "entry", ".tmp");
    }

    /** Makes the directories and deletes what writers left behind when the last server stopped. */
    void prepare() throws IOException
    {
        Files.createDirectories(tempDir);
        try (DirectoryStream<Path> temps = Files.newDirectoryStream(tempDir))
        {
            for (final Path temp : temps)
            {
                Files.deleteIfExists(temp);
            }
        }
    }

    /**
     * Reads the header of every entry file, deleting those that are damaged, of another version or chunk size, or
     * misnamed.
     *
     * @return the headers of the entries kept, least recently written first.
     */
    List<DiskEntryDescriptor.Header> scan(final int chunkBytes) throws IOException
    {
        record Found(DiskEntryDescriptor.Header header, FileTime modified)
        {
        }
        final List<Found> found = new ArrayList<>();
        try (DirectoryStream<Path> fans = Files.newDirectoryStream(dir, DiskDirectory::isFanOut))
        {
            for (final Path fan : fans)
            {
                try (DirectoryStream<Path> files = Files.newDirectoryStream(fan, "*" + ENTRY_SUFFIX))
                {
                    for (final Path file : files)
                    {
                        final DiskEntryDescriptor.Header header = readHeader(file, chunkBytes);
                        if (header == null || !file.equals(entryFile(header.path())))
                        {
                            Files.deleteIfExists(file);
                            continue;
                        }
                        found.add(new Found(header, Files.getLastModifiedTime(file)));
                    }
                }
            }
        }
        found.sort(Comparator.comparing(Found::modified));
        final List<DiskEntryDescriptor.Header> headers = new ArrayList<>(found.size());
        for (final Found entry : found)
        {
            headers.add(entry.header());
        }
        return headers;
    }

    private static DiskEntryDescriptor.Header readHeader(final Path file, final int chunkBytes)
    {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ))
        {
            return DiskEntryDescriptor.read(channel, chunkBytes);
        }
        catch (final IOException ex)
        {
            // An entry that cannot be read is worth no more than a damaged one: both are refetched when needed.
            return null;
        }
    }

    private static boolean isFanOut(final Path candidate)
    {
        final String name = candidate.getFileName().toString();
        return name.length() == 2 && HexFormat.isHexDigit(name.charAt(0)) && HexFormat.isHexDigit(name.charAt(1))
            && name.equals(name.toLowerCase(Locale.ROOT)) && Files.isDirectory(candidate);
    }

    private static String sha256Hex(final String path)
    {
        try
        {
            return HEX.formatHex(MessageDigest.getInstance("SHA-256").digest(path.getBytes(StandardCharsets.UTF_8)));
        }
        catch (final NoSuchAlgorithmException ex)
        {
            throw new IllegalStateException("every Java platform has SHA-256", ex);
        }
    }
}
