package org.openmpj.engine.datatype;

import java.lang.foreign.MemorySegment;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.Primitive;
import org.openmpj.device.ArrayCopy;
import org.openmpj.engine.CollectiveCalls;
import org.openmpj.engine.Communicator;

/**
 * Alltoallw: an alltoall whose every block has its own datatype and a displacement in bytes, as MPI defines it. The
 * buffers are memory (native, or a heap array seen as bytes), since blocks of different element kinds share them. Each
 * block this rank sends is packed into one byte array, the blocks travel as the engine's alltoallv of bytes, and each
 * block received is unpacked at its displacement once the exchange is done. So a block's bytes must match in number the
 * bytes its receiver expects (a mismatch fails as in alltoallv); within that, the two sides may use different types.
 */
public final class TypedAlltoallw
{
    private TypedAlltoallw()
    {
    }

    /**
     * Rank r sends {@code sendcounts[i]} items of {@code sendtypes[i]} from byte {@code sdispls[i]} of {@code sendbuf} to rank
     * i, and receives rank i's block as {@code recvcounts[i]} items of {@code recvtypes[i]} at byte {@code rdispls[i]} of
     * {@code recvbuf}. Arguments are checked by the façade: every block lies inside its buffer.
     *
     * @throws OpenMpjException {@code ERR_TYPE} for a type of objects.
     */
    public static void alltoallw(
        final CollectiveCalls calls, final Communicator c,
        final MemorySegment sendbuf, final int[] sendcounts, final int[] sdispls, final TypeMap[] sendtypes,
        final MemorySegment recvbuf, final int[] recvcounts, final int[] rdispls, final TypeMap[] recvtypes)
    {
        final int n = c.size();
        final int[] sendBytes = new int[n];
        final int[] sendAt = new int[n];
        final int[] recvBytes = new int[n];
        final int[] recvAt = new int[n];
        final int sendTotal = layOut(sendcounts, sendtypes, sendBytes, sendAt);
        final int recvTotal = layOut(recvcounts, recvtypes, recvBytes, recvAt);
        final byte[] packed = (byte[])ScratchPool.SHARED.acquire(Primitive.BYTE, Math.max(1, sendTotal));
        final byte[] arrived = (byte[])ScratchPool.SHARED.acquire(Primitive.BYTE, Math.max(1, recvTotal));
        for (int i = 0; i < n; i++)
        {
            if (sendBytes[i] > 0)
            {
                final CollectiveBuffer block = CollectiveBuffer.send(sendbuf.asSlice(sdispls[i]), 0, sendcounts[i], sendtypes[i]);
                ArrayCopy.copy(block.array(), sendtypes[i].kind(), block.offset(), packed, Primitive.BYTE, sendAt[i], sendBytes[i]);
                block.finish();
            }
        }
        calls.alltoallv(c, packed, 0, sendBytes, sendAt, arrived, 0, recvBytes, recvAt, Primitive.BYTE);
        calls.then(() ->
        {
            for (int i = 0; i < n; i++)
            {
                if (recvBytes[i] > 0)
                {
                    final CollectiveBuffer block = CollectiveBuffer.receive(recvbuf.asSlice(rdispls[i]), 0, recvcounts[i], recvtypes[i]);
                    ArrayCopy.copy(arrived, Primitive.BYTE, recvAt[i], block.array(), recvtypes[i].kind(), block.offset(), recvBytes[i]);
                    block.finish();
                }
            }
            ScratchPool.SHARED.release(Primitive.BYTE, packed);
            ScratchPool.SHARED.release(Primitive.BYTE, arrived);
        });
    }

    /** Fills in each block's bytes and where it starts in the packed bytes; returns their total. */
    private static int layOut(final int[] counts, final TypeMap[] types, final int[] bytes, final int[] at)
    {
        long total = 0;
        for (int i = 0; i < bytes.length; i++)
        {
            if (counts[i] > 0 && types[i].isObject())
            {
                throw new OpenMpjException(ErrorClass.ERR_TYPE, "alltoallw carries primitive data, not objects");
            }
            at[i] = (int)total;
            bytes[i] = counts[i] == 0 ? 0 : types[i].elements(counts[i]) * types[i].kind().sizeBytes();
            total += bytes[i];
        }
        if (total > Integer.MAX_VALUE)
        {
            throw new OpenMpjException(ErrorClass.ERR_COUNT, "alltoallw: the blocks hold " + total + " bytes together, more than 2 GiB");
        }
        return (int)total;
    }
}
