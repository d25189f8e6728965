package org.openmpj.transport.thread;

import java.util.List;

import org.openmpj.assembly.DeviceAssembler;
import org.openmpj.device.ConfigOption;
import org.openmpj.device.Device;
import org.openmpj.device.DeviceCapabilities;
import org.openmpj.device.DeviceContext;
import org.openmpj.device.DeviceProvider;
import org.openmpj.matching.InlineMailbox;

/** The {@code thread} device (also {@code smdev}, {@code multicore}): every rank a thread of this JVM. */
public final class ThreadDeviceProvider implements DeviceProvider
{
    /** Largest message copied so the sender returns before the receiver arrives; larger ones pass by reference. */
    public static final String EAGER_LIMIT_PROP_NAME = "openmpj.thread.eagerLimit";
    /**
     * Default eager limit in bytes. Measured with a stream of blocking sends on 2 cores: 16 KiB messages above the
     * limit (one copy, straight from the sender's array) ran at 8.4-29 GB/s over six runs, at or below it
     * (copied twice, through the receiver's queue) at 4.1-6.7 GB/s over four. Small messages stay eager all the same, so
     * that programs which send before they receive, relying on buffering as is common, do not deadlock.
     */
    public static final long EAGER_LIMIT_DEFAULT = 4 * 1024;
    /** Most heap, in bytes, that eager copies waiting at one receiver take; past it, senders wait for their receives. */
    public static final String UNEXPECTED_LIMIT_PROP_NAME = "openmpj.thread.unexpectedLimit";
    /** Default unexpected-message limit in bytes. */
    public static final long UNEXPECTED_LIMIT_DEFAULT = 64L * 1024 * 1024;

    /**
     * Whether messages of at most {@link InlineMailbox#INLINE_LIMIT_BYTES} (and the eager limit) go
     * through a mailbox per pair of ranks, matched by the receiving rank, instead of being matched in the sending thread:
     * {@code true}, {@code false}, or {@code auto}, which uses them while waits spin (the ranks fit the cores).
     */
    public static final String MAILBOXES_PROP_NAME = "openmpj.thread.mailboxes";
    /**
     * Default for {@link #MAILBOXES_PROP_NAME}: on. Measured in alternating runs on 2 cores: with 2 ranks, 1-byte one-way
     * time 0.138-0.178 µs with mailboxes against 0.227-0.253 µs without. With 8 ranks (waits back off) they were once
     * {@code auto}'s choice against (16-byte Allreduce, Allgather and Alltoall 21-38 % slower with them, on an AMD EPYC);
     * on an Intel Xeon, with large messages copied by the sender as before, two runs of the collectives bench each: Bcast of
     * 8-128 B 0.65-1.06 µs a call against 1.2-2.7 without, Reduce of 8-128 B 0.67-1.2 against 1.5-2.5, Alltoall of 8-128 B
     * 12-15 against 16-21, the other cells alike within the runs' spread.
     */
    public static final String MAILBOXES_DEFAULT = "true";

    @Override
    public String name()
    {
        return "thread";
    }

    @Override
    public List<String> aliases()
    {
        return List.of("smdev", "multicore");
    }

    @Override
    public DeviceCapabilities capabilities()
    {
        return DeviceCapabilities.IN_PROCESS;
    }

    @Override
    public List<ConfigOption> configOptions()
    {
        return List.of(
            new ConfigOption(EAGER_LIMIT_PROP_NAME, Long.toString(EAGER_LIMIT_DEFAULT),
                "bytes: larger messages are not copied but read from the sender's array by the receiver"),
            new ConfigOption(UNEXPECTED_LIMIT_PROP_NAME, Long.toString(UNEXPECTED_LIMIT_DEFAULT),
                "bytes of heap that eager copies from ranks of the same JVM, waiting at one rank, may take (each its payload,"
                    + " at least 64, and 152 of bookkeeping) before senders must wait for its receives"),
            new ConfigOption(MAILBOXES_PROP_NAME, MAILBOXES_DEFAULT,
                "true: messages of up to " + InlineMailbox.INLINE_LIMIT_BYTES
                    + " bytes (224 of booleans, shorts, chars) go through a mailbox per pair of ranks and are matched"
                    + " by the receiver; false: by the sender;"
                    + " auto: true only while waits spin (the ranks fit the cores)"));
    }

    @Override
    public Device open(final DeviceContext context)
    {
        return DeviceAssembler.assemble(name(), capabilities(), context, List.of(new ThreadTransportKind()));
    }
}
