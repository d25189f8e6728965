package mpi;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.engine.AttachedBuffer;
import org.openmpj.engine.Communicator;
import org.openmpj.engine.Intercommunicator;
import org.openmpj.engine.PredefinedReduction;
import org.openmpj.engine.Session;

/**
 * The MPI environment of Open MPI's Java API: starting and ending MPI ({@link #Init}, {@link #Finalize}), the predefined
 * communicators, datatypes, operations and constants, timers, direct buffers in native byte order ({@link #newIntBuffer}
 * …) and views that start inside a buffer or array ({@link #slice}), and the space for buffered sends.
 *
 * <p>Each rank has its own copy of this class's static state: thread ranks load the API through class loaders of their
 * own, as if each were a JVM. The numeric values of the constants are OpenMPJ's; like Open MPI's, which came from its C
 * library at run time, they are to be used by name. Thread-safety: every method may be called by any thread of the rank
 * ({@link #THREAD_MULTIPLE}).
 */
public final class MPI
{
    /** Thread support: one thread only. */
    public static final int THREAD_SINGLE = 0;
    /** Thread support: only the thread that started MPI calls it. */
    public static final int THREAD_FUNNELED = 1;
    /** Thread support: several threads, one call at a time. */
    public static final int THREAD_SERIALIZED = 2;
    /** Thread support: any number of threads at once; the level OpenMPJ always provides. */
    public static final int THREAD_MULTIPLE = 3;

    /** Topology: Cartesian. */
    public static final int CART = 1;
    /** Topology: graph. */
    public static final int GRAPH = 2;
    /** Topology: distributed graph. */
    public static final int DIST_GRAPH = 3;

    /** A receive or probe that matches a message from any rank. */
    public static final int ANY_SOURCE = Communicator.ANY_SOURCE;
    /** A receive or probe that matches a message of any tag. */
    public static final int ANY_TAG = Communicator.ANY_TAG;
    /** The rank of no process: a send to it or receive from it completes at once and moves nothing. */
    public static final int PROC_NULL = Communicator.PROC_NULL;
    /** The root argument, in an intercommunicator collective, of the rank that is the root. */
    public static final int ROOT = Intercommunicator.ROOT;
    /** A value that is not defined: the color of a rank that joins no group, a count that is not whole, no index. */
    public static final int UNDEFINED = -32766;

    /** Result of a comparison: the same object. */
    public static final int IDENT = 0;
    /** Result of a comparison: the same members in the same order, but another context. */
    public static final int CONGRUENT = 1;
    /** Result of a comparison: the same members in another order. */
    public static final int SIMILAR = 2;
    /** Result of a comparison: other members. */
    public static final int UNEQUAL = 3;

    /** Attribute key: the largest tag a message may carry. */
    public static final int TAG_UB = 0;
    /** Attribute key: the rank of the host process; {@link #PROC_NULL} here, as there is none. */
    public static final int HOST = 1;
    /** Attribute key: a rank that can do I/O; {@link #ANY_SOURCE}, as every rank can. */
    public static final int IO = 2;
    /** Attribute key: 1 when every rank's {@link #wtime()} reads one clock, else 0. */
    public static final int WTIME_IS_GLOBAL = 3;
    /** Attribute key: the number of the application in a job of several (MPMD); jobs here have one. */
    public static final int APPNUM = 4;
    /** Attribute key: the last error code in use. */
    public static final int LASTUSEDCODE = 5;
    /** Attribute key: how many processes the job could have. */
    public static final int UNIVERSE_SIZE = 6;
    /** Window attribute key: the window's base (one-sided communication, not in OpenMPJ yet). */
    public static final int WIN_BASE = 7;
    /** Window attribute key: the window's size (one-sided communication, not in OpenMPJ yet). */
    public static final int WIN_SIZE = 8;
    /** Window attribute key: the window's displacement unit (one-sided communication, not in OpenMPJ yet). */
    public static final int WIN_DISP_UNIT = 9;

