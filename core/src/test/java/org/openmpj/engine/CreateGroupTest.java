package org.openmpj.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openmpj.Primitive;

/**
 * {@link CommunicatorCreation#createGroup}: only the group's ranks take part. The even and the odd ranks make their
 * communicators at the same time with one tag, while the last rank also makes one of its own; each works for a
 * collective, and its context differs from the parent's.
 */
@Timeout(120)
class CreateGroupTest
{
    private static final int TAG = 5;

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void theGroupsRanksAloneAgreeOnAContext(final int n)
    {
        EngineJob.run(n, world ->
        {
            final int r = world.rank();
            final ContextIds ids = new ContextIds(ContextIds.PER_COMMUNICATOR, context -> world.device().isQuiet(context));
            final int[] members = new int[(n - r % 2 + 1) / 2];
            for (int i = 0; i < members.length; i++)
            {
                members[i] = 2 * i + r % 2;
            }
            final Communicator parity = CommunicatorCreation.createGroup(world, ids, members, r / 2, TAG);
            assertNotEquals(world.context(), parity.context(), "a context of its own");
            assertEquals(members.length, parity.size(), "size");
            assertEquals(r / 2, parity.rank(), "rank");
            final int[] sum = new int[1];
            Collectives.allreduce(parity, new int[] {r}, 0, sum, 0, Primitive.INT, 1, 1,
                PredefinedReduction.of(PredefinedReduction.Operation.SUM, Primitive.INT));
            int expected = 0;
            for (final int member : members)
            {
                expected += member;
            }
            assertArrayEquals(new int[] {expected}, sum, "allreduce over the group");
            if (r == n - 1)
            {
                final Communicator alone = CommunicatorCreation.createGroup(world, ids, new int[] {r}, 0, TAG);
                assertEquals(1, alone.size(), "a group of one");
                assertNotEquals(parity.context(), alone.context(), "another context");
            }
        });
    }
}
