package org.openmpj.device;

/** Reads a device's tunables from its {@link DeviceContext}, naming the property and value when one is bad. */
public final class DeviceSettings
{
    /**
     * How long a peer's runtime, or a rank's host as the launcher hears it, may send nothing before the job fails naming
     * it, in milliseconds; 0 turns the check off and waits for a closed connection.
     */
    public static final String LIVENESS_TIMEOUT_PROP_NAME = "openmpj.liveness.timeoutMs";
    /** The default silence limit, in milliseconds. */
    public static final long LIVENESS_TIMEOUT_DEFAULT = 10_000;

    private DeviceSettings()
    {
    }

    /**
     * @return the value of property {@code name}, a whole number of at least 0, or {@code defaultValue} when unset.
     * @throws IllegalArgumentException naming the property and its value when it is not such a number.
     */
    public static long wholeNumber(final DeviceContext context, final String name, final long defaultValue)
    {
        return wholeNumber(name, context.property(name, Long.toString(defaultValue)));
    }

    /**
     * @return {@code text}, the value of setting {@code name}, as a whole number.
     * @throws IllegalArgumentException naming the setting and its value when it is not one, or negative.
     */
    public static long wholeNumber(final String name, final String text)
    {
        return wholeNumber(name, text, 0, Long.MAX_VALUE, "a whole number");
    }

    /**
     * @return {@code text}, the value of setting {@code name}, as a whole number from {@code min} to {@code max}.
     * @throws IllegalArgumentException naming the setting and its value when it is not one: "{@code name=text} is not
     *     {@code what}; expected ...".
     */
    public static long wholeNumber(final String name, final String text, final long min, final long max, final String what)
    {
        try
        {
            final long value = Long.parseLong(text.trim());
            if (value >= min && value <= max)
            {
                return value;
            }
        }
        catch (final NumberFormatException ex)
        {
            // Said below, with the value.
        }
        throw new IllegalArgumentException(name + "=" + text + " is not " + what + "; expected " + (max >= Integer.MAX_VALUE
            ? (what.startsWith("a whole number") ? "one" : "a whole number") + " >= " + min : "a whole number from " + min + " to " + max));
    }

    /**
     * @return the value of property {@code name}, {@code true} or {@code false} in any case, or {@code defaultValue}
     *         when unset.
     * @throws IllegalArgumentException naming the property and its value when it is neither.
     */
    public static boolean flag(final DeviceContext context, final String name, final boolean defaultValue)
    {
        return flag(name, context.property(name, Boolean.toString(defaultValue)));
    }

    /**
     * @return {@code text}, the value of setting {@code name}, as {@code true} or {@code false} in any case.
     * @throws IllegalArgumentException naming the setting and its value when it is neither.
     */
    public static boolean flag(final String name, final String text)
    {
        final String trimmed = text.trim();
        if (trimmed.equalsIgnoreCase("true") || trimmed.equalsIgnoreCase("false"))
        {
            return Boolean.parseBoolean(trimmed);
        }
        throw new IllegalArgumentException(name + "=" + trimmed + " is neither true nor false");
    }

    /**
     * @param defaultText what an unset property means: {@code true}, {@code false} or {@code auto}.
     * @return the value of property {@code name}, {@code true} or {@code false} in any case, or {@code whenAuto} when it is
     *         {@code auto}.
     * @throws IllegalArgumentException naming the property and its value when it is none of the three.
     */
    public static boolean flagOrAuto(final DeviceContext context, final String name, final String defaultText, final boolean whenAuto)
    {
        final String text = context.property(name, defaultText).trim();
        if (text.equalsIgnoreCase("auto"))
        {
            return whenAuto;
        }
        if (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false"))
        {
            return Boolean.parseBoolean(text);
        }
        throw new IllegalArgumentException(name + "=" + text + " is none of true, false and auto");
    }
}