    /** The major version of the MPI standard followed. */
    public static final int VERSION = 3;
    /** The minor version of the MPI standard followed. */
    public static final int SUBVERSION = 1;
    /** The key value that is no key. */
    public static final int KEYVAL_INVALID = -1;
    /** Bytes of attached buffer a buffered send needs beyond its data. */
    public static final int BSEND_OVERHEAD = AttachedBuffer.OVERHEAD_BYTES;
    /** The longest name of an object. */
    public static final int MAX_OBJECT_NAME = 64;
    /** The longest port name. */
    public static final int MAX_PORT_NAME = 1024;
    /** The longest name of a data representation. */
    public static final int MAX_DATAREP_STRING = 128;
    /** The longest key of an {@link Info} object. */
    public static final int MAX_INFO_KEY = 36;
    /** The longest value of an {@link Info} object. */
    public static final int MAX_INFO_VAL = 256;
    /** Array order: row-major. */
    public static final int ORDER_C = 0;
    /** Array order: column-major. */
    public static final int ORDER_FORTRAN = 1;
    /** Distribution of an array: in blocks. */
    public static final int DISTRIBUTE_BLOCK = 0;
    /** Distribution of an array: round robin. */
    public static final int DISTRIBUTE_CYCLIC = 1;
    /** Distribution of an array: not distributed. */
    public static final int DISTRIBUTE_NONE = 2;
    /** Distribution of an array: the default argument. */
    public static final int DISTRIBUTE_DFLT_DARG = -1;

    // File modes, views and seeks of MPI-IO, and window assertions and locks of one-sided communication: neither is in
    // OpenMPJ yet (see File and Win); the constants are here so that programs using them compile.
    public static final int MODE_CREATE = 1;
    public static final int MODE_RDONLY = 2;
    public static final int MODE_WRONLY = 4;
    public static final int MODE_RDWR = 8;
    public static final int MODE_DELETE_ON_CLOSE = 16;
    public static final int MODE_UNIQUE_OPEN = 32;
    public static final int MODE_EXCL = 64;
    public static final int MODE_APPEND = 128;
    public static final int MODE_SEQUENTIAL = 256;
    public static final int DISPLACEMENT_CURRENT = -54278278;
    public static final int SEEK_SET = 600;
    public static final int SEEK_CUR = 602;
    public static final int SEEK_END = 604;
    public static final int MODE_NOCHECK = 1;
    public static final int MODE_NOPRECEDE = 2;
    public static final int MODE_NOPUT = 4;
    public static final int MODE_NOSTORE = 8;
    public static final int MODE_NOSUCCEED = 16;
    public static final int LOCK_EXCLUSIVE = 1;
    public static final int LOCK_SHARED = 2;

