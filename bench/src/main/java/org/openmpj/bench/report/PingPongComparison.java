package org.openmpj.bench.report;

import java.util.List;

/**
 * What a ping-pong report holds OpenMPJ against: the native MPI and the floor, each as a ratio of median times, and
 * the targets it is judged by.
 *
 * @param subject   the OpenMPJ implementation.
 * @param reference the native MPI.
 * @param floor     the plain Java program over the same medium.
 * @param targets   the targets, judged on the subject; may be empty.
 * @param placement how the implementations' processes or threads were placed on the CPUs, in words.
 */
public record PingPongComparison(
    Implementation subject, Implementation reference, Implementation floor, List<PingPongTarget> targets, String placement)
{
    /** Copies the targets. */
    public PingPongComparison
    {
        targets = List.copyOf(targets);
    }
}
