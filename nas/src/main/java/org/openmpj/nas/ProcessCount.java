package org.openmpj.nas;

/** The process counts the kernels accept, checked before any work so that a wrong count fails at once and says why. */
public final class ProcessCount
{
    private ProcessCount()
    {
    }

    /**
     * @throws IllegalArgumentException naming the kernel and the count when {@code processes} is not a power of two
     *                                  no greater than {@code largest}.
     */
    public static void requirePowerOfTwo(final String kernel, final int processes, final int largest)
    {
        if (Integer.bitCount(processes) != 1 || processes > largest)
        {
            throw new IllegalArgumentException(kernel + " runs on a power of two processes up to " + largest + " for this class, not "
                + processes);
        }
    }
}
