package org.openmpj.bench;

/**
 * The ping-pong of {@link PingPong} with each message a {@code byte[]} of the size inside an {@code Object[]},
 * sent as {@code MPI.OBJECT}: what Java serialization adds to a message.
 *
 * <pre>
 * bin/mpjrun -np 2 -cp bench/target/openmpj-bench.jar org.openmpj.bench.ObjectPingPong [--max-bytes N] [--repetitions N] [--batch-ms N]
 * </pre>
 */
public final class ObjectPingPong
{
    /** The name on the result lines. */
    public static final String IMPL = "openmpj-object";

    private ObjectPingPong()
    {
    }

    public static void main(final String[] args)
    {
        PingPong.run(args, IMPL, true);
    }
}
