package org.openmpj.conformance;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.Arrays;
import java.util.stream.Stream;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.ArgumentsProvider;

/**
 * The job sizes a conformance suite's programs run at: 1, 2, 3, 4 and 8 ranks, unless the suite's class narrows them
 * with {@link Only}. The suites whose ranks are JVMs of their own do, as eight JVMs and a one-rank job add minutes to
 * every build and nothing the same suite with thread ranks does not check already: those suites are there for what
 * crosses between processes.
 */
public final class RankCounts implements ArgumentsProvider
{
    private static final int[] ALL = {1, 2, 3, 4, 8};

    /** The job sizes a suite's class runs its programs at, in place of all of them. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE)
    @Inherited
    public @interface Only
    {
        /** @return the job sizes, in ranks. */
        int[] value();
    }

    @Override
    public Stream<? extends Arguments> provideArguments(final ExtensionContext context)
    {
        final Only only = context.getRequiredTestClass().getAnnotation(Only.class);
        return Arrays.stream(only != null ? only.value() : ALL).mapToObj(Arguments::of);
    }
}
