package mpi;

/** What {@link Cartcomm#Shift} returns: the ranks to receive from and to send to; {@code MPI.PROC_NULL} off a non-periodic edge. */
public class ShiftParms
{
    /** The rank a shifted message comes from. */
    public int rank_source;
    /** The rank a shifted message goes to. */
    public int rank_dest;
}
