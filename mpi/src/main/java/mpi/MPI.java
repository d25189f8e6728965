package mpi;

import java.nio.ByteBuffer;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.engine.AttachedBuffer;
import org.openmpj.engine.PredefinedReduction;
import org.openmpj.engine.Session;

/**
 * The MPI environment: start-up and shut-down, predefined communicators, datatypes and constants, timers,
 * and the buffer for buffered sends. Each rank has its own copy of this class's static state (thread ranks
 * load it through their own class loaders).
 */
public class MPI
{
    /** Matches a message from any source. */
    public static final int ANY_SOURCE = -2;
    /** Matches a message with any tag. */
    public static final int ANY_TAG = -2;
    /** The null process: communication with it completes at once and moves nothing. */
    public static final int PROC_NULL = -3;
    /** The root argument, in intercommunicator collectives, of the rank that is the root. */
    public static final int ROOT = org.openmpj.engine.Intercommunicator.ROOT;
    /** An undefined value, e.g. for {@code Get_count} of a partial element or {@code Waitany} with no active request. */
    public static final int UNDEFINED = -1;

    /** Result of {@code Compare}: the same object. */
    public static final int IDENT = 0;
    /** Result of {@code Compare}: the same members in another order. */
    public static final int SIMILAR = 1;
    /** Result of {@code Compare}: different members. */
    public static final int UNEQUAL = 2;
    /** Result of {@code Compare}: the same members in the same order, different contexts. */
    public static final int CONGRUENT = 3;
    /** Result of {@code Topo_test}: graph topology. */
    public static final int GRAPH = 1;
    /** Result of {@code Topo_test}: Cartesian topology. */
    public static final int CART = 2;

    /** Thread level: one thread only. */
    public static final int THREAD_SINGLE = 1;
    /** Thread level: only the thread that initialized MPI calls it. */
    public static final int THREAD_FUNNELED = 2;
    /** Thread level: many threads, one at a time. */
    public static final int THREAD_SERIALIZED = 3;
    /** Thread level: any number of threads at once; the level OpenMPJ provides. */
    public static final int THREAD_MULTIPLE = 4;

    /** Attribute key: the largest tag value ({@code Integer.MAX_VALUE} here). */
    public static final int TAG_UB = 0;
    /** Attribute key: the rank of the host process, {@code PROC_NULL} when there is none. */
    public static final int HOST = 1;
    /** Attribute key: a rank that can do I/O; {@code ANY_SOURCE} when every rank can. */
    public static final int IO = 2;
    /** Attribute key: 1 when the clocks of all ranks are synchronized. */
    public static final int WTIME_IS_GLOBAL = 3;

    /** The processors of this rank's host, as MPJ Express offered it to programs that size their thread pools. */
    public static final int NUM_OF_PROCESSORS = Runtime.getRuntime().availableProcessors();
    /** Bytes of attached buffer each buffered send needs beyond its data. */
    public static final int BSEND_OVERHEAD = AttachedBuffer.OVERHEAD_BYTES;
    /** Bookkeeping bytes of a send (none is charged to the program). */
    public static final int SEND_OVERHEAD = 0;
    /** Bookkeeping bytes of a receive (none is charged to the program). */
    public static final int RECV_OVERHEAD = 0;
    /** The longest name {@link #Get_processor_name()} returns. */
    public static final int MAX_PROCESSOR_NAME = 256;

    public static final int SUCCESS = ErrorClass.SUCCESS.code();
    public static final int ERR_BUFFER = ErrorClass.ERR_BUFFER.code();
    public static final int ERR_COUNT = ErrorClass.ERR_COUNT.code();
    public static final int ERR_TYPE = ErrorClass.ERR_TYPE.code();
    public static final int ERR_TAG = ErrorClass.ERR_TAG.code();
    public static final int ERR_COMM = ErrorClass.ERR_COMM.code();
    public static final int ERR_RANK = ErrorClass.ERR_RANK.code();
    public static final int ERR_REQUEST = ErrorClass.ERR_REQUEST.code();
    public static final int ERR_ROOT = ErrorClass.ERR_ROOT.code();
    public static final int ERR_GROUP = ErrorClass.ERR_GROUP.code();
    public static final int ERR_OP = ErrorClass.ERR_OP.code();
    public static final int ERR_TOPOLOGY = ErrorClass.ERR_TOPOLOGY.code();
    public static final int ERR_DIMS = ErrorClass.ERR_DIMS.code();
    public static final int ERR_ARG = ErrorClass.ERR_ARG.code();
    public static final int ERR_UNKNOWN = ErrorClass.ERR_UNKNOWN.code();
    public static final int ERR_TRUNCATE = ErrorClass.ERR_TRUNCATE.code();
    public static final int ERR_OTHER = ErrorClass.ERR_OTHER.code();
    public static final int ERR_INTERN = ErrorClass.ERR_INTERN.code();
    public static final int ERR_IN_STATUS = ErrorClass.ERR_IN_STATUS.code();
    public static final int ERR_PENDING = ErrorClass.ERR_PENDING.code();
    public static final int ERR_PROC_FAILED = ErrorClass.ERR_PROC_FAILED.code();

