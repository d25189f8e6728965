package org.openmpj.bench.cache;

import java.util.Locale;
import java.util.Properties;
import java.util.Random;

import mpi.MPI;

import org.openmpj.cache.CacheClient;
import org.openmpj.cache.CacheConfig;
import org.openmpj.cache.CacheStats;
import org.openmpj.cache.MpjCache;
import org.openmpj.cache.store.TierCounters;

/**
 * The memory tier's replacement policy under two traces, through a real server: cyclic rescans of a file set 1.25
 * times the tier (the hit ratio after the first pass), and Zipf-skewed requests (the miss ratio). Rank 0 serves,
 * client 0 reads; each trace is seeded. Prints one {@code policy} line per trace.
 *
 * <pre>
 *   mpjrun -np 2 … PolicyBench BACKING_DIR POLICY FILES FILE_BYTES ZIPF_REQUESTS ZIPF_EXPONENT ZIPF_TIER_PERCENT
 * </pre>
 *
 * The backing directory holds {@code p-0 … p-(FILES-1)} of FILE_BYTES each (the run script links one file many times).
 */
public final class PolicyBench
{
    private static final int CYCLIC_PASSES = 10;
    private static final double CYCLIC_SET_OVER_TIER = 1.25;

    private PolicyBench()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        MPI.Init(args);
        final String policy = args[1];
        final int files = Integer.parseInt(args[2]);
        final long fileBytes = Long.parseLong(args[3]);
        final int zipfRequests = Integer.parseInt(args[4]);
        final double exponent = Double.parseDouble(args[5]);
        final double tierPercent = Double.parseDouble(args[6]);
        final int cyclicFiles = files / 2;
        final String[] traces = {"cyclic", "zipf"};
        for (final String trace : traces)
        {
            final long tierBytes = trace.equals("cyclic") ? (long) (cyclicFiles / CYCLIC_SET_OVER_TIER) * fileBytes
                : (long) (files * tierPercent / 100) * fileBytes;
            final Properties settings = new Properties();
            settings.setProperty(CacheConfig.BACKING_DIR_PROP_NAME, args[0]);
            settings.setProperty(CacheConfig.MEMORY_POLICY_PROP_NAME, policy);
            settings.setProperty(CacheConfig.MEMORY_BYTES_PROP_NAME, Long.toString(tierBytes));
            // Every request goes to the server alone, so the trace is the tier's.
            settings.setProperty(CacheConfig.RELAY_GATHER_MICROS_PROP_NAME, "0");
            try (MpjCache cache = MpjCache.join(MPI.COMM_WORLD, CacheConfig.of(settings)))
            {
                if (cache.isServer())
                {
                    cache.serve();
                }
                else if (cache.clients().Rank() == 0)
                {
                    final CacheClient client = cache.client();
                    if (trace.equals("cyclic"))
                    {
                        cyclic(client, policy, cyclicFiles, fileBytes, tierBytes);
                    }
                    else
                    {
                        zipf(client, policy, files, zipfRequests, exponent, tierPercent);
                    }
                }
            }
        }
        MPI.Finalize();
    }

    private static void cyclic(final CacheClient client, final String policy, final int files, final long fileBytes, final long tierBytes)
    {
        for (int index = 0; index < files; index++)
        {
            client.fetch("p-" + index);
        }
        final TierCounters.Snapshot firstPass = client.stats().tier("memory");
        for (int pass = 1; pass < CYCLIC_PASSES; pass++)
        {
            for (int index = 0; index < files; index++)
            {
                client.fetch("p-" + index);
            }
        }
        final CacheStats stats = client.stats();
        final TierCounters.Snapshot all = stats.tier("memory");
        final long hits = all.hits() - firstPass.hits();
        final long lookups = hits + all.misses() - firstPass.misses();
        System.out.printf(Locale.ROOT, "policy name=%s trace=cyclic files=%d file_bytes=%d tier_bytes=%d passes=%d hit_ratio=%.4f"
            + " miss_ratio=%.4f evictions=%d%n", policy, files, fileBytes, tierBytes, CYCLIC_PASSES, (double) hits / lookups,
            1 - (double) hits / lookups, all.evictions());
    }

    private static void zipf(final CacheClient client, final String policy, final int files, final int requests, final double exponent,
        final double tierPercent)
    {
        final double[] cumulative = new double[files];
        double sum = 0;
        for (int rank = 0; rank < files; rank++)
        {
            sum += 1 / Math.pow(rank + 1, exponent);
            cumulative[rank] = sum;
        }
        // The popular files are spread over the names, so that name order says nothing of popularity.
        final int[] nameOf = new int[files];
        final Random shuffle = new Random(11);
        for (int i = 0; i < files; i++)
        {
            nameOf[i] = i;
        }
        for (int i = files - 1; i > 0; i--)
        {
            final int j = shuffle.nextInt(i + 1);
            final int swap = nameOf[i];
            nameOf[i] = nameOf[j];
            nameOf[j] = swap;
        }
        final Random random = new Random(42);
        for (int request = 0; request < requests; request++)
        {
            final double pick = random.nextDouble() * sum;
            int low = 0;
            int high = files - 1;
            while (low < high)
            {
                final int middle = (low + high) >>> 1;
                if (cumulative[middle] < pick)
                {
                    low = middle + 1;
                }
                else
                {
                    high = middle;
                }
            }
            client.fetch("p-" + nameOf[low]);
        }
        final TierCounters.Snapshot memory = client.stats().tier("memory");
        System.out.printf(Locale.ROOT, "policy name=%s trace=zipf files=%d exponent=%.2f tier_percent=%.1f requests=%d hit_ratio=%.4f"
            + " miss_ratio=%.4f evictions=%d%n", policy, files, exponent, tierPercent, requests, memory.hitRatio(), 1 - memory.hitRatio(),
            memory.evictions());
    }
}
