package org.openmpj.junit;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * The directory through which rank JVMs report to the test JVM: a rank whose test failed writes its exception there
 * ({@code rank-R.failure}), a rank still running at the test's deadline the stacks of its threads ({@code rank-R.stacks}).
 * Each file is written whole under another name and then moved into place, so that a reader never sees part of one, even
 * of a rank killed while writing.
 */
final class RankReports
{
    private RankReports()
    {
    }

    /**
     * What a rank JVM reported of its failure.
     *
     * @param failure            the exception, as the rank threw it, or a {@link ThrowableCopy} of it when it could not be
     *                           serialized.
     * @param followsFromAnother whether it is only an MPI call failing because another rank failed or aborted the job.
     */
    record Failure(Throwable failure, boolean followsFromAnother)
    {
    }

    /**
     * Writes the failure of {@code rank}'s test into {@code directory}: {@code failure} itself, serialized, or when it (or a cause
     * of it) cannot be, a {@link ThrowableCopy}.
     */
    static void writeFailure(final Path directory, final int rank, final Throwable failure, final boolean followsFromAnother)
        throws IOException
    {
        byte[] bytes;
        try
        {
            bytes = serialized(failure, followsFromAnother);
        }
        catch (final IOException | RuntimeException unserializable)
        {
            bytes = serialized(ThrowableCopy.of(failure), followsFromAnother);
        }
        write(directory, failureFile(rank), bytes);
    }

    /** Writes the stacks of {@code rank}'s threads into {@code directory}. */
    static void writeStacks(final Path directory, final int rank, final String stacks) throws IOException
    {
        write(directory, stacksFile(rank), stacks.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * @param loader the test class's loader, which knows every class a rank's exception can be of.
     * @return the failure {@code rank} reported, empty when it reported none; a report that cannot be read is reported as an
     *         {@link IOException} naming it.
     */
    static Optional<Failure> readFailure(final Path directory, final int rank, final ClassLoader loader)
    {
        final Path file = directory.resolve(failureFile(rank));
        try (ObjectInputStream in = new ObjectsOf(Files.newInputStream(file), loader))
        {
            final boolean followsFromAnother = in.readBoolean();
            return Optional.of(new Failure((Throwable)in.readObject(), followsFromAnother));
        }
        catch (final NoSuchFileException ex)
        {
            return Optional.empty();
        }
        catch (final IOException | ClassNotFoundException | ClassCastException ex)
        {
            return Optional.of(new Failure(new IOException("rank " + rank + " reported a failure in " + file + ", which cannot be read: " + ex,
                ex), false));
        }
    }

    /** @return the stacks of its threads that {@code rank} wrote at the deadline, empty when it wrote none. */
    static Optional<String> readStacks(final Path directory, final int rank)
    {
        try
        {
            return Optional.of(Files.readString(directory.resolve(stacksFile(rank))));
        }
        catch (final NoSuchFileException ex)
        {
            return Optional.empty();
        }
        catch (final IOException ex)
        {
            return Optional.of("rank " + rank + ": its stacks cannot be read: " + ex + "\n");
        }
    }

    private static String failureFile(final int rank)
    {
        return "rank-" + rank + ".failure";
    }

    private static String stacksFile(final int rank)
    {
        return "rank-" + rank + ".stacks";
    }

    private static byte[] serialized(final Throwable failure, final boolean followsFromAnother) throws IOException
    {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes))
        {
            out.writeBoolean(followsFromAnother);
            out.writeObject(failure);
        }
        return bytes.toByteArray();
    }

    private static void write(final Path directory, final String name, final byte[] content) throws IOException
    {
        final Path partial = directory.resolve(name + ".partial");
        Files.write(partial, content);
        Files.move(partial, directory.resolve(name), StandardCopyOption.ATOMIC_MOVE);
    }

    /** Reads objects whose classes the test class's loader finds, as the rank JVM, which runs on the same class path, did. */
    private static final class ObjectsOf extends ObjectInputStream
    {
        private final ClassLoader loader;

        ObjectsOf(final InputStream in, final ClassLoader loader) throws IOException
        {
            super(in);
            this.loader = loader;
        }

        @Override
        protected Class<?> resolveClass(final ObjectStreamClass type) throws IOException, ClassNotFoundException
        {
            try
            {
                return Class.forName(type.getName(), false, loader);
            }
            catch (final ClassNotFoundException ex)
            {
                return super.resolveClass(type);
            }
        }
    }
}