    /** Error class: no error. */
    public static final int SUCCESS = ErrorClass.SUCCESS.code();
    /** Error class: a bad buffer (null, too small, heap where direct memory is needed, read-only for a receive). */
    public static final int ERR_BUFFER = ErrorClass.ERR_BUFFER.code();
    /** Error class: a bad count. */
    public static final int ERR_COUNT = ErrorClass.ERR_COUNT.code();
    /** Error class: a bad datatype (null, freed, not committed). */
    public static final int ERR_TYPE = ErrorClass.ERR_TYPE.code();
    /** Error class: a bad tag. */
    public static final int ERR_TAG = ErrorClass.ERR_TAG.code();
    /** Error class: a bad communicator (null, freed). */
    public static final int ERR_COMM = ErrorClass.ERR_COMM.code();
    /** Error class: a rank out of range. */
    public static final int ERR_RANK = ErrorClass.ERR_RANK.code();
    /** Error class: a bad request. */
    public static final int ERR_REQUEST = ErrorClass.ERR_REQUEST.code();
    /** Error class: a root out of range. */
    public static final int ERR_ROOT = ErrorClass.ERR_ROOT.code();
    /** Error class: a bad group. */
    public static final int ERR_GROUP = ErrorClass.ERR_GROUP.code();
    /** Error class: a bad operation, or one not defined on the datatype. */
    public static final int ERR_OP = ErrorClass.ERR_OP.code();
    /** Error class: a bad topology. */
    public static final int ERR_TOPOLOGY = ErrorClass.ERR_TOPOLOGY.code();
    /** Error class: bad dimensions. */
    public static final int ERR_DIMS = ErrorClass.ERR_DIMS.code();
    /** Error class: another bad argument. */
    public static final int ERR_ARG = ErrorClass.ERR_ARG.code();
    /** Error class: an unknown error. */
    public static final int ERR_UNKNOWN = ErrorClass.ERR_UNKNOWN.code();
    /** Error class: a message longer than the receive that took it. */
    public static final int ERR_TRUNCATE = ErrorClass.ERR_TRUNCATE.code();
    /** Error class: another error. */
    public static final int ERR_OTHER = ErrorClass.ERR_OTHER.code();
    /** Error class: an internal error. */
    public static final int ERR_INTERN = ErrorClass.ERR_INTERN.code();
    /** Error class: the error is in the statuses. */
    public static final int ERR_IN_STATUS = ErrorClass.ERR_IN_STATUS.code();
    /** Error class: the operation is still pending. */
    public static final int ERR_PENDING = ErrorClass.ERR_PENDING.code();
    // Error classes of MPI-IO, one-sided communication, info objects, attributes, ports and spawning, by their MPI names.
    public static final int ERR_ACCESS = 20;
    public static final int ERR_AMODE = 21;
    public static final int ERR_ASSERT = 22;
    public static final int ERR_BAD_FILE = 23;
    public static final int ERR_BASE = 24;
    public static final int ERR_CONVERSION = 25;
    public static final int ERR_DISP = 26;
    public static final int ERR_DUP_DATAREP = 27;
    public static final int ERR_FILE_EXISTS = 28;
    public static final int ERR_FILE_IN_USE = 29;
    public static final int ERR_FILE = 30;
    public static final int ERR_INFO_KEY = 31;
    public static final int ERR_INFO_NOKEY = 32;
    public static final int ERR_INFO_VALUE = 33;
    public static final int ERR_INFO = 34;
    public static final int ERR_IO = 35;
    public static final int ERR_KEYVAL = 36;
    public static final int ERR_LOCKTYPE = 37;
    public static final int ERR_NAME = 38;
    public static final int ERR_NO_MEM = 39;
    public static final int ERR_NOT_SAME = 40;
    public static final int ERR_NO_SPACE = 41;
    public static final int ERR_NO_SUCH_FILE = 42;
    public static final int ERR_PORT = 43;
    public static final int ERR_QUOTA = 44;
    public static final int ERR_READ_ONLY = 45;
    public static final int ERR_RMA_CONFLICT = 46;
    public static final int ERR_RMA_SYNC = 47;
    public static final int ERR_SERVICE = 48;
    public static final int ERR_SIZE = 49;
    public static final int ERR_SPAWN = 50;
    public static final int ERR_UNSUPPORTED_DATAREP = 51;
    /** Error class: an operation the library does not support, such as one-sided communication and MPI-IO here. */
    public static final int ERR_UNSUPPORTED_OPERATION = 52;
    /** Error class: a bad window. */
    public static final int ERR_WIN = 53;
    /** Error class: a process aborted. */
    public static final int ERR_PROC_ABORTED = 74;
    /** The last error code in use. */
    public static final int ERR_LASTCODE = 92;
    /** Error class: out of a system resource. */
    public static final int ERR_SYSRESOURCE = -2;

    /** Error handler, every communicator's default: a failed call aborts the whole job. */
    public static final Errhandler ERRORS_ARE_FATAL = new Errhandler(true, "MPI.ERRORS_ARE_FATAL");
    /** Error handler: a failed call aborts the whole job, as {@link #ERRORS_ARE_FATAL}. */
    public static final Errhandler ERRORS_ABORT = new Errhandler(true, "MPI.ERRORS_ABORT");
    /** Error handler: a failed call throws {@link MPIException} to the program, and the job goes on. */
    public static final Errhandler ERRORS_RETURN = new Errhandler(false, "MPI.ERRORS_RETURN");

