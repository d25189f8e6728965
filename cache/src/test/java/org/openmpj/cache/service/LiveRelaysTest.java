package org.openmpj.cache.service;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class LiveRelaysTest
{
    /** The server, rank 0, alone on host s; ranks 1-3 on a, 4-6 on b, 7-9 on c, 10 on d, 11 on e. */
    private final GroupMap hosts = GroupMap.of(new String[] {"s", "a", "a", "a", "b", "b", "b", "c", "c", "c", "d", "e"}, 12);
    private final LiveRelays relays = new LiveRelays(hosts, 0, 2);

    @Test
    void requestsBeforeTheStreamStartsBecomeMembersAndLaterOnesAreAdopted()
    {
        final LiveRelays.Relay relay = relays.gathered("f", new int[] {1, 4});
        assertNotNull(relay);
        assertSame(LiveRelays.Adoption.AS_MEMBER, relays.offer("f", 7));
        final LiveRelays.Start start = relays.start(relay, 1000, 100, 10);
        assertArrayEquals(new int[] {1, 4, 7}, start.members());
        final LiveRelays.Adoption adoption = relays.offer("f", 2);
        assertEquals(new LiveRelays.Adoption(1, 1000, 100, 10), adoption, "adopted on its own host, with the stream's shape");
        assertNull(relays.offer("g", 2), "no relay of another file");
    }

    @Test
    void aJoinerIsAdoptedOnItsHostByTheEarliestNodeWithRoomSoThatJoinersFormATreeNotAChain()
    {
        final GroupMap oneHost = GroupMap.of(new String[] {"s", "a", "a", "a", "a", "a", "a", "a"}, 8);
        final LiveRelays fanoutTwo = new LiveRelays(oneHost, 0, 2);
        fanoutTwo.start(fanoutTwo.gathered("f", new int[] {1}), 1000, 100, 10);
        assertEquals(1, fanoutTwo.offer("f", 2).adopter());
        assertEquals(1, fanoutTwo.offer("f", 3).adopter(), "the member holds most of the file and has room for a second joiner");
        assertEquals(2, fanoutTwo.offer("f", 4).adopter(), "the member is full: the earliest joiner");
        assertEquals(2, fanoutTwo.offer("f", 5).adopter());
        assertEquals(3, fanoutTwo.offer("f", 6).adopter());
        assertEquals(3, fanoutTwo.offer("f", 7).adopter());
    }

    @Test
    void whenEveryNodeIsFullTheLeastLoadedAdopts()
    {
        final GroupMap oneHost = GroupMap.of(new String[] {"s", "a", "a", "a", "a"}, 5);
        final LiveRelays fanoutOne = new LiveRelays(oneHost, 0, 1);
        fanoutOne.start(fanoutOne.gathered("f", new int[] {1}), 1000, 100, 10);
        assertEquals(1, fanoutOne.offer("f", 2).adopter());
        assertEquals(2, fanoutOne.offer("f", 3).adopter());
        // Ranks 1 and 2 are full with one adoptee each and rank 3 has room.
        assertEquals(3, fanoutOne.offer("f", 4).adopter());
        fanoutOne.done("f", 3);
        fanoutOne.done("f", 4);
        assertEquals(1, fanoutOne.offer("f", 3).adopter(), "all full and as loaded: the earliest");
    }

    @Test
    void aJoinerOnAHostWithoutNodesIsAdoptedByAHostThatPassesNothingOnThenByTheLeastLoaded()
    {
        final LiveRelays.Relay relay = relays.gathered("f", new int[] {1, 4, 7});
        relays.start(relay, 1000, 100, 10);
        // The chain s -> a -> b -> c: only c passes the file on to no other host.
        assertEquals(7, relays.offer("f", 10).adopter());
        // Now s, a, b and c pass the file on once each; d, entered by the joiner 10, passes nothing on.
        assertEquals(10, relays.offer("f", 11).adopter());
        assertEquals(4, relays.offer("f", 5).adopter(), "a joiner on a host with a node stays on its host");
    }

    @Test
    void theRelayEndsWhenEveryNodeIsDoneAndNobodyIsAskedToAdoptAfterItsDone()
    {
        final LiveRelays.Relay relay = relays.gathered("f", new int[] {1, 2});
        relays.start(relay, 1000, 100, 10);
        relays.done("f", 1);
        assertEquals(2, relays.offer("f", 3).adopter(), "rank 1 is done");
        relays.done("f", 2);
        relays.done("f", 3);
        assertNull(relays.offer("f", 4), "every node is done: the relay has ended");
        assertNotNull(relays.gathered("f", new int[] {4}), "a new burst starts a new relay");
    }

    @Test
    void requestsGatheredWhileTheFileStreamsWaitForTheRequestLoop()
    {
        final LiveRelays.Relay relay = relays.gathered("f", new int[] {1});
        assertNull(relays.gathered("f", new int[] {2}), "appended to the pending relay");
        relays.start(relay, 1000, 100, 10);
        assertFalse(relays.hasLate());
        assertNull(relays.gathered("f", new int[] {3, 4}));
        assertTrue(relays.hasLate());
        assertEquals(List.of(new LiveRelays.LateMember("f", 3), new LiveRelays.LateMember("f", 4)), relays.takeLate());
        assertFalse(relays.hasLate());
    }

    @Test
    void aRelayThatWillNotStreamEndsAtOnceWithItsMembers()
    {
        final LiveRelays.Relay relay = relays.gathered("f", new int[] {1});
        relays.offer("f", 2);
        assertArrayEquals(new int[] {1, 2}, relays.close(relay));
        assertNull(relays.offer("f", 3));
    }

    @Test
    void aClientWhoseAdopterDeclinedGetsARelayNobodyJoins()
    {
        final LiveRelays.Relay live = relays.gathered("f", new int[] {1});
        relays.start(live, 1000, 100, 10);
        assertEquals(1, relays.offer("f", 2).adopter());
        final LiveRelays.Relay alone = relays.alone("f", 2);
        assertArrayEquals(new int[] {2}, relays.start(alone, 1000, 100, 10).members());
        assertEquals(1, relays.offer("f", 3).adopter(), "rank 2 left the live relay: it is not asked to adopt");
    }
}
