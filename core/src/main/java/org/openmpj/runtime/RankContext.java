package org.openmpj.runtime;

import java.util.Map;
import java.util.function.IntConsumer;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.concurrent.IdleStrategy;
import org.openmpj.device.Device;
import org.openmpj.device.DeviceProvider;
import org.openmpj.device.HostName;
import org.openmpj.device.JobControl;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.ContextIds;
import org.openmpj.engine.ProgressThread;
import org.openmpj.engine.Session;
import org.openmpj.objects.ObjectCodec;

/**
 * One rank of a job as the API sees it: its rank and size, its device (opened by {@link #init}), the world
 * and self communicators, and its place in the job's life (initialized, finalized, aborted).
 *
 * <p>Thread-safety: the life-cycle methods are synchronized; the accessors are safe once {@link #init} returned.
 */
public final class RankContext implements Session
{
    /** Matching context of {@code COMM_WORLD} point-to-point; the next two are for its collectives. */
    public static final int WORLD_CONTEXT = 0;
    /** Matching context of {@code COMM_SELF} point-to-point; the next two are for its collectives. */
    public static final int SELF_CONTEXT = ContextIds.PER_COMMUNICATOR;
    /** The first context free for communicators created at run time. */
    public static final int FIRST_FREE_CONTEXT = 2 * ContextIds.PER_COMMUNICATOR;

    private final int rank;
    private final int size;
    private final DeviceProvider provider;
    private final JobState job;
    private final IdleStrategy idle;
    private final Map<String, Object> jobShared;
    private final ClassLoader apiLoader;
    private final ObjectCodec objectCodec;
    /** Ends the process on {@code Abort} when no launcher will; null for ranks a launcher watches. */
    private final IntConsumer exitOnAbort;
    /** Whether Finalize waits for every rank and closes the device: for devices whose connections must end in order. */
    private final boolean closeAtFinish;
    /** The process manager's key-value space for a rank that is a process of its job; null for thread ranks. */
    private final ProcessManager manager;

    private final ContextIds contextIds = new ContextIds(FIRST_FREE_CONTEXT, context -> device().isQuiet(context));
    private volatile Device device;
    private volatile Communicator world;
    private volatile Communicator self;
    private volatile boolean initialized;
    private volatile boolean finalized;
    private Thread initThread;
    /** Where the job's ranks run; null while all ranks are threads of this JVM. */
    private volatile RankLayout layout;

    RankContext(
        final int rank, final int size, final DeviceProvider provider, final JobState job,
        final IdleStrategy idle, final Map<String, Object> jobShared, final ClassLoader apiLoader,
        final IntConsumer exitOnAbort)
    {
        this(rank, size, provider, job, idle, jobShared, apiLoader, exitOnAbort, provider.capabilities().closesAtFinalize());
    }

    RankContext(
        final int rank, final int size, final DeviceProvider provider, final JobState job,
        final IdleStrategy idle, final Map<String, Object> jobShared, final ClassLoader apiLoader,
        final IntConsumer exitOnAbort, final boolean closeAtFinish)
    {
        this(rank, size, provider, job, idle, jobShared, apiLoader, exitOnAbort, closeAtFinish, null);
    }

    RankContext(
        final int rank, final int size, final DeviceProvider provider, final JobState job,
        final IdleStrategy idle, final Map<String, Object> jobShared, final ClassLoader apiLoader,
        final IntConsumer exitOnAbort, final boolean closeAtFinish, final ProcessManager manager)
    {
        this.closeAtFinish = closeAtFinish;
        this.manager = manager;
        this.rank = rank;
        this.size = size;
        this.provider = provider;
        this.job = job;
        this.idle = idle;
        this.jobShared = jobShared;
        this.apiLoader = apiLoader;
        this.objectCodec = new ObjectCodec(apiLoader);
        this.exitOnAbort = exitOnAbort;
    }

    /**
     * Opens the device and creates the world and self communicators.
     *
     * @throws OpenMpjException when called twice or after {@link #finish()}.
     */
    @Override
    public synchronized void init()
    {
        if (finalized)
        {
            throw new OpenMpjException(ErrorClass.ERR_OTHER, "MPI.Init called after MPI.Finalize; MPI cannot be restarted");
        }
        if (initialized)
        {
            throw new OpenMpjException(ErrorClass.ERR_OTHER, "MPI.Init called twice; call it once per rank");
        }
        job.checkAlive();
        final RankDeviceContext deviceContext = new RankDeviceContext(rank, size, System::getProperty, job, idle, jobShared,
            manager == null ? null : manager.store(), layout);
        final Device opened = provider.open(deviceContext);
        device = opened;
        world = Communicator.world(opened, WORLD_CONTEXT);
        if (rank == 0 && size > 1)
        {
            deviceContext.report(org.openmpj.engine.Collectives.worldBoardUse(world));
        }
        self = new Communicator(opened, SELF_CONTEXT, 0, new int[] {rank});
        initThread = Thread.currentThread();
        initialized = true;
    }

