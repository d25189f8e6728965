package mpi;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.Primitive;
import org.openmpj.engine.datatype.Layout;
import org.openmpj.engine.datatype.LayoutBuilder;
import org.openmpj.engine.datatype.TypeMap;

/**
 * The constructors behind {@link Datatype}'s static methods: argument checks, the translation of C MPI's units (extents of
 * the old type, or bytes) into elements of the base type, and the layout, which the engine's {@link LayoutBuilder} builds.
 * Failures go to the error handler of {@link MPI#COMM_WORLD}.
 */
final class DerivedTypes
{
    private DerivedTypes()
    {
    }

    static Datatype contiguous(final int count, final Datatype oldType) throws MPIException
    {
        final String call = "createContiguous";
        nonNegative(call, ErrorClass.ERR_COUNT, "count", count);
        final Layout old = component(call, "oldType", oldType);
        final LayoutBuilder builder = new LayoutBuilder(call);
        build(() -> builder.addCopies(old, 0, old.extent(), count));
        return derived(call, oldType, builder, (long)count * oldType.basicPerItem(), call + "(" + count + ", " + oldType + ")");
    }

    static Datatype vector(final String call, final int count, final int blockLength, final int stride, final Datatype oldType,
        final boolean strideInBytes) throws MPIException
    {
        nonNegative(call, ErrorClass.ERR_COUNT, "count", count);
        nonNegative(call, ErrorClass.ERR_ARG, "blockLength", blockLength);
        final Layout old = component(call, "oldType", oldType);
        final long step = strideInBytes ? elements(call, "stride", stride, oldType) : (long)stride * old.extent();
        final LayoutBuilder builder = new LayoutBuilder(call);
        build(() ->
        {
            for (int i = 0; i < count; i++)
            {
                builder.addCopies(old, i * step, old.extent(), blockLength);
            }
        });
        return derived(call, oldType, builder, (long)count * blockLength * oldType.basicPerItem(),
            call + "(" + count + ", " + blockLength + ", " + stride + ", " + oldType + ")");
    }

    static Datatype indexed(final String call, final int[] blockLengths, final int[] displacements, final Datatype oldType,
        final boolean displacementsInBytes) throws MPIException
    {
        checkArrays(call, blockLengths, displacements, blockLengths == null ? 0 : blockLengths.length, "");
        final Layout old = component(call, "oldType", oldType);
        final long[] starts = new long[blockLengths.length];
        long basic = 0;
        for (int i = 0; i < starts.length; i++)
        {
            starts[i] = displacementsInBytes ? elements(call, "displacements[" + i + "]", displacements[i], oldType)
                : (long)displacements[i] * old.extent();
            basic += blockLengths[i];
        }
        final LayoutBuilder builder = new LayoutBuilder(call);
        build(() ->
        {
            for (int i = 0; i < starts.length; i++)
            {
                builder.addCopies(old, starts[i], old.extent(), blockLengths[i]);
            }
        });
        return derived(call, oldType, builder, basic * oldType.basicPerItem(), call + "(" + starts.length + " blocks of " + oldType + ")");
    }

    static Datatype indexedBlock(final int blockLength, final int[] displacements, final Datatype oldType) throws MPIException
    {
        final String call = "createIndexedBlock";
        nonNegative(call, ErrorClass.ERR_ARG, "blockLength", blockLength);
        if (displacements == null)
        {
            throw world(ErrorClass.ERR_ARG, call + ": displacements is null");
        }
        final int[] blockLengths = new int[displacements.length];
        java.util.Arrays.fill(blockLengths, blockLength);
        return indexed(call, blockLengths, displacements, oldType, false);
    }

    static Datatype struct(final int[] blockLengths, final int[] displacements, final Datatype[] types) throws MPIException
    {
        final String call = "createStruct";
        MPI.check(call);
        if (types == null)
        {
            throw world(ErrorClass.ERR_TYPE, call + ": types is null");
        }
        checkArrays(call, blockLengths, displacements, types.length, " as types, " + types.length);
        final Layout[] inBytes = new Layout[types.length];
        long basic = 0;
        for (int i = 0; i < types.length; i++)
        {
            final Layout layout = component(call, "types[" + i + "]", types[i]);
            final int size = types[i].baseSize();
            try
            {
                inBytes[i] = size == 1 ? layout : layout.scaled(size);
            }
            catch (final OpenMpjException ex)
            {
                throw MPI.raiseOnWorld(MPIException.of(ex));
            }
            basic += (long)blockLengths[i] * types[i].basicPerItem();
        }
        final LayoutBuilder builder = new LayoutBuilder(call);
        build(() ->
        {
            for (int i = 0; i < types.length; i++)
            {
                builder.addCopies(inBytes[i], displacements[i], inBytes[i].extent(), blockLengths[i]);
            }
        });
        final Layout built = layoutOf(builder);
        final String name = call + "(" + types.length + " blocks)";
        final TypeMap map = TypeMap.derived(built, built.size() == 0 ? null : Datatype.bytes(), name);
        return new Datatype(Datatype.DERIVED, Primitive.BYTE, map, null, false, clamp(basic), name, false);
    }

