package org.openmpj.bench;

/** Human labels for byte counts: binary units for whole multiples, plain bytes otherwise. */
public final class ByteSizes
{
    private static final String[] UNITS = {"B", "KiB", "MiB", "GiB", "TiB"};
    private static final int BINARY_STEP = 1024;

    private ByteSizes()
    {
    }

    /** @return e.g. {@code 1 B}, {@code 1000 B}, {@code 64 KiB}, {@code 16 MiB}. */
    public static String label(final long bytes)
    {
        long value = bytes;
        int unit = 0;
        while (value != 0 && value % BINARY_STEP == 0 && unit < UNITS.length - 1)
        {
            value /= BINARY_STEP;
            unit++;
        }
        return value + " " + UNITS[unit];
    }
}
