package org.openmpj.bench;

import java.util.Arrays;

/**
 * The raw Java floor for {@link PingPong}: two plain threads, no OpenMPJ, ping-ponging {@code byte[]}
 * messages, each one {@code System.arraycopy} into the other side's array and a hand-off through a counter
 * the other side spins on. Same sizes, schedule and output as {@link PingPong}; run it on two cores.
 *
 * <pre>
 * taskset -c 0,1 java -cp bench/target/openmpj-bench.jar org.openmpj.bench.ThreadFloor [--max-bytes N] [--repetitions N] [--batch-ms N]
 * </pre>
 */
public final class ThreadFloor
{
    /** The name on the result lines. */
    public static final String IMPL = "java-floor";

    private ThreadFloor()
    {
    }

    public static void main(final String[] args) throws InterruptedException
    {
        if (OptionParser.wantsHelp(args))
        {
            System.out.print(BenchOptions.usage());
            return;
        }
        final BenchOptions options = BenchOptions.parse(args);
        final SpinChannel channel = new SpinChannel(options.maxBytes());
        Arrays.fill(channel.leaderBuffer, (byte)1);
        Arrays.fill(channel.followerBuffer, (byte)2);
        final Thread follower = new Thread(new SpinFollower(channel), "floor-follower");
        // Should the leader fail, the follower spins forever: it must not keep the JVM alive.
        follower.setDaemon(true);
        follower.start();
        new PingPongBenchmark(IMPL, options, new SpinLeader(channel), System.out).run();
        follower.join();
    }
}
