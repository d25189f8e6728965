package org.openmpj.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;

import org.openmpj.OpenMpjException;
import org.openmpj.device.ConfigOption;
import org.openmpj.device.DeviceSettings;
import org.openmpj.device.Device;

/**
 * A rank's progress thread, when {@value #PROGRESS_PROP_NAME} is {@code thread}: it takes the steps of the rank's
 * non-blocking collectives while the program computes, so that they complete without any call into MPI. Without it
 * (the default) a schedule moves only when the program tests or waits, which is enough for correctness. The thread
 * looks at its schedules and polls the device once, then pauses for a while that grows as long as no schedule takes a
 * step (bytes arriving do not shorten it: the socket or ring holds them until the next look); it leaves the polling to the
 * program while the program waits for every schedule in flight, and parks when none is.
 *
 * <p>Thread-safety: {@link #adopt} and {@link #stop} may be called from any thread.
 */
public final class ProgressThread implements Runnable
{
    /** How non-blocking collectives progress: {@code none} (when the program tests or waits) or {@code thread}. */
    public static final String PROGRESS_PROP_NAME = "openmpj.progress";
    /** Default of {@link #PROGRESS_PROP_NAME}. */
    public static final String PROGRESS_DEFAULT = "none";
    /**
     * The longest pause between the thread's looks, in µs; the first pause after a step taken or a schedule started is a
     * tenth of it, and pauses double while no schedule takes a step. The thread shares the cores with the program's computation,
     * which it must not slow: it polls the device once per look and then parks, rather than spin or yield as a waiting
     * program thread does, and every wake-up takes a core from the computation.
     */
    public static final String MAX_PAUSE_PROP_NAME = "openmpj.progress.maxPauseUs";
    /**
     * Default of {@link #MAX_PAUSE_PROP_NAME}. Measured with a 4 MiB {@code Iallreduce} over a 1 Gbit/s link between two
     * 2-core hosts (bench/run-overlap-netns.sh, rounds taking turns): the operation completed behind the computation with
     * pauses up to 200 µs and up to 1 ms alike ({@code Wait} took 25-51 µs after it), while the shorter pauses' wake-ups took
     * more of the computation's time, hiding 65.6% of the operation against 73.4% (medians of 3 rounds, an earlier AMD EPYC);
     * once bytes trickling in no longer cut the pause short, 82.1% against 77.2% (medians of 7 rounds, AMD EPYC family 26).
     */
    public static final long MAX_PAUSE_DEFAULT_US = 1000;
    private static final Map<Device, ProgressThread> RUNNING = new ConcurrentHashMap<>();

    private final Device device;
    private final ConcurrentLinkedQueue<Schedule> started = new ConcurrentLinkedQueue<>();
    private final List<Schedule> active = new ArrayList<>();
    private final Thread thread;
    private final long maxParkNs;
    private final long minParkNs;
    private volatile boolean stopping;

    private ProgressThread(final Device device)
    {
        this.device = device;
        this.maxParkNs = maxPauseUs() * 1000;
        this.minParkNs = Math.max(1, maxParkNs / 10);
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

    /** @return the progress tunables, for {@code mpjrun --help-config}. */
    public static List<ConfigOption> configOptions()
    {
        return List.of(new ConfigOption(PROGRESS_PROP_NAME, PROGRESS_DEFAULT,
            "thread: a thread per rank takes the steps of non-blocking collectives while the program computes; none: they move"
                + " when the program tests or waits"),
            new ConfigOption(MAX_PAUSE_PROP_NAME, Long.toString(MAX_PAUSE_DEFAULT_US),
                "the longest pause of the progress thread between looks at its operations, in µs (1 to 1000000)"));
    }

    /** @return the longest pause between looks, as {@value #MAX_PAUSE_PROP_NAME} says. */
    static long maxPauseUs()
    {
        return DeviceSettings.wholeNumber(MAX_PAUSE_PROP_NAME, System.getProperty(MAX_PAUSE_PROP_NAME, Long.toString(MAX_PAUSE_DEFAULT_US)),
            1, 1_000_000, "a pause in whole microseconds");
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
        long parkNs = minParkNs;
        try
        {
            while (!stopping)
            {
                if (adoptStarted())
                {
                    parkNs = minParkNs;
                }
                final long stepsBefore = stepsTaken();
                active.removeIf(Schedule::advance);
                if (active.isEmpty() || programWaitsForAll())
                {
                    // With nothing in flight there is nothing to do; while the program waits for every schedule in flight it
                    // drives them itself, and looking beside it would only take a core from it. The next schedule started
                    // wakes this thread.
                    if (started.isEmpty() && !stopping)
                    {
                        LockSupport.park(this);
                    }
                    parkNs = minParkNs;
                    continue;
                }
                if (device.progress() > 0)
                {
                    active.removeIf(Schedule::advance);
                }
                if (stepsTaken() != stepsBefore || active.isEmpty())
                {
                    parkNs = minParkNs;
                    continue;
                }
                // Bytes that trickle in over a slow link are no reason to look again soon: the socket holds them until
                // the next look, and every wake-up takes the computation's core for a while. Only a step taken (which may
                // start the next exchange) or a schedule started brings the short pause back.
                LockSupport.parkNanos(this, parkNs);
                parkNs = Math.min(2 * parkNs, maxParkNs);
            }
        }
        catch (final OpenMpjException jobFailed)
        {
            // The job failed; the program's own waits for these schedules report it.
        }
    }

    /** Moves the schedules started since the last look to the active ones; @return whether there were any. */
    private boolean adoptStarted()
    {
        boolean any = false;
        for (Schedule schedule = started.poll(); schedule != null; schedule = started.poll())
        {
            active.add(schedule);
            any = true;
        }
        return any;
    }

    private long stepsTaken()
    {
        long steps = 0;
        for (int i = 0; i < active.size(); i++)
        {
            steps += active.get(i).stepsTaken();
        }
        return steps;
    }

    private boolean programWaitsForAll()
    {
        for (int i = 0; i < active.size(); i++)
        {
            if (!active.get(i).isAwaited())
            {
                return false;
            }
        }
        return true;
    }
}
