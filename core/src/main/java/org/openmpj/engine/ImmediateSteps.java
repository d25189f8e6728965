package org.openmpj.engine;

import org.openmpj.Primitive;
import org.openmpj.device.ArrayCopy;
import org.openmpj.device.ReceiveRequest;
import org.openmpj.device.Request;

/** The steps of a blocking collective: each taken at once, through {@link Transfers}. Stateless. */
final class ImmediateSteps implements Steps
{
    @Override
    public void send(final Communicator c, final Object buf, final Primitive kind, final int offset, final int count, final int dest,
        final int tag)
    {
        Transfers.send(c, buf, kind, offset, count, dest, tag);
    }

    @Override
    public void receive(final Communicator c, final Object buf, final Primitive kind, final int offset, final int count, final int source,
        final int tag)
    {
        Transfers.receive(c, buf, kind, offset, count, source, tag);
    }

    @Override
    public void exchange(final Communicator c, final Object sendBuf, final Primitive kind, final int sendOffset, final int sendCount,
        final int dest, final Object recvBuf, final int recvOffset, final int recvCount, final int source, final int tag)
    {
        Transfers.exchange(c, sendBuf, kind, sendOffset, sendCount, dest, recvBuf, recvOffset, recvCount, source, tag);
    }

    @Override
    public void sendPaired(final Communicator c, final Object buf, final Primitive kind, final int offset, final int count, final int dest,
        final int tag, final boolean shared)
    {
        Transfers.sendPaired(c, buf, kind, offset, count, dest, tag, shared);
    }

    @Override
    public void receivePaired(final Communicator c, final Object buf, final Primitive kind, final int offset, final int count,
        final int source, final int tag, final boolean shared)
    {
        Transfers.receivePaired(c, buf, kind, offset, count, source, tag, shared);
    }

    @Override
    public ReceiveRequest irecvSlot(final Communicator c, final int slot, final Object buf, final Primitive kind, final int offset,
        final int count, final int source)
    {
        return Transfers.irecvSlot(c, slot, buf, kind, offset, count, source);
    }

    @Override
    public Request isendSlot(final Communicator c, final int slot, final Object buf, final Primitive kind, final int offset,
        final int count, final int dest, final int tag)
    {
        return Transfers.isendSlot(c, slot, buf, kind, offset, count, dest, tag);
    }

    @Override
    public void awaitArrival(final Communicator c, final ReceiveRequest request, final Object buf, final Primitive kind, final int offset,
        final int count, final int source, final int tag)
    {
        Transfers.awaitArrival(c, request, buf, kind, offset, count, source, tag);
    }

    @Override
    public void awaitAll(final Communicator c, final Request[] requests, final int tag)
    {
        Transfers.awaitAll(c, requests, tag);
    }

    @Override
    public void checkArrival(final Communicator c, final ReceiveRequest request, final Object buf, final Primitive kind, final int offset,
        final int count, final int source, final int tag)
    {
        Transfers.checkArrival(c, request, buf, kind, offset, count, source, tag);
    }

    @Override
    public void reduce(final Reduction op, final Object in, final int inOffset, final Object inout, final int inoutOffset, final int items)
    {
        op.reduce(in, inOffset, inout, inoutOffset, items);
    }

    @Override
    public void copy(final Primitive kind, final Object from, final int fromOffset, final Object to, final int toOffset, final int count)
    {
        ArrayCopy.copyElements(kind, from, fromOffset, to, toOffset, count);
    }
}
