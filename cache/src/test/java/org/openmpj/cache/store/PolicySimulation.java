package org.openmpj.cache.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.LongFunction;

/**
 * Replays two synthetic file traces through a byte-bounded tier for every {@link PolicyKind}, and for S3-FIFO with the
 * paper's 90 % ghost, and prints hit and miss ratios: a cyclic scan of a file set 1.25 times the capacity, and
 * Zipf-skewed reads. The counts are deterministic (fixed seeds), so {@code PolicyDefaultTest} asserts on them.
 */
public final class PolicySimulation
{
    static final int CYCLIC_FILES = 100;
    static final int CYCLIC_RESIDENT_FILES = 80;
    static final int CYCLIC_PASSES = 20;
    static final long CYCLIC_FILE_BYTES = 1L << 20;
    static final int ZIPF_FILES = 10_000;
    static final int ZIPF_REQUESTS = 1_000_000;
    static final long ZIPF_SEED = 0x5EED_2026L;
    static final double[] ZIPF_EXPONENTS = {0.8, 1.0};
    static final double[] ZIPF_CAPACITY_PERCENTS = {1, 10};

    private PolicySimulation()
    {
    }

    /**
     * Scans {@link #CYCLIC_FILES} equal files in order {@link #CYCLIC_PASSES} times through a tier, empty at the
     * start, that holds {@link #CYCLIC_RESIDENT_FILES} of them.
     *
     * @param policies makes a policy for a capacity in bytes.
     * @return the hit ratio over all passes after the first.
     */
    static double cyclicHitRatio(final LongFunction<ReplacementPolicy<Integer>> policies)
    {
        final long capacityBytes = CYCLIC_RESIDENT_FILES * CYCLIC_FILE_BYTES;
        final TierLoop<Integer> tier = new TierLoop<>(policies.apply(capacityBytes), capacityBytes, false);
        for (int pass = 0; pass < CYCLIC_PASSES; pass++)
        {
            if (pass == 1)
            {
                tier.resetCounts();
            }
            for (int file = 0; file < CYCLIC_FILES; file++)
            {
                tier.read(file, CYCLIC_FILE_BYTES);
            }
        }
        return (double) tier.hits() / (tier.hits() + tier.misses());
    }

    /**
     * Reads {@code requests} files of {@code trace}, drawn by popularity with {@link #ZIPF_SEED}, through a tier, empty
     * at the start, of {@code capacityPercent} of the trace's bytes.
     *
     * @param policies makes a policy for a capacity in bytes.
     * @return the miss ratio over all requests (the cold start included: the same for every policy).
     */
    static double zipfMissRatio(final LongFunction<ReplacementPolicy<Integer>> policies, final ZipfTrace trace,
        final double capacityPercent, final int requests)
    {
        final long capacityBytes = (long) (trace.totalBytes() * capacityPercent / 100);
        final TierLoop<Integer> tier = new TierLoop<>(policies.apply(capacityBytes), capacityBytes, false);
        final SplittableRandom random = new SplittableRandom(ZIPF_SEED);
        for (int i = 0; i < requests; i++)
        {
            final int file = trace.nextFile(random);
            tier.read(file, trace.sizeBytes(file));
        }
        return (double) tier.misses() / requests;
    }

    /** @return a policy maker for {@code kind}. */
    static LongFunction<ReplacementPolicy<Integer>> of(final PolicyKind kind)
    {
        return kind::create;
    }

    /** Prints the table. @param args unused. */
    public static void main(final String[] args)
    {
        final List<String> names = new ArrayList<>();
        final List<LongFunction<ReplacementPolicy<Integer>>> columns = new ArrayList<>();
        for (final PolicyKind kind : PolicyKind.values())
        {
            names.add(kind.name());
            columns.add(of(kind));
        }
        names.add("S3FIFO-ghost90");
        columns.add(capacityBytes -> new S3FifoPolicy<>(capacityBytes, S3FifoPolicy.DEFAULT_SMALL_PERCENT, 90));

        final StringBuilder header = new StringBuilder(String.format(Locale.ROOT, "%-30s", "trace"));
        names.forEach(name -> header.append(String.format(Locale.ROOT, "%17s", name)));
        System.out.println(header);
        final StringBuilder cyclic = new StringBuilder(String.format(Locale.ROOT, "%-30s", "cyclic 1.25x, hit ratio"));
        columns.forEach(policies -> cyclic.append(String.format(Locale.ROOT, "%17.4f", cyclicHitRatio(policies))));
        System.out.println(cyclic);
        for (final double exponent : ZIPF_EXPONENTS)
        {
            final ZipfTrace trace = new ZipfTrace(ZIPF_FILES, exponent, ZIPF_SEED);
            for (final double capacityPercent : ZIPF_CAPACITY_PERCENTS)
            {
                final String name = String.format(Locale.ROOT, "zipf %.1f, %2.0f%%, miss (/LRU)", exponent, capacityPercent);
                final StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-30s", name));
                final double lru = zipfMissRatio(of(PolicyKind.LRU), trace, capacityPercent, ZIPF_REQUESTS);
                for (final LongFunction<ReplacementPolicy<Integer>> policies : columns)
                {
                    final double miss = zipfMissRatio(policies, trace, capacityPercent, ZIPF_REQUESTS);
                    row.append(String.format(Locale.ROOT, "%9.4f (%.3f)", miss, miss / lru));
                }
                System.out.println(row);
            }
        }
    }
}
