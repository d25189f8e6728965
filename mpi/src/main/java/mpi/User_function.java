package mpi;

/**
 * A user-defined reduction: {@link #Call} combines {@code count} items of {@code invec} into {@code inoutvec},
 * so that afterwards {@code inoutvec[i] = invec[i] op inoutvec[i]}. Wrap one in an {@link Op} to use it.
 */
public abstract class User_function
{
    /** Needed by subclasses; mpiJava declared it public. */
    public User_function()
    {
    }

    /**
     * Combines {@code invec} into {@code inoutvec}.
     *
     * @param invec       the contribution of the lower ranks.
     * @param inoffset    where the items start in {@code invec}, in elements.
     * @param inoutvec    the other operand, and where the result goes.
     * @param inoutoffset where the items start in {@code inoutvec}, in elements.
     * @param count       how many items of {@code datatype}.
     * @param datatype    the datatype of the items.
     */
    public abstract void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count, Datatype datatype);
}
