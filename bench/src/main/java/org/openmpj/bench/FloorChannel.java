package org.openmpj.bench;

/**
 * One side of a two-JVM floor's link, as {@link FloorLeader} and {@link FloorFollower} use it: the measured messages, and
 * the small commands and replies that frame each batch. Not thread-safe; each side owns one.
 */
interface FloorChannel
{
    /** Sends a message of {@code bytes} to the peer and waits for its echo. */
    void roundTrip(int bytes);

    /** Receives a message of {@code bytes} and sends it back. */
    void echo(int bytes);

    /** Tells the peer the operation, size and count of the next batch. */
    void sendCommand(int op, int bytes, int iterations);

    /** Waits for the leader's next command and stores its {op, bytes, iterations} in {@code command}. */
    void receiveCommand(long[] command);

    /** Sends the leader one number: an acknowledgement (0) or the bytes this side allocated. */
    void sendReply(long value);

    /** @return the number the peer replied. */
    long receiveReply();
}
