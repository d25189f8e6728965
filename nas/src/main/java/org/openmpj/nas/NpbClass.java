package org.openmpj.nas;

import java.util.Locale;

/** An NPB problem class: the size a kernel runs, from the small sample S through W and A to B and C. */
public enum NpbClass
{
    /** The sample size, seconds on one core. */
    S,
    /** The workstation size. */
    W,
    /** The first standard size. */
    A,
    /** Four times A, roughly. */
    B,
    /** Four times B, roughly. */
    C;

    /**
     * The class a kernel's first program argument names (one letter, any case), S when there is none.
     *
     * @throws IllegalArgumentException naming the argument when it is not a class letter.
     */
    public static NpbClass fromArgs(final String[] args)
    {
        if (args.length == 0)
        {
            return S;
        }
        final String name = args[0].trim().toUpperCase(Locale.ROOT);
        for (final NpbClass candidate : values())
        {
            if (candidate.name().equals(name))
            {
                return candidate;
            }
        }
        throw new IllegalArgumentException("class '" + args[0] + "' is not one of S, W, A, B, C");
    }
}
