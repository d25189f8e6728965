package org.openmpj.ompi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.constantpool.ClassEntry;
import java.lang.classfile.constantpool.PoolEntry;
import java.lang.classfile.constantpool.Utf8Entry;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The Open MPI façade is argument checks and mapping onto the engine: none of its classes names a device, a transport,
 * the matcher, the rank runtime, the bootstrap, the operating-system bindings or the launcher, nor the other façade's
 * packages. The compiled classes are read, so a type only in a signature counts as much as an import.
 */
class FacadeLayerTest
{
    private static final List<String> OUT_OF_BOUNDS = List.of(
        "org/openmpj/device/", "org/openmpj/transport/", "org/openmpj/matching/", "org/openmpj/runtime/", "org/openmpj/bootstrap/",
        "org/openmpj/os/", "org/openmpj/launcher/", "mpjbuf/", "mpjdev/");

    @Test
    void noFacadeClassNamesALayerBelowTheEngine() throws IOException, URISyntaxException
    {
        final Path classes = Path.of(mpi.MPI.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        final Set<String> offences = new TreeSet<>();
        int read = 0;
        try (Stream<Path> files = Files.walk(classes.resolve("mpi")))
        {
            for (final Path file : files.filter(f -> f.toString().endsWith(".class")).toList())
            {
                read++;
                final ClassModel model = ClassFile.of().parse(file);
                for (final PoolEntry entry : model.constantPool())
                {
                    final String named = entry instanceof ClassEntry type ? type.asInternalName()
                        : entry instanceof Utf8Entry text ? text.stringValue() : null;
                    if (named != null && OUT_OF_BOUNDS.stream().anyMatch(named::contains))
                    {
                        offences.add(model.thisClass().asInternalName() + " names " + named);
                    }
                }
            }
        }
        assertTrue(read > 30, "expected the façade's classes under " + classes + ", found " + read);
        assertEquals(Set.of(), offences, "façade classes that reach below the engine or into the other façade");
    }
}
