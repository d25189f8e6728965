package org.openmpj.ompi;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

/**
 * The façade against Open MPI 5.0's Java API ({@code open-mpi-5.0-java-api.txt}, made by {@link ApiSignatures}): every
 * type, constructor, method and field of that API is either in the façade with the same signature (return type,
 * parameters, checked exceptions) or listed in {@code api-gaps.txt} with the reason it is missing, and no gap listed
 * there is in fact present. It writes the coverage, class by class, to {@code target/api-coverage.md}.
 */
class ApiCoverageTest
{
    private static final String REFERENCE = "/open-mpi-5.0-java-api.txt";
    private static final String GAPS = "/api-gaps.txt";

    @Test
    void everySignatureOfOpenMpisApiIsPresentOrAGapWithAReason() throws IOException
    {
        final List<String> reference = lines(REFERENCE);
        final SortedSet<String> classes = new TreeSet<>();
        reference.forEach(line -> classes.add(ApiSignatures.classOf(line)));
        final SortedSet<String> ours = ApiSignatures.of(ApiCoverageTest.class.getClassLoader(), new ArrayList<>(classes));
        final Map<String, String> gaps = gaps();

        final List<String> unexplained = new ArrayList<>();
        final Map<String, int[]> byClass = new TreeMap<>();
        final Map<String, String> reasons = new TreeMap<>();
        for (final String signature : reference)
        {
            final int[] counts = byClass.computeIfAbsent(ApiSignatures.classOf(signature), name -> new int[2]);
            if (ours.contains(signature))
            {
                counts[0]++;
                continue;
            }
            counts[1]++;
            final String reason = reasonFor(gaps, signature);
            if (reason == null)
            {
                unexplained.add(signature);
            }
            else
            {
                reasons.merge(ApiSignatures.classOf(signature), reason, (a, b) -> a.contains(b) ? a : a + "; " + b);
            }
        }
        final List<String> stale = new ArrayList<>();
        for (final String gap : gaps.keySet())
        {
            if (!gap.endsWith(" *") && ours.contains(gap))
            {
                stale.add(gap);
            }
        }
        writeCoverage(byClass, reasons);
        assertTrue(unexplained.isEmpty(), unexplained.size() + " signatures of Open MPI's API are neither in the façade nor in "
            + GAPS + " with a reason, e.g. " + unexplained.subList(0, Math.min(10, unexplained.size())));
        assertTrue(stale.isEmpty(), GAPS + " lists as missing what the façade has: " + stale);
    }

    /** @return the reason a gap line gives for {@code signature}: its own line, or its class's {@code CLASS *} line. */
    private static String reasonFor(final Map<String, String> gaps, final String signature)
    {
        final String own = gaps.get(signature);
        return own != null ? own : gaps.get(ApiSignatures.classOf(signature) + " *");
    }

    /** @return the gaps: {@code SIGNATURE | reason}, or {@code CLASS * | reason} for every missing signature of a class. */
    private static Map<String, String> gaps() throws IOException
    {
        final Map<String, String> gaps = new LinkedHashMap<>();
        for (final String line : lines(GAPS))
        {
            final int bar = line.lastIndexOf(" | ");
            assertTrue(bar > 0 && !line.substring(bar + 3).isBlank(), GAPS + ": no reason in '" + line + "'");
            gaps.put(line.substring(0, bar).trim(), line.substring(bar + 3).trim());
        }
        return gaps;
    }

    private static List<String> lines(final String resource) throws IOException
    {
        try (InputStream in = ApiCoverageTest.class.getResourceAsStream(resource))
        {
            assertTrue(in != null, resource + " is missing from the test resources");
            final List<String> lines = new ArrayList<>();
            for (final String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n"))
            {
                if (!line.isBlank() && !line.startsWith("#"))
                {
                    lines.add(line.strip());
                }
            }
            return lines;
        }
    }

    private static void writeCoverage(final Map<String, int[]> byClass, final Map<String, String> reasons) throws IOException
    {
        final StringBuilder md = new StringBuilder("| class | in Open MPI 5.0 | in the façade | missing | why missing |\n|---|---:|---:|---:|---|\n");
        int present = 0;
        int missing = 0;
        for (final Map.Entry<String, int[]> entry : byClass.entrySet())
        {
            final int[] counts = entry.getValue();
            present += counts[0];
            missing += counts[1];
            md.append("| ").append(entry.getKey()).append(" | ").append(counts[0] + counts[1]).append(" | ").append(counts[0]).append(" | ")
                .append(counts[1]).append(" | ").append(reasons.getOrDefault(entry.getKey(), "")).append(" |\n");
        }
        md.append("| all | ").append(present + missing).append(" | ").append(present).append(" | ").append(missing).append(" | |\n");
        final Path target = Path.of("target");
        Files.createDirectories(target);
        Files.writeString(target.resolve("api-coverage.md"), md.toString(), StandardCharsets.UTF_8);
    }
}
