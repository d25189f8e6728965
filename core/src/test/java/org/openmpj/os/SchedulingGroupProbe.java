package org.openmpj.os;

/** Prints whether this JVM is alone in its scheduling group: {@link SchedulingGroupTest} starts it under {@code setsid}. */
public final class SchedulingGroupProbe
{
    private SchedulingGroupProbe()
    {
    }

    /** @param args none. */
    public static void main(final String[] args)
    {
        System.out.println(SchedulingGroup.alone());
    }
}