    /** The null datatype. */
    public static final Datatype DATATYPE_NULL = Datatype.predefined(Datatype.NULL);
    /** Bytes: {@code byte[]}, {@code ByteBuffer}. */
    public static final Datatype BYTE = Datatype.predefined(Datatype.BYTE);
    /** Java chars, 2 bytes each: {@code char[]}, {@code CharBuffer}. */
    public static final Datatype CHAR = Datatype.predefined(Datatype.CHAR);
    /** {@code short[]}, {@code ShortBuffer}. */
    public static final Datatype SHORT = Datatype.predefined(Datatype.SHORT);
    /** Booleans, one byte each: {@code boolean[]}. */
    public static final Datatype BOOLEAN = Datatype.predefined(Datatype.BOOLEAN);
    /** {@code int[]}, {@code IntBuffer}. */
    public static final Datatype INT = Datatype.predefined(Datatype.INT);
    /** {@code long[]}, {@code LongBuffer}. */
    public static final Datatype LONG = Datatype.predefined(Datatype.LONG);
    /** {@code float[]}, {@code FloatBuffer}. */
    public static final Datatype FLOAT = Datatype.predefined(Datatype.FLOAT);
    /** {@code double[]}, {@code DoubleBuffer}. */
    public static final Datatype DOUBLE = Datatype.predefined(Datatype.DOUBLE);
    /** Bytes made by {@link Comm#pack}. */
    public static final Datatype PACKED = Datatype.predefined(Datatype.PACKED);
    /** Pairs of an int value and an int index, a C struct in raw memory; read and write them with {@link #int2}. */
    public static final Datatype INT2 = Datatype.predefined(Datatype.INT2);
    /** Pairs of a short value and an int index, a C struct in raw memory; see {@link #shortInt}. */
    public static final Datatype SHORT_INT = Datatype.predefined(Datatype.SHORT_INT);
    /** Pairs of a long value and an int index, a C struct in raw memory; see {@link #longInt}. */
    public static final Datatype LONG_INT = Datatype.predefined(Datatype.LONG_INT);
    /** Pairs of a float value and an int index, a C struct in raw memory; see {@link #floatInt}. */
    public static final Datatype FLOAT_INT = Datatype.predefined(Datatype.FLOAT_INT);
    /** Pairs of a double value and an int index, a C struct in raw memory; see {@link #doubleInt}. */
    public static final Datatype DOUBLE_INT = Datatype.predefined(Datatype.DOUBLE_INT);
    /** Complex numbers of two floats (real, imaginary): {@code float[]}, {@code FloatBuffer}. */
    public static final Datatype FLOAT_COMPLEX = Datatype.predefined(Datatype.FLOAT_COMPLEX);
    /** Complex numbers of two doubles (real, imaginary): {@code double[]}, {@code DoubleBuffer}. */
    public static final Datatype DOUBLE_COMPLEX = Datatype.predefined(Datatype.DOUBLE_COMPLEX);

    /** Reads and writes the items of {@link #INT2} in a byte buffer. */
    public static final Int2 int2 = new Int2();
    /** Reads and writes the items of {@link #SHORT_INT} in a byte buffer. */
    public static final ShortInt shortInt = new ShortInt();
    /** Reads and writes the items of {@link #LONG_INT} in a byte buffer. */
    public static final LongInt longInt = new LongInt();
    /** Reads and writes the items of {@link #FLOAT_INT} in a byte buffer. */
    public static final FloatInt floatInt = new FloatInt();
    /** Reads and writes the items of {@link #DOUBLE_INT} in a byte buffer. */
    public static final DoubleInt doubleInt = new DoubleInt();

