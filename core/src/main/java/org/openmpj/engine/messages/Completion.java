package org.openmpj.engine.messages;

/**
 * What a completed point-to-point operation reports to a façade once the engine has finished it (unpacked a staged
 * receive, deserialized objects).
 *
 * @param source        the rank of the sender in the communicator.
 * @param tag           the tag of the message.
 * @param byteCount     the size of the message in bytes.
 * @param cancelled     whether the operation was cancelled rather than matched.
 * @param objects       for a receive of objects, how many arrived; -1 otherwise.
 * @param itemsOfNoData for a receive of a type of no data, the items it asked for, which its count reports; -1 otherwise.
 */
public record Completion(int source, int tag, long byteCount, boolean cancelled, int objects, int itemsOfNoData)
{
}
