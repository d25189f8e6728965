package org.openmpj.cache.store;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A file set whose popularity follows Zipf's law: file {@code i} (from 0) is read with probability proportional to
 * {@code 1 / (i + 1)^exponent}. Sizes are drawn once, uniformly between 64 KiB and 4 MiB and independent of popularity,
 * so that byte-sized policies see entries of different sizes.
 */
final class ZipfTrace
{
    private static final long MIN_FILE_BYTES = 64L << 10;
    private static final long MAX_FILE_BYTES = 4L << 20;

    private final double[] cumulative;
    private final long[] sizesBytes;
    private final long totalBytes;

    ZipfTrace(final int files, final double exponent, final long seed)
    {
        cumulative = new double[files];
        sizesBytes = new long[files];
        final SplittableRandom random = new SplittableRandom(seed);
        double sum = 0;
        long bytes = 0;
        for (int i = 0; i < files; i++)
        {
            sum += 1 / Math.pow(i + 1, exponent);
            cumulative[i] = sum;
            sizesBytes[i] = random.nextLong(MIN_FILE_BYTES, MAX_FILE_BYTES + 1);
            bytes += sizesBytes[i];
        }
        for (int i = 0; i < files; i++)
        {
            cumulative[i] /= sum;
        }
        totalBytes = bytes;
    }

    /** @return a file drawn by popularity. */
    int nextFile(final SplittableRandom random)
    {
        final int at = Arrays.binarySearch(cumulative, random.nextDouble());
        return Math.min(at >= 0 ? at : -at - 1, cumulative.length - 1);
    }

    long sizeBytes(final int file)
    {
        return sizesBytes[file];
    }

    long totalBytes()
    {
        return totalBytes;
    }
}