    /** Reduction: the largest. */
    public static final Op MAX = Op.predefined(PredefinedReduction.Operation.MAX, 1);
    /** Reduction: the smallest. */
    public static final Op MIN = Op.predefined(PredefinedReduction.Operation.MIN, 2);
    /** Reduction: the sum. */
    public static final Op SUM = Op.predefined(PredefinedReduction.Operation.SUM, 3);
    /** Reduction: the product. */
    public static final Op PROD = Op.predefined(PredefinedReduction.Operation.PROD, 4);
    /** Reduction: logical and, of booleans. */
    public static final Op LAND = Op.predefined(PredefinedReduction.Operation.LAND, 5);
    /** Reduction: bitwise and. */
    public static final Op BAND = Op.predefined(PredefinedReduction.Operation.BAND, 6);
    /** Reduction: logical or, of booleans. */
    public static final Op LOR = Op.predefined(PredefinedReduction.Operation.LOR, 7);
    /** Reduction: bitwise or. */
    public static final Op BOR = Op.predefined(PredefinedReduction.Operation.BOR, 8);
    /** Reduction: logical exclusive or, of booleans. */
    public static final Op LXOR = Op.predefined(PredefinedReduction.Operation.LXOR, 9);
    /** Reduction: bitwise exclusive or. */
    public static final Op BXOR = Op.predefined(PredefinedReduction.Operation.BXOR, 10);
    /**
     * Reduction on {@link #INT2}, {@link #SHORT_INT}, {@link #LONG_INT}, {@link #FLOAT_INT} and {@link #DOUBLE_INT} pairs: the
     * smallest value, and among equal values the smallest index.
     */
    public static final Op MINLOC = Op.predefined(PredefinedReduction.Operation.MINLOC, 11);
    /** Reduction on the pairs of {@link #MINLOC}: the largest value, and among equal values the smallest index. */
    public static final Op MAXLOC = Op.predefined(PredefinedReduction.Operation.MAXLOC, 12);
    /** The operation of one-sided accumulates that replaces the target's value; not a reduction of collectives. */
    public static final Op REPLACE = Op.predefined(null, 13);
    /** The operation of one-sided accumulates that leaves the target as it is; not a reduction of collectives. */
    public static final Op NO_OP = Op.predefined(null, 14);

    /** Every rank of the job. Usable between {@link #Init} and {@link #Finalize}. */
    public static final Intracomm COMM_WORLD = new Intracomm("MPI.COMM_WORLD");
    /** This rank alone. Usable between {@link #Init} and {@link #Finalize}. */
    public static final Intracomm COMM_SELF = new Intracomm("MPI.COMM_SELF");
    /** The null request: waiting for it returns at once. */
    public static final Request REQUEST_NULL = new Request(null, null);
    /** The group of no process. */
    public static final Group GROUP_EMPTY = Group.empty();
    /** The info object of the environment the job was started in; empty here. */
    public static final Info INFO_ENV = Info.predefined(false);
    /** The null info object. */
    public static final Info INFO_NULL = Info.predefined(true);

    private static final ByteOrder NATIVE = ByteOrder.nativeOrder();
    private static final int NOT_STARTED = 0;
    private static final int ACTIVE = 1;
    private static final int FINALIZED = 2;

    private static volatile int state = NOT_STARTED;
    private static volatile Session session;
    private static AttachedBuffer attachedBuffer;
    private static double tickSeconds;

    private MPI()
    {
    }

    /**
     * Starts MPI for this rank: joins the job, and makes {@link #COMM_WORLD} and {@link #COMM_SELF} usable.
     *
     * @param args the program's arguments.
     * @return the same arguments, unchanged: the launcher passes none of its own.
     * @throws MPIException when MPI was started already, or the rank cannot join its job.
     */
    public static String[] Init(final String[] args) throws MPIException
    {
        start("Init");
        return args;
    }

    /**
     * Starts MPI for this rank, as {@link #Init}, with a level of thread support.
     *
     * @param args     the program's arguments.
     * @param required the level the program needs, {@link #THREAD_SINGLE} to {@link #THREAD_MULTIPLE}.
     * @return the level provided: always {@link #THREAD_MULTIPLE}.
     * @throws MPIException {@code ERR_ARG} for a level that is none of the four, or as {@link #Init}.
     */
    public static int InitThread(final String[] args, final int required) throws MPIException
    {
        if (required < THREAD_SINGLE || required > THREAD_MULTIPLE)
        {
            throw MPIException.of(ErrorClass.ERR_ARG, "InitThread: required=" + required + " is not a thread level; expected"
                + " MPI.THREAD_SINGLE (" + THREAD_SINGLE + ") to MPI.THREAD_MULTIPLE (" + THREAD_MULTIPLE + ")");
        }
        start("InitThread");
        return THREAD_MULTIPLE;
    }

