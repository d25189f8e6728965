package org.openmpj.matching;

import java.util.Arrays;
import java.util.function.Supplier;

/**
 * The requests a thread reuses: for its blocking calls, and for the steps of collectives ({@link MatchingDevice#isendReusing},
 * {@link MatchingDevice#irecvReusing}); only that thread waits for them. One more is the send that each
 * {@link MatchingDevice#isend} starts with: it comes back here when the send completes as it starts, and is handed to the
 * caller (and replaced) when it does not, so any thread may come to wait for it.
 */
final class PooledRequests
{
    SendRequest send = own(new SendRequest());
    RecvRequest recv = own(new RecvRequest());
    SendRequest nextSend = new SendRequest();
    SendRequest[] stepSends = {own(new SendRequest())};
    boolean[] stepSendStarted = new boolean[1];
    RecvRequest[] stepRecvs = {own(new RecvRequest())};
    boolean[] stepRecvStarted = new boolean[1];

    /** @return the blocking receive, ready to start. */
    RecvRequest blockingRecv()
    {
        if (recv.isComplete())
        {
            recv.recycle();
        }
        return recv;
    }

    /**
     * @return the step send of {@code slot}, ready to start: the one used last time, or a new one when the last is still
     *     unfinished (left so by a failed step, and someone may still read it).
     */
    SendRequest stepSendToStart(final int slot)
    {
        SendRequest send = stepSend(slot);
        if (stepSendStarted[slot] && !send.isComplete())
        {
            send = own(new SendRequest());
            stepSends[slot] = send;
        }
        else if (stepSendStarted[slot])
        {
            send.recycle();
        }
        stepSendStarted[slot] = true;
        return send;
    }

    /**
     * @return the step receive of {@code slot}, ready to start: the one used last time (cancelled first when still posted),
     *     or a new one when the last matched but is not yet filled, as a transport may still write into it.
     */
    RecvRequest stepRecvToStart(final int slot, final MatchingDevice device)
    {
        RecvRequest recv = stepRecv(slot);
        if (stepRecvStarted[slot] && !recv.isComplete() && !device.cancel(recv))
        {
            recv = own(new RecvRequest());
            stepRecvs[slot] = recv;
        }
        else if (stepRecvStarted[slot])
        {
            recv.recycle();
        }
        stepRecvStarted[slot] = true;
        return recv;
    }

    /** @return the step receive of {@code slot}, made the first time a slot that high is asked for. */
    private RecvRequest stepRecv(final int slot)
    {
        if (slot >= stepRecvs.length)
        {
            stepRecvs = grown(stepRecvs, slot, () -> own(new RecvRequest()));
            stepRecvStarted = Arrays.copyOf(stepRecvStarted, stepRecvs.length);
        }
        return stepRecvs[slot];
    }

    /** @return the step send of {@code slot}, made the first time a slot that high is asked for. */
    private SendRequest stepSend(final int slot)
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
