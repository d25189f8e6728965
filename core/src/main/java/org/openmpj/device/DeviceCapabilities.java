package org.openmpj.device;

/**
 * What a device can do, as the layers above it need to know: they ask this instead of testing a device's name.
 *
 * @param inProcess       whether every rank is a thread of one JVM, so that a launcher starts no processes.
 * @param sharesMemory    whether the device's ranks on one host reach each other through memory rather than the network.
 * @param globalClock     whether every rank of a job reads one clock, so that time stamps of different ranks compare.
 * @param largestTag      the largest tag a message may carry.
 * @param closesAtFinalize whether a rank's {@code Finalize} waits for every rank and closes the device, as devices whose
 *                        connections must end in order need; otherwise the device stays open until the job ends.
 * @param threadRanks     whether a process of the job may hold several ranks as threads, each with its own class loader.
 * @param oneHost         whether every rank of a job runs on one host, so that all see the same cores and choose alike
 *                        where that depends on whether ranks share cores.
 */
public record DeviceCapabilities(
    boolean inProcess, boolean sharesMemory, boolean globalClock, int largestTag, boolean closesAtFinalize, boolean threadRanks,
    boolean oneHost)
{
    /** Ranks are threads of one JVM: one clock, shared memory, one host, nothing to close in order. */
    public static final DeviceCapabilities IN_PROCESS = new DeviceCapabilities(true, true, true, Integer.MAX_VALUE, false, true, true);

    /**
     * Ranks are processes, each with its clock; they close their connections in order at {@code Finalize}.
     *
     * @param sharesMemory whether ranks on one host reach each other through memory.
     * @return the capabilities of such a device.
     */
    public static DeviceCapabilities processes(final boolean sharesMemory)
    {
        return new DeviceCapabilities(false, sharesMemory, false, Integer.MAX_VALUE, true, false, false);
    }

    /** @return these capabilities for a device whose processes may each hold several ranks as threads. */
    public DeviceCapabilities withThreadRanks()
    {
        return new DeviceCapabilities(inProcess, sharesMemory, globalClock, largestTag, closesAtFinalize, true, oneHost);
    }

    /** @return these capabilities for a device whose ranks all run on one host. */
    public DeviceCapabilities onOneHost()
    {
        return new DeviceCapabilities(inProcess, sharesMemory, globalClock, largestTag, closesAtFinalize, threadRanks, true);
    }
}
