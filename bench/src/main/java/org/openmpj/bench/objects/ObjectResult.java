package org.openmpj.bench.objects;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.openmpj.bench.ResultFields;
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
                final ResultFields fields = ResultFields.of(line);
                results.add(new ObjectResult(run.round(), fields.text("encoding"), fields.text("shape"), fields.text("mode"),
                    fields.decimal("message_bytes"), fields.decimal("oneway_us"), fields.decimal("min_us"), fields.decimal("alloc_bytes")));
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
