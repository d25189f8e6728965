package org.openmpj.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.function.IntPredicate;

import org.junit.jupiter.api.Test;

class WorkerLedgerTest
{
    private static final IntPredicate NONE_LOST = rank -> false;

    private final WorkerLedger ledger = new WorkerLedger(4, 0, 2);
    private long submitted;

    private Submitted<Object> task()
    {
        return new Submitted<>(submitted++, () -> null, null);
    }

    private void send(final int rank, final int tasks)
    {
        final List<Submitted<?>> batch = ledger.batch(rank);
        for (int i = 0; i < tasks; i++)
        {
            batch.add(task());
        }
        ledger.sent(rank, batch);
        batch.clear();
    }

    @Test
    void theLeastLoadedWorkerGetsTheNextTaskButNeverTheRootNorALostOne()
    {
        assertEquals(1, ledger.leastLoaded(NONE_LOST), "the first worker when all are idle");
        send(1, 1);
        assertEquals(2, ledger.leastLoaded(NONE_LOST));
        ledger.batch(2).add(task());
        assertEquals(3, ledger.leastLoaded(NONE_LOST), "a task gathered for a worker counts as held");
        assertEquals(1, ledger.leastLoaded(rank -> rank == 3), "a lost worker gets nothing");
        send(1, 1);
        send(3, 2);
        ledger.batch(2).add(task());
        assertEquals(-1, ledger.leastLoaded(NONE_LOST), "no room left at two tasks each");
    }

    @Test
    void amongEquallyLoadedWorkersTheOneThatAnsweredLastIsChosen()
    {
        send(1, 1);
        send(2, 1);
        send(3, 1);
        ledger.answered(3);
        ledger.answered(2);
        assertEquals(2, ledger.leastLoaded(NONE_LOST));
    }

    @Test
    void tasksComeBackInTheOrderTheyWentAndByMessage()
    {
        send(1, 2);
        send(1, 1);
        final Submitted<?> first = ledger.answered(1);
        assertEquals(0, first.number);
        assertEquals(1, first.rank);
        final List<Submitted<?>> rest = ledger.takeOldestMessage(1);
        assertEquals(1, rest.size(), "the one left of the first message");
        assertEquals(1, rest.get(0).number);
        assertEquals(2, ledger.takeOldestMessage(1).get(0).number);
        assertNull(ledger.answered(1));
    }

    @Test
    void aLostWorkersTasksAndThenEveryTaskLeftAreTakenOff()
    {
        send(1, 2);
        send(2, 1);
        final List<Submitted<?>> lost = ledger.takeAll(1);
        assertEquals(2, lost.size());
        assertEquals(1, ledger.leastLoaded(NONE_LOST), "a worker whose tasks were taken has room again");
        ledger.batch(3).add(task());
        final List<Submitted<?>> all = ledger.takeEverything();
        assertEquals(2, all.size(), "the tasks held, and those gathered for a send that never went");
        assertEquals(2, all.get(0).rank);
        assertEquals(-1, all.get(1).rank);
        assertEquals(List.of(), ledger.batch(3));
        assertEquals(List.of(), ledger.takeEverything());
    }
}
