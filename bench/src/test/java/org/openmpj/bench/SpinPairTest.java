package org.openmpj.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The floor's hand-off protocol: a few messages only, no timing. */
class SpinPairTest
{
    @Test
    @Timeout(60)
    void echoesMessagesReportsAllocationAndStops() throws InterruptedException
    {
        final SpinChannel channel = new SpinChannel(16);
        Arrays.fill(channel.leaderBuffer, (byte)7);
        final Thread follower = new Thread(new SpinFollower(channel), "test-follower");
        follower.setDaemon(true);
        follower.start();
        final SpinLeader leader = new SpinLeader(channel);

        leader.roundTrips(16, 3);
        assertArrayEquals(channel.leaderBuffer, channel.followerBuffer);
        // The follower publishes its last echo and its count back to back: the leader must not miss either.
        for (int i = 0; i < 20; i++)
        {
            assertTrue(leader.allocatedBytes(1, 2) >= 0);
        }
        leader.stop();
        follower.join(Duration.ofSeconds(30));
        assertFalse(follower.isAlive());
    }
}