    /**
     * @return the level of thread support provided: {@link #THREAD_MULTIPLE}.
     * @throws MPIException when MPI is not active.
     */
    public static int queryThread() throws MPIException
    {
        check("queryThread");
        return THREAD_MULTIPLE;
    }

    /**
     * @return whether the calling thread is the one that started MPI.
     * @throws MPIException when MPI is not active.
     */
    public static boolean isThreadMain() throws MPIException
    {
        check("isThreadMain");
        return session.isInitThread();
    }

    /**
     * Ends MPI for this rank, once every buffered send has been delivered. Every rank must call it.
     *
     * @throws MPIException when MPI is not active, or the job failed.
     */
    public static void Finalize() throws MPIException
    {
        check("Finalize");
        final AttachedBuffer buffer;
        synchronized (MPI.class)
        {
            buffer = attachedBuffer;
        }
        try
        {
            if (buffer != null)
            {
                buffer.drain(session.world());
            }
            session.finish();
        }
        catch (final OpenMpjException ex)
        {
            throw MPIException.of(ex);
        }
        state = FINALIZED;
    }

    /**
     * @return elapsed time in seconds since an arbitrary moment, from the host's monotonic clock with nanosecond
     *         resolution: one clock for every rank of a host, not across hosts (see {@link #WTIME_IS_GLOBAL}).
     * @throws MPIException when MPI is not active.
     */
    public static double wtime() throws MPIException
    {
        check("wtime");
        return System.nanoTime() * 1e-9;
    }

    /**
     * @return the resolution of {@link #wtime()} in seconds, as measured once on this machine.
     * @throws MPIException when MPI is not active.
     */
    public static double wtick() throws MPIException
    {
        check("wtick");
        synchronized (MPI.class)
        {
            if (tickSeconds == 0)
            {
                tickSeconds = measureTick();
            }
            return tickSeconds;
        }
    }

    /** @return the version of the MPI standard followed: 3.1. */
    public static Version getVersion()
    {
        return new Version(VERSION, SUBVERSION);
    }

    /** @return a line that names the library: OpenMPJ with Open MPI's Java API. */
    public static String getLibVersion()
    {
        final String version = MPI.class.getPackage().getImplementationVersion();
        return "OpenMPJ " + (version == null ? "(development build)" : version) + ", the Java API of Open MPI 5.0 over the OpenMPJ engine";
    }

    /**
     * @return the name of the host this rank runs on, as the runtime tells hosts apart.
     * @throws MPIException when MPI is not active.
     */
    public static String getProcessorName() throws MPIException
    {
        check("getProcessorName");
        return session.processorName();
    }

    /**
     * @return whether {@link #Init} has been called; it stays true after {@link #Finalize}.
     * @throws MPIException never; declared as in Open MPI's API, so that code that catches it compiles.
     */
    public static boolean isInitialized() throws MPIException
    {
        return state != NOT_STARTED;
    }

    /**
     * @return whether {@link #Finalize} has been called.
     * @throws MPIException never; declared as in Open MPI's API, so that code that catches it compiles.
     */
    public static boolean isFinalized() throws MPIException
    {
        return state == FINALIZED;
    }

    /**
     * Attaches {@code buffer} as the space buffered sends copy their messages into.
     *
     * @param buffer the space; each message takes its size plus {@link #BSEND_OVERHEAD} bytes of it until delivered.
     * @throws MPIException {@code ERR_BUFFER} when {@code buffer} is null or a buffer is attached already.
     */
    public static void attachBuffer(final byte[] buffer) throws MPIException
    {
        check("attachBuffer");
        if (buffer == null)
        {
            throw raiseOnWorld(MPIException.of(ErrorClass.ERR_BUFFER, "attachBuffer: buffer is null"));
        }
        synchronized (MPI.class)
        {
            if (attachedBuffer != null)
            {
                throw raiseOnWorld(MPIException.of(ErrorClass.ERR_BUFFER, "attachBuffer: a buffer is attached already; call"
                    + " MPI.detachBuffer() first"));
            }
            attachedBuffer = new AttachedBuffer(buffer, buffer.length);
        }
    }

