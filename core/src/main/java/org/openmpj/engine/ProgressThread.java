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

/**
 * A rank's progress thread, when {@value #PROGRESS_PROP_NAME} is {@code thread}: it takes the steps of the rank's
 * non-blocking collectives while the program computes, so that they complete without any call into MPI. Without it
 * (the default) a schedule moves only when the program tests or waits, which is enough for correctness. The thread
 * looks at its schedules and polls the device once, then pauses for a while that grows as long as nothing moves; it
 * leaves the polling to the program while the program waits for every schedule in flight, and parks when none is.
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
     * The first pause when a look found nothing to do; pauses double while looks keep finding nothing, up to
     * {@link #MAX_PARK_NS}. The thread shares the cores with the program's computation, which it must not slow: it
     * polls the device once per look and then parks, rather than spin or yield as a waiting program thread does.
     */
    private static final long MIN_PARK_NS = 20_000;
    /** The longest pause between looks. */
    private static final long MAX_PARK_NS = 200_000;
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
        long parkNs = MIN_PARK_NS;
        try
        {
            while (!stopping)
            {
                for (Schedule schedule = started.poll(); schedule != null; schedule = started.poll())
                {
                    active.add(schedule);
                }
                final long stepsBefore = stepsTaken();
                active.removeIf(Schedule::advance);
                if (active.isEmpty())
                {
                    if (started.isEmpty() && !stopping)
                    {
                        LockSupport.park(this);
                    }
                    parkNs = MIN_PARK_NS;
                    continue;
                }
                if (programWaitsForAll())
                {
                    // The program drives every schedule in flight until it completes: looking beside it would only take a
                    // core from it. The next schedule started wakes this thread.
                    LockSupport.park(this);
                    parkNs = MIN_PARK_NS;
                    continue;
                }
                if (device.progress() > 0 || stepsTaken() != stepsBefore)
                {
                    parkNs = MIN_PARK_NS;
                    continue;
                }
                LockSupport.parkNanos(this, parkNs);
                parkNs = Math.min(2 * parkNs, MAX_PARK_NS);
            }
        }
        catch (final OpenMpjException jobFailed)
        {
            // The job failed; the program's own waits for these schedules report it.
        }
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
