package org.openmpj.bench.report;

import java.util.List;
import java.util.stream.Stream;

/**
 * What a ping-pong report holds OpenMPJ against: the native MPIs and the floor, each as a ratio of median times, and the
 * targets it is judged by.
 *
 * @param subject   the OpenMPJ implementation.
 * @param reference the native implementation shown first beside OpenMPJ, usually an MPI.
 * @param others    further native MPIs shown beside the reference; may be empty.
 * @param floor     the plain program over the same medium, measured in every round: it also tells the machine's state.
 * @param targets   the targets the subject is judged by, each naming what it is relative to; may be empty.
 * @param placement how the implementations' processes or threads were placed on the CPUs, in words.
 */
public record PingPongComparison(
    Implementation subject, Implementation reference, List<Implementation> others, Implementation floor, List<PingPongTarget> targets,
    String placement)
{
    /** Copies the lists. */
    public PingPongComparison
    {
        others = List.copyOf(others);
        targets = List.copyOf(targets);
    }

    /** A comparison with one native MPI. */
    public PingPongComparison(
        final Implementation subject, final Implementation reference, final Implementation floor, final List<PingPongTarget> targets,
        final String placement)
    {
        this(subject, reference, List.of(), floor, targets, placement);
    }

    /** @return the native MPIs, the reference first. */
    public List<Implementation> natives()
    {
        return Stream.concat(Stream.of(reference), others.stream()).toList();
    }
}