    static Datatype resized(final Datatype oldType, final int lb, final int extent) throws MPIException
    {
        final String call = "createResized";
        final Layout old = component(call, "oldType", oldType);
        final long lbElements = elements(call, "lb", lb, oldType);
        final long extentElements = elements(call, "extent", extent, oldType);
        final Layout resized;
        try
        {
            resized = old.resized((int)lbElements, (int)extentElements);
        }
        catch (final OpenMpjException ex)
        {
            throw MPI.raiseOnWorld(MPIException.of(ex));
        }
        final String name = call + "(" + oldType + ", " + lb + ", " + extent + ")";
        final TypeMap map = TypeMap.derived(resized, oldType.map(), name);
        return new Datatype(Datatype.DERIVED, oldType.kind(), map, null, oldType.isElementwise(), oldType.basicPerItem(), name, false);
    }

    /** A step of building a layout, which the engine's builder may refuse. */
    @FunctionalInterface
    private interface Step
    {
        void run();
    }

    private static void build(final Step step) throws MPIException
    {
        try
        {
            step.run();
        }
        catch (final OpenMpjException ex)
        {
            throw MPI.raiseOnWorld(MPIException.of(ex));
        }
    }

    private static Layout layoutOf(final LayoutBuilder builder) throws MPIException
    {
        try
        {
            return builder.build();
        }
        catch (final OpenMpjException ex)
        {
            throw MPI.raiseOnWorld(MPIException.of(ex));
        }
    }

    /** @return the derived type of the layout {@code builder} holds, with the base type of {@code oldType}. */
    private static Datatype derived(final String call, final Datatype oldType, final LayoutBuilder builder, final long basic,
        final String name) throws MPIException
    {
        final Layout built = layoutOf(builder);
        final TypeMap map = TypeMap.derived(built, built.size() == 0 ? null : oldType.map(), name);
        return new Datatype(Datatype.DERIVED, oldType.kind(), map, null, oldType.isElementwise(), clamp(basic), name, false);
    }

    private static int clamp(final long basic)
    {
        return (int)Math.min(basic, Integer.MAX_VALUE);
    }

    /** @return {@code bytes} in elements of {@code type}'s base type, after checking it is a whole number of them. */
    private static long elements(final String call, final String argument, final int bytes, final Datatype type) throws MPIException
    {
        final int size = type.baseSize();
        if (bytes % size != 0)
        {
            throw world(ErrorClass.ERR_ARG, call + ": " + argument + "=" + bytes + " bytes is not a whole number of " + type.kind()
                + " elements (" + size + " bytes each), the base type of " + type + "; buffers of it are arrays or buffers of"
                + " those elements");
        }
        return bytes / size;
    }

    private static Layout component(final String call, final String argument, final Datatype type) throws MPIException
    {
        MPI.check(call);
        if (type == null)
        {
            throw world(ErrorClass.ERR_TYPE, call + ": " + argument + " is null");
        }
        if (type.map() == null || type.isFreed())
        {
            throw world(ErrorClass.ERR_TYPE, call + ": " + argument + " is " + (type.isFreed() ? "a freed datatype" : type)
                + ", which cannot be part of a datatype");
        }
        return type.map().layout();
    }

    private static void checkArrays(final String call, final int[] blockLengths, final int[] displacements, final int length,
        final String expected) throws MPIException
    {
        MPI.check(call);
        if (blockLengths == null || displacements == null)
        {
            throw world(ErrorClass.ERR_ARG, call + ": " + (blockLengths == null ? "blockLengths" : "displacements") + " is null");
        }
        if (blockLengths.length != length || displacements.length != length)
        {
            throw world(ErrorClass.ERR_ARG, call + ": blockLengths has " + blockLengths.length + " entries and displacements "
                + displacements.length + "; expected the same number" + expected);
        }
        for (int i = 0; i < length; i++)
        {
            nonNegative(call, ErrorClass.ERR_ARG, "blockLengths[" + i + "]", blockLengths[i]);
        }
    }

    private static void nonNegative(final String call, final ErrorClass errorClass, final String argument, final int value)
        throws MPIException
    {
        MPI.check(call);
        if (value < 0)
        {
            throw world(errorClass, call + ": " + argument + "=" + value + " is negative; expected 0 or more");
        }
    }

    private static MPIException world(final ErrorClass errorClass, final String message)
    {
        return MPI.raiseOnWorld(MPIException.of(errorClass, message));
    }
}
