package org.openmpj.matching;

import java.util.Arrays;
import java.util.function.Supplier;

/**
 * The requests a thread reuses: for its blocking calls, and for the steps of collectives ({@link MatchingDevice#isendReusing},
 * {@link MatchingDevice#irecvReusing}); only that thread waits for them.
 */
final class PooledRequests
{
    SendRequest send = own(new SendRequest());
    RecvRequest recv = own(new RecvRequest());
    SendRequest[] stepSends = {own(new SendRequest())};
    boolean[] stepSendStarted = new boolean[1];
    RecvRequest[] stepRecvs = {own(new RecvRequest())};
    boolean[] stepRecvStarted = new boolean[1];

    /** @return the step receive of {@code slot}, made the first time a slot that high is asked for. */
    RecvRequest stepRecv(final int slot)
    {
        if (slot >= stepRecvs.length)
        {
            stepRecvs = grown(stepRecvs, slot, () -> own(new RecvRequest()));
            stepRecvStarted = Arrays.copyOf(stepRecvStarted, stepRecvs.length);
        }
        return stepRecvs[slot];
    }

    /** @return the step send of {@code slot}, made the first time a slot that high is asked for. */
    SendRequest stepSend(final int slot)
    {
        if (slot >= stepSends.length)
        {
            stepSends = grown(stepSends, slot, () -> own(new SendRequest()));
            stepSendStarted = Arrays.copyOf(stepSendStarted, stepSends.length);
        }
        return stepSends[slot];
    }

    /** @return {@code request}, made one that only the calling thread waits for. */
    static SendRequest own(final SendRequest request)
    {
        request.waitedForOnlyByCurrentThread();
        return request;
    }

    /** @return {@code request}, made one that only the calling thread waits for. */
    static RecvRequest own(final RecvRequest request)
    {
        request.waitedForOnlyByCurrentThread();
        return request;
    }

    /** @return {@code requests} lengthened to hold {@code slot} (at least doubled), the new places filled by {@code make}. */
    private static <T> T[] grown(final T[] requests, final int slot, final Supplier<T> make)
    {
        final T[] longer = Arrays.copyOf(requests, Math.max(slot + 1, 2 * requests.length));
        for (int i = requests.length; i < longer.length; i++)
        {
            longer[i] = make.get();
        }
        return longer;
    }
}
