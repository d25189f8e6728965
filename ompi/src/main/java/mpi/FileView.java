package mpi;

/**
 * The view of a file, as {@link File#getView()} would report it: displacement, elementary type, file type and data
 * representation. MPI-IO is not in OpenMPJ yet, so no file has one; the class is here so that programs using it compile.
 * Immutable.
 */
public final class FileView
{
    private final long disp;
    private final Datatype etype;
    private final Datatype filetype;
    private final String datarep;

    /**
     * @param disp     the displacement, in bytes.
     * @param etype    the elementary type.
     * @param filetype the file type.
     * @param datarep  the data representation.
     */
    public FileView(final long disp, final Datatype etype, final Datatype filetype, final String datarep)
    {
        this.disp = disp;
        this.etype = etype;
        this.filetype = filetype;
        this.datarep = datarep;
    }

    /** @return the displacement, in bytes. */
    public long getDisp()
    {
        return disp;
    }

    /** @return the elementary type. */
    public Datatype getEType()
    {
        return etype;
    }

    /** @return the file type. */
    public Datatype getFileType()
    {
        return filetype;
    }

    /** @return the data representation. */
    public String getDataRep()
    {
        return datarep;
    }
}