    public static final Datatype NULL = new Datatype(Datatype.NULL_TYPE, null, "MPI.NULL");
    public static final Datatype BYTE = new Datatype(Datatype.BYTE_TYPE, org.openmpj.Primitive.BYTE, "MPI.BYTE");
    public static final Datatype CHAR = new Datatype(Datatype.CHAR_TYPE, org.openmpj.Primitive.CHAR, "MPI.CHAR");
    public static final Datatype SHORT = new Datatype(Datatype.SHORT_TYPE, org.openmpj.Primitive.SHORT, "MPI.SHORT");
    public static final Datatype BOOLEAN = new Datatype(Datatype.BOOLEAN_TYPE, org.openmpj.Primitive.BOOLEAN, "MPI.BOOLEAN");
    public static final Datatype INT = new Datatype(Datatype.INT_TYPE, org.openmpj.Primitive.INT, "MPI.INT");
    public static final Datatype LONG = new Datatype(Datatype.LONG_TYPE, org.openmpj.Primitive.LONG, "MPI.LONG");
    public static final Datatype FLOAT = new Datatype(Datatype.FLOAT_TYPE, org.openmpj.Primitive.FLOAT, "MPI.FLOAT");
    public static final Datatype DOUBLE = new Datatype(Datatype.DOUBLE_TYPE, org.openmpj.Primitive.DOUBLE, "MPI.DOUBLE");
    public static final Datatype PACKED = new Datatype(Datatype.PACKED_TYPE, org.openmpj.Primitive.BYTE, "MPI.PACKED");
    public static final Datatype LB = new Datatype(Datatype.LB_TYPE, null, "MPI.LB");
    public static final Datatype UB = new Datatype(Datatype.UB_TYPE, null, "MPI.UB");
    public static final Datatype OBJECT = new Datatype(Datatype.OBJECT_TYPE, null, "MPI.OBJECT");
    /** Two shorts, {@code Contiguous(2, SHORT)}: the (value, index) pairs of MAXLOC and MINLOC. */
    public static final Datatype SHORT2 = TypeConstructors.pair(SHORT, "MPI.SHORT2");
    /** Two ints, {@code Contiguous(2, INT)}: the (value, index) pairs of MAXLOC and MINLOC. */
    public static final Datatype INT2 = TypeConstructors.pair(INT, "MPI.INT2");
    /** Two longs, {@code Contiguous(2, LONG)}: the (value, index) pairs of MAXLOC and MINLOC. */
    public static final Datatype LONG2 = TypeConstructors.pair(LONG, "MPI.LONG2");
    /** Two floats, {@code Contiguous(2, FLOAT)}: the (value, index) pairs of MAXLOC and MINLOC. */
    public static final Datatype FLOAT2 = TypeConstructors.pair(FLOAT, "MPI.FLOAT2");
    /** Two doubles, {@code Contiguous(2, DOUBLE)}: the (value, index) pairs of MAXLOC and MINLOC. */
    public static final Datatype DOUBLE2 = TypeConstructors.pair(DOUBLE, "MPI.DOUBLE2");

    public static final Op MAX = new Op(PredefinedReduction.Operation.MAX);
    public static final Op MIN = new Op(PredefinedReduction.Operation.MIN);
    public static final Op SUM = new Op(PredefinedReduction.Operation.SUM);
    public static final Op PROD = new Op(PredefinedReduction.Operation.PROD);
    public static final Op LAND = new Op(PredefinedReduction.Operation.LAND);
    public static final Op BAND = new Op(PredefinedReduction.Operation.BAND);
    public static final Op LOR = new Op(PredefinedReduction.Operation.LOR);
    public static final Op BOR = new Op(PredefinedReduction.Operation.BOR);
    public static final Op LXOR = new Op(PredefinedReduction.Operation.LXOR);
    public static final Op BXOR = new Op(PredefinedReduction.Operation.BXOR);
    /** On (value, index) pairs such as {@code MPI.INT2}: the largest value, and the smallest index among equals. */
    public static final Op MAXLOC = new Op(PredefinedReduction.Operation.MAXLOC);
    /** On (value, index) pairs such as {@code MPI.INT2}: the smallest value, and the smallest index among equals. */
    public static final Op MINLOC = new Op(PredefinedReduction.Operation.MINLOC);

