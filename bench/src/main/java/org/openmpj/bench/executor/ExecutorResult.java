package org.openmpj.bench.executor;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.openmpj.bench.ResultFields;
import org.openmpj.bench.report.StepRun;

/**
 * The result line of one {@link TaskThroughput} run, from a round of the executor report: {@code executor ranks=9 workers=8
 * … pingpong_rtt_us=1.20 task_rtt_us=30.5 rtt_ratio=25.4 … tasks_per_s=120000 …}.
 *
 * @param round        the round it ran in, from 1.
 * @param device       the device the job ran on.
 * @param workers      the pool's workers (ranks less the root).
 * @param pingPongUs   the median round trip of a one-byte ping-pong between ranks 0 and 1.
 * @param messagesUs   the median round trip of the pool's two messages for one empty task, without the pool.
 * @param taskUs       the median round trip of one empty task.
 * @param ratio        the median over repetitions of the task's round trip over the ping-pong's.
 * @param tasksPerSecond the median rate of empty tasks submitted at once and all waited for.
 */
record ExecutorResult(int round, String device, int workers, double pingPongUs, double messagesUs, double taskUs, double ratio,
    double tasksPerSecond)
{
    private static final String PREFIX = "executor ";

    /** @return the result line of a run, or null when it printed none. */
    static ExecutorResult parse(final StepRun<ExecutorReport.Job> run)
    {
        for (final String line : run.output())
        {
            if (line.startsWith(PREFIX))
            {
                final ResultFields fields = ResultFields.of(line);
                return new ExecutorResult(run.round(), run.step().job().device(), fields.wholeInt("workers"),
                    fields.decimal("pingpong_rtt_us"), fields.decimal("messages_rtt_us"), fields.decimal("task_rtt_us"),
                    fields.decimal("rtt_ratio"), fields.decimal("tasks_per_s"));
            }
        }
        return null;
    }

    /** @return every result as CSV, with a header. */
    static String csv(final List<ExecutorResult> results)
    {
        final StringBuilder csv = new StringBuilder("round,device,workers,pingpong_rtt_us,messages_rtt_us,task_rtt_us,rtt_ratio,tasks_per_s\n");
        for (final ExecutorResult r : results)
        {
            csv.append(String.format(Locale.ROOT, "%d,%s,%d,%.2f,%.2f,%.2f,%.2f,%.0f%n", r.round, r.device, r.workers, r.pingPongUs,
                r.messagesUs, r.taskUs, r.ratio, r.tasksPerSecond));
        }
        return csv.toString();
    }

    /** @return the results of one device and pool size, in round order. */
    static List<ExecutorResult> of(final List<ExecutorResult> results, final String device, final int workers)
    {
        final List<ExecutorResult> chosen = new ArrayList<>();
        for (final ExecutorResult r : results)
        {
            if (r.device.equals(device) && r.workers == workers)
            {
                chosen.add(r);
            }
        }
        return chosen;
    }
}
