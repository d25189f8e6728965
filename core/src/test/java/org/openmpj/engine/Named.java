package org.openmpj.engine;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** A collective algorithm under test, named, and the way it runs ({@link Way}). */
record Named<T>(String name, T algorithm, Way way)
{
    /** An algorithm whose steps are taken at once. */
    Named(final String name, final T algorithm)
    {
        this(name, algorithm, Way.BLOCKING);
    }

    /** @return every algorithm of {@code algorithms} each way, the way added to its name. */
    static <T> List<Named<T>> bothWays(final List<Named<T>> algorithms)
    {
        return algorithms.stream().flatMap(named -> Arrays.stream(Way.values())
            .map(way -> new Named<>(named.name() + " " + way.name().toLowerCase(Locale.ROOT), named.algorithm(), way))).toList();
    }
}
