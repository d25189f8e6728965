package org.openmpj.bench.report;

import java.util.List;
import java.util.stream.Stream;

/**
 * What a ping-pong report holds OpenMPJ against: the native MPI, any further native MPIs and the floor, each as a
 * ratio of median times, and the targets it is judged by.
 *
 * @param subject      the OpenMPJ implementation.
 * @param reference    the native MPI the ratio targets are relative to.
 * @param others       further native MPIs shown beside the reference; may be empty.
 * @param floor        the plain Java program over the same medium.
 * @param targets      the absolute targets, judged on the subject; may be empty.
 * @param ratioTargets the targets relative to the reference; may be empty.
 * @param placement    how the implementations' processes or threads were placed on the CPUs, in words.
 */
public record PingPongComparison(
    Implementation subject, Implementation reference, List<Implementation> others, Implementation floor, List<PingPongTarget> targets,
    List<PingPongRatioTarget> ratioTargets, String placement)
{
    /** Copies the lists. */
    public PingPongComparison
    {
        others = List.copyOf(others);
        targets = List.copyOf(targets);
        ratioTargets = List.copyOf(ratioTargets);
    }

    /** A comparison with one native MPI and absolute targets only. */
    public PingPongComparison(
        final Implementation subject, final Implementation reference, final Implementation floor, final List<PingPongTarget> targets,
        final String placement)
    {
        this(subject, reference, List.of(), floor, targets, List.of(), placement);
    }

    /** @return the native MPIs, the reference first. */
    public List<Implementation> natives()
    {
        return Stream.concat(Stream.of(reference), others.stream()).toList();
    }
}
