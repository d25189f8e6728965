package mpi;

import org.openmpj.device.Primitive;
import org.openmpj.engine.PredefinedReduction;
import org.openmpj.engine.Reduction;

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
    }

    Op(final PredefinedReduction.Operation predefined)
    {
        this.predefined = predefined;
        this.function = null;
        this.commute = true;
        this.opCode = predefined.ordinal();
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

    /** @return the reduction on items of {@code datatype}, whose elements are of {@code kind}. */
    Reduction reduction(final Datatype datatype, final Primitive kind)
    {
        if (predefined != null)
        {
            return PredefinedReduction.of(predefined, kind);
        }
        final User_function userFunction = function;
        final boolean commutative = commute;
        return new Reduction()
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
    }

    @Override
    public String toString()
    {
        return predefined != null ? "MPI." + predefined : "user Op " + opCode;
    }
}
