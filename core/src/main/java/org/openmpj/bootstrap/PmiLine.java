package org.openmpj.bootstrap;

import java.util.LinkedHashMap;
import java.util.Map;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;

/**
 * One line of the PMI-1 wire protocol: {@code key=value} pairs separated by spaces, the first being
 * {@code cmd=…}, ended by a newline. Values carry no spaces; a pair's value runs from the first {@code =} to the
 * next space. Both sides speak it: a rank's {@link PmiClient}, and the key-value service of the {@code mpjrun} launcher.
 *
 * <p>Thread-safety: immutable once built.
 */
public final class PmiLine
{
    private final Map<String, String> fields;

    private PmiLine(final Map<String, String> fields)
    {
        this.fields = fields;
    }

    /** @return a line of command {@code cmd} with {@code keysAndValues} as pairs, in order. */
    public static PmiLine of(final String cmd, final String... keysAndValues)
    {
        final Map<String, String> fields = new LinkedHashMap<>();
        fields.put("cmd", cmd);
        for (int i = 0; i + 1 < keysAndValues.length; i += 2)
        {
            fields.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return new PmiLine(fields);
    }

    /**
     * @return the pairs of {@code text}, a line without its newline.
     * @throws OpenMpjException {@code ERR_OTHER} when a word is not a {@code key=value} pair or there is no {@code cmd}.
     */
    public static PmiLine parse(final String text)
    {
        final Map<String, String> fields = new LinkedHashMap<>();
        for (final String word : text.trim().split(" +"))
        {
            final int equals = word.indexOf('=');
            if (equals <= 0)
            {
                throw new OpenMpjException(ErrorClass.ERR_OTHER, "the process manager sent '" + text + "': '" + word
                    + "' is not a key=value pair of the PMI-1 protocol");
            }
            fields.put(word.substring(0, equals), word.substring(equals + 1));
        }
        if (!fields.containsKey("cmd"))
        {
            throw new OpenMpjException(ErrorClass.ERR_OTHER, "the process manager sent '" + text + "', which has no cmd=");
        }
        return new PmiLine(fields);
    }

    /** @return the command. */
    public String cmd()
    {
        return fields.get("cmd");
    }

    /** @return the value of {@code key}, or null. */
    public String get(final String key)
    {
        return fields.get(key);
    }

    /** @return the line as sent, with its newline. */
    public String text()
    {
        final StringBuilder text = new StringBuilder();
        for (final Map.Entry<String, String> field : fields.entrySet())
        {
            if (!text.isEmpty())
            {
                text.append(' ');
            }
            text.append(field.getKey()).append('=').append(field.getValue());
        }
        return text.append('\n').toString();
    }

    @Override
    public String toString()
    {
        return text().strip();
    }
}
