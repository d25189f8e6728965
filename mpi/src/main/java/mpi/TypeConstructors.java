package mpi;

import java.util.function.Consumer;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.engine.datatype.Layout;
import org.openmpj.engine.datatype.LayoutBuilder;

/**
 * The derived datatype constructors behind {@link Datatype}'s static methods: argument checks, the base type
 * all components must share, and the layout. Displacements and strides are in buffer elements; for
 * {@code Vector} and {@code Indexed} they count extents of the old type, for {@code Hvector}, {@code Hindexed}
 * and {@code Struct} single elements.
 */
final class TypeConstructors
{
    private TypeConstructors()
    {
    }

    static Datatype contiguous(final int count, final Datatype oldtype)
    {
        final String call = "Contiguous";
        nonNegative(call, ErrorClass.ERR_COUNT, "count", count);
        final Layout old = component(call, "oldtype", oldtype);
        return derived(call, oldtype.base(), call + "(" + count + ", " + oldtype + ")", builder -> builder.addCopies(old, 0, old.extent(), count));
    }

    static Datatype vector(final String call, final int count, final int blocklength, final int stride, final Datatype oldtype,
        final boolean strideInExtents)
    {
        nonNegative(call, ErrorClass.ERR_COUNT, "count", count);
        nonNegative(call, ErrorClass.ERR_ARG, "blocklength", blocklength);
        final Layout old = component(call, "oldtype", oldtype);
        final long step = strideInExtents ? (long)stride * old.extent() : stride;
        return derived(call, oldtype.base(), call + "(" + count + ", " + blocklength + ", " + stride + ", " + oldtype + ")", builder ->
        {
            for (int i = 0; i < count; i++)
            {
                builder.addCopies(old, i * step, old.extent(), blocklength);
            }
        });
    }

    static Datatype indexed(final String call, final int[] blocklengths, final int[] displacements, final Datatype oldtype,
        final boolean displacementsInExtents)
    {
        checkArrays(call, blocklengths, displacements, blocklengths == null ? 0 : blocklengths.length);
        final Layout old = component(call, "oldtype", oldtype);
        return derived(call, oldtype.base(), call + "(" + blocklengths.length + " blocks of " + oldtype + ")", builder ->
        {
            for (int i = 0; i < blocklengths.length; i++)
            {
                final long start = displacementsInExtents ? (long)displacements[i] * old.extent() : displacements[i];
                builder.addCopies(old, start, old.extent(), blocklengths[i]);
            }
        });
    }

    static Datatype struct(final int[] blocklengths, final int[] displacements, final Datatype[] types)
    {
        final String call = "Struct";
        if (types == null)
        {
            throw MPI.raiseOnWorld(MPIException.of(ErrorClass.ERR_TYPE, call + ": types is null"));
        }
        checkArrays(call, blocklengths, displacements, types.length);
        Datatype base = null;
        int baseIndex = -1;
        final LayoutBuilder builder = new LayoutBuilder(call);
        final Layout built;
        // The builder's failures are the engine's; the checks of the components raise the façade's own on the world.
        try
        {
            for (int i = 0; i < types.length; i++)
            {
                final Layout layout = component(call, "types[" + i + "]", types[i]);
                final Datatype componentBase = types[i].base();
                if (componentBase != null && base == null)
                {
                    base = componentBase;
                    baseIndex = i;
                }
                else if (componentBase != null && componentBase != base)
                {
                    throw MPI.raiseOnWorld(MPIException.of(ErrorClass.ERR_TYPE,
                        call + ": types[" + baseIndex + "] (" + types[baseIndex] + ") has base type "
                        + base + " but types[" + i + "] (" + types[i] + ") has base type " + componentBase
                        + "; a buffer is one Java array, so all components must have the same base type (MPI.LB and MPI.UB aside)"));
                }
                builder.addCopies(layout, displacements[i], layout.extent(), blocklengths[i]);
            }
            built = builder.build();
        }
        catch (final OpenMpjException ex)
        {
            throw MPI.raiseOnWorld(MPIException.of(ex));
        }
        return new DerivedDatatype(built, base, call + "(" + types.length + " blocks of " + (base == null ? "markers" : base) + ")");
    }

    /** A pair of {@code base} elements, committed: the types of MAXLOC and MINLOC reductions. */
    static Datatype pair(final Datatype base, final String name)
    {
        final Datatype pair = derived(name, base, name, builder -> builder.addCopies(Layout.ELEMENT, 0, 1, 2));
        pair.Commit();
        return pair;
    }

    /** @return the derived type of the layout {@code copies} build, with the elements of {@code base}. */
    private static Datatype derived(final String call, final Datatype base, final String name, final Consumer<LayoutBuilder> copies)
    {
        final LayoutBuilder builder = new LayoutBuilder(call);
        final Layout built;
        try
        {
            copies.accept(builder);
            built = builder.build();
        }
        catch (final OpenMpjException ex)
        {
            throw MPI.raiseOnWorld(MPIException.of(ex));
        }
        return new DerivedDatatype(built, base, name);
    }

    private static Layout component(final String call, final String argument, final Datatype type)
    {
        if (type == null)
        {
            throw MPI.raiseOnWorld(MPIException.of(ErrorClass.ERR_TYPE, call + ": " + argument + " is null"));
        }
        type.checkAlive(call);
        final Layout layout = type.layout();
        if (layout == null)
        {
            throw MPI.raiseOnWorld(MPIException.of(ErrorClass.ERR_TYPE,
                call + ": " + argument + " is " + type + ", which cannot be part of a datatype"));
        }
        return layout;
    }

    private static void checkArrays(final String call, final int[] blocklengths, final int[] displacements, final int length)
    {
        if (blocklengths == null || displacements == null)
        {
            throw MPI.raiseOnWorld(MPIException.of(ErrorClass.ERR_ARG,
                call + ": " + (blocklengths == null ? "blocklengths" : "displacements") + " is null"));
        }
        if (blocklengths.length != length || displacements.length != length)
        {
            throw MPI.raiseOnWorld(MPIException.of(ErrorClass.ERR_ARG,
                call + ": blocklengths has " + blocklengths.length + " entries and displacements "
                + displacements.length + "; expected the same number" + (call.equals("Struct") ? " as types, " + length : "")));
        }
        for (int i = 0; i < length; i++)
        {
            nonNegative(call, ErrorClass.ERR_ARG, "blocklengths[" + i + "]", blocklengths[i]);
        }
    }

    private static void nonNegative(final String call, final ErrorClass errorClass, final String argument, final int value)
    {
        if (value < 0)
        {
            throw MPI.raiseOnWorld(MPIException.of(errorClass, call + ": " + argument + "=" + value + " is negative; expected 0 or more"));
        }
    }
}
