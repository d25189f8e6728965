package org.openmpj.bench;

import java.util.Arrays;

import mpi.MPI;

/** How the messages of an MPI ping-pong travel: as a {@code byte[]} slice, or as a serialized object. */
interface MpiMessages
{
    /** Gets ready for messages of {@code bytes}; not timed. */
    void prepare(int bytes);

    /** Sends one message of {@code bytes}. */
    void send(int bytes, int dest, int tag);

    /** Receives one message of {@code bytes}. */
    void receive(int bytes, int source, int tag);

    /** @return the buffer of messages sent as {@code MPI.BYTE}, for loops that call the API directly; null for objects. */
    byte[] byteBuffer();

    /** @return messages as slices of one {@code byte[]} filled with {@code fill}, sent as {@code MPI.BYTE}. */
    static MpiMessages bytes(final int maxBytes, final byte fill)
    {
        final byte[] buffer = new byte[maxBytes];
        Arrays.fill(buffer, fill);
        return new MpiMessages()
        {
            @Override
            public void prepare(final int bytes)
            {
            }

            @Override
            public void send(final int bytes, final int dest, final int tag)
            {
                MPI.COMM_WORLD.Send(buffer, 0, bytes, MPI.BYTE, dest, tag);
            }

            @Override
            public void receive(final int bytes, final int source, final int tag)
            {
                MPI.COMM_WORLD.Recv(buffer, 0, bytes, MPI.BYTE, source, tag);
            }

            @Override
            public byte[] byteBuffer()
            {
                return buffer;
            }
        };
    }

    /**
     * @return messages that are one {@code byte[]} of the size inside an {@code Object[]}, sent as {@code MPI.OBJECT}:
     *         serialized by the sender, deserialized by the receiver, which echoes the array it received.
     */
    static MpiMessages objects(final byte fill)
    {
        final Object[] outgoing = new Object[1];
        final Object[] incoming = new Object[1];
        return new MpiMessages()
        {
            @Override
            public void prepare(final int bytes)
            {
                final byte[] payload = new byte[bytes];
                Arrays.fill(payload, fill);
                outgoing[0] = payload;
            }

            @Override
            public void send(final int bytes, final int dest, final int tag)
            {
                MPI.COMM_WORLD.Send(outgoing, 0, 1, MPI.OBJECT, dest, tag);
            }

            @Override
            public void receive(final int bytes, final int source, final int tag)
            {
                MPI.COMM_WORLD.Recv(incoming, 0, 1, MPI.OBJECT, source, tag);
                outgoing[0] = incoming[0];
            }

            @Override
            public byte[] byteBuffer()
            {
                return null;
            }
        };
    }
}
