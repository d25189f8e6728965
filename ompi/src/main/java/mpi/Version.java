package mpi;

/** The version of the MPI standard the library follows, as {@link MPI#getVersion()} reports it. Immutable. */
public final class Version
{
    private final int version;
    private final int subVersion;

    /**
     * @param version    the major version of the standard.
     * @param subVersion its minor version.
     */
    protected Version(final int version, final int subVersion)
    {
        this.version = version;
        this.subVersion = subVersion;
    }

    /** @return the major version, e.g. 3 for MPI 3.1. */
    public int getVersion()
    {
        return version;
    }

    /** @return the minor version, e.g. 1 for MPI 3.1. */
    public int getSubVersion()
    {
        return subVersion;
    }
}
