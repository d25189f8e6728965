package org.openmpj.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;

import org.openmpj.OpenMpjException;
import org.openmpj.device.ConfigOption;
import org.openmpj.device.Device;
import org.openmpj.device.Request;

/**
 * A rank's progress thread, when {@value #PROGRESS_PROP_NAME} is {@code thread}: it takes the steps of the rank's
 * non-blocking collectives while the program computes, so that they complete without any call into MPI. Without it
 * (the default) a schedule moves only when the program tests or waits, which is enough for correctness. The thread waits
 * for the transfers the schedules hold on with the device's idle strategy, which counts it among the rank's waiting
 * threads ({@link #threadsPerRank}), so it backs off rather than spin on a machine without a core to spare; with no
 * schedule in flight it parks.
 *
 * <p>Thread-safety: {@link #adopt} and {@link #stop} may be called from any thread.
 */
public final class ProgressThread implements Runnable
{
    /** How non-blocking collectives progress: {@code none} (when the program tests or waits) or {@code thread}. */
    public static final String PROGRESS_PROP_NAME = "openmpj.progress";
    /** Default of {@link #PROGRESS_PROP_NAME}. */
    public static final String PROGRESS_DEFAULT = "none";
    /** Wait steps spent on one schedule's transfer before the thread looks for newly started schedules. */
    private static final int STEPS_PER_LOOK = 64;
    private static final Map<Device, ProgressThread> RUNNING = new ConcurrentHashMap<>();

    private final Device device;
    private final ConcurrentLinkedQueue<Schedule> started = new ConcurrentLinkedQueue<>();
    private final List<Schedule> active = new ArrayList<>();
    private final Thread thread;
    private volatile boolean stopping;

    private ProgressThread(final Device device)
    {
        this.device = device;
        this.thread = new Thread(this, "openmpj-progress-" + device.rank());
        thread.setDaemon(true);
    }

    /** @return whether ranks run a progress thread, as {@value #PROGRESS_PROP_NAME} says. */
    public static boolean enabled()
    {
        final String mode = System.getProperty(PROGRESS_PROP_NAME, PROGRESS_DEFAULT);
        return switch (mode)
        {
            case "none" -> false;
            case "thread" -> true;
            default -> throw new IllegalArgumentException(PROGRESS_PROP_NAME + "=" + mode + " is not a progress mode; expected none or thread");
        };
    }

    /** @return the threads of a rank that may wait at once, for choosing how they idle: 2 with a progress thread, else 1. */
    public static int threadsPerRank()
    {
        return enabled() ? 2 : 1;
    }

    /** @return the progress tunable, for {@code mpjrun --help-config}. */
    public static List<ConfigOption> configOptions()
    {
        return List.of(new ConfigOption(PROGRESS_PROP_NAME, PROGRESS_DEFAULT,
            "thread: a thread per rank takes the steps of non-blocking collectives while the program computes; none: they move"
                + " when the program tests or waits"));
    }

    /** Hands {@code schedule} to its rank's progress thread, started on first use, when ranks run one. */
    static void adopt(final Schedule schedule)
    {
        if (enabled() && !schedule.isComplete())
        {
            of(schedule.communicator().device()).add(schedule);
        }
    }

    /** Ends the progress thread of {@code device}'s rank, if it runs one, and waits for it; the rank is finishing. */
    public static void stop(final Device device)
    {
        final ProgressThread running = RUNNING.remove(device);
        if (running != null)
        {
            running.stopping = true;
            LockSupport.unpark(running.thread);
            try
            {
                running.thread.join();
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** @return the progress thread of {@code device}'s rank, started now if it runs none. */
    static ProgressThread of(final Device device)
    {
        return RUNNING.computeIfAbsent(device, key ->
        {
            final ProgressThread created = new ProgressThread(key);
            created.thread.start();
            return created;
        });
    }

    /** Takes {@code schedule} on: its steps will be taken as they become possible. */
    void add(final Schedule schedule)
    {
        started.add(schedule);
        LockSupport.unpark(thread);
    }

    @Override
    public void run()
    {
        int round = 0;
        try
        {
            while (!stopping)
            {
                for (Schedule schedule = started.poll(); schedule != null; schedule = started.poll())
                {
                    active.add(schedule);
                }
                active.removeIf(Schedule::advance);
                if (active.isEmpty())
                {
                    device.endWait(round);
                    round = 0;
                    if (started.isEmpty() && !stopping)
                    {
                        LockSupport.park(this);
                    }
                    continue;
                }
                final Request awaited = active.get(0).awaited();
                round = awaited != null ? device.awaitStretch(awaited, round, STEPS_PER_LOOK) : device.awaitStep(round);
            }
        }
        catch (final OpenMpjException jobFailed)
        {
            // The job failed; the program's own waits for these schedules report it.
        }
        finally
        {
            device.endWait(round);
        }
    }
}