    /** Error handler: a failed call throws {@link MPIException} and the job goes on (the default). */
    public static final Errhandler ERRORS_RETURN = new Errhandler(false, "MPI.ERRORS_RETURN");
    /** Error handler: a failed call throws {@link MPIException} and aborts the whole job. */
    public static final Errhandler ERRORS_ARE_FATAL = new Errhandler(true, "MPI.ERRORS_ARE_FATAL");

    /** All the ranks of the job. Usable between {@link #Init} and {@link #Finalize}. */
    public static final Intracomm COMM_WORLD = new Intracomm("MPI.COMM_WORLD");
    /** This rank alone. Usable between {@link #Init} and {@link #Finalize}. */
    public static final Intracomm COMM_SELF = new Intracomm("MPI.COMM_SELF");
    /** The null communicator: what Split and Create give ranks left out. It is null, so both ways of testing for it work. */
    public static final Intracomm COMM_NULL = null;
    /** The null group: no group at all. It is null, like {@link #COMM_NULL}. */
    public static final Group GROUP_NULL = null;
    /** The group with no process. */
    public static final Group GROUP_EMPTY = new Group(new int[0], -1);
    /** The null request: waiting for it returns an empty status at once. */
    public static final Request REQUEST_NULL = new Request(null, null);
    /** An empty status: any source, any tag, no data. */
    public static final Status EMPTY_STATUS = new Status();

    private static final int NOT_STARTED = 0;
    private static final int ACTIVE = 1;
    private static final int FINALIZED = 2;

    private static volatile int state = NOT_STARTED;
    private static volatile Session rank;
    private static AttachedBuffer attachedBuffer;
    private static double tickSeconds;

    /** Not instantiated in practice; public because mpiJava declared it so. */
    public MPI()
    {
    }

    /**
     * Starts MPI for this rank.
     *
     * @param args the program's arguments.
     * @return the same arguments, unchanged.
     * @throws MPIException when MPI was initialized already or finalized.
     */
    public static String[] Init(final String[] args)
    {
        final Session context = Session.forApiLoader(MPI.class.getClassLoader());
        try
        {
            context.init();
        }
        catch (final OpenMpjException ex)
        {
            throw MPIException.of(ex);
        }
        rank = context;
        COMM_WORLD.bind(context.world(), context);
        COMM_SELF.bind(context.self(), context);
        state = ACTIVE;
        return args;
    }

    /**
     * Starts MPI for this rank, asking for a level of thread support. OpenMPJ always provides
     * {@link #THREAD_MULTIPLE}.
     *
     * @param required the level the program needs.
     * @param provided ignored (Java cannot return it through an argument); see {@link #queryThread()}.
     * @param args     the program's arguments.
     * @return the same arguments, unchanged.
     */
    public static String[] initThread(final int required, final int provided, final String[] args)
    {
        if (required < THREAD_SINGLE || required > THREAD_MULTIPLE)
        {
            throw MPIException.of(ErrorClass.ERR_ARG, "initThread: required=" + required
                + " is not a thread level; expected MPI.THREAD_SINGLE (1) to MPI.THREAD_MULTIPLE (4)");
        }
        return Init(args);
    }

    /** @return the thread level provided: {@link #THREAD_MULTIPLE}. */
    public static int queryThread()
    {
        checkActive("queryThread");
        return THREAD_MULTIPLE;
    }

    /** @return whether the calling thread is the one that called {@link #Init}. */
    public static boolean isMainThread()
    {
        checkActive("isMainThread");
        return rank.isInitThread();
    }

    /** Ends MPI for this rank, after every buffered send has been delivered. */
    public static void Finalize()
    {
        checkActive("Finalize");
        // A task pool the program left open holds its workers inside MpiExecutor.open: release them before leaving.
        org.openmpj.executor.OpenPools.closeAll();
        final AttachedBuffer buffer;
        synchronized (MPI.class)
        {
            buffer = attachedBuffer;
        }
        try
        {
            if (buffer != null)
            {
                buffer.drain(rank.world());
            }
            rank.finish();
        }
        catch (final OpenMpjException ex)
        {
            throw MPIException.of(ex);
        }
        state = FINALIZED;
    }

    /** @return whether {@link #Init} has been called (it stays true after {@link #Finalize}). */
    public static boolean Initialized()
    {
        return state != NOT_STARTED;
    }

    /** @return whether {@link #Finalize} has been called. */
    public static boolean Finalized()
    {
        return state == FINALIZED;
    }

    /** Aborts the whole job with {@code errorcode}; see {@link Comm#Abort(int)}. */
    public static void Abort(final int errorcode)
    {
        COMM_WORLD.Abort(errorcode);
    }

