package org.openmpj.device;

/**
 * One tunable: its system-property name, its default and what it does, as {@code mpjrun --help-config} lists it.
 *
 * @param name         the property name, e.g. {@code openmpj.thread.eagerLimit}.
 * @param defaultValue the value used when it is unset.
 * @param description  one line on what it changes.
 */
public record ConfigOption(String name, String defaultValue, String description)
{
}