    /**
     * Marks the rank finalized, once every rank has called it and no message of a collective call on the world is left
     * unreceived here (which would show mismatched collective calls). On devices that connect processes it then closes the device
     * in order; otherwise the device stays open for the job's end, when the launcher closes it.
     */
    @Override
    public synchronized void finish()
    {
        if (!initialized)
        {
            throw new OpenMpjException(ErrorClass.ERR_OTHER, "MPI.Finalize called before MPI.Init");
        }
        if (finalized)
        {
            throw new OpenMpjException(ErrorClass.ERR_OTHER, "MPI.Finalize called twice");
        }
        if (size > 1)
        {
            try
            {
                if (manager != null && job.survivesRankLoss())
                {
                    // The ranks left meet at their process manager, which knows the lost ones; a barrier of messages would
                    // wait for them.
                    manager.store().fence();
                }
                else
                {
                    org.openmpj.engine.Collectives.barrier(world);
                    checkCollectivesMatched();
                }
            }
            finally
            {
                org.openmpj.engine.Collectives.leave(world);
            }
        }
        ProgressThread.stop(device);
        if (closeAtFinish)
        {
            finalized = true;
            device.close();
            if (manager != null)
            {
                manager.finish();
            }
            return;
        }
        finalized = true;
    }

    /**
     * Fails when a message of a collective call on the world waits unreceived here: the ranks' collective calls did not
     * match in a way no call noticed, such as two ranks that both acted as the root of a small broadcast and both
     * returned.
     * Everything a peer sent before it entered the closing barrier has been sent by now; one round of progress
     * brings in what the transports still hold.
     */
    private void checkCollectivesMatched()
    {
        device.progress();
        final String stray = org.openmpj.engine.Collectives.strayMessage(world);
        if (stray != null)
        {
            throw new OpenMpjException(ErrorClass.ERR_OTHER, "MPI.Finalize on rank " + rank + ": mismatched collective calls: " + stray
                + "; every rank must call the same collectives in the same order, with the same root");
        }
    }

    /**
     * Ends the whole job: every rank's waits fail and the launcher exits with {@code errorCode}; a singleton,
     * which has no launcher, ends its own process with it.
     *
     * @return the exception for the caller to throw, which unwinds the aborting rank.
     */
    @Override
    public OpenMpjException abort(final int errorCode)
    {
        return abort(errorCode, "rank " + rank + " called MPI.Abort with error code " + errorCode);
    }

    /**
     * Aborts the job, as {@link #abort(int)}, because a call failed under a fatal error handler.
     *
     * @param errorCode the error class of the failure, the job's exit code.
     * @param failure   what failed, for the launcher's report.
     * @return the exception for the caller to throw, which unwinds the aborting rank.
     */
    @Override
    public OpenMpjException abortOnError(final int errorCode, final String failure)
    {
        return abort(errorCode, "rank " + rank + " aborted the job under MPI.ERRORS_ARE_FATAL: " + failure);
    }

    private OpenMpjException abort(final int errorCode, final String report)
    {
        final int exitCode = errorCode > 0 && errorCode < 256 ? errorCode : 1;
        job.fail(new JobState.Failure(rank, report, null, exitCode));
        if (manager != null)
        {
            manager.abort(exitCode, report);
        }
        if (exitOnAbort != null)
        {
            exitOnAbort.accept(exitCode);
        }
        return new OpenMpjException(ErrorClass.ERR_PROC_FAILED, "job aborted by rank " + rank + " with error code " + errorCode);
    }

    /** @return the process manager of a rank that is a process of its job, or null. */
    ProcessManager manager()
    {
        return manager;
    }

    /** Tells where the job's ranks run, before {@link #init}; unset, every rank is taken for a thread of this JVM. */
    void setLayout(final RankLayout where)
    {
        this.layout = where;
    }

    /** @return whether {@link #init} has run. */
    public boolean isInitialized()
    {
        return initialized;
    }

    /** @return whether {@link #finish()} has run. */
    public boolean isFinalized()
    {
        return finalized;
    }

    @Override
    public synchronized boolean isInitThread()
    {
        return initThread == Thread.currentThread();
    }

    /** @return this rank's world rank. */
    public int rank()
    {
        return rank;
    }

    /** @return the number of ranks in the job. */
    public int size()
    {
        return size;
    }

    /** @return the job's state, shared by all its ranks in this JVM. */
    public JobControl job()
    {
        return job;
    }

    /** @return the device, once initialized. */
    public Device device()
    {
        return device;
    }

    /** @return {@code COMM_WORLD}'s engine communicator, once initialized. */
    @Override
    public Communicator world()
    {
        return world;
    }

    /** @return {@code COMM_SELF}'s engine communicator, once initialized. */
    @Override
    public Communicator self()
    {
        return self;
    }

    /** @return the contexts this rank can give to new communicators. */
    @Override
    public ContextIds contextIds()
    {
        return contextIds;
    }

    @Override
    public void checkJobAlive()
    {
        job.checkAlive();
    }

    @Override
    public String processorName()
    {
        return HostName.local();
    }

    /** @return the class loader of this rank's API and program classes, for deserializing objects. */
    public ClassLoader apiLoader()
    {
        return apiLoader;
    }

    /** @return the codec that deserializes this rank's {@code MPI.OBJECT} data with its class loader. */
    @Override
    public ObjectCodec objectCodec()
    {
        return objectCodec;
    }

    void close()
    {
        final Device opened = device;
        if (opened != null)
        {
            opened.close();
        }
    }
}
