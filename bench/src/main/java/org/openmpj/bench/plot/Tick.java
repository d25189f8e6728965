package org.openmpj.bench.plot;

/**
 * A tick on an axis.
 *
 * @param value where, in data units.
 * @param label the text under or beside it; empty for a minor tick, which gets no label and no grid line.
 */
public record Tick(double value, String label)
{
    /** @return whether this is a labelled tick. */
    public boolean isMajor()
    {
        return !label.isEmpty();
    }
}
