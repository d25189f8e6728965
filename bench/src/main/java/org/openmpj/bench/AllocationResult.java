package org.openmpj.bench;

/**
 * Heap allocated per message in steady state: the bytes both threads allocated during a batch of blocking
 * sends and receives, divided by the messages of the batch (two per round trip).
 *
 * @param impl             the implementation's short name.
 * @param bytes            the message size.
 * @param messages         messages in the measured batch.
 * @param bytesPerMessage  heap bytes allocated per message, sender and receiver together.
 */
public record AllocationResult(String impl, int bytes, long messages, double bytesPerMessage)
{
}
