package mpi;

/** What {@link Cartcomm#Get()} returns: the grid's dimensions, which are periodic, and this rank's coordinates. */
public class CartParms
{
    /** The number of ranks along each dimension. */
    public int[] dims;
    /** Whether each dimension wraps around. */
    public boolean[] periods;
    /** This rank's coordinates. */
    public int[] coords;
}
