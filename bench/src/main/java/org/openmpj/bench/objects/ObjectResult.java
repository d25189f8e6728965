package org.openmpj.bench.objects;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.openmpj.bench.report.StepRun;

/**
 * One result line of {@link ObjectMessaging}, from a round of the objects report: {@code objects encoding=compact
 * shape=tree mode=stream message_bytes=19473 iterations=500 oneway_us=25.1 min_us=24.0 alloc_bytes=40123.0}.
 *
 * @param round        the round it ran in, from 1.
 * @param encoding     {@code compact} or {@code java}.
 * @param shape        the graph.
 * @param mode         {@code pingpong} or {@code stream}.
 * @param messageBytes the serialized message's size.
 * @param onewayUs     the median time per message (one way).
 * @param minUs        the fastest batch's time per message.
 * @param allocBytes   heap bytes rank 0 allocated per message.
 */
record ObjectResult(int round, String encoding, String shape, String mode, double messageBytes, double onewayUs, double minUs, double allocBytes)
{
    private static final String PREFIX = "objects ";

    /** @return the result lines a run printed. */
    static List<ObjectResult> parse(final StepRun<String> run)
    {
        final List<ObjectResult> results = new ArrayList<>();
        for (final String line : run.output())
        {
            if (line.startsWith(PREFIX))
            {
                final Map<String, String> fields = new HashMap<>();
                for (final String pair : line.substring(PREFIX.length()).trim().split("\\s+"))
                {
                    final int equals = pair.indexOf('=');
                    fields.put(pair.substring(0, equals), pair.substring(equals + 1));
                }
                results.add(new ObjectResult(run.round(), fields.get("encoding"), fields.get("shape"), fields.get("mode"),
                    Double.parseDouble(fields.get("message_bytes")), Double.parseDouble(fields.get("oneway_us")),
                    Double.parseDouble(fields.get("min_us")), Double.parseDouble(fields.get("alloc_bytes"))));
            }
        }
        return results;
    }

    /** @return every result as CSV, with a header. */
    static String csv(final List<ObjectResult> results)
    {
        final StringBuilder csv = new StringBuilder("round,encoding,shape,mode,message_bytes,us_per_message,min_us,alloc_bytes_per_message\n");
        for (final ObjectResult r : results)
        {
            csv.append(String.format(Locale.ROOT, "%d,%s,%s,%s,%.0f,%.4f,%.4f,%.1f%n", r.round, r.encoding, r.shape, r.mode, r.messageBytes,
                r.onewayUs, r.minUs, r.allocBytes));
        }
        return csv.toString();
    }
}