    /**
     * Waits until every buffered message has been delivered, then detaches the buffer.
     *
     * @return the buffer {@link #attachBuffer} attached, or null when none is.
     * @throws MPIException when MPI is not active, or the job fails while waiting.
     */
    public static byte[] detachBuffer() throws MPIException
    {
        check("detachBuffer");
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
            buffer.drain(session.world());
        }
        catch (final OpenMpjException ex)
        {
            throw raiseOnWorld(MPIException.of(ex));
        }
        synchronized (MPI.class)
        {
            attachedBuffer = null;
        }
        return (byte[])buffer.memory();
    }

    /**
     * Controls profiling, which OpenMPJ does not do: does nothing.
     *
     * @param level the profiling level.
     * @param obj   the profiling information.
     */
    public static void pControl(final int level, final Object obj)
    {
    }

    /** @return a new direct buffer of {@code capacity} bytes in native byte order, for non-blocking calls. */
    public static ByteBuffer newByteBuffer(final int capacity)
    {
        return ByteBuffer.allocateDirect(capacity).order(NATIVE);
    }

    /** @return a new direct buffer of {@code capacity} chars in native byte order, for non-blocking calls. */
    public static CharBuffer newCharBuffer(final int capacity)
    {
        return ByteBuffer.allocateDirect(Math.multiplyExact(capacity, Character.BYTES)).order(NATIVE).asCharBuffer();
    }

    /** @return a new direct buffer of {@code capacity} shorts in native byte order, for non-blocking calls. */
    public static ShortBuffer newShortBuffer(final int capacity)
    {
        return ByteBuffer.allocateDirect(Math.multiplyExact(capacity, Short.BYTES)).order(NATIVE).asShortBuffer();
    }

    /** @return a new direct buffer of {@code capacity} ints in native byte order, for non-blocking calls. */
    public static IntBuffer newIntBuffer(final int capacity)
    {
        return ByteBuffer.allocateDirect(Math.multiplyExact(capacity, Integer.BYTES)).order(NATIVE).asIntBuffer();
    }

    /** @return a new direct buffer of {@code capacity} longs in native byte order, for non-blocking calls. */
    public static LongBuffer newLongBuffer(final int capacity)
    {
        return ByteBuffer.allocateDirect(Math.multiplyExact(capacity, Long.BYTES)).order(NATIVE).asLongBuffer();
    }

    /** @return a new direct buffer of {@code capacity} floats in native byte order, for non-blocking calls. */
    public static FloatBuffer newFloatBuffer(final int capacity)
    {
        return ByteBuffer.allocateDirect(Math.multiplyExact(capacity, Float.BYTES)).order(NATIVE).asFloatBuffer();
    }

    /** @return a new direct buffer of {@code capacity} doubles in native byte order, for non-blocking calls. */
    public static DoubleBuffer newDoubleBuffer(final int capacity)
    {
        return ByteBuffer.allocateDirect(Math.multiplyExact(capacity, Double.BYTES)).order(NATIVE).asDoubleBuffer();
    }

    /**
     * The way to give a buffer "from element {@code offset}" to calls that take no offset.
     *
     * @param buf    the buffer; its position and limit are reset (to {@code offset} and its capacity) on the way.
     * @param offset the byte where the view starts.
     * @return a view of {@code buf} that starts at byte {@code offset} and shares its content, in native byte order.
     */
    public static ByteBuffer slice(final ByteBuffer buf, final int offset)
    {
        buf.clear().position(offset);
        return buf.slice().order(NATIVE);
    }

    /** @return a view of {@code buf} from char {@code offset}, sharing its content; resets {@code buf}'s position and limit. */
    public static CharBuffer slice(final CharBuffer buf, final int offset)
    {
        buf.clear().position(offset);
        return buf.slice();
    }

    /** @return a view of {@code buf} from short {@code offset}, sharing its content; resets {@code buf}'s position and limit. */
    public static ShortBuffer slice(final ShortBuffer buf, final int offset)
    {
        buf.clear().position(offset);
        return buf.slice();
    }

    /** @return a view of {@code buf} from int {@code offset}, sharing its content; resets {@code buf}'s position and limit. */
    public static IntBuffer slice(final IntBuffer buf, final int offset)
    {
        buf.clear().position(offset);
        return buf.slice();
    }

    /** @return a view of {@code buf} from long {@code offset}, sharing its content; resets {@code buf}'s position and limit. */
    public static LongBuffer slice(final LongBuffer buf, final int offset)
    {
        buf.clear().position(offset);
        return buf.slice();
    }

    /** @return a view of {@code buf} from float {@code offset}, sharing its content; resets {@code buf}'s position and limit. */
    public static FloatBuffer slice(final FloatBuffer buf, final int offset)
    {
        buf.clear().position(offset);
        return buf.slice();
    }

    /** @return a view of {@code buf} from double {@code offset}, sharing its content; resets {@code buf}'s position and limit. */
    public static DoubleBuffer slice(final DoubleBuffer buf, final int offset)
    {
        buf.clear().position(offset);
        return buf.slice();
    }

    /**
     * @param buf    the array.
     * @param offset the element where the view starts.
     * @return a buffer over {@code buf} from element {@code offset} to its end, in native byte order: the array's
     *         elements from {@code offset} for the blocking calls.
     */
    public static ByteBuffer slice(final byte[] buf, final int offset)
    {
        return ByteBuffer.wrap(buf, offset, buf.length - offset).slice().order(NATIVE);
    }

    /** @return a buffer over {@code buf} from element {@code offset} to its end, for the blocking calls. */
    public static CharBuffer slice(final char[] buf, final int offset)
    {
        return CharBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    /** @return a buffer over {@code buf} from element {@code offset} to its end, for the blocking calls. */
    public static ShortBuffer slice(final short[] buf, final int offset)
    {
        return ShortBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    /** @return a buffer over {@code buf} from element {@code offset} to its end, for the blocking calls. */
    public static IntBuffer slice(final int[] buf, final int offset)
    {
        return IntBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    /** @return a buffer over {@code buf} from element {@code offset} to its end, for the blocking calls. */
    public static LongBuffer slice(final long[] buf, final int offset)
    {
        return LongBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    /** @return a buffer over {@code buf} from element {@code offset} to its end, for the blocking calls. */
    public static FloatBuffer slice(final float[] buf, final int offset)
    {
        return FloatBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    /** @return a buffer over {@code buf} from element {@code offset} to its end, for the blocking calls. */
    public static DoubleBuffer slice(final double[] buf, final int offset)
    {
        return DoubleBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    // ---------------------------------------------------------------- internals

    /**
     * Throws unless MPI is active: after {@link #Init}, before {@link #Finalize}. Such a failure belongs to no
     * communicator and is thrown as it is.
     */
    static void check(final String call) throws MPIException
    {
        final int now = state;
        if (now != ACTIVE)
        {
            throw MPIException.of(ErrorClass.ERR_OTHER, call + (now == NOT_STARTED
                ? ": MPI is not initialized; call MPI.Init(args) first"
                : ": MPI is finalized; no MPI call may follow MPI.Finalize()"));
        }
    }

    /** @return the rank's session, once MPI is active. */
    static Session session()
    {
        return session;
    }

    /** @return the space attached for buffered sends, or null. */
    static synchronized AttachedBuffer attachedBuffer()
    {
        return attachedBuffer;
    }

    /**
     * Applies the error handler of {@link #COMM_WORLD} to a failure that belongs to no communicator (of a datatype, group,
     * info object or operation), as MPI does.
     *
     * @return the exception to throw.
     */
    static MPIException raiseOnWorld(final MPIException failure)
    {
        return COMM_WORLD.raise(failure);
    }

    private static synchronized void start(final String call) throws MPIException
    {
        if (state != NOT_STARTED)
        {
            throw MPIException.of(ErrorClass.ERR_OTHER, call + ": MPI is " + (state == ACTIVE ? "initialized" : "finalized")
                + " already; it starts once per rank");
        }
        final Session rank = Session.forApiLoader(MPI.class.getClassLoader());
        try
        {
            rank.init();
        }
        catch (final OpenMpjException ex)
        {
            throw MPIException.of(ex);
        }
        session = rank;
        COMM_WORLD.bind(rank.world(), rank);
        COMM_SELF.bind(rank.self(), rank);
        state = ACTIVE;
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