    /**
     * @return the name of the host this rank runs on: the one the runtime tells hosts apart by ({@code HOSTNAME}, else
     *         the resolver's), so ranks with the same name share a host as the devices see it.
     */
    public static String Get_processor_name()
    {
        checkActive("Get_processor_name");
        final String name = rank.processorName();
        return name.length() > MAX_PROCESSOR_NAME ? name.substring(0, MAX_PROCESSOR_NAME) : name;
    }

    /**
     * @return elapsed wall-clock time in seconds since an arbitrary point, with nanosecond resolution. The time is the
     *         host's monotonic clock ({@code System.nanoTime}, which reads {@code CLOCK_MONOTONIC} on Linux), so the times
     *         of all ranks on one host, threads or processes, are on one clock; across hosts they are not
     *         ({@code WTIME_IS_GLOBAL} is false for process devices).
     */
    public static double Wtime()
    {
        return System.nanoTime() * 1e-9;
    }

    /** @return the resolution of {@link #Wtime()} in seconds, as measured on this machine. */
    public static synchronized double Wtick()
    {
        if (tickSeconds == 0)
        {
            tickSeconds = measureTick();
        }
        return tickSeconds;
    }

    /** Attaches memory for buffered sends. */
    public static void Buffer_attach(final ByteBuffer buffer)
    {
        if (buffer == null)
        {
            throw MPIException.of(ErrorClass.ERR_BUFFER, "Buffer_attach: buffer is null");
        }
        attach(buffer, buffer.capacity());
    }

    /** Attaches memory for buffered sends. */
    public static void Buffer_attach(final byte[] buffer)
    {
        if (buffer == null)
        {
            throw MPIException.of(ErrorClass.ERR_BUFFER, "Buffer_attach: buffer is null");
        }
        attach(buffer, buffer.length);
    }

    /**
     * Waits until every buffered message has been delivered, then detaches the buffer.
     *
     * @return the attached array (for a {@link ByteBuffer}, its backing array if it has one), or null.
     */
    public static byte[] Buffer_detach()
    {
        checkActive("Buffer_detach");
        final AttachedBuffer buffer;
        synchronized (MPI.class)
        {
            buffer = attachedBuffer;
        }
        if (buffer == null)
        {
            return null;
        }
        try
        {
            buffer.drain(rank.world());
        }
        catch (final OpenMpjException ex)
        {
            throw MPIException.of(ex);
        }
        synchronized (MPI.class)
        {
            attachedBuffer = null;
        }
        final Object memory = buffer.memory();
        if (memory instanceof byte[] bytes)
        {
            return bytes;
        }
        final ByteBuffer byteBuffer = (ByteBuffer)memory;
        return byteBuffer.hasArray() ? byteBuffer.array() : null;
    }

    /** Sets the error handler of {@link #COMM_WORLD}. */
    public static void Errorhandler_set(final Errhandler errhandler)
    {
        COMM_WORLD.Errhandler_set(errhandler);
    }

    /** @return the error handler of {@link #COMM_WORLD}. */
    public static Errhandler Errorhandler_get()
    {
        return COMM_WORLD.Errhandler_get();
    }

    /**
     * Applies the error handler of {@link #COMM_WORLD} to a failure that belongs to no communicator (of a group,
     * datatype or operation), as MPI does, and returns the exception to throw.
     */
    static MPIException raiseOnWorld(final MPIException failure)
    {
        return COMM_WORLD.raise(failure);
    }

    static void checkActive(final String call)
    {
        final int now = state;
        if (now != ACTIVE)
        {
            throw MPIException.of(ErrorClass.ERR_OTHER, call + (now == NOT_STARTED
                ? " called before MPI.Init; call MPI.Init(args) first"
                : " called after MPI.Finalize"));
        }
    }

    static synchronized AttachedBuffer attachedBuffer()
    {
        return attachedBuffer;
    }

    private static void attach(final Object memory, final int capacity)
    {
        checkActive("Buffer_attach");
        synchronized (MPI.class)
        {
            if (attachedBuffer != null)
            {
                throw MPIException.of(ErrorClass.ERR_BUFFER, "Buffer_attach: a buffer is attached already; call Buffer_detach first");
            }
            attachedBuffer = new AttachedBuffer(memory, capacity);
        }
    }

    private static double measureTick()
    {
        long smallest = Long.MAX_VALUE;
        for (int i = 0; i < 1_000; i++)
        {
            final long start = System.nanoTime();
            long next = System.nanoTime();
            while (next == start)
            {
                next = System.nanoTime();
            }
            smallest = Math.min(smallest, next - start);
        }
        return smallest * 1e-9;
    }
}
