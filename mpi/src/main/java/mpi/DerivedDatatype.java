package mpi;

import org.openmpj.ErrorClass;
import org.openmpj.engine.datatype.Layout;
import org.openmpj.engine.datatype.TypeMap;

/**
 * A datatype built from others: a {@link Layout} of elements of one basic type. It must be committed before
 * it is used in communication, and cannot be used at all once freed.
 *
 * <p>Thread-safety: the layout is immutable; commit and free are published through volatile fields.
 */
final class DerivedDatatype extends Datatype
{
    private final Layout layout;
    private final Datatype base;
    private volatile boolean committed;
    private volatile boolean freed;

    /** @param base the basic type of the elements, or null when the type holds only {@code LB}/{@code UB} markers. */
    DerivedDatatype(final Layout layout, final Datatype base, final String name)
    {
        super(base, TypeMap.derived(layout, base == null ? null : base.map(), name));
        this.layout = layout;
        this.base = base;
    }

    @Override
    public int Extent()
    {
        checkAlive("Extent");
        return layout.extent();
    }

    @Override
    public int Size()
    {
        checkAlive("Size");
        return layout.size();
    }

    @Override
    public int Lb()
    {
        checkAlive("Lb");
        return layout.lb();
    }

    @Override
    public int Ub()
    {
        checkAlive("Ub");
        return layout.ub();
    }

    /** @return the bytes the data of one item occupies in a message. */
    @Override
    public int getByteSize()
    {
        checkAlive("getByteSize");
        return base == null ? 0 : layout.size() * base.getByteSize();
    }

    /** Commits the type, so that it can be used in communication. */
    @Override
    public void Commit()
    {
        checkAlive("Commit");
        committed = true;
    }

    /** Frees the type; types built from it stay usable. */
    @Override
    public void free()
    {
        freed = true;
    }


    @Override
    Datatype base()
    {
        return base;
    }

    @Override
    boolean isEmpty()
    {
        return base == null;
    }

    @Override
    boolean isDerived()
    {
        return true;
    }

    @Override
    void checkAlive(final String call)
    {
        if (freed)
        {
            throw MPIException.of(ErrorClass.ERR_TYPE, call + ": datatype " + this + " was freed and cannot be used");
        }
    }

    @Override
    void checkUsable(final String call)
    {
        checkAlive(call);
        if (!committed)
        {
            throw MPIException.of(ErrorClass.ERR_TYPE, call + ": datatype " + this
                + " is not committed; call Commit() on it before using it in communication");
        }
    }
}
