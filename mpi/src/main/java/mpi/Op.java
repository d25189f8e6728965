package mpi;

import org.openmpj.Primitive;
import org.openmpj.engine.PredefinedReduction;
import org.openmpj.engine.Reduction;
import org.openmpj.engine.datatype.LaidOutReduction;

/**
 * A reduction operation for {@code Reduce}, {@code Allreduce}, {@code Reduce_scatter} and {@code Scan}: one of
 * the predefined {@code MPI.MAX} … {@code MPI.MINLOC}, or a {@link User_function}. Non-commutative operations
 * are applied in rank order.
 */
public class Op implements Freeable
{
    /** The code of the operation (its position among the predefined ones, or -1 for a user function). */
    public int opCode;

    private final PredefinedReduction.Operation predefined;
    private final User_function function;
    private final boolean commute;
    /**
     * A predefined operation's reduction on each element kind, made on first use. Reductions are immutable, so
     * threads that race to make one each store an equal one.
     */
    private final Reduction[] byKind;

    /**
     * A user-defined operation.
     *
     * @param function the reduction.
     * @param commute  whether it is commutative; when not, it is applied in rank order.
     */
    public Op(final User_function function, final boolean commute)
    {
        this(function, commute, -1);
    }

    /** A user-defined operation with a code of the caller's choosing (as MPJ Express allowed). */
    public Op(final User_function function, final boolean commute, final int code)
    {
        if (function == null)
        {
            throw MPI.raiseOnWorld(MPIException.of(org.openmpj.ErrorClass.ERR_OP, "Op: the user function is null"));
        }
        this.predefined = null;
        this.function = function;
        this.commute = commute;
        this.opCode = code;
        this.byKind = null;
    }

    Op(final PredefinedReduction.Operation predefined)
    {
        this.predefined = predefined;
        this.function = null;
        this.commute = true;
        this.opCode = predefined.ordinal();
        this.byKind = new Reduction[Primitive.values().length];
    }

    /** @return whether the operation is commutative. */
    public boolean Is_commutative()
    {
        return commute;
    }

    /** Predefined operations cannot be freed; for user operations this does nothing either. */
    @Override
    public void free()
    {
    }

    /** @return whether this is one of the predefined operations, which MPI defines on primitive elements only. */
    boolean isPredefined()
    {
        return predefined != null;
    }

    /** @return whether this is MAXLOC or MINLOC, which combine (value, index) pairs. */
    boolean isPairOperation()
    {
        return predefined == PredefinedReduction.Operation.MAXLOC || predefined == PredefinedReduction.Operation.MINLOC;
    }

    /**
     * @return the elements of one item as {@link #reduction} combines them: a predefined operation combines the
     *         elements of any datatype one by one (MAXLOC and MINLOC two by two), a user function whole items.
     */
    int elementsPerReducedItem(final Datatype datatype)
    {
        if (predefined != null)
        {
            return isPairOperation() ? 2 : 1;
        }
        return Math.max(1, datatype.layout().size());
    }

    /**
     * @return the reduction collectives apply to the packed elements of {@code datatype}, in items of
     *         {@link #elementsPerReducedItem} elements.
     * @throws org.openmpj.OpenMpjException {@code ERR_OP} when a predefined operation is not defined on the elements.
     */
    Reduction reduction(final Datatype datatype)
    {
        if (predefined != null)
        {
            final Primitive kind = datatype.kind();
            Reduction reduction = byKind[kind.ordinal()];
            if (reduction == null)
            {
                reduction = PredefinedReduction.of(predefined, kind);
                byKind[kind.ordinal()] = reduction;
            }
            return reduction;
        }
        final User_function userFunction = function;
        final boolean commutative = commute;
        final Reduction onItems = new Reduction()
        {
            @Override
            public void reduce(final Object in, final int inOffset, final Object inout, final int inoutOffset, final int items)
            {
                userFunction.Call(in, inOffset, inout, inoutOffset, items, datatype);
            }

            @Override
            public boolean isCommutative()
            {
                return commutative;
            }
        };
        return datatype.layout().packsInPlace() ? onItems : new LaidOutReduction(onItems, datatype.map());
    }

    @Override
    public String toString()
    {
        return predefined != null ? "MPI." + predefined : "user Op " + opCode;
    }
}
