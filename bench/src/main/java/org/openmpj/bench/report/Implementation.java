package org.openmpj.bench.report;

/**
 * One implementation in the report.
 *
 * @param id    the short name on its programs' result lines, e.g. {@code openmpj-thread}.
 * @param label the name shown in tables and legends.
 */
public record Implementation(String id, String label)
{
}
