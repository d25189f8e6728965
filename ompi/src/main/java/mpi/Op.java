package mpi;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.Primitive;
import org.openmpj.engine.PredefinedReduction;
import org.openmpj.engine.Reduction;
import org.openmpj.engine.datatype.LaidOutReduction;

/**
 * A reduction operation for {@code reduce}, {@code allReduce}, {@code scan} and the other reductions: one of the
 * predefined {@code MPI.MAX} … {@code MPI.MAXLOC}, or the program's own {@link UserFunction}. The predefined operations
 * combine the elements of a type one by one ({@link MPI#MAXLOC} and {@link MPI#MINLOC} the pairs of {@link MPI#INT2} …
 * {@link MPI#DOUBLE_INT}); a user function gets whole items. A non-commutative operation is applied in rank order.
 * Thread-safety: immutable but for {@link #free()}.
 */
public final class Op implements Freeable
{
    private final PredefinedReduction.Operation predefined;
    private final int code;
    private final UserFunction function;
    private final boolean commute;
    private volatile boolean freed;

    private Op(final PredefinedReduction.Operation predefined, final int code, final UserFunction function, final boolean commute)
    {
        this.predefined = predefined;
        this.code = code;
        this.function = function;
        this.commute = commute;
    }

    /**
     * A user-defined operation.
     *
     * @param function the reduction.
     * @param commute  whether it is commutative; when not, the collectives apply it in rank order.
     */
    public Op(final UserFunction function, final boolean commute)
    {
        this(null, 0, function, commute);
    }

    /** @return the predefined operation of {@code code}; {@code operation} is null for those of one-sided accumulates. */
    static Op predefined(final PredefinedReduction.Operation operation, final int code)
    {
        return new Op(operation, code, null, true);
    }

    /** @return whether the operation is commutative; every predefined one is. */
    public boolean isCommutative()
    {
        return commute;
    }

    /** Frees a user-defined operation: this object is the null operation afterwards. Predefined operations are not freed. */
    @Override
    public void free() throws MPIException
    {
        MPI.check("Op.free");
        if (function != null)
        {
            freed = true;
        }
    }

    /** @return whether this is a freed operation. */
    public boolean isNull()
    {
        return freed;
    }

    /**
     * @return what the engine applies for this operation on items of {@code type}, after checking the operation is defined
     *         on them; it combines items of {@link #itemElements} elements.
     * @throws MPIException {@code ERR_OP} when it is not; not raised yet.
     */
    Reduction reduction(final String call, final Datatype type) throws MPIException
    {
        if (freed)
        {
            throw MPIException.of(ErrorClass.ERR_OP, call + ": op was freed");
        }
        if (function != null)
        {
            final Reduction onItems = new UserReduction(function, type, commute);
            return type.map().layout().packsInPlace() ? onItems : new LaidOutReduction(onItems, type.map());
        }
        if (predefined == null)
        {
            throw MPIException.of(ErrorClass.ERR_OP, call + ": " + this + " is for one-sided accumulates, not for collective reductions");
        }
        final boolean locOperation = predefined == PredefinedReduction.Operation.MAXLOC || predefined == PredefinedReduction.Operation.MINLOC;
        try
        {
            if (type.pairValue() != null)
            {
                if (!locOperation)
                {
                    throw MPIException.of(ErrorClass.ERR_OP, call + ": " + this + " is not defined on " + type + ", a (value, index) pair;"
                        + " pairs take MPI.MAXLOC or MPI.MINLOC");
                }
                return PredefinedReduction.ofStructPairs(predefined, type.pairValue());
            }
            if (locOperation)
            {
                throw MPIException.of(ErrorClass.ERR_OP, call + ": " + this + " takes (value, index) pairs, MPI.INT2, SHORT_INT, LONG_INT,"
                    + " FLOAT_INT or DOUBLE_INT; not " + type);
            }
            if (!type.isElementwise() && !(type.map().base() != null && complexSum(type)))
            {
                throw MPIException.of(ErrorClass.ERR_OP, call + ": " + this + " is not defined on " + type + ": its items are not"
                    + " elements of one kind to combine one by one" + (type.kind() == Primitive.BYTE ? " (a struct of raw bytes)" : ""));
            }
            return PredefinedReduction.of(predefined, type.kind());
        }
        catch (final OpenMpjException ex)
        {
            throw MPIException.of(ErrorClass.ERR_OP, call + ": " + ex.getMessage());
        }
    }

    /** @return the elements of one item as {@link #reduction} combines them: one, a whole pair, or a whole item for a user function. */
    int itemElements(final Datatype type)
    {
        if (function != null || type.pairValue() != null)
        {
            return Math.max(1, type.map().layout().size());
        }
        return 1;
    }

    /** @return whether this is a sum of complex numbers, which adds their parts one by one. */
    private boolean complexSum(final Datatype type)
    {
        return predefined == PredefinedReduction.Operation.SUM && (type.kind() == Primitive.FLOAT || type.kind() == Primitive.DOUBLE);
    }

    @Override
    public String toString()
    {
        return predefined != null ? "MPI." + predefined : function != null ? "user Op " + function.getClass().getName()
            : code == 13 ? "MPI.REPLACE" : "MPI.NO_OP";
    }
}
