package org.openmpj.device;

import java.lang.foreign.MemorySegment;
import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;

/**
 * What a memory segment must be to carry a message, checked where it enters the device. Its bytes are read and written by
 * whichever thread moves the message (a progress thread, the peer's thread in one JVM), so no one thread may own it; it
 * must be alive; and a receive's must be writable. Inside the device a segment travels where an array would, as a
 * payload of kind {@link org.openmpj.Primitive#BYTE} from offset 0, and the copies ({@link ArrayCopy}, {@link BufferCopy})
 * read it as such.
 */
public final class SegmentPayloads
{
    /** A thread that never runs: a segment it may access is one that no single thread owns. */
    private static final Thread ANY_OTHER_THREAD = new Thread(() ->
    {
    }, "openmpj-segment-check");

    private SegmentPayloads()
    {
    }

    /** @return {@code buf}, checked to be sendable. */
    public static MemorySegment readable(final MemorySegment buf)
    {
        if (buf == null)
        {
            throw new OpenMpjException(ErrorClass.ERR_BUFFER, "the segment to send is null");
        }
        if (!buf.scope().isAlive())
        {
            throw new OpenMpjException(ErrorClass.ERR_BUFFER, "the segment of " + buf.byteSize() + " bytes belongs to a closed arena");
        }
        if (!buf.isAccessibleBy(ANY_OTHER_THREAD))
        {
            throw new OpenMpjException(ErrorClass.ERR_BUFFER, "the segment of " + buf.byteSize()
                + " bytes is confined to one thread, but other threads move its bytes: allocate it in a shared, automatic or"
                + " global arena");
        }
        return buf;
    }

    /** @return {@code buf}, checked to be a segment a message may land in. */
    public static MemorySegment writable(final MemorySegment buf)
    {
        if (buf != null && buf.isReadOnly())
        {
            throw new OpenMpjException(ErrorClass.ERR_BUFFER, "the segment to receive into (" + buf.byteSize() + " bytes) is read-only");
        }
        return readable(buf);
    }
}
