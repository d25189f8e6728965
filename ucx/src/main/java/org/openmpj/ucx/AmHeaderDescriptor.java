package org.openmpj.ucx;

import org.openmpj.matching.FrameDescriptor;

/**
 * The header of every active message the device sends, little-endian: the sender's rank, then the frame header every
 * process transport shares ({@link FrameDescriptor}). The message's data is the frame's payload, or one piece of it.
 *
 * <pre>
 *   0                               4                               8
 *   +-------------------------------+-------------------------------+
 *   | sender's world rank           | version                       |
 *   +-------------------------------+-------------------------------+
 *   8 | frame header (48 bytes, FrameDescriptor); for a PIECE: type PIECE, id the receive's id,  |
 *     | aux the byte of the message the piece starts at, byte count the whole message's         |
 *  56 +-----------------------------------------------------------------------------------------+
 * </pre>
 *
 * A rendezvous payload larger than one staging slot travels as a {@code DATA} frame carrying its first piece, then
 * {@link #PIECE}s carrying the rest, so that copying a piece overlaps moving the one before.
 */
final class AmHeaderDescriptor
{
    /** Header length in bytes. */
    static final int HEADER_BYTES = 8 + FrameDescriptor.HEADER_BYTES;
    static final int SENDER_OFFSET = 0;
    static final int VERSION_OFFSET = 4;
    /** Where the shared frame header starts. */
    static final int FRAME_OFFSET = 8;
    /** This layout's version; a message of another version is a protocol error. */
    static final int VERSION = 1;
    /** A frame type of this device only: a further piece of a rendezvous payload whose {@code DATA} frame came before. */
    static final byte PIECE = 16;
    /** The active-message id the device's messages use. */
    static final int AM_ID = 0x4d50;

    private AmHeaderDescriptor()
    {
    }
}
